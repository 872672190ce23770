// The recipe data this feature reads from the public API.
import { keepPreviousData } from '@tanstack/react-query';
import type { DurationFilter, RecipeCategory } from '@shared/catalog';
import type { DietaryFilter } from '@shared/dietary';
import type { RecipeListResponse, RecipeResponse } from '@shared/schemas/public';
import { useApiQuery } from '@client/lib/use-api-query';

export type RecipeSearch = { q?: string; category?: RecipeCategory; duration?: DurationFilter; diet?: DietaryFilter };

/** Search and filters run on the server (name contains q, case-insensitive). */
export function useRecipeList(search: RecipeSearch) {
  return useApiQuery<RecipeListResponse>(
    '/recipes',
    { q: search.q, category: search.category, duration: search.duration, diet: search.diet },
    // Keeps the current cards on screen while the next search answers, instead of flashing skeletons.
    { placeholderData: keepPreviousData },
  );
}

export function useRecipe(recipeId: string) {
  return useApiQuery<RecipeResponse>(`/recipes/${encodeURIComponent(recipeId)}`);
}
