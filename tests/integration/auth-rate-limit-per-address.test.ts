// Brute force from one address: the per-address limits on sign-in (one password tried at many
// accounts) and on sign-up, counted in the database whatever X-Forwarded-For says. The per-account
// limit and the trusted proxy: auth-rate-limit.test.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_LIMITS } from '../../src/server/modules/auth/rate-limits';
import { post, signUp } from '../setup/auth-client';
import { createTestApp, type TestApp } from '../setup/test-app';

const PASSWORD = 'Zq4-vR8k-Tourtiere';

const signInFrom = (app: TestApp, from: string, email: string, password: string, xff?: string) =>
  post(app, '/api/auth/sign-in/email', { email, password }, undefined, xff ? { 'x-forwarded-for': xff } : {}, from);

// Each test hashes some thirty passwords (scrypt): slow on a busy machine.
describe('without a trusted proxy', { timeout: 180_000 }, () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp();
    await signUp(app, 'voisine@exemple.ca', PASSWORD);
  });
  afterAll(() => app.close());

  it('throttles one address trying one password at many accounts', async () => {
    const limit = AUTH_LIMITS.signInPerIp.points;
    for (let i = 0; i < limit; i++) {
      const res = await signInFrom(app, '198.51.100.50', `inconnu-${i}@exemple.ca`, PASSWORD, `203.0.113.${i}`);
      expect(res.status).toBe(401);
    }
    expect((await signInFrom(app, '198.51.100.50', 'voisine@exemple.ca', PASSWORD, '192.0.2.1')).status).toBe(429);
    // Another address signs in normally.
    expect((await signInFrom(app, '198.51.100.51', 'voisine@exemple.ca', PASSWORD)).status).toBe(200);
  });

  it('limits sign-ups per address', async () => {
    const limit = AUTH_LIMITS.signUpPerIp.points;
    const signUpFrom = (i: number) =>
      post(app, '/api/auth/sign-up/email', { name: 'Robot Inscripteur', email: `robot-${i}@exemple.ca`, password: PASSWORD }, undefined, { 'x-forwarded-for': `203.0.113.${i}` }, '198.51.100.70');
    for (let i = 0; i < limit; i++) expect((await signUpFrom(i)).status).toBe(200);
    expect((await signUpFrom(limit)).status).toBe(429);
  });
});
