// Talks to the accounts API of a test app like a browser of our own origin: JSON bodies, the
// Origin header, and the session cookie kept between calls.
import { randomBytes } from 'node:crypto';
import { sessions, users } from '../../src/server/db/schema';
import { SESSION_IDLE_SECONDS } from '../../src/server/modules/auth/auth';
import { createLearnerProfile } from '../../src/server/modules/auth/repository';
import { signSessionToken } from '../factories/accounts';
import { fromAddress, type TestApp } from './test-app';

export const ORIGIN = 'http://toque.test';
export const SESSION_COOKIE = 'toque.session_token';

/** The value of the session cookie a response sets ('' when it clears it), or undefined. */
export function sessionCookieOf(res: Response): string | undefined {
  for (const line of res.headers.getSetCookie()) {
    const [pair] = line.split(';');
    const eq = pair!.indexOf('=');
    if (pair!.slice(0, eq) === SESSION_COOKIE) return pair!.slice(eq + 1);
  }
  return undefined;
}

export function setCookieLine(res: Response): string | undefined {
  return res.headers.getSetCookie().find((l) => l.startsWith(`${SESSION_COOKIE}=`));
}

/** A same-origin JSON POST; `from` is the socket's address (none: an in-process request). */
export function post(
  app: TestApp,
  path: string,
  body: unknown,
  cookie?: string,
  headers: Record<string, string> = {},
  from?: string,
) {
  return app.request(
    path,
    {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      origin: ORIGIN,
      ...(cookie ? { cookie: `${SESSION_COOKIE}=${cookie}` } : {}),
      ...headers,
    },
    body: JSON.stringify(body),
    },
    from ? fromAddress(from) : undefined,
  );
}

export async function me(app: TestApp, cookie?: string) {
  const res = await app.request('/api/me', { headers: cookie ? { cookie: `${SESSION_COOKIE}=${cookie}` } : {} });
  return (await res.json()) as { user: { id: string; email: string; fullName: string; role: string; isSubscriber: boolean } | null };
}

export async function signUp(app: TestApp, email: string, password: string, name = 'Marie Lavoie') {
  return post(app, '/api/auth/sign-up/email', { name, email, password });
}

/** Signs in and returns the session cookie value; throws when refused. */
export async function signIn(app: TestApp, email: string, password: string): Promise<string> {
  const res = await post(app, '/api/auth/sign-in/email', { email, password });
  const cookie = sessionCookieOf(res);
  if (res.status !== 200 || !cookie) throw new Error(`sign-in refused: ${res.status} ${await res.text()}`);
  return cookie;
}

/** Any API call as a page of our origin would make it: Origin header, optional session cookie and JSON body. */
export function send(
  app: TestApp,
  method: string,
  path: string,
  opts: { cookie?: string; body?: unknown; headers?: Record<string, string> } = {},
) {
  const headers: Record<string, string> = {
    origin: ORIGIN,
    ...(opts.cookie ? { cookie: `${SESSION_COOKIE}=${opts.cookie}` } : {}),
    ...(opts.body !== undefined ? { 'content-type': 'application/json' } : {}),
    ...opts.headers,
  };
  return app.request(path, {
    method,
    headers,
    ...(opts.body !== undefined ? { body: JSON.stringify(opts.body) } : {}),
  });
}

let accountCount = 0;

/** An address no other account of this run has. */
function freshEmail(n: number): string {
  return `compte-${process.pid}-${n}-${Date.now()}@exemple.ca`;
}

/**
 * A fresh signed-in account, written straight into the database as sign-up + sign-in leave it: the
 * user, the learner profile the sign-up hook creates (the app's own createLearnerProfile), and a
 * session row of the library's lifetime, its cookie signed as the library signs it. The library
 * reads that row on every request, so guards and routes see a real session; no password is
 * hashed (two scrypt runs per account through the API). Tests about signing up or in use
 * newSignedUpUser, or the API themselves.
 */
export async function newSignedInUser(
  app: TestApp,
  name = 'Marie Lavoie',
): Promise<{ id: string; email: string; cookie: string }> {
  const n = ++accountCount;
  const email = freshEmail(n);
  const id = `user_${randomBytes(12).toString('hex')}`;
  const token = randomBytes(24).toString('base64url');
  // The library stamps sessions with the real clock (not the app's now()): so do we.
  const now = new Date();
  await app.db.insert(users).values({ id, name, email, emailVerified: false, createdAt: now, updatedAt: now });
  await createLearnerProfile(app.db, id, name);
  await app.db.insert(sessions).values({
    id: `sess_${id}`,
    token,
    userId: id,
    expiresAt: new Date(now.getTime() + SESSION_IDLE_SECONDS * 1000),
    createdAt: now,
    updatedAt: now,
  });
  return { id, email, cookie: signSessionToken(token, app.deps.config.authSecret) };
}

/**
 * Signs up a fresh account through the API and signs it in (two password hashes): for tests where
 * the account must have a real password. Its id, address, password and session cookie.
 */
export async function newSignedUpUser(
  app: TestApp,
  name = 'Marie Lavoie',
): Promise<{ id: string; email: string; password: string; cookie: string }> {
  const n = ++accountCount;
  const email = freshEmail(n);
  const password = 'Zq4-vR8k-Cretons';
  // Each from its own address, so a file may create many accounts without meeting the per-address limits.
  const from = `10.77.${(n >> 8) & 255}.${n & 255}`;
  const res = await post(app, '/api/auth/sign-up/email', { name, email, password }, undefined, {}, from);
  if (res.status !== 200) throw new Error(`sign-up refused: ${res.status} ${await res.text()}`);
  const signedIn = await post(app, '/api/auth/sign-in/email', { email, password }, undefined, {}, from);
  const cookie = sessionCookieOf(signedIn);
  if (signedIn.status !== 200 || !cookie) throw new Error(`sign-in refused: ${signedIn.status} ${await signedIn.text()}`);
  const user = (await me(app, cookie)).user;
  if (!user) throw new Error('signed-in user not found');
  return { id: user.id, email, password, cookie };
}

/** A multipart/form-data POST (a file upload) as our page would send it. */
export function sendForm(app: TestApp, path: string, form: FormData, cookie?: string, headers: Record<string, string> = {}) {
  return app.request(path, {
    method: 'POST',
    headers: { origin: ORIGIN, ...(cookie ? { cookie: `${SESSION_COOKIE}=${cookie}` } : {}), ...headers },
    body: form,
  });
}
