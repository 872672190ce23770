// Recipe rules for the public site: search and filters, and the premium lock (a premium
// recipe's ingredients and steps never leave the server for a viewer who may not read them).
import { canReadRecipe, type Viewer } from '@shared/access';
import type { RecipeDetail, RecipeListQuery, RecipeListResponse, RecipeSummary } from '@shared/schemas/public';
import type { Db } from '../../db/client';
import type { Deps } from '../../deps';
import { AppError } from '../../http/app-error';
import { isUuid } from '../params';
import { toIso } from '../rows';
import * as repo from './repository';

export function toRecipeSummary(row: repo.RecipeSummaryRow): RecipeSummary {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    category: row.category,
    durationMinutes: row.durationMinutes,
    servings: row.servings,
    imageUrl: row.imageUrl,
    isPremium: row.isPremium,
    allergens: row.allergens,
    diets: row.diets,
    createdAt: toIso(row.createdAt),
  };
}

/** The summaries of these recipes, in the order given; a recipe deleted meanwhile is left out. */
export async function recipeSummariesByIds(db: Db, ids: string[]): Promise<RecipeSummary[]> {
  const byId = new Map((await repo.listRecipesByIds(db, ids)).map((row) => [row.id, toRecipeSummary(row)]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

export type RecipeService = ReturnType<typeof recipeService>;

export function recipeService(deps: Pick<Deps, 'database'>) {
  const db = () => deps.database.db;
  return {
    async list(query: RecipeListQuery): Promise<RecipeListResponse> {
      const { rows, total } = await repo.listRecipes(db(), {
        nameContains: query.q || undefined,
        category: query.category,
        duration: query.duration,
        diet: query.diet,
        limit: query.limit,
        offset: query.offset,
      });
      return { recipes: rows.map(toRecipeSummary), total };
    },

    async newest(limit: number): Promise<RecipeSummary[]> {
      return (await repo.listRecipes(db(), { limit, offset: 0 })).rows.map(toRecipeSummary);
    },

    /** One recipe; locked (ingredients and steps null) when the viewer may not read it. */
    async detail(id: string, viewer: Viewer): Promise<RecipeDetail> {
      if (!isUuid(id)) throw new AppError('RECIPE_NOT_FOUND');
      const row = await repo.findRecipe(db(), id);
      if (!row) throw new AppError('RECIPE_NOT_FOUND');
      const readable = canReadRecipe(row, viewer);
      return {
        ...toRecipeSummary(row),
        ingredients: readable ? row.ingredients : null,
        steps: readable ? row.steps : null,
        locked: !readable,
      };
    },

    stamps: () => repo.listRecipeStamps(db()),
  };
}
