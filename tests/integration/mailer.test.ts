// The Mailer port against a real SMTP server (smtp-server, started here) and the outbox table.
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxEmails } from '../../src/server/db/schema';
import { createMailer } from '../../src/server/integrations/mail/mailer';
import { createTestApp, type TestApp } from '../setup/test-app';

type Received = { from: string; to: string[]; raw: string };

let app: TestApp;
let server: SMTPServer;
let port: number;
const received: Received[] = [];

beforeAll(async () => {
  app = await createTestApp();
  server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      let raw = '';
      stream.setEncoding('utf8');
      stream.on('data', (chunk: string) => (raw += chunk));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.server.address() as AddressInfo).port;
});
afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
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
