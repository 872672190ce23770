// The admin's reading of the outbox: the list says how the site sends e-mail now, one e-mail opens
// with its HTML version; the admin's alone. With SMTP_URL set nothing new is kept (the mailer sends by
// SMTP), and the list says so.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiErrorBody } from '@shared/errors';
import type { OutboxEmailResponse, OutboxResponse } from '@shared/schemas/admin';
import { outboxEmails } from '../../src/server/db/schema';
import { createMailer } from '../../src/server/integrations/mail/mailer';
import { setRole } from '../factories';
import { newSignedInUser, send } from '../setup/auth-client';
import { createTestApp, type TestApp } from '../setup/test-app';

let t: TestApp;
let admin: { id: string; cookie: string };
let learner: { id: string; cookie: string };
let kept: { id: string };

const mail = {
  to: 'marie@exemple.ca',
  subject: 'Réinitialisation de votre mot de passe',
  text: 'Bonjour Marie,\n\nVotre lien : http://toque.test/update-password?token=abc',
  html: '<p>Bonjour Marie,</p><p><a href="http://toque.test/update-password?token=abc">Choisir un mot de passe</a></p><script>alert(1)</script>',
};

beforeAll(async () => {
  t = await createTestApp();
  admin = await newSignedInUser(t, 'Cheffe Admin');
  await setRole(t.db, admin.id, 'admin');
  learner = await newSignedInUser(t, 'Léa Apprenante');
  // Through the site's own mailer, as a reset e-mail is kept without SMTP.
  await createMailer(t.deps.config, t.db, t.deps.logger).send(mail);
  kept = (await t.db.select({ id: outboxEmails.id }).from(outboxEmails))[0]!;
});
afterAll(() => t.close());

describe('GET /api/admin/outbox', () => {
  it('lists the e-mail kept and says the site keeps e-mails (no SMTP configured)', async () => {
    const res = await send(t, 'GET', '/api/admin/outbox', { cookie: admin.cookie });
    expect(res.status).toBe(200);
    const body = (await res.json()) as OutboxResponse;
    expect(body.delivery).toBe('outbox');
    expect(body.total).toBe(1);
    expect(body.emails).toEqual([{ id: kept!.id, to: mail.to, subject: mail.subject, text: mail.text, createdAt: expect.any(String) }]);
  });

  it('says e-mails go out by SMTP when SMTP_URL is set', async () => {
    const smtp = await createTestApp({ config: { smtpUrl: 'smtp://127.0.0.1:2525' } });
    try {
      const chef = await newSignedInUser(smtp, 'Cheffe Admin');
      await setRole(smtp.db, chef.id, 'admin');
      const body = (await (await send(smtp, 'GET', '/api/admin/outbox', { cookie: chef.cookie })).json()) as OutboxResponse;
      expect(body).toEqual({ emails: [], total: 0, delivery: 'smtp' });
    } finally {
      await smtp.close();
    }
  });
});

describe('GET /api/admin/outbox/:emailId', () => {
  it('gives one e-mail with its HTML version, as kept', async () => {
    const res = await send(t, 'GET', `/api/admin/outbox/${kept!.id}`, { cookie: admin.cookie });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(((await res.json()) as OutboxEmailResponse).email).toEqual({ id: kept!.id, ...mail, createdAt: expect.any(String) });
  });

  it.each(['00000000-0000-4000-8000-000000000000', 'pas-un-id'])('answers 404 in French for %s', async (id) => {
    const res = await send(t, 'GET', `/api/admin/outbox/${id}`, { cookie: admin.cookie });
    expect(res.status).toBe(404);
    expect(((await res.json()) as ApiErrorBody).error).toMatchObject({ code: 'NOT_FOUND', message: "Ce courriel n'existe pas." });
  });

  it('refuses an unknown query parameter (400)', async () => {
    expect((await send(t, 'GET', `/api/admin/outbox/${kept!.id}?format=html`, { cookie: admin.cookie })).status).toBe(400);
  });
});

describe('access', () => {
  it.each(['/api/admin/outbox', '/api/admin/outbox/ID'])('GET %s: 401 to a visitor, 403 to a learner', async (path) => {
    const url = path.replace('ID', kept!.id);
    expect((await send(t, 'GET', url)).status).toBe(401);
    const res = await send(t, 'GET', url, { cookie: learner.cookie });
    expect(res.status).toBe(403);
    expect(((await res.json()) as ApiErrorBody).error.code).toBe('FORBIDDEN');
  });
});
