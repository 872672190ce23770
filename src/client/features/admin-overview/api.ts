// « Aperçu »'s one read (contract: @shared/schemas/admin-overview).
import { useQuery } from '@tanstack/react-query';
import type { OverviewResponse } from '@shared/schemas/admin-overview';
import { SIGNED_IN_READS } from '@shared/initial-data';
import { api, takeInitialData, type ApiError } from '@client/lib/api';

export const OVERVIEW_QUERY_KEY = ['admin-overview'] as const;

/**
 * GET /api/admin/overview — everything the page shows, read again on every visit. The first visit's
 * answer comes in the page the server rendered (decision 0045).
 */
export function useOverview() {
  return useQuery<OverviewResponse, ApiError>({
    queryKey: OVERVIEW_QUERY_KEY,
    queryFn: ({ signal }) => api<OverviewResponse>(SIGNED_IN_READS.overview, { signal }),
    initialData: () => takeInitialData<OverviewResponse>(SIGNED_IN_READS.overview),
    refetchOnMount: 'always',
  });
}
