// What each course of the cart is to this person now, as the server answers it (the course's
// entitlement, shared/entitlements.ts): the cart keeps only what is for sale to them, priced so.
import { useQueries } from '@tanstack/react-query';
import type { Entitlement } from '@shared/entitlements';
import type { CourseResponse } from '@shared/schemas/public';
import { api, type ApiError } from '@client/lib/api';
import { apiKeyOf } from '@client/lib/use-api-query';
import type { CartItem } from './cart-item';

/** A course's answer: its entitlement, 'gone' when it is no longer offered (404), undefined while unknown. */
export type CartOffer = Entitlement | 'gone' | undefined;

export function useCartOffers(items: readonly CartItem[]): Map<string, CartOffer> {
  const answers = useQueries({
    queries: items.map((item) => {
      const path = `/courses/${encodeURIComponent(item.id)}`;
      return {
        // The course page's own cache entry: one answer per course, whichever page asked first.
        queryKey: apiKeyOf(path),
        queryFn: ({ signal }: { signal: AbortSignal }) => api<CourseResponse>(path, { signal }),
        staleTime: 0,
        retry: (count: number, error: ApiError) => error.status !== 404 && count < 2,
      };
    }),
  });
  return new Map(
    items.map((item, i): [string, CartOffer] => {
      const answer = answers[i]!;
      if ((answer.error as ApiError | null)?.status === 404) return [item.id, 'gone'];
      return [item.id, answer.data?.course.entitlement];
    }),
  );
}
