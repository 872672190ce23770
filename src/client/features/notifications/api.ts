// The signed-in person's notifications and e-mail preferences as the client reads and changes them
// (contract: @shared/schemas/notifications). Keys carry the user's id, so one person's inbox never
// shows for another after a change of account; the event stream updates them (event-stream.ts).
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type {
  EmailPreferences,
  EmailPreferencesResponse,
  MarkReadResponse,
  NotificationListResponse,
  UnreadCountResponse,
  UnsubscribeResponse,
} from '@shared/schemas/notifications';
import { useAuth } from '@client/app/auth';
import { api, type ApiError } from '@client/lib/api';

import { NOTIFICATIONS_QUERY_PREFIX as NOTIFICATIONS_PREFIX } from './live';

const listKey = (userId: string | undefined, page: number) => [...NOTIFICATIONS_PREFIX, userId ?? 'visitor', 'list', page] as const;
export const unreadCountKey = (userId: string | undefined) => [...NOTIFICATIONS_PREFIX, userId ?? 'visitor', 'unread-count'] as const;
const preferencesKey = (userId: string | undefined) => ['email-preferences', userId ?? 'visitor'] as const;

/** GET /api/notifications/unread-count — the header's badge; kept current by the event stream. */
export function useUnreadCount() {
  const { status, user } = useAuth();
  return useQuery<UnreadCountResponse, ApiError>({
    queryKey: unreadCountKey(user?.id),
    queryFn: ({ signal }) => api<UnreadCountResponse>('/notifications/unread-count', { signal }),
    enabled: status === 'signed-in',
    staleTime: 60_000,
  });
}

/** GET /api/notifications?page= — newest first, 20 a page. */
export function useNotifications(page: number) {
  const { status, user } = useAuth();
  return useQuery<NotificationListResponse, ApiError>({
    queryKey: listKey(user?.id, page),
    queryFn: ({ signal }) => api<NotificationListResponse>('/notifications', { signal, query: { page } }),
    enabled: status === 'signed-in',
    placeholderData: (previous) => previous,
    refetchOnMount: 'always',
  });
}

/** Sets the badge from an answer or an event that carries the new count. */
export function setUnreadCount(client: QueryClient, userId: string | undefined, unreadCount: number) {
  client.setQueryData<UnreadCountResponse>(unreadCountKey(userId), { unreadCount });
}

/** POST …/:id/read, or …/read-all without an id: the badge follows at once, the list is read again. */
export function useMarkRead() {
  const { user } = useAuth();
  const client = useQueryClient();
  return useMutation<MarkReadResponse, ApiError, { id: string } | { all: true }>({
    mutationFn: (target) =>
      api<MarkReadResponse>('id' in target ? `/notifications/${encodeURIComponent(target.id)}/read` : '/notifications/read-all', { method: 'POST' }),
    onSuccess: ({ unreadCount }) => {
      setUnreadCount(client, user?.id, unreadCount);
      void client.invalidateQueries({ queryKey: [...NOTIFICATIONS_PREFIX, user?.id ?? 'visitor', 'list'] });
    },
  });
}

/** GET /api/account/email-preferences — the defaults when nothing was saved. */
export function useEmailPreferences() {
  const { status, user } = useAuth();
  return useQuery<EmailPreferencesResponse, ApiError>({
    queryKey: preferencesKey(user?.id),
    queryFn: ({ signal }) => api<EmailPreferencesResponse>('/account/email-preferences', { signal }),
    enabled: status === 'signed-in',
  });
}

export function useSaveEmailPreferences() {
  const { user } = useAuth();
  const client = useQueryClient();
  return useMutation<EmailPreferencesResponse, ApiError, EmailPreferences>({
    mutationFn: (preferences) => api<EmailPreferencesResponse>('/account/email-preferences', { method: 'PUT', body: JSON.stringify(preferences) }),
    onSuccess: (data) => client.setQueryData(preferencesKey(user?.id), data),
  });
}

/** POST /api/unsubscribe — signed out too: the token from the e-mail's link says who and what. */
export function useUnsubscribe() {
  return useMutation<UnsubscribeResponse, ApiError, string>({
    mutationFn: (token) => api<UnsubscribeResponse>('/unsubscribe', { method: 'POST', body: JSON.stringify({ token }) }),
  });
}
