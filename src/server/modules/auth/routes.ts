// /api/auth/*: the only auth endpoints we expose. Each validates with the shared schema (French
// messages, our password policy), forwards to Better Auth, and answers in our own shape — the
// session token only ever travels in the cookie, and the library's English errors become French.
import { hashPassword } from './password-hash';
import { Hono, type Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import type {
  AuthOkResponse,
  AuthProvidersResponse,
  IdentityProviderSignInResponse,
  MeResponse,
} from '@shared/schemas/auth';
import {
  IDENTITY_PROVIDER_ERROR_PARAM,
  identityProviderSignInSchema,
  changePasswordSchema,
  requestPasswordResetSchema,
  resetPasswordSchema,
  signInSchema,
  signUpSchema,
} from '@shared/schemas/auth';
import type { ErrorCode } from '@shared/errors';
import { sameSitePath } from '@shared/same-site-path';
import { AppError } from '../../http/app-error';
import { clientIp } from '../../http/client-ip';
import { parseInput } from '../../http/validate';
import type { Deps } from '../../deps';
import type { Mailer } from '../../integrations/mail/mailer';
import type { Auth } from './auth';
import { createIdentityProvider, IDENTITY_CALLBACK_PATH, IdentitySignInRefused } from './identity-provider';
import { createPasswordReset } from './password-reset';
import { emailInUse } from './repository';
import { createFeedLimits } from '../calendar/feed-limits';
import { createCalendarService } from '../calendar/service';
import { createAuthRateLimits, type LimitName } from './rate-limits';
import type { AccountService } from './service';

/** Library error codes we expect from the endpoints we use, in our codes. */
const LIBRARY_ERRORS: Record<string, ErrorCode> = {
  INVALID_EMAIL_OR_PASSWORD: 'INVALID_CREDENTIALS',
  INVALID_PASSWORD: 'INVALID_CURRENT_PASSWORD',
  // An account opened through the identity provider has no password: none given can be its current one.
  CREDENTIAL_ACCOUNT_NOT_FOUND: 'INVALID_CURRENT_PASSWORD',
};

async function readJson(c: Context): Promise<unknown> {
  try {
    return await c.req.json();
  } catch {
    throw new AppError('BAD_REQUEST');
  }
}

/** Sends a validated body to the library as the same request (same headers, so same cookie and IP). */
async function forward(auth: Auth, c: Context, body: unknown): Promise<Response> {
  const headers = new Headers(c.req.raw.headers);
  headers.delete('content-length');
  headers.set('content-type', 'application/json');
  return auth.handler(new Request(c.req.url, { method: 'POST', headers, body: JSON.stringify(body) }));
}

/** Throws our error for a library failure; a code we do not expect is a server fault (logged, 500). */
async function failOn(res: Response): Promise<void> {
  if (res.ok) return;
  const body = (await res.json().catch(() => null)) as { code?: string } | null;
  const code = body?.code ? LIBRARY_ERRORS[body.code] : undefined;
  if (code) throw new AppError(code);
  if (res.status === 401) throw new AppError('UNAUTHENTICATED');
  throw new Error(`Auth library answered ${res.status} ${body?.code ?? ''}`);
}

/** Our body, with the library's Set-Cookie headers (new or cleared session) carried over. */
function ok(from: Response): Response {
  const res = Response.json({ ok: true } satisfies AuthOkResponse);
  for (const cookie of from.headers.getSetCookie()) res.headers.append('set-cookie', cookie);
  res.headers.set('cache-control', 'no-store');
  return res;
}

export function authRoutes(deps: Deps, auth: Auth, mailer: Mailer) {
  const app = new Hono();
  const limits = createAuthRateLimits(deps.database.db);
  const trustedProxies = deps.config.trustedProxies;
  // A replaced password ends every session: a calendar feed of every session made in one narrows too.
  const calendar = createCalendarService(deps, createFeedLimits(deps.database.db));
  const passwordReset = createPasswordReset(deps, mailer, (userId) => calendar.narrowFeedAfterPasswordChange(userId));
  const identityProvider = createIdentityProvider(deps, auth);
  const secure = deps.config.secureCookies;
  /** Binds a pending identity-provider sign-in to the browser that started it (sent back only to the callback). */
  const stateCookie = secure ? '__Secure-toque.oidc_state' : 'toque.oidc_state';
  const stateCookieOptions = { path: IDENTITY_CALLBACK_PATH, httpOnly: true, secure, sameSite: 'Lax' } as const;

  app.post('/sign-up/email', async (c) => {
    const input = parseInput(signUpSchema, await readJson(c));
    await limits.consume([
      ['signUpPerIp', clientIp(c, trustedProxies)],
      ['signUpPerAccount', input.email],
    ]);
    const res = await forward(auth, c, input);
    const body = (await res.clone().json().catch(() => null)) as { code?: string } | null;
    const taken = res.status === 422 && body?.code === 'USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL';
    // Two sign-ups at once with one address both find it free; the second's insert then fails on
    // the unique address: the address is taken all the same, and answers so.
    if (taken || (!res.ok && (await emailInUse(deps.database.db, input.email)))) {
      // No enumeration: a taken address answers exactly like a new one, after the same hashing work.
      await hashPassword(input.password);
      return ok(new Response());
    }
    await failOn(res);
    return ok(res);
  });

  app.post('/sign-in/email', async (c) => {
    const input = parseInput(signInSchema, await readJson(c));
    const ip: [LimitName, string] = ['signInPerIp', clientIp(c, trustedProxies)];
    const account: [LimitName, string] = ['signInPerAccount', input.email];
    // Counted before the password is checked (atomic, so parallel guesses cannot slip through);
    // a success gives its point back and clears the account's failures.
    await limits.consume([ip, account]);
    const res = await forward(auth, c, { ...input, rememberMe: true });
    await failOn(res);
    await limits.giveBack([ip]);
    await limits.reset([account]);
    return ok(res);
  });

  app.post('/sign-out', async (c) => {
    const res = await forward(auth, c, {});
    // Signing out without a session is not an error: the cookie is cleared either way.
    if (!res.ok && res.status !== 400 && res.status !== 401) await failOn(res);
    return ok(res);
  });

  app.post('/change-password', async (c) => {
    const input = parseInput(changePasswordSchema, await readJson(c));
    const session = await auth.api.getSession({ headers: c.req.raw.headers });
    // Always ends every other session of the account; this one is replaced by a fresh one.
    const res = await forward(auth, c, { ...input, revokeOtherSessions: true });
    await failOn(res);
    if (session) await calendar.narrowFeedAfterPasswordChange(session.user.id);
    if (session) await passwordReset.notifyChanged(session.user.email);
    return ok(res);
  });

  app.post('/request-password-reset', async (c) => {
    const input = parseInput(requestPasswordResetSchema, await readJson(c));
    await limits.consume([
      ['resetPerIp', clientIp(c, trustedProxies)],
      ['resetPerAccount', input.email],
    ]);
    // The same answer, after the same kind of work, for an unknown address.
    await passwordReset.request(input.email);
    return ok(new Response());
  });

  app.post('/reset-password', async (c) => {
    const input = parseInput(resetPasswordSchema, await readJson(c));
    // Guessing tokens costs attempts from the address's reset allowance.
    await limits.consume([['resetPerIp', clientIp(c, trustedProxies)]]);
    // Single use, unexpired; the password replaced and every session of the user ended, at once.
    await passwordReset.reset(input.token, input.newPassword);
    return ok(new Response());
  });

  app.get('/providers', (c) => {
    c.header('cache-control', 'no-cache');
    return c.json<AuthProvidersResponse>({ identityProvider: identityProvider ? { name: identityProvider.name } : null });
  });

  app.post('/sign-in/identity-provider', async (c) => {
    if (!identityProvider) throw new AppError('ROUTE_NOT_FOUND');
    const input = parseInput(identityProviderSignInSchema, await readJson(c));
    await limits.consume([['identityProviderPerIp', clientIp(c, trustedProxies)]]);
    const { url, state } = await identityProvider.start(input.returnTo);
    setCookie(c, stateCookie, state, { ...stateCookieOptions, maxAge: 10 * 60 });
    c.header('cache-control', 'no-store');
    return c.json<IdentityProviderSignInResponse>({ url });
  });

  // The provider sends the browser here (a top-level GET, so the SameSite=Lax state cookie comes along).
  app.get('/callback/identity-provider', async (c) => {
    if (!identityProvider) throw new AppError('ROUTE_NOT_FOUND');
    const browserState = getCookie(c, stateCookie);
    deleteCookie(c, stateCookie, stateCookieOptions);
    c.header('cache-control', 'no-store');
    const search = new URL(c.req.url).search;
    try {
      const { returnTo, cookies } = await identityProvider.finish(search, browserState, c.req.raw.headers);
      for (const cookie of cookies) c.header('set-cookie', cookie, { append: true });
      // Checked when the sign-in started, judged again here: the one place that decides a redirect.
      return c.redirect(sameSitePath(returnTo), 302);
    } catch (err) {
      if (!(err instanceof IdentitySignInRefused)) throw err;
      deps.logger.warn({ code: err.code, reason: err.message, cause: String(err.cause ?? '') }, 'identity-provider sign-in refused');
      return c.redirect(`/?${IDENTITY_PROVIDER_ERROR_PARAM}=1&error=${encodeURIComponent(err.code)}`, 302);
    }
  });

  return app;
}

/** GET /api/me: who is signed in, from the server's own rows; null for a visitor. */
export function meRoutes(accounts: AccountService) {
  const app = new Hono();
  app.get('/', async (c) => {
    c.header('cache-control', 'no-store');
    const { user, cookies } = await accounts.resolve(c.req.raw.headers);
    // The cookie follows the session: pushed further on use, cleared once the session has ended.
    for (const cookie of cookies) c.header('set-cookie', cookie, { append: true });
    return c.json<MeResponse>({ user });
  });
  return app;
}
