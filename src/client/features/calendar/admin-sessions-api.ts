// The admin's whole-session actions from 'Détails du cours' (contract: @shared/schemas/reservations):
// read the session as the admin sees it, attach its recording, cancel it for everyone. Keys sit
// under ['calendar', userId] like the rest of the calendar: the realtime stream's refresh of the
// ['calendar'] prefix reads the session again when another tab or admin changes it.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AdminSessionCancelInput,
  AdminSessionCancelResponse,
  AdminSessionResponse,
} from '@shared/schemas/reservations';
import { useAuth } from '@client/app/auth';
import { api, type ApiError } from '@client/lib/api';

const sessionPath = (sessionId: string) => `/admin/sessions/${encodeURIComponent(sessionId)}`;

/** Every calendar query is read again: a recording or a cancellation shows in every view and dialog. */
function useRefreshCalendar() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: ['calendar'] });
}

/** GET /api/admin/sessions/:sessionId — status, cancellation reason and seats, fresher than the reservation. */
export function useAdminSession(sessionId: string, enabled: boolean) {
  const { status, user } = useAuth();
  return useQuery<AdminSessionResponse, ApiError>({
    queryKey: ['calendar', user?.id ?? 'visitor', 'admin-session', sessionId],
    queryFn: ({ signal }) => api<AdminSessionResponse>(sessionPath(sessionId), { signal }),
    enabled: enabled && status === 'signed-in' && user?.role === 'admin',
    refetchOnMount: 'always',
  });
}

/** PATCH /api/admin/sessions/:sessionId { recordingUrl } — null takes the recording away. */
export function useUpdateRecording() {
  const refresh = useRefreshCalendar();
  return useMutation<AdminSessionResponse, ApiError, { sessionId: string; recordingUrl: string | null }>({
    mutationFn: ({ sessionId, recordingUrl }) => api<AdminSessionResponse>(sessionPath(sessionId), { method: 'PATCH', body: JSON.stringify({ recordingUrl }) }),
    onSuccess: () => void refresh(),
  });
}

/** POST /api/admin/sessions/:sessionId/cancel — every attendee refunded in full and told by e-mail. */
export function useCancelSession() {
  const refresh = useRefreshCalendar();
  return useMutation<AdminSessionCancelResponse, ApiError, { sessionId: string; input: AdminSessionCancelInput }>({
    mutationFn: ({ sessionId, input }) =>
      api<AdminSessionCancelResponse>(`${sessionPath(sessionId)}/cancel`, { method: 'POST', body: JSON.stringify(input) }),
    // Settled, not only succeeded: an answer lost on the way may still have cancelled the session.
    onSettled: () => void refresh(),
  });
}
