// Recipe reads for the public site: the only place touching the recipes table for them.
import { and, desc, eq, gt, gte, ilike, inArray, lt, lte, sql, type SQL } from 'drizzle-orm';
import type { DurationFilter, RecipeCategory } from '@shared/catalog';
import type { DietaryFilter } from '@shared/dietary';
import type { RecipeSummary } from '@shared/schemas/public';
import type { Db } from '../../db/client';
import { likeContains } from '../../db/like';
import { recipes } from '../../db/schema';
import { dietarySql } from '../dietary';

export type RecipeFilters = {
  /** Part of the name, any case. */
  nameContains?: string;
  category?: RecipeCategory;
  duration?: DurationFilter;
  diet?: DietaryFilter;
  limit: number;
  offset: number;
};

export const summaryColumns = {
  id: recipes.id,
  name: recipes.name,
  description: recipes.description,
  category: recipes.category,
  durationMinutes: recipes.durationMinutes,
  servings: recipes.servings,
  imageUrl: recipes.imageUrl,
  isPremium: recipes.isPremium,
  allergens: recipes.allergens,
  diets: recipes.diets,
  createdAt: recipes.createdAt,
};

/** A summary as read from the database: the API's shape, with a Date still to be serialised. */
export type RecipeSummaryRow = Omit<RecipeSummary, 'createdAt'> & { createdAt: Date };

export type RecipeRow = RecipeSummaryRow & { ingredients: string[]; steps: string[] };

/** The duration filters of spec §9: under 30, 30 to 60 inclusive, over 60 minutes. */
function durationCondition(filter: DurationFilter): SQL {
  switch (filter) {
    case 'lt30':
      return lt(recipes.durationMinutes, 30);
    case '30to60':
      return and(gte(recipes.durationMinutes, 30), lte(recipes.durationMinutes, 60))!;
    case 'gt60':
      return gt(recipes.durationMinutes, 60);
  }
}

/** One page of recipes, newest first, and how many match in all (one query). */
export async function listRecipes(db: Db, filters: RecipeFilters): Promise<{ rows: RecipeSummaryRow[]; total: number }> {
  const where: SQL[] = [];
  if (filters.nameContains) where.push(ilike(recipes.name, likeContains(filters.nameContains)));
  if (filters.category) where.push(eq(recipes.category, filters.category));
  if (filters.duration) where.push(durationCondition(filters.duration));
  if (filters.diet) where.push(dietarySql(recipes, filters.diet));
  const condition = where.length ? and(...where) : undefined;
  const rows = await db
    .select({ ...summaryColumns, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(recipes)
    .where(condition)
    .orderBy(desc(recipes.createdAt), desc(recipes.id))
    .limit(filters.limit)
    .offset(filters.offset);
  if (rows.length > 0) {
    return { rows: rows.map(({ total: _total, ...row }) => row), total: rows[0]!.total };
  }
  // A page past the end has no row to carry the total: count separately (rare).
  if (filters.offset === 0) return { rows: [], total: 0 };
  const [counted] = await db.select({ total: sql<number>`count(*)`.mapWith(Number) }).from(recipes).where(condition);
  return { rows: [], total: counted?.total ?? 0 };
}

export async function listRecipesByIds(db: Db, ids: string[]): Promise<RecipeSummaryRow[]> {
  if (ids.length === 0) return [];
  return db.select(summaryColumns).from(recipes).where(inArray(recipes.id, ids));
}

export async function findRecipe(db: Db, id: string): Promise<RecipeRow | null> {
  const rows = await db
    .select({ ...summaryColumns, ingredients: recipes.ingredients, steps: recipes.steps })
    .from(recipes)
    .where(eq(recipes.id, id))
    .limit(1);
  return rows[0] ?? null;
}

/** Every recipe's id and last change, for the sitemap. */
export async function listRecipeStamps(db: Db) {
  return db.select({ id: recipes.id, updatedAt: recipes.updatedAt }).from(recipes).orderBy(desc(recipes.createdAt));
}
