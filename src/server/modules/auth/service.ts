// Sessions to viewers: the role comes from the profile row, subscriber status from the latest
// subscription. The session lifetimes the library does not know are enforced here (see below).
import { isActiveSubscription, VISITOR } from '@shared/access';
import type { MeUser } from '@shared/schemas/auth';
import type { Deps } from '../../deps';
import type { AdminSecondFactor, SessionViewer, ViewerSource } from '../../http/viewer';
import { adminSecondFactorOf } from '../second-factor/repository';
import { SESSION_COOKIE_PREFIX, type Auth } from './auth';
import { findAccount } from './repository';

const HOUR_MS = 60 * 60 * 1000;

/**
 * How long after sign-in a session ends however active it is (docs/decisions/0006-auth.md):
 * 30 days for everyone, 12 hours when the account is an admin's. The idle limit is the library's
 * (SESSION_IDLE_SECONDS in auth.ts).
 */
export const SESSION_ABSOLUTE_MS = { default: 30 * 24 * HOUR_MS, admin: 12 * HOUR_MS } as const;

export type ResolvedSession = {
  user: MeUser | null;
  sessionId: string | null;
  /** An admin account's second factor in this session; null for anyone else. */
  adminSecondFactor: AdminSecondFactor | null;
  /** Set-Cookie lines to pass on: the library's refreshed cookie, or the cleared one of an ended session. */
  cookies: string[];
};

export function createAccountService(deps: Deps, auth: Auth) {
  const perRequest = new WeakMap<Headers, Promise<ResolvedSession>>();

  /**
   * The signed-in person, if any. A session past its idle or absolute limit (by deps.now, so the
   * clock tests move it) is deleted on the server and the request is a visitor's.
   */
  function resolve(headers: Headers): Promise<ResolvedSession> {
    // Once per request (keyed by its headers object): the viewer middleware and /api/me share one
    // lookup, and the refreshed cookie of that lookup reaches /api/me's answer.
    let resolved = perRequest.get(headers);
    if (!resolved) {
      resolved = lookUp(headers);
      perRequest.set(headers, resolved);
    }
    return resolved;
  }

  async function lookUp(headers: Headers): Promise<ResolvedSession> {
    const { response: session, headers: libraryHeaders } = await auth.api.getSession({ headers, returnHeaders: true });
    const cookies = libraryHeaders.getSetCookie();
    if (!session) return { user: null, sessionId: null, adminSecondFactor: null, cookies };
    const account = await findAccount(deps.database.db, session.user.id);
    const now = deps.now();
    const limit = account?.role === 'admin' ? SESSION_ABSOLUTE_MS.admin : SESSION_ABSOLUTE_MS.default;
    const overAge = now.getTime() - session.session.createdAt.getTime() > limit;
    const idle = session.session.expiresAt.getTime() <= now.getTime();
    if (!account || overAge || idle) {
      // The library's own sign-out: deletes the row and clears the cookie.
      const ended = await auth.api.signOut({ headers, returnHeaders: true });
      return { user: null, sessionId: null, adminSecondFactor: null, cookies: ended.headers.getSetCookie() };
    }
    return {
      user: {
        id: account.id,
        email: account.email,
        fullName: account.fullName,
        role: account.role,
        avatarUrl: account.avatarUrl,
        isSubscriber: isActiveSubscription(account.latestSubscription, now),
      },
      sessionId: session.session.id,
      adminSecondFactor: account.role === 'admin' ? await adminSecondFactorOf(deps.database.db, account.id, session.session.id) : null,
      cookies,
    };
  }

  async function me(headers: Headers): Promise<MeUser | null> {
    return (await resolve(headers)).user;
  }

  const viewerSource: ViewerSource = {
    cookieNames: [`${SESSION_COOKIE_PREFIX}.session_token`, `__Secure-${SESSION_COOKIE_PREFIX}.session_token`],
    async resolve(headers): Promise<SessionViewer> {
      const { user, sessionId, adminSecondFactor } = await resolve(headers);
      if (!user) return { ...VISITOR, sessionId: null, adminSecondFactor: null };
      // An admin without a verified second factor acts as anyone else (see SessionViewer).
      const role = adminSecondFactor === null || adminSecondFactor === 'verified' ? user.role : 'learner';
      return { userId: user.id, role, isSubscriber: user.isSubscriber, sessionId, adminSecondFactor };
    },
  };

  return { me, resolve, viewerSource };
}

export type AccountService = ReturnType<typeof createAccountService>;
