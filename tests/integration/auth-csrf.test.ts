// CSRF: state-changing API calls from another origin, or from nowhere said, change nothing.
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../src/server/db/schema';
import { me, post, signIn, signUp } from '../setup/auth-client';
import { createTestApp, type TestApp } from '../setup/test-app';

let app: TestApp;
let cookie: string;
const PASSWORD = 'Zq4-vR8k-Cretons';

beforeAll(async () => {
  app = await createTestApp();
  await signUp(app, 'csrf@exemple.ca', PASSWORD);
  cookie = await signIn(app, 'csrf@exemple.ca', PASSWORD);
});
afterAll(() => app.close());

const userCount = async () => (await app.db.select({ n: count() }).from(users))[0]!.n;

describe('cross-site requests', () => {
  it.each([
    { label: 'another origin', headers: { origin: 'https://evil.example' } },
    { label: 'Origin: null', headers: { origin: 'null' } },
    { label: 'our host on another scheme', headers: { origin: 'https://toque.test' } },
    { label: 'a cross-site fetch without Origin', headers: { origin: '', 'sec-fetch-site': 'cross-site' } },
    { label: 'a same-site (sibling subdomain) fetch', headers: { origin: '', 'sec-fetch-site': 'same-site' } },
    { label: 'no Origin and no Sec-Fetch-Site', headers: { origin: '' } },
    { label: 'our Origin with Sec-Fetch-Site: cross-site (the browser is believed)', headers: { origin: 'http://toque.test', 'sec-fetch-site': 'cross-site' } },
    // PUBLIC_URL set: the request's own Host (app.request addresses http://localhost) is not ours.
    { label: "the request's own origin when PUBLIC_URL names another", headers: { origin: 'http://localhost', 'sec-fetch-site': 'same-origin' } },
  ])('$label → 403 in French, nothing changes', async ({ headers }) => {
    const clean = Object.fromEntries(Object.entries(headers).filter(([, v]) => v !== ''));
    const send = (path: string, body: unknown, withCookie?: string) =>
      app.request(path, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(withCookie ? { cookie: `toque.session_token=${withCookie}` } : {}),
          ...clean,
        },
        body: JSON.stringify(body),
      });
    const before = await userCount();
    const signUpRes = await send('/api/auth/sign-up/email', { name: 'Forgé', email: `forge-${Math.random()}@exemple.ca`, password: PASSWORD });
    expect(signUpRes.status).toBe(403);
    const body = (await signUpRes.json()) as { error: { code: string; message: string } };
    expect(body.error.code).toBe('CROSS_SITE_REQUEST');
    expect(body.error.message).toMatch(/ne provient pas du site Toque/);
    expect(await userCount()).toBe(before);

    const signInRes = await send('/api/auth/sign-in/email', { email: 'csrf@exemple.ca', password: PASSWORD });
    expect(signInRes.status).toBe(403);
    expect(signInRes.headers.getSetCookie()).toEqual([]);

    const signOutRes = await send('/api/auth/sign-out', {}, cookie);
    expect(signOutRes.status).toBe(403);
    const change = await send('/api/auth/change-password', { currentPassword: PASSWORD, newPassword: 'Autre-Mot-2-Passe' }, cookie);
    expect(change.status).toBe(403);
    expect((await me(app, cookie)).user).not.toBeNull();
  });

  it('accepts our origin, and a same-origin fetch that sends Sec-Fetch-Site without Origin', async () => {
    expect((await post(app, '/api/auth/sign-in/email', { email: 'csrf@exemple.ca', password: PASSWORD })).status).toBe(200);
    const res = await app.request('/api/auth/sign-in/email', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'sec-fetch-site': 'same-origin' },
      body: JSON.stringify({ email: 'csrf@exemple.ca', password: PASSWORD }),
    });
    expect(res.status).toBe(200);
  });

  it('leaves reads alone: a cross-site GET still answers', async () => {
    const res = await app.request('/api/me', { headers: { origin: 'https://evil.example' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
  });
});
