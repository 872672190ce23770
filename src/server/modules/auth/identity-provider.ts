// Sign-in through an OpenID Connect provider (OIDC_* settings), with openid-client: Better Auth
// 1.3's generic OAuth plugin only decodes the ID token (no signature, issuer, audience or nonce
// check), so the exchange is done here and the verified identity is handed to the library
// (identity-session.ts) for the user, the session and the cookie.
//
// Checked: PKCE S256, `state` (single use, bound to the browser by a cookie), `nonce`, and the ID
// token's signature (the provider's published keys), issuer, audience, expiry and issue time.
// Identities are keyed on (issuer, sub). An address already used by another account is refused.
import { createHash, timingSafeEqual } from 'node:crypto';
import * as oidc from 'openid-client';
import type { Deps } from '../../deps';
import { AppError } from '../../http/app-error';
import type { Auth } from './auth';
import { savePendingSignIn, takePendingSignIn } from './identity-repository';
import { ACCOUNT_NOT_LINKED } from './identity-session';

export const IDENTITY_CALLBACK_PATH = '/api/auth/callback/identity-provider';

/** Time allowed at the provider between the redirect and the callback. */
const PENDING_MINUTES = 10;
const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/** Why a sign-in was refused; `code` goes to the browser in `?error=` (the client knows account_not_linked). */
export class IdentitySignInRefused extends Error {
  constructor(
    readonly code: string,
    reason: string,
    options?: { cause?: unknown },
  ) {
    super(reason, options);
  }
}

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

function sameString(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

type Claims = Record<string, unknown>;

function nameOf(claims: Claims, email: string): string {
  const str = (v: unknown) => (typeof v === 'string' ? v.trim() : '');
  const full = str(claims.name) || [str(claims.given_name), str(claims.family_name)].filter(Boolean).join(' ');
  return (full || email.split('@')[0]!).slice(0, 120);
}

export function createIdentityProvider(deps: Deps, auth: Auth) {
  const settings = deps.config.identityProvider;
  if (!settings) return null;
  const { db } = deps.database;
  const redirectUri = `${deps.config.publicUrl}${IDENTITY_CALLBACK_PATH}`;
  const providerId = `oidc:${settings.issuer}`;

  let discovered: Promise<oidc.Configuration> | null = null;
  /** The provider's metadata and keys, fetched once; a failure is retried on the next sign-in. */
  function configuration(): Promise<oidc.Configuration> {
    discovered ??= discover().catch((err: unknown) => {
      discovered = null;
      throw err;
    });
    return discovered;
  }

  async function discover(): Promise<oidc.Configuration> {
    const issuer = new URL(settings!.issuer);
    // Plain HTTP only for a provider on this machine (tests, local development).
    const insecure = issuer.protocol === 'http:' && LOOPBACK_HOSTS.has(issuer.hostname);
    return oidc.discovery(issuer, settings!.clientId, undefined, oidc.ClientSecretBasic(settings!.clientSecret), {
      // Discovery itself refuses a document whose issuer differs from the configured one.
      execute: [oidc.enableNonRepudiationChecks, ...(insecure ? [oidc.allowInsecureRequests] : [])],
      timeout: 10,
    });
  }

  /** The provider's authorization URL for a new sign-in, and the state to bind to this browser. */
  async function start(returnTo: string): Promise<{ url: string; state: string }> {
    let config: oidc.Configuration;
    try {
      config = await configuration();
    } catch (err) {
      deps.logger.error({ err }, 'identity provider unreachable (discovery failed)');
      throw new AppError('SERVICE_UNAVAILABLE');
    }
    const state = oidc.randomState();
    const nonce = oidc.randomNonce();
    const codeVerifier = oidc.randomPKCECodeVerifier();
    const now = deps.now();
    await savePendingSignIn(db, sha256(state), { codeVerifier, nonce, returnTo }, now, new Date(now.getTime() + PENDING_MINUTES * 60_000));
    const url = oidc.buildAuthorizationUrl(config, {
      redirect_uri: redirectUri,
      scope: 'openid email profile',
      code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
      code_challenge_method: 'S256',
      state,
      nonce,
    });
    return { url: url.href, state };
  }

  /**
   * The provider's redirect back: checks everything, then signs the person in.
   * Returns where to send the browser and the session cookie; throws IdentitySignInRefused.
   */
  async function finish(
    search: string,
    browserState: string | undefined,
    headers: Headers,
  ): Promise<{ returnTo: string; cookies: string[] }> {
    const params = new URLSearchParams(search);
    const state = params.get('state');
    if (!state || !browserState || !sameString(state, browserState)) {
      throw new IdentitySignInRefused('invalid_state', 'state missing or not the one this browser started with');
    }
    const pending = await takePendingSignIn(db, sha256(state), deps.now());
    if (!pending) throw new IdentitySignInRefused('invalid_state', 'state unknown, already used or expired');
    const providerError = params.get('error');
    if (providerError) {
      throw new IdentitySignInRefused(providerError === 'access_denied' ? 'access_denied' : 'provider_error', `provider answered ${providerError}`);
    }

    const config = await configuration();
    const callbackUrl = new URL(redirectUri);
    callbackUrl.search = params.toString();
    let claims: Claims;
    try {
      const tokens = await oidc.authorizationCodeGrant(config, callbackUrl, {
        pkceCodeVerifier: pending.codeVerifier,
        expectedState: state,
        expectedNonce: pending.nonce,
        idTokenExpected: true,
      });
      const idToken = tokens.claims()!;
      claims = { ...idToken };
      // Providers that keep e-mail and name out of the ID token give them at the userinfo
      // endpoint, for the same subject (checked).
      if (typeof claims.email !== 'string' || claims.email_verified === undefined) {
        claims = { ...(await oidc.fetchUserInfo(config, tokens.access_token, idToken.sub)), ...idToken };
      }
    } catch (err) {
      throw new IdentitySignInRefused('token_rejected', 'code exchange or ID token refused', { cause: err });
    }

    const email = typeof claims.email === 'string' ? claims.email.trim().toLowerCase() : '';
    // An unverified address proves nothing: it could be someone else's.
    if (!email || !(claims.email_verified === true || claims.email_verified === 'true')) {
      throw new IdentitySignInRefused('email_not_verified', 'no verified e-mail address from the provider');
    }
    const res = await auth.api.signInVerifiedIdentity({
      body: { providerId, accountId: String(claims.sub), email, name: nameOf(claims, email) },
      headers,
      asResponse: true,
    });
    if (!res.ok) {
      const body = (await res.json().catch(() => null)) as { code?: string } | null;
      if (body?.code === ACCOUNT_NOT_LINKED) {
        throw new IdentitySignInRefused('account_not_linked', 'e-mail already used by an account without this identity');
      }
      throw new Error(`Auth library answered ${res.status} ${body?.code ?? ''}`);
    }
    return { returnTo: pending.returnTo, cookies: res.headers.getSetCookie() };
  }

  return { name: settings.name, start, finish };
}

export type IdentityProvider = NonNullable<ReturnType<typeof createIdentityProvider>>;
