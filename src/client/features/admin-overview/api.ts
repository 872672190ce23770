// « Aperçu »'s one read (contract: @shared/schemas/admin-overview).
import { useQuery } from '@tanstack/react-query';
import type { OverviewResponse } from '@shared/schemas/admin-overview';
import { api, type ApiError } from '@client/lib/api';

/** GET /api/admin/overview — everything the page shows, read again on every visit. */
export function useOverview() {
  return useQuery<OverviewResponse, ApiError>({
    queryKey: ['admin-overview'],
    queryFn: ({ signal }) => api<OverviewResponse>('/admin/overview', { signal }),
    refetchOnMount: 'always',
  });
}
