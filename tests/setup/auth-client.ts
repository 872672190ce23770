// Talks to the accounts API of a test app like a browser of our own origin: JSON bodies, the
// Origin header, and the session cookie kept between calls.
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

/** Signs up a fresh account through the API and signs it in: its id and session cookie. */
export async function newSignedInUser(
  app: TestApp,
  name = 'Marie Lavoie',
): Promise<{ id: string; email: string; cookie: string }> {
  const n = ++accountCount;
  const email = `compte-${process.pid}-${n}-${Date.now()}@exemple.ca`;
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
  return { id: user.id, email, cookie };
}

/** A multipart/form-data POST (a file upload) as our page would send it. */
export function sendForm(app: TestApp, path: string, form: FormData, cookie?: string, headers: Record<string, string> = {}) {
  return app.request(path, {
    method: 'POST',
    headers: { origin: ORIGIN, ...(cookie ? { cookie: `${SESSION_COOKIE}=${cookie}` } : {}), ...headers },
    body: form,
  });
}
