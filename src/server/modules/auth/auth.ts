// Better Auth over our database: e-mail + password accounts and cookie sessions stored in PostgreSQL.
// Only the endpoints routes.ts forwards are reachable; they validate and translate around it.
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@shared/password';
import { accounts, sessions, users, verifications } from '../../db/schema';
import type { Deps } from '../../deps';
import { originPolicy, ourOrigins } from '../../http/csrf';
import { identitySessionPlugin } from './identity-session';
import { hashPassword, verifyPassword } from './password-hash';
import { mailWelcome } from '../../integrations/mail/transactional';
import { createLearnerProfile } from './repository';

/** The cookie is `toque.session_token` (`__Secure-toque.session_token` in production). */
export const SESSION_COOKIE_PREFIX = 'toque';
/** The session cookie's name, plain (http) and as sent over HTTPS in production. */
export const SESSION_COOKIE = `${SESSION_COOKIE_PREFIX}.session_token`;
export const SECURE_SESSION_COOKIE = `__Secure-${SESSION_COOKIE}`;
export const SESSION_COOKIE_NAMES = [SESSION_COOKIE, SECURE_SESSION_COOKIE] as const;

const DAY_SECONDS = 24 * 60 * 60;

/**
 * Idle limit: a session unused for 7 days ends. Each day of use pushes its end 7 days further
 * (the row is rewritten at most once a day), up to the absolute limits of service.ts.
 */
export const SESSION_IDLE_SECONDS = 7 * DAY_SECONDS;

export function createAuth(deps: Deps) {
  const { config, database } = deps;
  return betterAuth({
    appName: 'Toque',
    baseURL: config.publicUrl,
    basePath: '/api/auth',
    secret: config.authSecret,
    // The library checks Origin again on the requests that carry a cookie (sign-out, change of
    // password): the same origins as our own check (http/csrf.ts), the request's own when PUBLIC_URL is unset.
    trustedOrigins: config.publicUrlSet ? [config.publicUrl] : (request) => ourOrigins(originPolicy(config), request.url),
    database: drizzleAdapter(database.db, {
      provider: 'pg',
      schema: { users, sessions, accounts, verifications },
    }),
    user: { modelName: 'users' },
    session: {
      modelName: 'sessions',
      expiresIn: SESSION_IDLE_SECONDS,
      updateAge: DAY_SECONDS,
      // No cookie cache: every request reads the session row, so a revoked session is dead at once.
      cookieCache: { enabled: false },
    },
    account: { modelName: 'accounts' },
    verification: { modelName: 'verifications' },
    emailAndPassword: {
      enabled: true,
      minPasswordLength: PASSWORD_MIN_LENGTH,
      // Our policy counts characters; the library counts UTF-16 units, so it gets room for any 128 characters.
      maxPasswordLength: PASSWORD_MAX_LENGTH * 2,
      // Sign-up answers the same whether or not the address is taken (no enumeration), so it cannot sign in.
      autoSignIn: false,
      // Password reset is our own flow (password-reset.ts): the library would store its tokens in plain text.
      // The library's hash format, computed natively off the event loop (password-hash.ts).
      password: { hash: hashPassword, verify: verifyPassword },
    },
    // Identity-provider sign-in: our OpenID Connect code verifies, this server-only endpoint signs in.
    plugins: [identitySessionPlugin()],
    // Our own limiter (per IP and per account, in PostgreSQL) guards the auth endpoints.
    rateLimit: { enabled: false },
    advanced: {
      cookiePrefix: SESSION_COOKIE_PREFIX,
      useSecureCookies: config.secureCookies,
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax', path: '/' },
    },
    databaseHooks: {
      user: {
        create: {
          after: async (user) => {
            await createLearnerProfile(database.db, user.id, user.name);
            await mailWelcome(database.db, { userId: user.id, publicUrl: config.publicUrl });
          },
        },
      },
    },
    logger: {
      level: 'error',
      // The library's arguments can hold e-mail addresses; only its message is logged.
      log: (level, message) => deps.logger[level]({ auth: true }, message),
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;
