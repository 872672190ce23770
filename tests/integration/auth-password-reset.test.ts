// Password reset end to end: the request, the French e-mail received by a real SMTP server, the
// link followed through the API, every session ended, the token single-use and short-lived.
import { like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifications } from '../../src/server/db/schema';
import { me, post, signIn, signUp } from '../setup/auth-client';
import { startSmtpServer } from '../setup/smtp';
import { createTestApp, type TestApp } from '../setup/test-app';

const PASSWORD = 'Zq4-vR8k-Pouding';
const NEW_PASSWORD = 'Chomeur-Pouding-77';
type ErrorBody = { error: { code: string; message: string; fields?: Record<string, string> } };

let app: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
const inbox = () => smtp.inbox;

/** The mail's text with quoted-printable soft breaks and escapes undone. */
const decode = (raw: string) =>
  raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));

async function nextMail(count: number) {
  for (let i = 0; i < 100 && inbox().length < count; i++) await new Promise((r) => setTimeout(r, 50));
  expect(inbox().length).toBe(count);
  return inbox()[count - 1]!;
}

function tokenOf(raw: string): string {
  const match = /http:\/\/toque\.test\/update-password\?token=([A-Za-z0-9_-]+)/.exec(decode(raw));
  expect(match).not.toBeNull();
  return match![1]!;
}

beforeAll(async () => {
  smtp = await startSmtpServer();
  app = await createTestApp({ config: { smtpUrl: smtp.url } });
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
    const mail = await nextMail(1);
    expect(mail.to).toEqual(['oubli@exemple.ca']);
    await new Promise((r) => setTimeout(r, 300));
    expect(inbox()).toHaveLength(1);
  });

  it('sends a French e-mail whose link, valid 30 minutes, sets a new password and ends every session', async () => {
    const laptop = await signIn(app, 'oubli@exemple.ca', PASSWORD);
    const phone = await signIn(app, 'oubli@exemple.ca', PASSWORD);
    const before = inbox().length;
    await post(app, '/api/auth/request-password-reset', { email: 'OUBLI@exemple.ca' });
    const mail = await nextMail(before + 1);
    const text = decode(mail.raw);
    expect(text).toContain('Bonjour Aline Oubli');
    expect(text).toContain('valide 30 minutes');
    const token = tokenOf(mail.raw);
    expect(token.length).toBeGreaterThanOrEqual(24);

    const [row] = await app.db.select().from(verifications).where(like(verifications.identifier, `%${token}`));
    const minutes = (row!.expiresAt.getTime() - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(29);
    expect(minutes).toBeLessThanOrEqual(30);

    const weak = await post(app, '/api/auth/reset-password', { token, newPassword: 'password123' });
    expect(weak.status).toBe(400);

    const res = await post(app, '/api/auth/reset-password', { token, newPassword: NEW_PASSWORD });
    expect(res.status).toBe(200);
    expect((await me(app, laptop)).user).toBeNull();
    expect((await me(app, phone)).user).toBeNull();
    await expect(signIn(app, 'oubli@exemple.ca', PASSWORD)).rejects.toThrow();
    expect(await signIn(app, 'oubli@exemple.ca', NEW_PASSWORD)).toBeTruthy();

    // Single use.
    const again = await post(app, '/api/auth/reset-password', { token, newPassword: 'Encore-Un-Autre-88' });
    expect(again.status).toBe(400);
    const body = (await again.json()) as ErrorBody;
    expect(body.error.code).toBe('INVALID_RESET_TOKEN');
    expect(body.error.message).toBe('Lien invalide ou expiré');
  });

  it('refuses an expired link and a made-up one', async () => {
    const before = inbox().length;
    await post(app, '/api/auth/request-password-reset', { email: 'oubli@exemple.ca' });
    const token = tokenOf((await nextMail(before + 1)).raw);
    // 30 minutes later: the stored expiry has passed.
    await app.db
      .update(verifications)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(like(verifications.identifier, `%${token}`));
    const expired = await post(app, '/api/auth/reset-password', { token, newPassword: 'Encore-Un-Autre-88' });
    expect(expired.status).toBe(400);
    expect(((await expired.json()) as ErrorBody).error.message).toBe('Lien invalide ou expiré');
    const madeUp = await post(app, '/api/auth/reset-password', { token: 'inventeinventeinventeinv', newPassword: 'Encore-Un-Autre-88' });
    expect(madeUp.status).toBe(400);
    expect(await signIn(app, 'oubli@exemple.ca', NEW_PASSWORD)).toBeTruthy();
  });

  it('limits requests per address e-mail, known or not, and never sends more than the limit', async () => {
    for (const email of ['limite@exemple.ca', 'inconnue-limite@exemple.ca']) {
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++) statuses.push((await post(app, '/api/auth/request-password-reset', { email }, undefined, {}, `198.51.100.${i + 100}`)).status);
      expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    }
  });
});
