// The library's search state as URL params (q, category, duration, diet): shareable and kept on reload.
import { DURATION_FILTERS, MAX_SEARCH_LENGTH, RECIPE_CATEGORIES } from '@shared/catalog';
import { DIETARY_FILTERS } from '@shared/dietary';
import type { RecipeSearch } from './api';

export { MAX_SEARCH_LENGTH };

const isOneOf = <T extends string>(list: readonly T[], v: string | null): v is T => v != null && (list as readonly string[]).includes(v);

/** Unknown values in a hand-edited URL are dropped instead of earning a 400 from the server. */
export function readRecipeSearch(params: URLSearchParams): RecipeSearch {
  const q = params.get('q')?.trim().slice(0, MAX_SEARCH_LENGTH);
  const category = params.get('category');
  const duration = params.get('duration');
  const diet = params.get('diet');
  return {
    ...(q ? { q } : {}),
    ...(isOneOf(RECIPE_CATEGORIES, category) ? { category } : {}),
    ...(isOneOf(DURATION_FILTERS, duration) ? { duration } : {}),
    ...(isOneOf(DIETARY_FILTERS, diet) ? { diet } : {}),
  };
}

export function writeRecipeParam(params: URLSearchParams, key: keyof RecipeSearch, value: string | undefined): URLSearchParams {
  const next = new URLSearchParams(params);
  const v = value?.trim();
  if (v) next.set(key, v);
  else next.delete(key);
  return next;
}
