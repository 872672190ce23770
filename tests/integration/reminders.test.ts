// Class reminders through the job queue, from a real payment on the sandbox to a real SMTP server:
// a confirmed seat gets 'demain' 24 h before and 'dans une heure' 1 h before (each only if that
// moment is still ahead), with the session's link or the sentence saying it will come; a seat
// cancelled meanwhile gets none; a learner who turned reminders off gets no e-mail (the ledger says
// 'preference') but still the in-app notification. Sessions start a few seconds past 24 h or 1 h
// from the app's clock, so their reminder is due a few seconds after the payment.
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailDeliveries, notifications } from '../../src/server/db/schema';
import { QUEUES, type ReminderKind } from '../../src/server/jobs/queues';
import { reminderJobKey } from '../../src/server/jobs/reminders';
import { createCourse, createSession } from '../factories';
import { newSignedInUser, send } from '../setup/auth-client';
import { parseMail } from '../setup/mime';
import { checkout, confirm, deliverEvents, holdSeat, newKey, setProvince, SUCCESS_CARD } from '../setup/payments';
import { startSmtpServer } from '../setup/smtp';
import { createTestApp, type TestApp } from '../setup/test-app';
import { idle, until } from '../setup/until';
import { testNow } from '../setup/test-clock';

const SECOND = 1000;
const HOUR = 3_600_000;
// The app's clock stands still; the database's runs: a job due 3 s after the payment runs then.
const clock = testNow().getTime();
let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestApp({ now: () => new Date(clock), config: { smtpUrl: smtp.url } });
  await t.jobs.start();
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

type Learner = { id: string; email: string; cookie: string };

async function learner(name: string): Promise<Learner> {
  const user = await newSignedInUser(t, name);
  await setProvince(t, user.id, 'QC');
  return user;
}

/** A paid, confirmed seat of a new live session starting `inMs` after the app's clock. */
async function confirmedSeat(user: Learner, title: string, inMs: number, videoLink: string | null = null) {
  const course = await createCourse(t.db, { title, isLive: true, priceCents: 5000 });
  const session = await createSession(t.db, course.id, { startsAt: new Date(clock + inMs), videoLink });
  const held = await holdSeat(t, user.cookie, session.id);
  expect(held.status).toBe(201);
  const order = await checkout(t, user.cookie, { idempotencyKey: newKey(), items: [{ courseId: course.id, sessionId: session.id }] });
  expect(order.status).toBe(201);
  expect((await confirm(t, user.cookie, order.body.payment!, SUCCESS_CARD)).body.status).toBe('succeeded');
  expect((await deliverEvents(t)).statuses.every((s) => s === 200)).toBe(true);
  return { reservationId: held.body.hold.id, startsAt: session.startsAt };
}

type Seat = { reservationId: string; startsAt: Date };
/** The reminder job of this kind for a seat (its key names the seat and its start), if one was sent. */
const reminderJob = (kind: ReminderKind, seat: Seat) => t.jobs.get(QUEUES.reminder, { key: reminderJobKey(kind, seat.reservationId, seat.startsAt) });
/** The job has run, and the e-mails it queued are sent: nothing else is on its way. */
async function settled(kind: ReminderKind, seat: Seat) {
  await until(`${kind} reminder job done`, () => reminderJob(kind, seat), (job) => job?.state === 'completed');
  await idle(t.jobs, [QUEUES.emailSend]);
}

const delivery = async (key: string) => (await t.db.select().from(emailDeliveries).where(eq(emailDeliveries.dedupeKey, key)))[0] ?? null;
const mailsTo = (address: string) => smtp.inbox.filter((m) => m.to.includes(address)).map((m) => parseMail(m.raw));
const reminderNotices = (userId: string) =>
  t.db.select().from(notifications).where(and(eq(notifications.userId, userId), sql`${notifications.kind} like 'reminder.%'`));

describe('class reminders', () => {
  it('24 h before: « demain » with the session’s link, once; the 1 h one waits for its time', async () => {
    const user = await learner('Marie Tremblay');
    const link = 'https://meet.exemple.ca/tourtiere-24h';
    const seat = await confirmedSeat(user, 'Tourtière du Lac', 24 * HOUR + 3 * SECOND, link);

    expect(await reminderJob('24h', seat)).toMatchObject({ data: { reservationId: seat.reservationId, kind: '24h' } });
    // The 1 h reminder is due 23 h from now by the database's clock.
    const oneHour = (await reminderJob('1h', seat))!;
    expect(oneHour).toMatchObject({ state: 'created', data: { reservationId: seat.reservationId, kind: '1h' } });
    expect(oneHour.startAfter.getTime() - Date.now()).toBeGreaterThan(22 * HOUR);

    const row = await until('24 h reminder sent', () => delivery(`reminder.24h:${seat.reservationId}`), (d) => !!d?.sentAt);
    expect(row).toMatchObject({ kind: 'reminder.24h', to: user.email, userId: user.id, attempts: 1, skippedReason: null });
    await settled('24h', seat);
    const mails = mailsTo(user.email).filter((m) => m.subject.startsWith('Rappel'));
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail.subject).toMatch(/^Rappel : Tourtière du Lac commence demain à \d{2} h \d{2} \S+$/);
    expect(mail.text).toContain('Bonjour Marie Tremblay,');
    expect(mail.text).toContain('Votre cours en direct « Tourtière du Lac » commence demain à');
    expect(mail.text).toContain(`Lien de la séance : ${link}`);
    expect(mail.text).toContain('Ne plus recevoir les rappels de cours : http://toque.test/desabonnement?token=');
    expect(mail.html).toContain(`<a href="${link}"`);
    expect(mail.html).toContain('Rejoindre la séance');
    expect(mail.headers['list-unsubscribe']).toMatch(/^<http:\/\/toque\.test\/api\/unsubscribe\?token=/);
    expect(await reminderNotices(user.id)).toMatchObject([{ kind: 'reminder.24h', link: '/calendrier' }]);
  });

  it('1 h before: « dans une heure », without a link yet the sentence saying it will come; no 24 h one past its time', async () => {
    const user = await learner('Julien Gagnon');
    const seat = await confirmedSeat(user, 'Pâté chinois', HOUR + 3 * SECOND);
    expect(await reminderJob('24h', seat)).toBeNull();
    expect(await reminderJob('1h', seat)).not.toBeNull();

    await until('1 h reminder sent', () => delivery(`reminder.1h:${seat.reservationId}`), (d) => !!d?.sentAt);
    const mails = mailsTo(user.email).filter((m) => m.subject.startsWith('Rappel'));
    expect(mails.map((m) => m.subject)).toEqual(['Rappel : Pâté chinois commence dans une heure']);
    expect(mails[0]!.text).toContain("Le lien de la séance vous sera envoyé dès qu'il sera disponible.");
    expect(mails[0]!.text).toContain('Voir mon calendrier : http://toque.test/calendrier');
    expect(await delivery(`reminder.24h:${seat.reservationId}`)).toBeNull();
  });

  it('a seat cancelled before its reminder gets none', async () => {
    const user = await learner('Léa Cancel');
    const seat = await confirmedSeat(user, 'Cipaille', HOUR + 4 * SECOND);
    const res = await send(t, 'POST', `/api/booking/reservations/${seat.reservationId}/cancel`, {
      cookie: user.cookie,
      body: { idempotencyKey: newKey(), acceptNoRefund: true },
    });
    expect(res.status).toBe(200);
    expect(await reminderJob('24h', seat)).toBeNull();
    await settled('1h', seat);
    expect(await delivery(`reminder.1h:${seat.reservationId}`)).toBeNull();
    expect(mailsTo(user.email).filter((m) => m.subject.startsWith('Rappel'))).toEqual([]);
    expect(await reminderNotices(user.id)).toEqual([]);
  });

  it('reminders turned off: no e-mail (the ledger says why), the in-app notification still', async () => {
    const user = await learner('Paul Sansrappel');
    const off = await send(t, 'PUT', '/api/account/email-preferences', { cookie: user.cookie, body: { reminders: false, prepKit: true, marketing: false } });
    expect(off.status).toBe(200);
    const seat = await confirmedSeat(user, 'Soupe aux pois', HOUR + 3 * SECOND);
    const row = await until('reminder decided', () => delivery(`reminder.1h:${seat.reservationId}`), (d) => d !== null);
    expect(row).toMatchObject({ skippedReason: 'preference', sentAt: null, attempts: 0, to: user.email });
    await settled('1h', seat);
    expect(mailsTo(user.email).filter((m) => m.subject.startsWith('Rappel'))).toEqual([]);
    expect(await reminderNotices(user.id)).toMatchObject([{ kind: 'reminder.1h', title: 'Rappel : Soupe aux pois commence dans une heure' }]);
  });
});
