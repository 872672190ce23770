// Identity-provider sign-in against a real local OpenID provider (oidc-provider): the browser's
// redirects are followed by hand. A new identity makes a learner and a session cookie like a
// password sign-in; every forgery (state, code replay, audience, issuer, nonce, expiry,
// signature) is refused without a session; an address already used is never taken over.
import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IDENTITY_PROVIDER_ERROR_PARAM } from '../../src/shared/schemas/auth';
import { accounts, outboxEmails, profiles, sessions, users, verifications } from '../../src/server/db/schema';
import { loadConfig } from '../../src/server/env';
import { me, post, sessionCookieOf, setCookieLine, signIn, signUp } from '../setup/auth-client';
import { signInAtProvider, startOidcProvider, type TestOidcProvider } from '../setup/oidc-provider';
import { createTestApp, type TestApp } from '../setup/test-app';

const CALLBACK = 'http://toque.test/api/auth/callback/identity-provider';
const STATE_COOKIE = 'toque.oidc_state';

let idp: TestOidcProvider;
let app: TestApp;

beforeAll(async () => {
  idp = await startOidcProvider({ redirectUris: [CALLBACK] });
  app = await createTestApp({
    config: { identityProvider: { issuer: idp.issuer, clientId: idp.clientId, clientSecret: idp.clientSecret, name: 'Toque ID' } },
  });
});
afterAll(async () => {
  await app?.close();
  await idp?.close();
});

/** Asks the site to start a sign-in: the provider URL and the state cookie it set. */
async function start(returnTo = '/recettes', target: TestApp = app) {
  const res = await post(target, '/api/auth/sign-in/identity-provider', { returnTo });
  expect(res.status).toBe(200);
  const { url } = (await res.json()) as { url: string };
  const line = res.headers.getSetCookie().find((l) => l.startsWith(`${STATE_COOKIE}=`));
  expect(line).toBeDefined();
  return { url, stateCookie: line!.split(';')[0]!.slice(STATE_COOKIE.length + 1), cookieLine: line! };
}

/** The browser arriving back at the site from the provider. */
function arrive(location: URL, stateCookie?: string) {
  return app.request(`${location.pathname}${location.search}`, {
    headers: stateCookie ? { cookie: `${STATE_COOKIE}=${stateCookie}` } : {},
  });
}

async function signInWithProvider(email: string, returnTo = '/recettes') {
  const { url, stateCookie } = await start(returnTo);
  const back = await signInAtProvider(url, email);
  const res = await arrive(back, stateCookie);
  return { res, back, stateCookie };
}

function expectRefused(res: Response, code?: string) {
  expect(res.status).toBe(302);
  const location = new URL(res.headers.get('location')!, 'http://toque.test');
  expect(location.pathname).toBe('/');
  expect(location.searchParams.get(IDENTITY_PROVIDER_ERROR_PARAM)).toBe('1');
  if (code) expect(location.searchParams.get('error')).toBe(code);
  expect(sessionCookieOf(res) ?? '').toBe('');
}

async function sessionCount() {
  return (await app.db.select({ id: sessions.id }).from(sessions)).length;
}

describe('identity-provider sign-in', { timeout: 60_000 }, () => {
  it('names the provider in GET /api/auth/providers', async () => {
    const res = await app.request('/api/auth/providers');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ identityProvider: { name: 'Toque ID' } });
  });

  it('sends the browser to the provider with PKCE S256, state, nonce and our callback', async () => {
    const { url, cookieLine } = await start('/cours');
    const auth = new URL(url);
    expect(auth.origin).toBe(idp.issuer);
    const q = auth.searchParams;
    expect(q.get('response_type')).toBe('code');
    expect(q.get('client_id')).toBe(idp.clientId);
    expect(q.get('redirect_uri')).toBe(CALLBACK);
    expect(q.get('scope')).toBe('openid email profile');
    expect(q.get('code_challenge_method')).toBe('S256');
    expect(q.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(q.get('state')!.length).toBeGreaterThanOrEqual(43);
    expect(q.get('nonce')!.length).toBeGreaterThanOrEqual(43);
    // The state cookie goes only to the callback, never to scripts.
    expect(cookieLine).toMatch(/Path=\/api\/auth\/callback\/identity-provider/i);
    expect(cookieLine).toMatch(/HttpOnly/i);
    expect(cookieLine).toMatch(/SameSite=Lax/i);
    // Neither the verifier nor the nonce is stored in the clear under the state.
    const rows = await app.db.select().from(verifications).where(like(verifications.identifier, 'oidc-state:%'));
    expect(rows.some((r) => r.identifier.includes(q.get('state')!))).toBe(false);
  });

  it('signs a new person in: a learner account, a session cookie like a password sign-in, back where they were', async () => {
    idp.addUser({ email: 'Nouvelle@Exemple.ca', name: 'Noémie Nouvelle' });
    const { res } = await signInWithProvider('nouvelle@exemple.ca', '/recettes?categorie=dessert');
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/recettes?categorie=dessert');
    const line = setCookieLine(res)!;
    expect(line).toMatch(/; HttpOnly/i);
    expect(line).toMatch(/; SameSite=Lax/i);
    expect(line).toMatch(/; Path=\//i);
    const cookie = sessionCookieOf(res)!;
    const who = (await me(app, cookie)).user!;
    expect(who).toMatchObject({ email: 'nouvelle@exemple.ca', fullName: 'Noémie Nouvelle', role: 'learner', isSubscriber: false });
    // The identity is keyed on (issuer, sub).
    const sub = idp.addUser({ email: 'nouvelle@exemple.ca' }).sub;
    const [account] = await app.db.select().from(accounts).where(eq(accounts.userId, who.id));
    expect(account).toMatchObject({ providerId: `oidc:${idp.issuer}`, accountId: sub, password: null });
    const [profile] = await app.db.select().from(profiles).where(eq(profiles.userId, who.id));
    expect(profile!.role).toBe('learner');
  });

  it('signs the same person into the same account next time, with a new session', async () => {
    const first = sessionCookieOf((await signInWithProvider('nouvelle@exemple.ca')).res)!;
    const second = sessionCookieOf((await signInWithProvider('nouvelle@exemple.ca')).res)!;
    expect(second).not.toBe(first);
    expect((await me(app, first)).user!.id).toBe((await me(app, second)).user!.id);
    expect(await app.db.select().from(users).where(eq(users.email, 'nouvelle@exemple.ca'))).toHaveLength(1);
  });

  it('never takes over an existing password account with the same e-mail', async () => {
    await signUp(app, 'existante@exemple.ca', 'Poutine-Classique-42', 'Ève Existante');
    idp.addUser({ email: 'existante@exemple.ca', name: 'Imposteur' });
    const before = await sessionCount();
    const { res } = await signInWithProvider('existante@exemple.ca');
    expectRefused(res, 'account_not_linked');
    expect(await sessionCount()).toBe(before);
    const [user] = await app.db.select().from(users).where(eq(users.email, 'existante@exemple.ca'));
    const linked = await app.db.select().from(accounts).where(eq(accounts.userId, user!.id));
    expect(linked.map((a) => a.providerId)).toEqual(['credential']);
    // The owner still signs in with the password, as before.
    expect(await signIn(app, 'existante@exemple.ca', 'Poutine-Classique-42')).toBeTruthy();
  });

  it('refuses an address the provider has not verified', async () => {
    idp.addUser({ email: 'pas-verifiee@exemple.ca', emailVerified: false });
    const { res } = await signInWithProvider('pas-verifiee@exemple.ca');
    expectRefused(res, 'email_not_verified');
    expect(await app.db.select().from(users).where(eq(users.email, 'pas-verifiee@exemple.ca'))).toHaveLength(0);
  });

  it('refuses a callback whose state is not the one this browser started (or has no state cookie)', async () => {
    idp.addUser({ email: 'etat@exemple.ca' });
    const mine = await start();
    const theirs = await start();
    const back = await signInAtProvider(theirs.url, 'etat@exemple.ca');
    const before = await sessionCount();
    expectRefused(await arrive(back, mine.stateCookie), 'invalid_state');
    expectRefused(await arrive(back), 'invalid_state');
    expect(await sessionCount()).toBe(before);
  });

  it('refuses a replayed callback and a replayed code', async () => {
    idp.addUser({ email: 'rejeu@exemple.ca' });
    const { res, back, stateCookie } = await signInWithProvider('rejeu@exemple.ca');
    expect(sessionCookieOf(res)).toBeTruthy();
    const before = await sessionCount();
    // The very same redirect again: its state was spent.
    expectRefused(await arrive(back, stateCookie), 'invalid_state');
    // The old code under a fresh, valid state: the provider refuses it (already used, other PKCE verifier).
    const fresh = await start();
    const forged = new URL(back);
    forged.searchParams.set('state', new URL(fresh.url).searchParams.get('state')!);
    expectRefused(await arrive(forged, fresh.stateCookie), 'token_rejected');
    expect(await sessionCount()).toBe(before);
  });

  describe('refuses a forged or stale ID token', () => {
    const cases = [
      ['another audience', { claims: { aud: 'un-autre-client' } }],
      ['another issuer', { claims: { iss: 'http://127.0.0.1:9/faux' } }],
      ['another nonce', { claims: { nonce: 'pas-le-bon-nonce' } }],
      ['an expired token', { claims: { exp: Math.floor(Date.now() / 1000) - 600, iat: Math.floor(Date.now() / 1000) - 1200 } }],
      ['a signature by another key', { signWith: 'foreign-key' }],
      ['no signature (alg none)', { signWith: 'none' }],
    ] as const;
    it.each(cases)('%s', async (_label, tamper) => {
      idp.addUser({ email: 'falsifie@exemple.ca' });
      idp.setTamper(tamper);
      try {
        const before = await sessionCount();
        const { res } = await signInWithProvider('falsifie@exemple.ca');
        expectRefused(res, 'token_rejected');
        expect(await sessionCount()).toBe(before);
      } finally {
        idp.setTamper(null);
      }
    });

    it('and accepts the same token re-signed untouched (the test provider itself is honest)', async () => {
      idp.setTamper({ signWith: 'provider' });
      try {
        const { res } = await signInWithProvider('falsifie@exemple.ca');
        expect(sessionCookieOf(res)).toBeTruthy();
      } finally {
        idp.setTamper(null);
      }
    });
  });

  it('refuses to start when the configured issuer is not the one the provider declares', async () => {
    const other = await createTestApp({
      config: {
        identityProvider: {
          issuer: idp.issuer.replace('127.0.0.1', 'localhost'),
          clientId: idp.clientId,
          clientSecret: idp.clientSecret,
          name: 'Toque ID',
        },
      },
    });
    try {
      const res = await post(other, '/api/auth/sign-in/identity-provider', { returnTo: '/' });
      expect(res.status).toBe(503);
    } finally {
      await other.close();
    }
  });

  it('keeps the library endpoint that signs a verified identity in unreachable from HTTP', async () => {
    const res = await post(app, '/api/auth/toque/verified-identity', {
      providerId: `oidc:${idp.issuer}`,
      accountId: 'forge',
      email: 'forge@exemple.ca',
      name: 'Forge',
    });
    expect(res.status).toBe(404);
    expect(sessionCookieOf(res)).toBeUndefined();
    expect(await app.db.select().from(users).where(eq(users.email, 'forge@exemple.ca'))).toHaveLength(0);
  });

  it('refuses a returnTo outside the site', async () => {
    for (const returnTo of ['https://evil.example/', '//evil.example/x', '/\\evil.example']) {
      const res = await post(app, '/api/auth/sign-in/identity-provider', { returnTo });
      expect(res.status).toBe(400);
    }
  });

  it('limits how often one address can start a sign-in', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) {
      statuses.push((await post(app, '/api/auth/sign-in/identity-provider', { returnTo: '/' }, undefined, {}, '198.51.100.77')).status);
    }
    expect(statuses.slice(0, 30).every((s) => s === 200)).toBe(true);
    expect(statuses[30]).toBe(429);
  });

  it('lets a person who came through the provider set a password with the reset link', async () => {
    idp.addUser({ email: 'sans-mot-de-passe@exemple.ca', name: 'Sam Sans' });
    expect(sessionCookieOf((await signInWithProvider('sans-mot-de-passe@exemple.ca')).res)).toBeTruthy();
    // No SMTP here: the link is in the outbox.
    await post(app, '/api/auth/request-password-reset', { email: 'sans-mot-de-passe@exemple.ca' });
    let token: string | undefined;
    for (let i = 0; i < 50 && !token; i++) {
      const [mail] = await app.db.select({ text: outboxEmails.text }).from(outboxEmails).where(eq(outboxEmails.to, 'sans-mot-de-passe@exemple.ca'));
      const text = mail?.text;
      token = text ? /token=([A-Za-z0-9_-]+)/.exec(text)?.[1] : undefined;
      if (!token) await new Promise((r) => setTimeout(r, 50));
    }
    expect(token).toBeDefined();
    expect((await post(app, '/api/auth/reset-password', { token, newPassword: 'Cretons-Maison-2026' })).status).toBe(200);
    expect(await signIn(app, 'sans-mot-de-passe@exemple.ca', 'Cretons-Maison-2026')).toBeTruthy();
    const [user] = await app.db.select().from(users).where(eq(users.email, 'sans-mot-de-passe@exemple.ca'));
    const kinds = await app.db.select({ providerId: accounts.providerId }).from(accounts).where(eq(accounts.userId, user!.id));
    expect(kinds.map((k) => k.providerId).sort()).toEqual(['credential', `oidc:${idp.issuer}`]);
  });
});

describe('without OIDC settings', () => {
  it('offers no provider, and its endpoints do not exist', async () => {
    const plain = await createTestApp();
    try {
      expect(await (await plain.request('/api/auth/providers')).json()).toEqual({ identityProvider: null });
      expect((await post(plain, '/api/auth/sign-in/identity-provider', { returnTo: '/' })).status).toBe(404);
      expect((await plain.request('/api/auth/callback/identity-provider?code=x&state=y')).status).toBe(404);
    } finally {
      await plain.close();
    }
  });

  it('reads OIDC_* from the environment: all three or none, Google named for its issuer', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).identityProvider).toBeNull();
    const google = { NODE_ENV: 'test', OIDC_ISSUER: 'https://accounts.google.com', OIDC_CLIENT_ID: 'id', OIDC_CLIENT_SECRET: 'secret' } as const;
    expect(loadConfig(google).identityProvider).toEqual({ issuer: 'https://accounts.google.com', clientId: 'id', clientSecret: 'secret', name: 'Google' });
    expect(loadConfig({ ...google, OIDC_ISSUER: 'https://sso.exemple.ca', OIDC_NAME: 'Exemple' }).identityProvider!.name).toBe('Exemple');
    expect(loadConfig({ ...google, OIDC_ISSUER: 'https://sso.exemple.ca' }).identityProvider!.name).toBe('sso.exemple.ca');
    expect(() => loadConfig({ NODE_ENV: 'test', OIDC_ISSUER: 'https://accounts.google.com' })).toThrow(/OIDC_CLIENT_ID/);
  });
});
