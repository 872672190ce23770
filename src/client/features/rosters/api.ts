// The rosters as the client reads them (contract: @shared/schemas/rosters). Keys sit under
// ['calendar', userId] like every reservation view: the realtime stream's refresh of that prefix
// (a seat paid, cancelled, a link set) reads the roster again.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ChefSessionsResponse, RosterResponse, SessionMessageInput, SessionMessageResponse } from '@shared/schemas/rosters';
import { useAuth } from '@client/app/auth';
import { SIGNED_IN_READS } from '@shared/initial-data';
import { api, takeInitialData, type ApiError } from '@client/lib/api';

const adminSession = (id: string) => `/admin/sessions/${encodeURIComponent(id)}`;

/** A roster's place in the query cache (the server's render of a roster page seeds it). */
export const rosterQueryKey = (userId: string | undefined, view: 'admin' | 'chef', sessionId: string) =>
  ['calendar', userId ?? 'visitor', 'roster', view, sessionId] as const;

/** Where « Télécharger (CSV) » points (the browser downloads it with the session's cookie). */
export const rosterCsvPath = (sessionId: string) => `/api${adminSession(sessionId)}/roster.csv`;

/** GET /api/admin/sessions/:id/roster (the admin) or /api/chef/sessions/:id/roster (the guest chef). */
export function useRoster(sessionId: string, view: 'admin' | 'chef') {
  const { status, user } = useAuth();
  const path = view === 'admin' ? SIGNED_IN_READS.adminRoster(sessionId) : SIGNED_IN_READS.chefRoster(sessionId);
  return useQuery<RosterResponse, ApiError>({
    queryKey: rosterQueryKey(user?.id, view, sessionId),
    queryFn: ({ signal }) => api<RosterResponse>(path, { signal }),
    // The first visit's answer comes in the page the server rendered (decision 0045).
    initialData: () => takeInitialData<RosterResponse>(path),
    enabled: status === 'signed-in' && user?.role === view,
    refetchOnMount: 'always',
    retry: (count, error) => error.status >= 500 && count < 2,
  });
}

/** POST /api/admin/sessions/:id/messages — the same key, however often sent, sends once. */
export function useSendMessage(sessionId: string) {
  const client = useQueryClient();
  return useMutation<SessionMessageResponse, ApiError, SessionMessageInput>({
    mutationFn: (input) => api<SessionMessageResponse>(`${adminSession(sessionId)}/messages`, { method: 'POST', body: JSON.stringify(input) }),
    // Settled: an answer lost on the way may still have sent it; the roster says.
    onSettled: () => void client.invalidateQueries({ queryKey: ['calendar'] }),
  });
}

/** GET /api/chef/sessions — the guest chef's « Mes séances ». */
export function useChefSessions() {
  const { status, user } = useAuth();
  return useQuery<ChefSessionsResponse, ApiError>({
    queryKey: ['calendar', user?.id ?? 'visitor', 'chef-sessions'],
    queryFn: ({ signal }) => api<ChefSessionsResponse>('/chef/sessions', { signal }),
    enabled: status === 'signed-in' && user?.role === 'chef',
    refetchOnMount: 'always',
  });
}
