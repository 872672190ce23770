// Password reset end to end: the request, the French e-mail received by a real SMTP server, the
// link followed through the API, every session ended, the token stored hashed, single-use and
// short-lived (a movable clock), only the newest link alive, the link on the configured origin.
import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passwordResetTokens, users, verifications } from '../../src/server/db/schema';
import { me, post, sessionCookieOf, signIn, signUp } from '../setup/auth-client';
import { startSmtpServer, type ReceivedMail } from '../setup/smtp';
import { createTestApp, type TestApp } from '../setup/test-app';
import { testNow } from '../setup/test-clock';

const PASSWORD = 'Zq4-vR8k-Pouding';
const NEW_PASSWORD = 'Chomeur-Pouding-77';
type ErrorBody = { error: { code: string; message: string; fields?: Record<string, string> } };

let app: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
/** The app's clock runs this far ahead of the real one. */
let clockAheadMs = 0;
/** Each request from its own address, so the per-address reset allowance never runs out here. */
let nextHost = 1;
const freshAddress = () => `203.0.113.${nextHost++}`;

/** The mail's text with quoted-printable soft breaks and escapes undone. */
const decode = (raw: string) =>
  raw
    .replace(/=\r?\n/g, '')
    .replace(/(?:=[0-9A-F]{2})+/g, (m) => Buffer.from(m.replace(/=/g, ''), 'hex').toString('utf8'));

const mailsTo = (address: string) => smtp.inbox.filter((m) => m.to.includes(address));

/** Waits for the n-th (1-based) e-mail to this address. */
async function nthMailTo(address: string, n: number): Promise<ReceivedMail> {
  for (let i = 0; i < 100 && mailsTo(address).length < n; i++) await new Promise((r) => setTimeout(r, 50));
  expect(mailsTo(address).length).toBeGreaterThanOrEqual(n);
  return mailsTo(address)[n - 1]!;
}

function tokenOf(raw: string): string {
  const match = /http:\/\/toque\.test\/update-password\?token=([A-Za-z0-9_-]+)/.exec(decode(raw));
  expect(match).not.toBeNull();
  return match![1]!;
}

const requestReset = (email: string, headers: Record<string, string> = {}) =>
  post(app, '/api/auth/request-password-reset', { email }, undefined, headers, freshAddress());
const resetPassword = (token: string, newPassword: string) =>
  post(app, '/api/auth/reset-password', { token, newPassword }, undefined, {}, freshAddress());

/** Requests a link for the address and returns its token (the n-th mail to it). */
async function linkToken(email: string, n: number): Promise<string> {
  expect((await requestReset(email)).status).toBe(200);
  return tokenOf((await nthMailTo(email, n)).raw);
}

beforeAll(async () => {
  smtp = await startSmtpServer();
  app = await createTestApp({ config: { smtpUrl: smtp.url }, now: () => new Date(testNow().getTime() + clockAheadMs) });
  await signUp(app, 'oubli@exemple.ca', PASSWORD, 'Aline Oubli');
});
afterAll(async () => {
  await smtp.close();
  await app.close();
});

describe('password reset', { timeout: 60_000 }, () => {
  it('answers the same for a known and an unknown address, and mails only the known one', async () => {
    const known = await post(app, '/api/auth/request-password-reset', { email: 'oubli@exemple.ca' });
    const unknown = await post(app, '/api/auth/request-password-reset', { email: 'personne@exemple.ca' });
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(await unknown.text()).toBe(await known.text());
    const mail = await nthMailTo('oubli@exemple.ca', 1);
    expect(mail.to).toEqual(['oubli@exemple.ca']);
    // Both answers came after their e-mail, if any, was handed to the mailer: once it has sent
    // everything, the mail server holds all there will be.
    await app.mailer.settled();
    expect(smtp.inbox).toHaveLength(1);
  });

  it('sends a French e-mail whose link, valid 30 minutes, sets a new password and ends every session', async () => {
    const laptop = await signIn(app, 'oubli@exemple.ca', PASSWORD);
    const phone = await signIn(app, 'oubli@exemple.ca', PASSWORD);
    const before = mailsTo('oubli@exemple.ca').length;
    await requestReset('OUBLI@exemple.ca');
    const mail = await nthMailTo('oubli@exemple.ca', before + 1);
    const text = decode(mail.raw);
    expect(text).toContain('Bonjour Aline Oubli');
    expect(text).toContain('valide 30 minutes');
    const token = tokenOf(mail.raw);
    // 32 random bytes, base64url.
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const [row] = await app.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.tokenHash, sha256(token)));
    const minutes = (row!.expiresAt.getTime() - testNow().getTime()) / 60_000;
    expect(minutes).toBeGreaterThan(29);
    expect(minutes).toBeLessThanOrEqual(30);

    const weak = await resetPassword(token, 'password123');
    expect(weak.status).toBe(400);

    const res = await resetPassword(token, NEW_PASSWORD);
    expect(res.status).toBe(200);
    // No sign-in by the reset itself.
    expect(sessionCookieOf(res)).toBeUndefined();
    expect((await me(app, laptop)).user).toBeNull();
    expect((await me(app, phone)).user).toBeNull();
    await expect(signIn(app, 'oubli@exemple.ca', PASSWORD)).rejects.toThrow();
    expect(await signIn(app, 'oubli@exemple.ca', NEW_PASSWORD)).toBeTruthy();

    // The owner is told.
    const notice = decode((await nthMailTo('oubli@exemple.ca', before + 2)).raw);
    expect(notice).toContain('Votre mot de passe a été changé');

    // Single use.
    const again = await resetPassword(token, 'Encore-Un-Autre-88');
    expect(again.status).toBe(400);
    const body = (await again.json()) as ErrorBody;
    expect(body.error.code).toBe('INVALID_RESET_TOKEN');
    expect(body.error.message).toBe('Lien invalide ou expiré');
    expect(await signIn(app, 'oubli@exemple.ca', NEW_PASSWORD)).toBeTruthy();
  });

  it('keeps only a hash of the token in the database', async () => {
    await signUp(app, 'hache@exemple.ca', PASSWORD, 'Hugo Hache');
    const token = await linkToken('hache@exemple.ca', 1);
    const [user] = await app.db.select().from(users).where(eq(users.email, 'hache@exemple.ca'));
    const rows = await app.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, user!.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.tokenHash).toBe(sha256(token));
    expect(JSON.stringify(rows)).not.toContain(token);
    // Nowhere else either: the library's verification table holds no copy.
    const dump = JSON.stringify(await app.db.select().from(verifications));
    expect(dump).not.toContain(token);
  });

  it('refuses a link 30 minutes and 1 second after it was sent, and a made-up one', async () => {
    await signUp(app, 'horloge@exemple.ca', PASSWORD, 'Henri Horloge');
    const late = await linkToken('horloge@exemple.ca', 1);
    clockAheadMs = 30 * 60_000 + 1000;
    try {
      const expired = await resetPassword(late, 'Encore-Un-Autre-88');
      expect(expired.status).toBe(400);
      expect(((await expired.json()) as ErrorBody).error.message).toBe('Lien invalide ou expiré');
    } finally {
      clockAheadMs = 0;
    }
    // A link used within its 30 minutes still works.
    const onTime = await linkToken('horloge@exemple.ca', 2);
    clockAheadMs = 29 * 60_000;
    try {
      expect((await resetPassword(onTime, NEW_PASSWORD)).status).toBe(200);
    } finally {
      clockAheadMs = 0;
    }
    const madeUp = await resetPassword('inventeinventeinventeinventeinventeinventei', 'Encore-Un-Autre-88');
    expect(madeUp.status).toBe(400);
    expect(await signIn(app, 'horloge@exemple.ca', NEW_PASSWORD)).toBeTruthy();
  });

  it('kills the older link when a new one is asked for', async () => {
    await signUp(app, 'double@exemple.ca', PASSWORD, 'Dora Double');
    const first = await linkToken('double@exemple.ca', 1);
    const second = await linkToken('double@exemple.ca', 2);
    expect(second).not.toBe(first);
    expect((await resetPassword(first, NEW_PASSWORD)).status).toBe(400);
    expect((await resetPassword(second, NEW_PASSWORD)).status).toBe(200);
  });

  it('lets only one of two simultaneous uses of a link win', async () => {
    await signUp(app, 'course@exemple.ca', PASSWORD, 'Corinne Course');
    const token = await linkToken('course@exemple.ca', 1);
    const [a, b] = await Promise.all([resetPassword(token, 'Premier-Arrive-31'), resetPassword(token, 'Second-Arrive-32')]);
    expect([a.status, b.status].sort()).toEqual([200, 400]);
    const winner = a.status === 200 ? 'Premier-Arrive-31' : 'Second-Arrive-32';
    expect(await signIn(app, 'course@exemple.ca', winner)).toBeTruthy();
  });

  it('builds the link on PUBLIC_URL whatever Host and X-Forwarded-Host say', async () => {
    await signUp(app, 'hote@exemple.ca', PASSWORD, 'Hélène Hôte');
    const res = await requestReset('hote@exemple.ca', { host: 'evil.example', 'x-forwarded-host': 'evil.example' });
    expect(res.status).toBe(200);
    const text = decode((await nthMailTo('hote@exemple.ca', 1)).raw);
    expect(text).toContain('http://toque.test/update-password?token=');
    expect(text).not.toContain('evil.example');
  });

  it('takes about as long for an unknown address as for a known one', async () => {
    const known: string[] = [];
    for (let i = 0; i < 8; i++) {
      known.push(`chrono${i}@exemple.ca`);
      await signUp(app, `chrono${i}@exemple.ca`, PASSWORD, 'Chrono Métré');
    }
    const timings = { known: [] as number[], unknown: [] as number[] };
    for (let i = 0; i < known.length; i++) {
      for (const [kind, email] of [['known', known[i]!], ['unknown', `absent${i}@exemple.ca`]] as const) {
        const started = performance.now();
        expect((await requestReset(email)).status).toBe(200);
        timings[kind].push(performance.now() - started);
      }
    }
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
    // Within 25 ms, or within half of the slower median on a loaded machine (CI's two lanes): an
    // unknown address answered early would take a small fraction of the known one's time and still fail.
    const [known_, unknown_] = [median(timings.known), median(timings.unknown)];
    expect(Math.abs(known_ - unknown_), JSON.stringify({ known_, unknown_ })).toBeLessThan(Math.max(25, 0.5 * Math.max(known_, unknown_)));
  });

  it('serves the reset page with Referrer-Policy: no-referrer, so the token never leaks in a Referer', async () => {
    const page = await app.request('/update-password?token=abc');
    expect(page.status).toBe(200);
    expect(page.headers.get('referrer-policy')).toBe('no-referrer');
    // Twice: the second answer may come from the page cache.
    expect((await app.request('/update-password?token=def')).headers.get('referrer-policy')).toBe('no-referrer');
    expect((await app.request('/update-password')).headers.get('referrer-policy')).toBe('no-referrer');
    expect((await app.request('/update-password')).headers.get('referrer-policy')).toBe('no-referrer');
    // Other pages keep the site-wide policy.
    expect((await app.request('/faq')).headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
  });

  it('notifies the owner after a password change from the account page too', async () => {
    await signUp(app, 'change@exemple.ca', PASSWORD, 'Chloé Change');
    const cookie = await signIn(app, 'change@exemple.ca', PASSWORD);
    const res = await post(app, '/api/auth/change-password', { currentPassword: PASSWORD, newPassword: NEW_PASSWORD }, cookie);
    expect(res.status).toBe(200);
    expect(decode((await nthMailTo('change@exemple.ca', 1)).raw)).toContain('Votre mot de passe a été changé');
  });

  it('limits requests per address e-mail, known or not, and never sends more than the limit', async () => {
    for (const email of ['limite@exemple.ca', 'inconnue-limite@exemple.ca']) {
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++) statuses.push((await post(app, '/api/auth/request-password-reset', { email }, undefined, {}, `198.51.100.${i + 100}`)).status);
      expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    }
  });
});

function sha256(s: string): string {
  return createHash('sha256').update(s).digest('hex');
}
