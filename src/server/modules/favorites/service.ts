// Favourites of the signed-in user: the hearts on recipe cards and the page 'Mes Recettes Favorites'.
import type { FavoriteToggleResponse } from '@shared/schemas/account';
import type { RecipeSummary } from '@shared/schemas/public';
import type { Deps } from '../../deps';
import { AppError } from '../../http/app-error';
import { isUuid } from '../params';
import { recipeSummariesByIds } from '../recipes/service';
import * as repo from './repository';

/** PostgreSQL's foreign-key violation: the recipe was deleted between our check and the insert. */
const FOREIGN_KEY_VIOLATION = '23503';

function isForeignKeyViolation(err: unknown): boolean {
  const e = err as { code?: string; cause?: { code?: string } };
  return e?.code === FOREIGN_KEY_VIOLATION || e?.cause?.code === FOREIGN_KEY_VIOLATION;
}

export function createFavoriteService(deps: Pick<Deps, 'database' | 'now'>) {
  const db = () => deps.database.db;

  /** A recipe id from the URL, in its stored (lower-case) form; malformed or unknown → 404. */
  async function existingRecipe(rawId: string): Promise<string> {
    if (!isUuid(rawId)) throw new AppError('RECIPE_NOT_FOUND');
    const id = rawId.toLowerCase();
    if (!(await repo.recipeExists(db(), id))) throw new AppError('RECIPE_NOT_FOUND');
    return id;
  }

  return {
    ids: (userId: string): Promise<string[]> => repo.listFavoriteIds(db(), userId),

    async recipes(userId: string): Promise<RecipeSummary[]> {
      // Newest favourite first (the order of the ids); the summaries are the recipe module's.
      return recipeSummariesByIds(db(), await repo.listFavoriteIds(db(), userId));
    },

    async add(userId: string, rawId: string): Promise<FavoriteToggleResponse> {
      const recipeId = await existingRecipe(rawId);
      try {
        await repo.addFavorite(db(), userId, recipeId, deps.now());
      } catch (err) {
        if (isForeignKeyViolation(err)) throw new AppError('RECIPE_NOT_FOUND');
        throw err;
      }
      return { recipeId, favorite: true };
    },

    async remove(userId: string, rawId: string): Promise<FavoriteToggleResponse> {
      const recipeId = await existingRecipe(rawId);
      await repo.removeFavorite(db(), userId, recipeId);
      return { recipeId, favorite: false };
    },
  };
}

export type FavoriteService = ReturnType<typeof createFavoriteService>;
