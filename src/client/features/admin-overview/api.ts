// « Aperçu »'s one read (contract: @shared/schemas/admin-overview), and the chef's answer about a
// session under its minimum.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MinimumAnswerResponse, OverviewResponse } from '@shared/schemas/admin-overview';
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

/**
 * « Maintenir la séance » / « Annuler la séance » for a session under its minimum (decision 0048):
 * POST /api/admin/sessions/:id/minimum/keep|cancel, then « Aperçu » read again (settled, not only
 * succeeded: an answer lost on the way may still have been recorded; a repeat changes nothing).
 */
export function useMinimumAnswer() {
  const client = useQueryClient();
  return useMutation<MinimumAnswerResponse, ApiError, { sessionId: string; answer: 'keep' | 'cancel' }>({
    mutationFn: ({ sessionId, answer }) => api<MinimumAnswerResponse>(`/admin/sessions/${sessionId}/minimum/${answer}`, { method: 'POST' }),
    onSettled: () => void client.invalidateQueries({ queryKey: OVERVIEW_QUERY_KEY }),
  });
}
