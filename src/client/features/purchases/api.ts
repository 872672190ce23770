// Mes Achats as the client reads it (contract: @shared/schemas/checkout). The key carries the
// user's id, so one person's purchases never show for another.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { PurchasesResponse } from '@shared/schemas/checkout';
import { useAuth } from '@client/app/auth';
import { api, type ApiError } from '@client/lib/api';
import { apiKey } from '@client/lib/use-api-query';

export const purchasesKey = (userId: string | undefined) => ['purchases', userId ?? 'visitor'] as const;

/** GET /api/purchases — read again each time the page opens: a payment or a refund may have landed. */
export function usePurchases() {
  const { status, user } = useAuth();
  const client = useQueryClient();
  const query = useQuery<PurchasesResponse, ApiError>({
    queryKey: purchasesKey(user?.id),
    queryFn: ({ signal }) => api<PurchasesResponse>('/purchases', { signal }),
    enabled: status === 'signed-in',
    refetchOnMount: 'always',
  });

  // A purchase or a refund changes what the course page unlocks: a copy of that page read before
  // it would show, until read again, the wrong state to the person following 'Voir le cours'.
  // Dropped, the page loads afresh instead.
  const purchases = query.data?.purchases;
  useEffect(() => {
    for (const p of purchases ?? []) client.removeQueries({ queryKey: ['api', apiKey(`/courses/${encodeURIComponent(p.course.id)}`)], exact: true });
  }, [purchases, client]);

  return query;
}
