// The Mailer port against a real SMTP server (smtp-server, started here) and the outbox table.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxEmails } from '../../src/server/db/schema';
import { createMailer } from '../../src/server/integrations/mail/mailer';
import { startSmtpServer, type ReceivedMail } from '../setup/smtp';
import { createTestApp, type TestApp } from '../setup/test-app';

let app: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let port: number;
let received: ReceivedMail[];

beforeAll(async () => {
  app = await createTestApp();
  smtp = await startSmtpServer();
  received = smtp.inbox;
  port = smtp.port;
});
afterAll(async () => {
  await smtp.close();
  await app.close();
});

const mail = {
  to: 'marie@exemple.ca',
  subject: 'Réinitialisation de votre mot de passe',
  text: 'Bonjour Marie, voici votre lien.',
  html: '<p>Bonjour Marie, voici votre lien.</p>',
};

describe('mailer', () => {
  it('sends through SMTP when SMTP_URL is set', async () => {
    const mailer = createMailer({ smtpUrl: `smtp://127.0.0.1:${port}`, mailFrom: 'Toque <bonjour@toque.test>' }, app.db, app.deps.logger);
    expect(mailer.kind).toBe('smtp');
    await mailer.send(mail);
    expect(received).toHaveLength(1);
    expect(received[0]!.from).toBe('bonjour@toque.test');
    expect(received[0]!.to).toEqual(['marie@exemple.ca']);
    expect(received[0]!.raw).toMatch(/Subject: =\?UTF-8\?/); // the French subject, encoded
    expect(received[0]!.raw).toContain('Bonjour Marie, voici votre lien.');
    expect(await app.db.select().from(outboxEmails)).toHaveLength(0);
  });

  it('keeps the e-mail in the outbox table when SMTP_URL is unset', async () => {
    const mailer = createMailer({ smtpUrl: undefined, mailFrom: 'x' }, app.db, app.deps.logger);
    expect(mailer.kind).toBe('outbox');
    await mailer.send(mail);
    const rows = await app.db.select().from(outboxEmails);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject(mail);
    expect(rows[0]!.createdAt).toBeInstanceOf(Date);
  });
});
