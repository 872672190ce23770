// The transactional e-mails from the events that send them to a real SMTP server (smtp-server on a
// free port), through the job queue: a sign-up, a paid live class (receipt, booking confirmed with
// its .ics attached — parsed back — and the video link), a learner's cancellation and its refund,
// a membership started, renewed, refused, cancelled at period end (which plans the 'ending in 7
// days' job) and that job. Each event, delivered or replayed again, sends its e-mail once, to the
// right person, with its subject and words.
import { and, eq } from 'drizzle-orm';
import ical from 'node-ical';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailDeliveries, notifications, orders } from '../../src/server/db/schema';
import { mailWelcome } from '../../src/server/integrations/mail/transactional';
import { sendJob } from '../../src/server/jobs/boss';
import { QUEUES } from '../../src/server/jobs/queues';
import { endingDedupeKey } from '../../src/server/modules/subscriptions/ending';
import { createCourse, createSession, setRole } from '../factories';
import { newSignedInUser, newSignedUpUser, send } from '../setup/auth-client';
import { parseMail, type ParsedMail } from '../setup/mime';
import { checkout, confirm, deliverEvents, holdSeat, newKey, setProvince, SUCCESS_CARD } from '../setup/payments';
import { startSmtpServer } from '../setup/smtp';
import { createTestApp, type TestApp } from '../setup/test-app';
import { advance, cancelSubscription, ourRows, providerIdOf, subscribeAndPay } from './subscriptions-helpers';
import { idle, until } from '../setup/until';
import { testNow } from '../setup/test-clock';

const DAY = 86_400_000;
const RENEWALS_DECLINED_CARD = { ...SUCCESS_CARD, number: '4000 0000 0000 0341' } as const;

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestApp({ config: { smtpUrl: smtp.url } });
  await t.jobs.start();
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

type Received = ParsedMail & { raw: string };
const received = (address: string): Received[] => smtp.inbox.filter((m) => m.to.includes(address)).map((m) => ({ ...parseMail(m.raw), raw: m.raw }));
const delivery = async (key: string) => (await t.db.select().from(emailDeliveries).where(eq(emailDeliveries.dedupeKey, key)))[0] ?? null;

/** Waits for the e-mail with this subject, then for the e-mail queue to have sent all it holds (a duplicate too), and returns them all. */
async function mailsWithSubject(address: string, subject: string | RegExp): Promise<Received[]> {
  const match = (m: Received) => (typeof subject === 'string' ? m.subject === subject : subject.test(m.subject));
  await until(`e-mail « ${subject} » to ${address}`, () => received(address).filter(match), (l) => l.length > 0);
  await idle(t.jobs, [QUEUES.emailSend]);
  return received(address).filter(match);
}

/** The MIME part of `raw` whose content type starts with `type`, decoded, with its headers. */
function partOf(raw: string, type: string): { head: string; body: string } | null {
  const boundaries = [...raw.matchAll(/boundary="?([^";\r\n]+)"?/gi)].map((m) => m[1]!);
  for (const boundary of boundaries) {
    for (const part of raw.split(`--${boundary}`)) {
      const at = part.search(/\r?\n\r?\n/);
      const head = part.slice(0, at);
      if (!new RegExp(`content-type:\\s*${type}`, 'i').test(head)) continue;
      const body = part.slice(at).trim();
      if (/content-transfer-encoding:\s*base64/i.test(head)) return { head, body: Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8') };
      if (/content-transfer-encoding:\s*quoted-printable/i.test(head)) {
        const bytes = body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_m, h: string) => String.fromCharCode(parseInt(h, 16)));
        return { head, body: Buffer.from(bytes, 'latin1').toString('utf8') };
      }
      return { head, body };
    }
  }
  return null;
}

async function learner(name: string) {
  const user = await newSignedInUser(t, name);
  await setProvince(t, user.id, 'QC');
  return user;
}

/** Pays a seat of a new live session `inDays` ahead on the sandbox, delivering the events twice. */
async function paidSeat(user: { cookie: string }, title: string, inDays: number, videoLink: string | null = null) {
  const course = await createCourse(t.db, { title, isLive: true, priceCents: 5000 });
  const session = await createSession(t.db, course.id, { startsAt: new Date(testNow().getTime() + inDays * DAY), videoLink });
  const held = await holdSeat(t, user.cookie, session.id);
  expect(held.status).toBe(201);
  const order = await checkout(t, user.cookie, { idempotencyKey: newKey(), items: [{ courseId: course.id, sessionId: session.id }] });
  expect(order.status).toBe(201);
  expect((await confirm(t, user.cookie, order.body.payment!, SUCCESS_CARD)).body.status).toBe('succeeded');
  expect((await deliverEvents(t)).statuses.every((s) => s === 200)).toBe(true);
  await deliverEvents(t);
  return { reservationId: held.body.hold.id as string, orderId: order.body.order.id as string, sessionId: session.id, startsAt: session.startsAt };
}

describe('transactional e-mails', () => {
  it('welcome: once after sign-up, whatever asks again', async () => {
    const user = await newSignedUpUser(t, 'Aline Bienvenue');
    await mailWelcome(t.db, { userId: user.id, publicUrl: t.deps.config.publicUrl });
    const mails = await mailsWithSubject(user.email, 'Bienvenue sur Toque');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain('Bonjour Aline Bienvenue,');
    expect(mails[0]!.text).toContain('http://toque.test/cours');
    expect(mails[0]!.html).toContain('<a href="http://toque.test/recettes"');
    expect(await delivery(`welcome:${user.id}`)).toMatchObject({ kind: 'welcome', to: user.email, userId: user.id, attempts: 1 });
  });

  it('a paid live class: the receipt and the booking confirmed with its .ics, once each; then the video link', async () => {
    const user = await learner('Marie Tremblay');
    const seat = await paidSeat(user, 'Tourtière du Lac', 5);
    const [order] = await t.db.select().from(orders).where(eq(orders.id, seat.orderId));

    const receipts = await mailsWithSubject(user.email, `Votre reçu Toque — commande n° ${order!.number}`);
    expect(receipts).toHaveLength(1);
    expect(receipts[0]!.text).toContain('Bonjour Marie Tremblay,');
    expect(receipts[0]!.text).toContain('Total payé : 57,49 CAD');
    expect(receipts[0]!.text).toMatch(/TPS \(5\s%\) : 2,50 CAD/);
    // The receipt's page, signed: it opens from the e-mail signed out (receipts/document-link.ts).
    expect(receipts[0]!.html).toMatch(new RegExp(`<a href="http://toque\\.test/documents/recu/${seat.orderId}\\?expire=\\d+&(amp;|#38;)signature=[\\w-]{43}"`));

    const confirmed = await mailsWithSubject(user.email, 'Réservation confirmée : Tourtière du Lac');
    expect(confirmed).toHaveLength(1);
    const mail = confirmed[0]!;
    expect(mail.text).toMatch(/Date : \S+ \d{1,2} \S+ \d{4} à \d{2}\sh\s\d{2}\s\S+/);
    expect(mail.text).toContain("Le lien de la séance vous sera envoyé dès qu'il sera disponible.");
    expect(mail.html).toContain('https://calendar.google.com/calendar/render?action=TEMPLATE');
    const invitation = partOf(mail.raw, 'text/calendar');
    expect(invitation).not.toBeNull();
    expect(invitation!.head).toMatch(/filename="?cours-toque\.ics"?/);
    const events = Object.values(ical.sync.parseICS(invitation!.body)).filter((e) => e?.type === 'VEVENT') as ical.VEvent[];
    expect(events).toHaveLength(1);
    expect(String(events[0]!.summary)).toBe('Tourtière du Lac');
    expect(events[0]!.uid).toBe(`${seat.reservationId}@toque.test`);
    expect(events[0]!.start.getTime()).toBe(Math.floor(seat.startsAt.getTime() / 1000) * 1000);
    expect(await delivery(`booking.confirmed:${seat.reservationId}`)).toMatchObject({ to: user.email, attempts: 1 });

    // The chef sets the link (twice: the same link is no news).
    const [admin] = [await newSignedInUser(t, 'Cheffe')];
    await setRole(t.db, admin.id, 'admin');
    const link = 'https://meet.exemple.ca/tourtiere';
    for (let i = 0; i < 2; i++) expect((await send(t, 'PATCH', `/api/admin/sessions/${seat.sessionId}`, { cookie: admin.cookie, body: { videoLink: link } })).status).toBe(200);
    const links = await mailsWithSubject(user.email, 'Le lien de votre cours est disponible : Tourtière du Lac');
    expect(links).toHaveLength(1);
    expect(links[0]!.text).toContain(`Lien de la séance : ${link}`);
  });

  it('a learner’s cancellation 5 days ahead: the cancellation, then the refund with its credit note, once each', async () => {
    const user = await learner('Julien Gagnon');
    const seat = await paidSeat(user, 'Pâté chinois', 5);
    const cancel = () => send(t, 'POST', `/api/booking/reservations/${seat.reservationId}/cancel`, { cookie: user.cookie, body: { idempotencyKey: newKey() } });
    expect((await cancel()).status).toBe(200);
    await deliverEvents(t);
    expect((await cancel()).status).toBe(200);
    await deliverEvents(t);

    const cancelled = await mailsWithSubject(user.email, 'Annulation de votre réservation : Pâté chinois');
    expect(cancelled).toHaveLength(1);
    expect(cancelled[0]!.text).toContain('Le remboursement complet de 57,49 CAD a été demandé');
    const [order] = await t.db.select().from(orders).where(eq(orders.id, seat.orderId));
    const refunds = await mailsWithSubject(user.email, `Remboursement effectué — commande n° ${order!.number}`);
    expect(refunds).toHaveLength(1);
    expect(refunds[0]!.text).toContain('Nous vous avons remboursé 57,49 CAD (taxes comprises)');
    expect(refunds[0]!.html).toMatch(/<a href="http:\/\/toque\.test\/documents\/note-de-credit\/[0-9a-f-]{36}\?expire=\d+&(amp;|#38;)signature=[\w-]{43}"/);
  });

  it('a membership: started, renewed with its receipt, cancelled at period end — once each however often told', async () => {
    const user = await learner('Marc Membre');
    await subscribeAndPay(t, user.cookie, SUCCESS_CARD);
    await deliverEvents(t);
    const started = await mailsWithSubject(user.email, 'Votre abonnement Toque est activé');
    expect(started).toHaveLength(1);
    expect(started[0]!.text).toMatch(/se renouvellera automatiquement le \d{1,2} \S+ \d{4}/);
    // The first month's receipt, like any paid order's, once.
    const receipts = await mailsWithSubject(user.email, /^Votre reçu Toque/);
    expect(receipts).toHaveLength(1);
    expect(receipts[0]!.text).toContain('Abonnement');

    const id = await providerIdOf(t, user.id);
    await advance(t, id, 31);
    await deliverEvents(t);
    const renewed = await mailsWithSubject(user.email, 'Votre abonnement Toque est renouvelé');
    expect(renewed).toHaveLength(1);
    expect(renewed[0]!.text).toMatch(/Période : du \d{1,2} \S+ \d{4} au \d{1,2} \S+ \d{4}/);
    expect(renewed[0]!.html).toMatch(/<a href="http:\/\/toque\.test\/documents\/recu\/[0-9a-f-]{36}\?expire=\d+&(amp;|#38;)signature=[\w-]{43}"/);

    expect((await cancelSubscription(t, user.cookie)).status).toBe(200);
    await deliverEvents(t);
    const cancelled = await mailsWithSubject(user.email, 'Votre abonnement Toque est annulé');
    expect(cancelled).toHaveLength(1);
    expect(cancelled[0]!.text).toMatch(/Vous gardez l’accès aux contenus réservés aux abonnés jusqu’au \d{1,2} \S+ \d{4}\./);

    // The 'ending in 7 days' job is planned for 7 days before the period's end. The queue keeps the
    // database's clock and the app may run on a pinned one (TEST_CLOCK_START): the wait it asked for
    // (start − creation, both the database's) is compared with the app's period end − 7 days − now.
    const cancelledAt = testNow().getTime();
    const [row] = await ourRows(t, user.id);
    const job = await t.jobs.get(QUEUES.subscriptionEnding, { key: endingDedupeKey(row!.id, row!.currentPeriodEnd!) });
    expect(job).toMatchObject({ state: 'created', data: { subscriptionId: row!.id } });
    const waited = job!.startAfter.getTime() - job!.createdOn.getTime();
    expect(Math.abs(waited - (row!.currentPeriodEnd!.getTime() - 7 * DAY - cancelledAt))).toBeLessThan(5 * 60_000);
  });

  it('ending in 7 days: the job re-checks the membership, then e-mails and notifies once', async () => {
    const user = await learner('Sophie Départ');
    await subscribeAndPay(t, user.cookie, SUCCESS_CARD);
    expect((await cancelSubscription(t, user.cookie)).status).toBe(200);
    const [row] = await ourRows(t, user.id);
    const periodEnd = row!.currentPeriodEnd!;
    // Run now what is due in 3 weeks (twice), and one about another period end, which says nothing.
    const sent = [
      await sendJob(t.db, QUEUES.subscriptionEnding, { subscriptionId: row!.id, periodEnd: periodEnd.toISOString() }),
      await sendJob(t.db, QUEUES.subscriptionEnding, { subscriptionId: row!.id, periodEnd: periodEnd.toISOString() }),
      await sendJob(t.db, QUEUES.subscriptionEnding, { subscriptionId: row!.id, periodEnd: new Date(periodEnd.getTime() - DAY).toISOString() }),
    ];
    // All three have run (the queue also holds the notice planned for 3 weeks ahead): what they queued is queued.
    await until('the three jobs done', () => Promise.all(sent.map((id) => t.jobs.get(QUEUES.subscriptionEnding, { id: id! }))), (jobs) => jobs.every((j) => j?.state === 'completed'));
    const mails = await mailsWithSubject(user.email, 'Votre abonnement Toque prend fin dans 7 jours');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toMatch(/prendra fin le \d{1,2} \S+ \d{4}\./);
    const key = `subscription.ending:${row!.id}:${periodEnd.toISOString()}`;
    expect(await delivery(key)).toMatchObject({ kind: 'subscription.ending', to: user.email, attempts: 1 });
    const notices = await t.db.select().from(notifications).where(and(eq(notifications.userId, user.id), eq(notifications.kind, 'subscription.ending')));
    expect(notices.map((n) => n.dedupeKey)).toEqual([key]);
  });

  it('a refused renewal: the payment failed e-mail with the next attempt, once', async () => {
    const user = await learner('Félix Refusé');
    await subscribeAndPay(t, user.cookie, RENEWALS_DECLINED_CARD);
    await advance(t, await providerIdOf(t, user.id), 31);
    await deliverEvents(t);
    const mails = await mailsWithSubject(user.email, 'Le renouvellement de votre abonnement Toque a échoué');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toMatch(/Prochaine tentative de paiement : le \d{1,2} \S+ \d{4}\./);
    expect(mails[0]!.html).toContain('<a href="http://toque.test/abonne/tableau-de-bord"');
  });
});
