// Brute force: the per-account limit on sign-in, counted in the database, and a forged
// X-Forwarded-For that changes nothing unless the request comes through a trusted proxy. The
// per-address limits on sign-in and sign-up: auth-rate-limit-per-address.test.ts (two files, so the
// password hashing of both runs on both cores).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_LIMITS } from '../../src/server/modules/auth/rate-limits';
import { post, sessionCookieOf, signUp } from '../setup/auth-client';
import { createTestApp, type TestApp } from '../setup/test-app';

const PASSWORD = 'Zq4-vR8k-Tourtiere';
type ErrorBody = { error: { code: string; message: string } };

const signInFrom = (app: TestApp, from: string, email: string, password: string, xff?: string) =>
  post(app, '/api/auth/sign-in/email', { email, password }, undefined, xff ? { 'x-forwarded-for': xff } : {}, from);

// Each test hashes up to thirty passwords (scrypt): slow on a busy machine.
describe('without a trusted proxy', { timeout: 180_000 }, () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp();
    await signUp(app, 'cible@exemple.ca', PASSWORD);
    await signUp(app, 'voisine@exemple.ca', PASSWORD);
  });
  afterAll(() => app.close());

  it('stops guessing at one account after 10 failures, even with a new X-Forwarded-For each time', async () => {
    const limit = AUTH_LIMITS.signInPerAccount.points;
    for (let i = 0; i < limit; i++) {
      const res = await signInFrom(app, '198.51.100.7', 'cible@exemple.ca', `mauvais-${i}-xyz`, `203.0.113.${i}`);
      expect(res.status).toBe(401);
    }
    // Now even the right password, from a "new" forwarded address, is refused for a while.
    const blocked = await signInFrom(app, '198.51.100.7', 'cible@exemple.ca', PASSWORD, '192.0.2.99');
    expect(blocked.status).toBe(429);
    const body = (await blocked.json()) as ErrorBody;
    expect(body.error.code).toBe('RATE_LIMITED');
    expect(body.error.message).toBe('Trop de tentatives. Réessayez dans quelques minutes.');
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(sessionCookieOf(blocked)).toBeUndefined();
    // From another real address too: the account's counter is the account's.
    expect((await signInFrom(app, '198.51.100.8', 'cible@exemple.ca', PASSWORD)).status).toBe(429);
    // Other accounts are unaffected.
    expect((await signInFrom(app, '198.51.100.9', 'voisine@exemple.ca', PASSWORD)).status).toBe(200);
  });

  it('does not count successful sign-ins, and a success clears the account\'s failures', async () => {
    await signUp(app, 'reguliere@exemple.ca', PASSWORD);
    for (let i = 0; i < AUTH_LIMITS.signInPerAccount.points - 1; i++) {
      expect((await signInFrom(app, '198.51.100.60', 'reguliere@exemple.ca', 'mauvais-mot-de-passe')).status).toBe(401);
    }
    expect((await signInFrom(app, '198.51.100.60', 'reguliere@exemple.ca', PASSWORD)).status).toBe(200);
    for (let i = 0; i < 3; i++) {
      expect((await signInFrom(app, '198.51.100.60', 'reguliere@exemple.ca', 'mauvais-mot-de-passe')).status).toBe(401);
    }
    // One more success than the account's limit: successes are never counted against it.
    for (let i = 0; i <= AUTH_LIMITS.signInPerAccount.points; i++) {
      expect((await signInFrom(app, '198.51.100.61', 'reguliere@exemple.ca', PASSWORD)).status).toBe(200);
    }
  });
});

describe('behind a trusted proxy', { timeout: 180_000 }, () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp({ config: { trustedProxies: ['10.0.0.2'] } });
    await signUp(app, 'proxy@exemple.ca', PASSWORD);
  });
  afterAll(() => app.close());

  it('takes the client from X-Forwarded-For only through the proxy, the right-most untrusted hop', async () => {
    const limit = AUTH_LIMITS.signInPerIp.points;
    const perAccount = AUTH_LIMITS.signInPerAccount.points;
    // A client prepending a forged address: the proxy appends the real one, which is what counts.
    // Its guesses go at one account: refused past that account's limit, still counted for the address
    // (and only the first ones cost a password hash).
    for (let i = 0; i < limit; i++) {
      const res = await signInFrom(app, '10.0.0.2', 'inconnu@exemple.ca', PASSWORD, `1.2.3.${i}, 198.51.100.80`);
      expect(res.status).toBe(i < perAccount ? 401 : 429);
    }
    expect((await signInFrom(app, '10.0.0.2', 'proxy@exemple.ca', PASSWORD, '9.9.9.9, 198.51.100.80')).status).toBe(429);
    // Another client behind the same proxy is not affected.
    expect((await signInFrom(app, '10.0.0.2', 'proxy@exemple.ca', PASSWORD, '198.51.100.81')).status).toBe(200);
    // A direct connection (not through the proxy) is its socket address, whatever the header says:
    // the blocked client cannot escape by naming another address…
    expect((await signInFrom(app, '198.51.100.80', 'proxy@exemple.ca', PASSWORD, '198.51.100.81')).status).toBe(429);
    // …and nobody is blocked by having the blocked address written in their header.
    expect((await signInFrom(app, '198.51.100.82', 'proxy@exemple.ca', PASSWORD, '198.51.100.80')).status).toBe(200);
  });
});
