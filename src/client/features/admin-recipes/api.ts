// The admin's recipe panel as the client calls it (contract: @shared/schemas/admin-recipes).
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  RECIPE_ID_FIELD,
  RECIPE_IMAGE_FIELD,
  type AdminRecipe,
  type AdminRecipeDeleteResponse,
  type AdminRecipeInput,
  type AdminRecipeListResponse,
  type AdminRecipeResponse,
} from '@shared/schemas/admin-recipes';
import { api, type ApiError } from '@client/lib/api';

/** One screen of cards; the search narrows it down. */
export const PAGE_SIZE = 48;
const LIST_KEY = ['admin', 'recipes'] as const;

/** GET /api/admin/recipes — newest first, `q` part of the name (any case). */
export function useAdminRecipes(q: string) {
  return useQuery<AdminRecipeListResponse, ApiError>({
    queryKey: [...LIST_KEY, q],
    queryFn: ({ signal }) => api<AdminRecipeListResponse>('/admin/recipes', { signal, query: { q, limit: PAGE_SIZE } }),
    // While a new search runs, the previous cards stay (dimmed) instead of a blank grid.
    placeholderData: keepPreviousData,
  });
}

export type SaveRecipeInput = {
  /** Absent: a new recipe. */
  id?: string;
  values: AdminRecipeInput;
  /** A new picture to send after the recipe is saved. */
  image?: File | null;
  /** Back to the placeholder (edit only, no new picture). */
  removeImage?: boolean;
};

/** Thrown when the recipe was saved but its picture was not: the form then edits the saved recipe. */
export class ImageNotSavedError extends Error {
  constructor(
    readonly recipe: AdminRecipe,
    readonly apiError: ApiError,
  ) {
    super(apiError.message);
  }
}

/** POST or PUT /api/admin/recipes[/:id], then the picture (POST /api/admin/recipes/image or DELETE …/:id/image). */
export function useSaveRecipe() {
  const client = useQueryClient();
  return useMutation<AdminRecipe, ApiError | ImageNotSavedError, SaveRecipeInput>({
    mutationFn: async ({ id, values, image, removeImage }) => {
      const body = JSON.stringify(values);
      let { recipe } = id
        ? await api<AdminRecipeResponse>(`/admin/recipes/${id}`, { method: 'PUT', body })
        : await api<AdminRecipeResponse>('/admin/recipes', { method: 'POST', body });
      try {
        if (image) {
          const form = new FormData();
          form.append(RECIPE_ID_FIELD, recipe.id);
          form.append(RECIPE_IMAGE_FIELD, image);
          recipe = (await api<AdminRecipeResponse>('/admin/recipes/image', { method: 'POST', body: form })).recipe;
        } else if (removeImage && recipe.imageUrl) {
          recipe = (await api<AdminRecipeResponse>(`/admin/recipes/${recipe.id}/image`, { method: 'DELETE' })).recipe;
        }
      } catch (err) {
        throw new ImageNotSavedError(recipe, err as ApiError);
      }
      return recipe;
    },
    onSettled: () => client.invalidateQueries({ queryKey: LIST_KEY }),
  });
}

/** DELETE /api/admin/recipes/:id */
export function useDeleteRecipe() {
  const client = useQueryClient();
  return useMutation<AdminRecipeDeleteResponse, ApiError, AdminRecipe>({
    mutationFn: (recipe) => api<AdminRecipeDeleteResponse>(`/admin/recipes/${recipe.id}`, { method: 'DELETE' }),
    onSettled: () => client.invalidateQueries({ queryKey: LIST_KEY }),
  });
}
