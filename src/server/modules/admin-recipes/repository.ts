// The admin's recipe writes and reads: the only place touching the recipes table for the back office.
import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { AdminRecipeValues } from '@shared/schemas/admin-recipes';
import type { Db } from '../../db/client';
import { recipes } from '../../db/schema';
import { foldedContains } from '../../db/like';

/** A connection or a transaction. */
type Conn = Pick<Db, 'select' | 'insert' | 'update' | 'delete'>;

export type AdminRecipeRow = typeof recipes.$inferSelect;

export async function listRecipes(
  db: Db,
  filter: { nameContains?: string; limit: number; offset: number },
): Promise<{ rows: AdminRecipeRow[]; total: number }> {
  const where: SQL | undefined = filter.nameContains ? foldedContains([recipes.name], filter.nameContains) : undefined;
  const rows = await db
    .select({ recipe: recipes, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(recipes)
    .where(where)
    .orderBy(desc(recipes.createdAt), desc(recipes.id))
    .limit(filter.limit)
    .offset(filter.offset);
  if (rows.length > 0) return { rows: rows.map((r) => r.recipe), total: rows[0]!.total };
  if (filter.offset === 0) return { rows: [], total: 0 };
  const [counted] = await db.select({ total: sql<number>`count(*)`.mapWith(Number) }).from(recipes).where(and(where));
  return { rows: [], total: counted?.total ?? 0 };
}

export async function findRecipe(db: Conn, id: string, opts: { lock?: boolean } = {}): Promise<AdminRecipeRow | null> {
  const query = db.select().from(recipes).where(eq(recipes.id, id)).limit(1);
  const rows = opts.lock ? await query.for('update') : await query;
  return rows[0] ?? null;
}

export async function insertRecipe(tx: Conn, values: AdminRecipeValues, now: Date): Promise<AdminRecipeRow> {
  const [row] = await tx
    .insert(recipes)
    .values({ ...values, createdAt: now, updatedAt: now })
    .returning();
  return row!;
}

export async function updateRecipe(tx: Conn, id: string, values: AdminRecipeValues, now: Date): Promise<AdminRecipeRow | null> {
  const [row] = await tx
    .update(recipes)
    .set({ ...values, updatedAt: now })
    .where(eq(recipes.id, id))
    .returning();
  return row ?? null;
}

export async function setRecipeImage(tx: Conn, id: string, imageUrl: string | null, now: Date): Promise<AdminRecipeRow | null> {
  const [row] = await tx.update(recipes).set({ imageUrl, updatedAt: now }).where(eq(recipes.id, id)).returning();
  return row ?? null;
}

export async function deleteRecipe(tx: Conn, id: string): Promise<AdminRecipeRow | null> {
  const [row] = await tx.delete(recipes).where(eq(recipes.id, id)).returning();
  return row ?? null;
}
