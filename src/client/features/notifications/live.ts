// What the event stream does with notification events (app/realtime/event-stream.ts): the badge
// takes the count the server sent, and the open list reads itself again. Kept free of React so the
// stream's chunk stays small.
import type { QueryClient } from '@tanstack/react-query';
import type { UnreadCountResponse } from '@shared/schemas/notifications';

/** Every notification query's key starts with this (api.ts: ['notifications', userId, …]). */
export const NOTIFICATIONS_QUERY_PREFIX = ['notifications'] as const;

const isKind = (kind: 'unread-count' | 'list') => (q: { queryKey: readonly unknown[] }) => q.queryKey[2] === kind;

export function applyUnreadCount(client: QueryClient, unreadCount: number, { refreshList }: { refreshList: boolean }) {
  client.setQueriesData<UnreadCountResponse>({ queryKey: NOTIFICATIONS_QUERY_PREFIX, predicate: isKind('unread-count') }, { unreadCount });
  if (refreshList) void client.invalidateQueries({ queryKey: NOTIFICATIONS_QUERY_PREFIX, predicate: isKind('list') });
}
