import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { ME_QUERY_KEY } from '@client/app/auth';
import { forgetAfterSignOut, refreshSession } from '@client/app/auth/session-cache';

const alice = { id: 'u1', email: 'a@exemple.ca', fullName: 'Alice', role: 'learner', avatarUrl: null, isSubscriber: false };

describe('the query cache when the person browsing changes', () => {
  it('after a sign-out: /api/me says visitor, answers nobody watches are gone, what is on screen is read again', async () => {
    const client = new QueryClient();
    client.setQueryData(ME_QUERY_KEY, { user: alice });
    client.setQueryData(['api', '/account/profile'], { fullName: 'Alice' });
    let reads = 0;
    const onScreen = new QueryObserver(client, { queryKey: ['api', '/recipes'], queryFn: async () => ++reads, staleTime: Infinity });
    const unsubscribe = onScreen.subscribe(() => {});
    await expect.poll(() => reads).toBe(1);

    forgetAfterSignOut(client);

    expect(client.getQueryData(ME_QUERY_KEY)).toEqual({ user: null });
    expect(client.getQueryData(['api', '/account/profile'])).toBeUndefined();
    await expect.poll(() => reads).toBe(2);
    unsubscribe();
  });

  it('after a sign-in: /api/me is read again before it returns, the rest is marked stale', async () => {
    const client = new QueryClient();
    let me: { user: typeof alice | null } = { user: null };
    const observer = new QueryObserver(client, { queryKey: ME_QUERY_KEY, queryFn: async () => me, staleTime: Infinity });
    const unsubscribe = observer.subscribe(() => {});
    await expect.poll(() => client.getQueryData(ME_QUERY_KEY)).toEqual({ user: null });
    client.setQueryData(['api', '/recipes/1'], { locked: true });

    me = { user: alice };
    await refreshSession(client);

    expect(client.getQueryData(ME_QUERY_KEY)).toEqual({ user: alice });
    expect(client.getQueryState(['api', '/recipes/1'])?.isInvalidated).toBe(true);
    unsubscribe();
  });
});
