// Who is asking, decided on the server for every request, from the session cookie alone.
import type { Context } from 'hono';
import { getCookie } from 'hono/cookie';
import { VISITOR, type Viewer } from '@shared/access';

/** Where an admin account's session stands with the second factor (null for every other account). */
export type AdminSecondFactor = 'not_enrolled' | 'unverified' | 'verified';

/**
 * The viewer as the server knows it. An admin whose session has not given the second factor is
 * seen with role 'learner' (they act as anyone else) and `adminSecondFactor` says what is missing:
 * every `role === 'admin'` branch, present or future, thus needs a verified session.
 */
export type SessionViewer = Viewer & { sessionId: string | null; adminSecondFactor: AdminSecondFactor | null };

const VISITOR_SESSION: SessionViewer = { ...VISITOR, sessionId: null, adminSecondFactor: null };

/** Resolves a request carrying a session cookie to its viewer (set on the context by app.ts). */
export type ViewerSource = {
  /** Names of the cookie that may carry a session; without one the request is a visitor, at no cost. */
  cookieNames: readonly string[];
  resolve(headers: Headers): Promise<SessionViewer>;
};

declare module 'hono' {
  interface ContextVariableMap {
    viewerSource: ViewerSource;
    viewer: Promise<SessionViewer>;
  }
}

export async function getViewer(c: Context): Promise<SessionViewer> {
  const source = c.get('viewerSource');
  if (!source || !c.req.header('cookie') || !source.cookieNames.some((name) => getCookie(c, name) !== undefined)) return VISITOR_SESSION;
  // Resolved once per request, however many places ask.
  let viewer = c.get('viewer');
  if (!viewer) {
    viewer = source.resolve(c.req.raw.headers);
    c.set('viewer', viewer);
  }
  return viewer;
}
