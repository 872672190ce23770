// Sessions to viewers: the role comes from the profile row, subscriber status from the latest
// subscription. The session lifetimes the library does not know are enforced here (see below).
import { hasMembership, VISITOR } from '@shared/access';
import type { MeUser } from '@shared/schemas/auth';
import type { Deps } from '../../deps';
import type { AdminSecondFactor, SessionViewer, ViewerSource } from '../../http/viewer';
import { adminSecondFactorOf } from '../second-factor/service';
import { SESSION_COOKIE_NAMES, type Auth } from './auth';
import { findAccount, findSessionAccount, type AccountRow } from './repository';
import { readCookie, verifiedToken } from './session-cookie';

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
   * The signed-in person, if any. A session past its idle or absolute limit is deleted on the
   * server and the request is a visitor's. The limits are measured on the clock the library stamps
   * session rows with, the system's (a test moves it by faking Date), not on deps.now: a test run
   * that pins deps.now to another day (TEST_CLOCK_START) would otherwise see every session as
   * ended, or never ending. Whether the person subscribes is a business rule: deps.now.
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

  function toUser(account: AccountRow, now: Date): MeUser {
    return {
      id: account.id,
      email: account.email,
      fullName: account.fullName,
      role: account.role,
      avatarUrl: account.avatarUrl,
      isSubscriber: hasMembership({ subscription: account.latestSubscription, giftedUntil: account.giftedUntil }, now),
    };
  }

  const overAge = (role: AccountRow['role'], createdAt: Date, now: Date) =>
    now.getTime() - createdAt.getTime() > (role === 'admin' ? SESSION_ABSOLUTE_MS.admin : SESSION_ABSOLUTE_MS.default);

  /**
   * The usual case in one query: a live session the library would answer without writing anything
   * (not due for its daily refresh) nor setting a cookie. Null for every other case — no or a bad
   * cookie, no row, ended, due for refresh, past a limit — which the library path below handles as
   * before. Nothing is kept between requests: a revoked session is refused on its next request.
   */
  async function fastLookUp(headers: Headers): Promise<ResolvedSession | null> {
    const context = await auth.$context;
    const token = verifiedToken(readCookie(headers.get('cookie'), context.authCookies.sessionToken.name), context.secret);
    if (!token) return null;
    const row = await findSessionAccount(deps.database.db, token, deps.now());
    if (!row) return null;
    // The library's own tests, on the real clock (getSession): ended, or due to be pushed further.
    const clock = Date.now();
    const { expiresIn, updateAge } = context.sessionConfig;
    if (row.sessionExpiresAt.getTime() <= clock || row.sessionExpiresAt.getTime() - expiresIn * 1000 + updateAge * 1000 <= clock) return null;
    if (overAge(row.role, row.sessionCreatedAt, new Date(clock))) return null;
    const adminSecondFactor: AdminSecondFactor | null =
      row.role !== 'admin' ? null : !row.factorConfirmedAt ? 'not_enrolled' : row.sessionVerifiedAt ? 'verified' : 'unverified';
    return { user: toUser(row, deps.now()), sessionId: row.sessionId, adminSecondFactor, cookies: [] };
  }

  async function lookUp(headers: Headers): Promise<ResolvedSession> {
    return (await fastLookUp(headers)) ?? (await libraryLookUp(headers));
  }

  async function libraryLookUp(headers: Headers): Promise<ResolvedSession> {
    const { response: session, headers: libraryHeaders } = await auth.api.getSession({ headers, returnHeaders: true });
    const cookies = libraryHeaders.getSetCookie();
    if (!session) return { user: null, sessionId: null, adminSecondFactor: null, cookies };
    const account = await findAccount(deps.database.db, session.user.id, deps.now());
    // The library's clock (see resolve).
    const sessionClock = new Date();
    const idle = session.session.expiresAt.getTime() <= sessionClock.getTime();
    if (!account || overAge(account.role, session.session.createdAt, sessionClock) || idle) {
      // The library's own sign-out: deletes the row and clears the cookie.
      const ended = await auth.api.signOut({ headers, returnHeaders: true });
      return { user: null, sessionId: null, adminSecondFactor: null, cookies: ended.headers.getSetCookie() };
    }
    return {
      user: toUser(account, deps.now()),
      sessionId: session.session.id,
      adminSecondFactor: account.role === 'admin' ? await adminSecondFactorOf(deps.database.db, account.id, session.session.id) : null,
      cookies,
    };
  }

  async function me(headers: Headers): Promise<MeUser | null> {
    return (await resolve(headers)).user;
  }

  const viewerSource: ViewerSource = {
    cookieNames: SESSION_COOKIE_NAMES,
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
