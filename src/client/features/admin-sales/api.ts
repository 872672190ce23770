// The Ventes tab's reads (contract: @shared/schemas/admin-sales).
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { SalesResponse } from '@shared/schemas/admin-sales';
import { api, withQuery, type ApiError } from '@client/lib/api';

export type Period = { from?: string; to?: string };

/** GET /api/admin/sales — read again on every visit: a refund may have landed since. */
export function useSales(period: Period) {
  return useQuery<SalesResponse, ApiError>({
    queryKey: ['admin-sales', period.from ?? '', period.to ?? ''],
    queryFn: ({ signal }) => api<SalesResponse>('/admin/sales', { query: { from: period.from, to: period.to }, signal }),
    placeholderData: keepPreviousData,
    refetchOnMount: 'always',
  });
}

/** The CSV's address: a plain link downloads it with the session cookie (Content-Disposition: attachment). */
export const csvHref = (period: { from: string; to: string }) => withQuery('/api/admin/sales/orders.csv', period);
