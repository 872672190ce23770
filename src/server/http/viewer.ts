// Who is asking, decided on the server for every request, from the session cookie alone.
import type { Context } from 'hono';
import { getCookie } from 'hono/cookie';
import { VISITOR, type Viewer } from '@shared/access';

/** Resolves a request carrying a session cookie to its viewer (set on the context by app.ts). */
export type ViewerSource = {
  /** Names of the cookie that may carry a session; without one the request is a visitor, at no cost. */
  cookieNames: readonly string[];
  resolve(headers: Headers): Promise<Viewer>;
};

declare module 'hono' {
  interface ContextVariableMap {
    viewerSource: ViewerSource;
    viewer: Promise<Viewer>;
  }
}

export async function getViewer(c: Context): Promise<Viewer> {
  const source = c.get('viewerSource');
  if (!source || !c.req.header('cookie') || !source.cookieNames.some((name) => getCookie(c, name) !== undefined)) return VISITOR;
  // Resolved once per request, however many places ask.
  let viewer = c.get('viewer');
  if (!viewer) {
    viewer = source.resolve(c.req.raw.headers);
    c.set('viewer', viewer);
  }
  return viewer;
}
