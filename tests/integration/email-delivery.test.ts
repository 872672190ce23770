// E-mail through the job queue, against a real SMTP server (smtp-server on a free port): each
// event's e-mail goes out once — queued twice, or refused once by the server and sent on the retry —
// to the right person, with its subject, its HTML and plain-text parts in the site's look, and the
// ledger (email_deliveries) says when and after how many attempts.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailDeliveries } from '../../src/server/db/schema';
import { renderEmail } from '../../src/server/integrations/mail/layout';
import { queueEmail } from '../../src/server/integrations/mail/outgoing';
import { QUEUES } from '../../src/server/jobs/queues';
import { parseMail } from '../setup/mime';
import { startSmtpServer } from '../setup/smtp';
import { createTestApp, type TestApp } from '../setup/test-app';
import { idle, until } from '../setup/until';

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestApp({ config: { smtpUrl: smtp.url, mailFrom: 'Toque <bonjour@toque.test>' } });
  await t.jobs.start();
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

async function delivery(key: string) {
  const [row] = await t.db.select().from(emailDeliveries).where(eq(emailDeliveries.dedupeKey, key));
  return row ?? null;
}

const sent = (key: string) => until(`sent: ${key}`, () => delivery(key), (row) => !!row?.sentAt);

const inboxOf = (address: string) => smtp.inbox.filter((m) => m.to.includes(address));

function mailTo(to: string, subject: string) {
  return renderEmail(to, {
    subject,
    greeting: 'Bonjour Marie,',
    paragraphs: ['Votre cours « Tourtière du Lac » commence bientôt.'],
    details: [{ label: 'Lien de la séance', value: 'https://meet.exemple.ca/tourtiere', href: 'https://meet.exemple.ca/tourtiere' }],
    reason: 'vous avez réservé une place à ce cours en direct sur Toque',
    unsubscribe: { url: 'http://toque.test/desabonnement?token=abc', text: 'Ne plus recevoir les rappels de cours' },
  });
}

describe('e-mail delivery through the queue', () => {
  it('sends an event’s e-mail once, however often it is queued', async () => {
    const to = 'marie@exemple.ca';
    const email = { dedupeKey: 'test.once:1', kind: 'reminder.24h', to, userId: null, mail: mailTo(to, 'Rappel : Tourtière du Lac commence demain à 18 h 00 HNE') };
    expect(await queueEmail(t.db, email)).toBe(true);
    expect(await queueEmail(t.db, email)).toBe(false);
    const row = await sent('test.once:1');
    expect(row).toMatchObject({ kind: 'reminder.24h', to, attempts: 1, skippedReason: null });
    // The queue has nothing left to send: a duplicate, if there were one, has arrived.
    await idle(t.jobs, [QUEUES.emailSend]);
    expect(await queueEmail(t.db, email)).toBe(false);
    const received = inboxOf(to);
    expect(received).toHaveLength(1);
    expect(received[0]!.from).toBe('bonjour@toque.test');
    const parsed = parseMail(received[0]!.raw);
    expect(parsed.subject).toBe('Rappel : Tourtière du Lac commence demain à 18 h 00 HNE');
    expect(parsed.text).toContain('Bonjour Marie,');
    expect(parsed.text).toContain('Votre cours « Tourtière du Lac » commence bientôt.');
    expect(parsed.text).toContain('Lien de la séance : https://meet.exemple.ca/tourtiere');
    expect(parsed.text).toContain('Vous recevez ce courriel parce que vous avez réservé une place à ce cours en direct sur Toque.');
    expect(parsed.text).toContain('Ne plus recevoir les rappels de cours : http://toque.test/desabonnement?token=abc');
    expect(parsed.html).toContain('<html lang="fr-CA">');
    expect(parsed.html).toContain('>Toque</span>');
    expect(parsed.html).toContain('<a href="https://meet.exemple.ca/tourtiere"');
    expect(parsed.html).toContain('Votre cours « Tourtière du Lac » commence bientôt.');
    expect(parsed.html).toContain('<a href="http://toque.test/desabonnement?token=abc"');
  });

  it('tries again after the mail server refuses, and sends once', async () => {
    const to = 'julien@exemple.ca';
    smtp.control.refuseNext = 1;
    const refusedBefore = smtp.control.refused;
    await queueEmail(t.db, { dedupeKey: 'test.retry:1', kind: 'booking.confirmed', to, userId: null, mail: mailTo(to, 'Votre place est confirmée') });
    const row = await sent('test.retry:1');
    expect(smtp.control.refused).toBe(refusedBefore + 1);
    expect(row).toMatchObject({ attempts: 2, skippedReason: null });
    await idle(t.jobs, [QUEUES.emailSend]);
    const received = inboxOf(to);
    expect(received).toHaveLength(1);
    expect(parseMail(received[0]!.raw).subject).toBe('Votre place est confirmée');
  });

  it('queues nothing when the transaction that decided the e-mail rolls back', async () => {
    const to = 'annule@exemple.ca';
    await t.db
      .transaction(async (tx) => {
        await queueEmail(tx, { dedupeKey: 'test.rollback:1', kind: 'booking.confirmed', to, userId: null, mail: mailTo(to, 'Jamais envoyé') });
        throw new Error('rollback');
      })
      .catch(() => {});
    await idle(t.jobs, [QUEUES.emailSend]);
    expect(await delivery('test.rollback:1')).toBeNull();
    expect(inboxOf(to)).toHaveLength(0);
  });
});
