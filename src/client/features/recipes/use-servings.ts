// The servings a reader cooks for, as ?portions= in the URL: a shared or printed link keeps the scale.
// The recipe's own count is the default and leaves the URL clean.
import { useCallback } from 'react';
import { useUrlParams } from '@client/lib/use-url-params';

export const MIN_SERVINGS = 1;
/** Enough for a big family meal or a class; beyond it the rounding of small quantities stops making sense. */
export const MAX_SERVINGS = 48;

const clamp = (n: number) => Math.min(MAX_SERVINGS, Math.max(MIN_SERVINGS, n));

export function readServings(params: URLSearchParams, recipeServings: number): number {
  const raw = params.get('portions');
  // A hand-edited URL ('abc', '2.5', '0') falls back to the recipe's count or the nearest bound.
  if (!raw || !/^\d{1,4}$/.test(raw)) return recipeServings;
  return clamp(Number(raw));
}

export function useServings(recipeServings: number) {
  const [params, update] = useUrlParams();
  const servings = readServings(params, recipeServings);
  const setServings = useCallback(
    (next: number) =>
      update((current) => {
        const n = clamp(next);
        if (n === recipeServings) current.delete('portions');
        else current.set('portions', String(n));
        return current;
      }),
    [update, recipeServings],
  );
  return [servings, setServings] as const;
}
