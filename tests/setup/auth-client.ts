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
