// What the query cache must forget or re-read when the person browsing changes. Every answer can
// depend on the viewer (premium recipes and courses, favourites), not only /api/me.
import type { QueryClient, Query } from '@tanstack/react-query';
import type { MeResponse } from '@shared/schemas/auth';
import { ME_QUERY_KEY } from './auth-context';

const isMe = (query: Query) => query.queryKey[0] === ME_QUERY_KEY[0];

/**
 * After a sign-in (or anything else that may have changed the session): /api/me first (the header
 * and the guards read it), then everything else in the background.
 */
export async function refreshSession(queryClient: QueryClient): Promise<void> {
  await queryClient.refetchQueries({ queryKey: ME_QUERY_KEY, type: 'all' });
  void queryClient.invalidateQueries({ predicate: (q) => !isMe(q) });
}

/**
 * After a sign-out: the visitor's /api/me at once, no user-specific answer kept in memory, and what
 * is on screen read again as a visitor.
 */
export function forgetAfterSignOut(queryClient: QueryClient): void {
  queryClient.setQueryData<MeResponse>(ME_QUERY_KEY, { user: null });
  queryClient.removeQueries({ predicate: (q) => !isMe(q) && !q.isActive() });
  void queryClient.invalidateQueries({ predicate: (q) => !isMe(q) });
}
