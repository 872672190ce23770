// One user's favourite recipes. Adding and removing are single statements that are safe to repeat
// and to run twice at once (the primary key is (user, recipe)).
import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { favorites, recipes } from '../../db/schema';

export async function listFavoriteIds(db: Db, userId: string): Promise<string[]> {
  const rows = await db
    .select({ recipeId: favorites.recipeId })
    .from(favorites)
    .where(eq(favorites.userId, userId))
    .orderBy(desc(favorites.createdAt), desc(favorites.recipeId));
  return rows.map((r) => r.recipeId);
}

export async function recipeExists(db: Db, recipeId: string): Promise<boolean> {
  const rows = await db.select({ id: recipes.id }).from(recipes).where(eq(recipes.id, recipeId)).limit(1);
  return rows.length > 0;
}

/** A second add (a double click, two tabs) finds the row there and does nothing. */
export async function addFavorite(db: Db, userId: string, recipeId: string, now: Date): Promise<void> {
  await db.insert(favorites).values({ userId, recipeId, createdAt: now }).onConflictDoNothing();
}

/** Removing what is not there is not an error. */
export async function removeFavorite(db: Db, userId: string, recipeId: string): Promise<void> {
  await db.delete(favorites).where(and(eq(favorites.userId, userId), eq(favorites.recipeId, recipeId)));
}
