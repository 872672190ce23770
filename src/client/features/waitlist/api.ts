// « Liste d'attente » calls (contract: @shared/schemas/waitlist). One query key per course (or all),
// refreshed after every change of the learner's places.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { WaitlistEntryResponse, WaitlistListResponse } from '@shared/schemas/waitlist';
import { api, type ApiError } from '@client/lib/api';

const KEY = ['waitlist'] as const;

/**
 * GET /api/waitlist(?courseId=) — the learner's places in line. An offer comes by the event stream
 * (app/realtime: 'reservation.updated'); the line's positions, which no event announces, are read
 * again every minute while one waits.
 */
export function useMyWaitlist(courseId?: string, enabled = true) {
  return useQuery<WaitlistListResponse, ApiError>({
    queryKey: [...KEY, courseId ?? 'all'],
    queryFn: ({ signal }) => api<WaitlistListResponse>('/waitlist', { query: { courseId }, signal }),
    enabled,
    staleTime: 0,
    refetchInterval: (q) => ((q.state.data?.entries.length ?? 0) > 0 ? 60_000 : false),
  });
}

/** POST /api/waitlist — join (or change the seats wanted). */
export function useJoinWaitlist() {
  const client = useQueryClient();
  return useMutation<WaitlistEntryResponse, ApiError, { sessionId: string; seats: number }>({
    mutationFn: (body) => api<WaitlistEntryResponse>('/waitlist', { method: 'POST', body: JSON.stringify(body) }),
    onSettled: () => client.invalidateQueries({ queryKey: KEY }),
  });
}

/** DELETE /api/waitlist/:id — leave the line, or « Céder ma place » for an offer. */
export function useLeaveWaitlist() {
  const client = useQueryClient();
  return useMutation<WaitlistEntryResponse, ApiError, string>({
    mutationFn: (id) => api<WaitlistEntryResponse>(`/waitlist/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSettled: () => client.invalidateQueries({ queryKey: KEY }),
  });
}
