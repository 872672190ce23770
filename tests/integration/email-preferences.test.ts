// E-mail preferences and the unsubscribe link on the real database: defaults without a saved
// choice, saving, a signed link that turns exactly one kind off without signing in, forged and
// altered links refused in French, the mail providers' one-click POST (RFC 8058) accepted from
// another site on that one path only, and no GET that changes anything.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiErrorBody } from '@shared/errors';
import { DEFAULT_EMAIL_PREFERENCES, type EmailPreferences, type EmailPreferencesResponse } from '@shared/schemas/notifications';
import { emailPreferences, users } from '../../src/server/db/schema';
import {
  listUnsubscribeHeaders,
  signUnsubscribeToken,
  unsubscribeUrl,
  verifyUnsubscribeToken,
} from '../../src/server/modules/email-preferences/unsubscribe-token';
import { createSignedInLearners, type SignedInLearner } from '../factories/accounts';
import { send } from '../setup/auth-client';
import { createTestApp, type TestApp } from '../setup/test-app';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const learner = async () => (await createSignedInLearners(t, 1))[0]!;
const config = () => t.deps.config;

const prefsOf = async (user: SignedInLearner) => {
  const res = await send(t, 'GET', '/api/account/email-preferences', { cookie: user.cookie });
  expect(res.status).toBe(200);
  return ((await res.json()) as EmailPreferencesResponse).preferences;
};
const save = (user: SignedInLearner, body: unknown) => send(t, 'PUT', '/api/account/email-preferences', { cookie: user.cookie, body });
const unsubscribe = (token: unknown, headers: Record<string, string> = {}) => send(t, 'POST', '/api/unsubscribe', { body: { token }, headers });
/** What Gmail's servers send: no cookie, no Origin of ours, a form body. */
const oneClick = (token: string, body = 'List-Unsubscribe=One-Click', extra: Record<string, string> = {}) =>
  t.request(`/api/unsubscribe?token=${encodeURIComponent(token)}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://mail.google.com', 'sec-fetch-site': 'cross-site', ...extra },
    body,
  });
const errorOf = async (res: Response) => ((await res.json()) as ApiErrorBody).error;

describe('GET and PUT /api/account/email-preferences', () => {
  it('gives the defaults before any choice: reminders and the kit on, marketing off', async () => {
    const ana = await learner();
    expect(await prefsOf(ana)).toEqual({ reminders: true, prepKit: true, marketing: false });
    expect(DEFAULT_EMAIL_PREFERENCES).toEqual({ reminders: true, prepKit: true, marketing: false });
  });

  it('saves a choice, keeps it, and changes it again; one person’s choice is not another’s', async () => {
    const ana = await learner();
    const ben = await learner();
    const choice: EmailPreferences = { reminders: false, prepKit: true, marketing: true };
    const res = await save(ana, choice);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(await res.json()).toEqual({ preferences: choice });
    expect(await prefsOf(ana)).toEqual(choice);
    await save(ana, { reminders: true, prepKit: false, marketing: false });
    expect(await prefsOf(ana)).toEqual({ reminders: true, prepKit: false, marketing: false });
    expect(await prefsOf(ben)).toEqual(DEFAULT_EMAIL_PREFERENCES);
  });

  it.each([
    ['a missing field', { reminders: true, prepKit: true }, 'marketing'],
    ['a string for a boolean', { reminders: 'non', prepKit: true, marketing: false }, 'reminders'],
    ['an unknown field', { reminders: true, prepKit: true, marketing: false, sms: true }, 'sms'],
  ])('refuses %s with a French 400 naming the field', async (_label, body, field) => {
    const ana = await learner();
    const res = await save(ana, body);
    expect(res.status).toBe(400);
    const error = await errorOf(res);
    expect(error.code).toBe('VALIDATION_FAILED');
    expect(error.fields?.[field]).toMatch(/[a-zé]/);
    expect(await prefsOf(ana)).toEqual(DEFAULT_EMAIL_PREFERENCES);
  });

  it('is for signed-in people only (401), and refuses a cross-site PUT (403)', async () => {
    expect((await send(t, 'GET', '/api/account/email-preferences')).status).toBe(401);
    expect((await send(t, 'PUT', '/api/account/email-preferences', { body: DEFAULT_EMAIL_PREFERENCES })).status).toBe(401);
    const ana = await learner();
    const res = await send(t, 'PUT', '/api/account/email-preferences', {
      cookie: ana.cookie,
      body: { reminders: false, prepKit: false, marketing: false },
      headers: { origin: 'https://ailleurs.example' },
    });
    expect(res.status).toBe(403);
    expect(await prefsOf(ana)).toEqual(DEFAULT_EMAIL_PREFERENCES);
  });
});

describe('the unsubscribe token', () => {
  it('says who and what, and verifies only as signed', () => {
    const token = signUnsubscribeToken(config(), 'user_abc', 'reminders');
    expect(verifyUnsubscribeToken(config(), token)).toEqual({ userId: 'user_abc', topic: 'reminders' });
    // Another secret (another server), another topic or another person: refused.
    expect(verifyUnsubscribeToken({ authSecret: 'un-autre-secret-de-trente-deux-caracteres!' }, token)).toBeNull();
    const [, user, mac] = token.split('.');
    expect(verifyUnsubscribeToken(config(), `marketing.${user}.${mac}`)).toBeNull();
    expect(verifyUnsubscribeToken(config(), `reminders.${Buffer.from('user_abd').toString('base64url')}.${mac}`)).toBeNull();
    expect(verifyUnsubscribeToken(config(), token.slice(0, -2))).toBeNull();
    expect(verifyUnsubscribeToken(config(), `${token}.x`)).toBeNull();
    expect(verifyUnsubscribeToken(config(), `sms.${user}.${mac}`)).toBeNull();
  });

  it("builds the e-mail's link to the page and the one-click headers", () => {
    const url = new URL(unsubscribeUrl(config(), 'user_abc', 'prepKit'));
    expect(url.origin + url.pathname).toBe('http://toque.test/desabonnement');
    expect(verifyUnsubscribeToken(config(), url.searchParams.get('token')!)).toEqual({ userId: 'user_abc', topic: 'prepKit' });
    const headers = listUnsubscribeHeaders(config(), 'user_abc', 'marketing');
    expect(headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    const posted = new URL(headers['List-Unsubscribe']!.slice(1, -1));
    expect(posted.origin + posted.pathname).toBe('http://toque.test/api/unsubscribe');
    expect(verifyUnsubscribeToken(config(), posted.searchParams.get('token')!)).toEqual({ userId: 'user_abc', topic: 'marketing' });
  });
});

describe('POST /api/unsubscribe (the page, signed out)', () => {
  it('turns that one kind off and keeps the others as they were', async () => {
    const ana = await learner();
    await save(ana, { reminders: true, prepKit: true, marketing: true });
    const res = await unsubscribe(signUnsubscribeToken(config(), ana.id, 'marketing'));
    expect(res.status).toBe(200);
    const [row] = await t.db.select({ email: users.email }).from(users).where(eq(users.id, ana.id));
    expect(await res.json()).toEqual({ topic: 'marketing', email: row!.email });
    expect(await prefsOf(ana)).toEqual({ reminders: true, prepKit: true, marketing: false });
    // Twice is fine (a second click, a second e-mail).
    expect((await unsubscribe(signUnsubscribeToken(config(), ana.id, 'marketing'))).status).toBe(200);
  });

  it('creates the row from the defaults for someone who never chose', async () => {
    const ana = await learner();
    expect((await unsubscribe(signUnsubscribeToken(config(), ana.id, 'reminders'))).status).toBe(200);
    expect(await prefsOf(ana)).toEqual({ reminders: false, prepKit: true, marketing: false });
  });

  it("changes only the token's person, whoever is signed in", async () => {
    const ana = await learner();
    const ben = await learner();
    const res = await send(t, 'POST', '/api/unsubscribe', { cookie: ben.cookie, body: { token: signUnsubscribeToken(config(), ana.id, 'prepKit') } });
    expect(res.status).toBe(200);
    expect((await prefsOf(ana)).prepKit).toBe(false);
    expect((await prefsOf(ben)).prepKit).toBe(true);
  });

  it('refuses a forged, altered or dangling link in French (400) and changes nothing', async () => {
    const ana = await learner();
    const genuine = signUnsubscribeToken(config(), ana.id, 'reminders');
    const [, user, mac] = genuine.split('.');
    const forged = signUnsubscribeToken({ authSecret: 'un-autre-secret-de-trente-deux-caracteres!' }, ana.id, 'reminders');
    const other = await learner();
    const otherUser = genuine.replace(user!, Buffer.from(other.id).toString('base64url'));
    const gone = signUnsubscribeToken(config(), 'user_supprime_depuis', 'reminders');
    for (const token of [forged, `prepKit.${user}.${mac}`, otherUser, gone, 'pas-un-jeton-du-tout']) {
      const res = await unsubscribe(token);
      expect(res.status).toBe(400);
      expect(await errorOf(res)).toMatchObject({
        code: 'UNSUBSCRIBE_LINK_INVALID',
        message: 'Ce lien de désabonnement est invalide. Gérez vos courriels depuis vos préférences.',
      });
    }
    expect(await prefsOf(ana)).toEqual(DEFAULT_EMAIL_PREFERENCES);
    expect(await prefsOf(other)).toEqual(DEFAULT_EMAIL_PREFERENCES);
    expect((await unsubscribe(undefined)).status).toBe(400);
  });

  it('a GET changes nothing (mail scanners open links first)', async () => {
    const ana = await learner();
    const token = signUnsubscribeToken(config(), ana.id, 'reminders');
    const res = await t.request(`/api/unsubscribe?token=${encodeURIComponent(token)}`);
    expect(res.status).toBe(404);
    expect(await prefsOf(ana)).toEqual(DEFAULT_EMAIL_PREFERENCES);
    const rows = await t.db.select().from(emailPreferences).where(eq(emailPreferences.userId, ana.id));
    expect(rows).toEqual([]);
  });
});

describe('one-click unsubscribe (RFC 8058)', () => {
  it("is accepted from the mail provider's servers: form body, another site's origin, no cookie", async () => {
    const ana = await learner();
    const res = await oneClick(signUnsubscribeToken(config(), ana.id, 'reminders'));
    expect(res.status).toBe(200);
    expect(await prefsOf(ana)).toEqual({ reminders: false, prepKit: true, marketing: false });
    // Some providers post multipart/form-data.
    const form = new FormData();
    form.set('List-Unsubscribe', 'One-Click');
    const multipart = await t.request(`/api/unsubscribe?token=${encodeURIComponent(signUnsubscribeToken(config(), ana.id, 'prepKit'))}`, { method: 'POST', body: form });
    expect(multipart.status).toBe(200);
    expect((await prefsOf(ana)).prepKit).toBe(false);
  });

  it('needs the one-click body and a genuine token', async () => {
    const ana = await learner();
    const token = signUnsubscribeToken(config(), ana.id, 'reminders');
    for (const res of [await oneClick(token, 'List-Unsubscribe=Autre'), await oneClick(token, ''), await oneClick(`${token}x`)]) {
      expect(res.status).toBe(400);
      expect((await errorOf(res)).code).toBe('UNSUBSCRIBE_LINK_INVALID');
    }
    const noToken = await t.request('/api/unsubscribe', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(noToken.status).toBe(400);
    expect(await prefsOf(ana)).toEqual(DEFAULT_EMAIL_PREFERENCES);
  });

  it('is exempt on that path only: the same cross-site form elsewhere is refused', async () => {
    const ana = await learner();
    const crossSite = { origin: 'https://mail.google.com', 'sec-fetch-site': 'cross-site', 'content-type': 'application/x-www-form-urlencoded' };
    const elsewhere = await t.request('/api/notifications/read-all', { method: 'POST', headers: { ...crossSite, cookie: `toque.session_token=${ana.cookie}` }, body: 'List-Unsubscribe=One-Click' });
    expect(elsewhere.status).toBe(403);
    // Same origin but a form body on another path: the JSON-only rule still refuses it (415).
    const form = await t.request('/api/account/email-preferences', {
      method: 'PUT',
      headers: { origin: 'http://toque.test', 'content-type': 'application/x-www-form-urlencoded', cookie: `toque.session_token=${ana.cookie}` },
      body: 'reminders=false',
    });
    expect(form.status).toBe(415);
    // And the unsubscribe path takes no other body type.
    const text = await t.request('/api/unsubscribe?token=x', { method: 'POST', headers: { 'content-type': 'text/plain' }, body: 'List-Unsubscribe=One-Click' });
    expect(text.status).toBe(415);
    expect(await prefsOf(ana)).toEqual(DEFAULT_EMAIL_PREFERENCES);
  });
});
