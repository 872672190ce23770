// Moving a booked session, on the real database, the real job queue, the real sandbox and a real SMTP
// server: the attendees get an e-mail whose .ics two calendar libraries read as the same event moved
// (same UID as the booking's, higher SEQUENCE, new start), a notice, their booking page and private
// feed at the new time; the reminders planned for the old time are cancelled and new ones fire at the
// new time; a signed link in the e-mail cancels with a full refund inside 48 hours, safe to repeat.
// Overlapping sessions of one chef are refused until she confirms; weekly repeats are all or nothing.
// The video link: https only, told once however often it is saved, again only when the chef asks.
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiErrorBody } from '@shared/errors';
import type { AdminCourseSessionResponse } from '@shared/schemas/admin-courses';
import type { CalendarFeedCreatedResponse } from '@shared/schemas/calendar';
import type { AdminSessionNotifyResponse, AdminSessionResponse, ReservationResponse } from '@shared/schemas/reservations';
import { auditLog, courseSessions, emailDeliveries, notifications, refunds, reservations } from '../../src/server/db/schema';
import { QUEUES } from '../../src/server/jobs/queues';
import { reminderDedupeKey, reminderJobKey } from '../../src/server/jobs/reminders';
import { prepKitJobKey } from '../../src/server/modules/prep-kit/job';
import { createCourse, createSession, setRole } from '../factories';
import { newSignedInUser, send } from '../setup/auth-client';
import { importWithNodeIcal, parseWithIcalJs } from '../setup/ical-parse';
import { parseMail } from '../setup/mime';
import { checkout, confirm, deliverEvents, holdSeat, newKey, setProvince, SUCCESS_CARD } from '../setup/payments';
import { startSmtpServer } from '../setup/smtp';
import { createTestApp, type TestApp } from '../setup/test-app';
import { testNow } from '../setup/test-clock';
import { idle, until } from '../setup/until';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
// Whole minutes: an .ics says times to the second.
const START = Math.floor(testNow().getTime() / MINUTE) * MINUTE;
let clock = START;
const now = () => new Date(clock);

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
type User = { id: string; email: string; cookie: string };
let admin: User;
let chefId: string;

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestApp({ now, config: { smtpUrl: smtp.url } });
  await t.jobs.start();
  admin = await newSignedInUser(t, 'Cheffe Admin');
  await setRole(t.db, admin.id, 'admin');
  const chef = await newSignedInUser(t, 'Hélène Côté');
  await setRole(t.db, chef.id, 'chef');
  chefId = chef.id;
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const read = async <T>(res: Response) => (await res.json()) as T;
const iso = (ms: number) => new Date(ms).toISOString();

async function learner(name: string): Promise<User> {
  const user = await newSignedInUser(t, name);
  await setProvince(t, user.id, 'QC');
  return user;
}

/** A paid, confirmed seat (the real payment: its confirmation plans the reminders and the kit). */
async function confirmedSeat(user: User, courseId: string, sessionId: string) {
  const held = await holdSeat(t, user.cookie, sessionId);
  expect(held.status).toBe(201);
  const order = await checkout(t, user.cookie, { idempotencyKey: newKey(), items: [{ courseId, sessionId }] });
  expect(order.status).toBe(201);
  expect((await confirm(t, user.cookie, order.body.payment!, SUCCESS_CARD)).body.status).toBe('succeeded');
  expect((await deliverEvents(t)).statuses.every((s) => s === 200)).toBe(true);
  return held.body.hold.id as string;
}

/** A live course of 90 minutes; its teacher's other sessions are what an overlap is checked against (none: the course's own). */
async function liveCourse(title: string, teacherId: string | null = null) {
  return createCourse(t.db, { title, isLive: true, priceCents: 6000, durationMinutes: 90, teacherId });
}

const editSession = (courseId: string, sessionId: string, body: Record<string, unknown>) =>
  send(t, 'PATCH', `/api/admin/courses/${courseId}/sessions/${sessionId}`, { cookie: admin.cookie, body });
const addSession = (courseId: string, body: Record<string, unknown>) =>
  send(t, 'POST', `/api/admin/courses/${courseId}/sessions`, { cookie: admin.cookie, body });
const patchLink = (sessionId: string, body: Record<string, unknown>) => send(t, 'PATCH', `/api/admin/sessions/${sessionId}`, { cookie: admin.cookie, body });
const notifyLink = (sessionId: string) => send(t, 'POST', `/api/admin/sessions/${sessionId}/notify-link`, { cookie: admin.cookie });

/** Every e-mail of the queue sent: what the SMTP server received for this address, parsed. */
async function mailsTo(address: string, subject?: RegExp) {
  await idle(t.jobs, [QUEUES.emailSend]);
  return smtp.inbox
    .filter((m) => m.to.includes(address))
    .map((m) => parseMail(m.raw))
    .filter((m) => !subject || subject.test(m.subject));
}
const MOVED = /^Votre cours a changé d’horaire/;
const LINK_MAIL = /^Le lien de votre cours/;

describe('moving a booked session', () => {
  it('tells each attendee once: the .ics is the booking’s event moved (same UID, higher SEQUENCE), a notice, the booking page and the feed at the new time', async () => {
    const course = await liveCourse('Cabane à sucre');
    const session = await createSession(t.db, course.id, { startsAt: new Date(clock + 10 * DAY), capacity: 8 });
    const [lea, marc] = [await learner('Léa Morin'), await learner('Marc Gagnon')];
    const seats = [await confirmedSeat(lea, course.id, session.id), await confirmedSeat(marc, course.id, session.id)];

    // Before saving, the chef sees who will be told.
    const detail = await read<{ course: { sessions: { id: string; attendees: number }[] } }>(
      await send(t, 'GET', `/api/admin/courses/${course.id}`, { cookie: admin.cookie }),
    );
    expect(detail.course.sessions.find((s) => s.id === session.id)?.attendees).toBe(2);

    const newStart = clock + 12 * DAY + 2 * HOUR;
    // A double click: two saves of the same move.
    const [first, second] = await Promise.all([editSession(course.id, session.id, { startsAt: iso(newStart) }), editSession(course.id, session.id, { startsAt: iso(newStart) })]);
    expect([first.status, second.status]).toEqual([200, 200]);
    expect((await read<AdminCourseSessionResponse>(first)).session.startsAt).toBe(iso(newStart));
    const [row] = await t.db.select().from(courseSessions).where(eq(courseSessions.id, session.id));
    expect(row).toMatchObject({ sequence: 1, movedAt: now() });

    const booked = (await mailsTo(lea.email, /^Réservation confirmée/))[0]!;
    const moved = await mailsTo(lea.email, MOVED);
    expect(moved).toHaveLength(1);
    expect(moved[0]!.text).toContain('Cabane à sucre');
    expect(moved[0]!.text).toMatch(/remboursement complet/);
    for (const parse of [(ics: string) => parseWithIcalJs(ics).events, importWithNodeIcal]) {
      const [before] = parse(booked.calendar);
      const [after] = parse(moved[0]!.calendar);
      expect(after!.uid).toBe(before!.uid);
      expect(after!.sequence).toBeGreaterThan(before!.sequence);
      expect(after!.start.toISOString()).toBe(iso(newStart));
      expect(after!.end.toISOString()).toBe(iso(newStart + 90 * MINUTE));
    }
    expect(await mailsTo(marc.email, MOVED)).toHaveLength(1);

    const notices = await t.db.select().from(notifications).where(and(eq(notifications.userId, lea.id), eq(notifications.kind, 'session.moved')));
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatchObject({ title: 'Cours déplacé', link: '/calendrier' });

    const page = (await read<ReservationResponse>(await send(t, 'GET', `/api/booking/reservations/${seats[0]}`, { cookie: lea.cookie }))).reservation;
    expect(page).toMatchObject({ startsAt: iso(newStart), sequence: 1, movedAt: now().toISOString(), cancellation: { allowed: true, refundable: true, moved: true } });

    const feed = await read<CalendarFeedCreatedResponse>(await send(t, 'POST', '/api/calendar/feed', { cookie: lea.cookie }));
    const ics = await (await t.request(new URL(feed.url).pathname)).text();
    for (const events of [parseWithIcalJs(ics).events, importWithNodeIcal(ics)]) {
      const event = events.find((e) => e.uid.startsWith(seats[0]!))!;
      expect(event).toMatchObject({ sequence: 1 });
      expect(event.start.toISOString()).toBe(iso(newStart));
    }

    const [audit] = await t.db.select().from(auditLog).where(and(eq(auditLog.targetId, session.id), eq(auditLog.action, 'session.update')));
    expect(audit!.details).toMatchObject({ startsAt: { to: iso(newStart) }, told: 2 });
  });

  it('the reminders and the kit move with it: the old jobs are cancelled, the new ones fire at the new time', async () => {
    const course = await liveCourse('Tourtière du Lac');
    const oldStart = new Date(clock + 4 * DAY);
    const session = await createSession(t.db, course.id, { startsAt: oldStart, capacity: 8 });
    const user = await learner('Julie Tremblay');
    const seat = await confirmedSeat(user, course.id, session.id);
    expect(await t.jobs.get(QUEUES.reminder, { key: reminderJobKey('24h', seat, oldStart) })).toMatchObject({ state: 'created' });

    const newStart = new Date(clock + 6 * DAY);
    expect((await editSession(course.id, session.id, { startsAt: newStart.toISOString() })).status).toBe(200);

    for (const kind of ['24h', '1h'] as const) {
      expect(await t.jobs.get(QUEUES.reminder, { key: reminderJobKey(kind, seat, oldStart) })).toMatchObject({ state: 'cancelled' });
    }
    expect(await t.jobs.get(QUEUES.prepKit, { key: prepKitJobKey(seat, oldStart) })).toMatchObject({ state: 'cancelled' });
    const newJob = (await t.jobs.get(QUEUES.reminder, { key: reminderJobKey('24h', seat, newStart) }))!;
    expect(newJob.state).toBe('created');
    // Planned 5 days ahead (6 days to the class, less 24 h), by the database's clock.
    expect(newJob.startAfter.getTime() - newJob.createdOn.getTime()).toBeGreaterThan(5 * DAY - MINUTE);
    expect(newJob.startAfter.getTime() - newJob.createdOn.getTime()).toBeLessThan(5 * DAY + MINUTE);
    expect(await t.jobs.get(QUEUES.prepKit, { key: prepKitJobKey(seat, newStart) })).toMatchObject({ state: 'created' });

    // The new time comes: the app's clock 24 h before the new start, the job made due.
    clock = newStart.getTime() - DAY + MINUTE;
    try {
      expect(await t.jobs.runNow(QUEUES.reminder, { key: reminderJobKey('24h', seat, newStart) })).toBe(true);
      const sent = await until(
        'the moved 24 h reminder sent',
        async () => (await t.db.select().from(emailDeliveries).where(eq(emailDeliveries.dedupeKey, reminderDedupeKey('24h', seat, 1))))[0],
        (d) => !!d?.sentAt,
      );
      expect(sent).toMatchObject({ kind: 'reminder.24h', to: user.email });
      expect(await mailsTo(user.email, /^Rappel/)).toHaveLength(1);
      // The old one never ran.
      expect(await t.jobs.get(QUEUES.reminder, { key: reminderJobKey('24h', seat, oldStart) })).toMatchObject({ state: 'cancelled' });
    } finally {
      clock = START;
    }
  });

  it('inside 48 h, the e-mail’s signed link cancels with a full refund; using it again refunds nothing more', async () => {
    const course = await liveCourse('Pâté chinois');
    const session = await createSession(t.db, course.id, { startsAt: new Date(clock + 6 * DAY), capacity: 8 });
    const [anne, paul] = [await learner('Anne Roy'), await learner('Paul Lévesque')];
    const [anneSeat, paulSeat] = [await confirmedSeat(anne, course.id, session.id), await confirmedSeat(paul, course.id, session.id)];
    // Moved to 30 hours from now: inside the 48-hour rule.
    expect((await editSession(course.id, session.id, { startsAt: iso(clock + 30 * HOUR) })).status).toBe(200);

    const mail = (await mailsTo(anne.email, MOVED))[0]!;
    const link = new URL(/(http:\/\/toque\.test\/reservations\/[^\s)>\]]+)/.exec(mail.text)![1]!);
    expect(link.pathname).toBe(`/reservations/${anneSeat}/annulation`);

    // An altered link is refused, and cancels nothing.
    const forged = await t.request(`${link.pathname}?sequence=1&signature=${'A'.repeat(43)}`, { method: 'POST' });
    expect(forged.status).toBe(400);
    expect(await forged.text()).toContain('Ce lien d&#39;annulation n&#39;est pas valide');
    // Another seat's link with this signature: refused too.
    expect((await t.request(`/reservations/${paulSeat}/annulation${link.search}`, { method: 'POST' })).status).toBe(400);

    // Opening it (a mail scanner too) cancels nothing; its button does.
    const pageRes = await t.request(`${link.pathname}${link.search}`);
    expect(pageRes.status).toBe(200);
    expect(await pageRes.text()).toContain('Annuler ma place et être remboursé');
    expect((await t.db.select().from(reservations).where(eq(reservations.id, anneSeat)))[0]!.status).toBe('confirmed');

    const answers = [];
    for (let i = 0; i < 2; i++) answers.push(await t.request(`${link.pathname}${link.search}`, { method: 'POST' }));
    for (const res of answers) {
      expect(res.status).toBe(200);
      expect(await res.text()).toContain('Votre place est annulée');
    }
    const seatRefunds = await t.db.select().from(refunds).where(eq(refunds.idempotencyKey, `cancel:${anneSeat}`));
    expect(seatRefunds).toHaveLength(1);
    expect(seatRefunds[0]!.totalCents).toBeGreaterThanOrEqual(6000);
    expect((await t.db.select().from(reservations).where(eq(reservations.id, anneSeat)))[0]).toMatchObject({ status: 'cancelled', cancelReason: 'learner_refunded' });

    // From the booking page too, while the move is recent (until the new start), without accepting a loss.
    const fromPage = await send(t, 'POST', `/api/booking/reservations/${paulSeat}/cancel`, { cookie: paul.cookie, body: { idempotencyKey: newKey() } });
    expect(fromPage.status).toBe(200);
    expect(await read(fromPage)).toMatchObject({ reservation: { status: 'cancelled', cancelReason: 'learner_refunded' }, refund: { status: expect.any(String) } });
  });

  it('a seat booked after the move keeps the 48-hour rule', async () => {
    const course = await liveCourse('Soupe aux pois');
    const session = await createSession(t.db, course.id, { startsAt: new Date(clock + 6 * DAY), capacity: 8 });
    expect((await editSession(course.id, session.id, { startsAt: iso(clock + 30 * HOUR) })).status).toBe(200);
    // Booked a minute after the move, knowing the new time.
    clock += MINUTE;
    try {
      const late = await learner('Luc Bouchard');
      const seat = await confirmedSeat(late, course.id, session.id);
      const view = (await read<ReservationResponse>(await send(t, 'GET', `/api/booking/reservations/${seat}`, { cookie: late.cookie }))).reservation;
      expect(view).toMatchObject({ movedAt: null, cancellation: { refundable: false, moved: false } });
    } finally {
      clock = START;
    }
  });
});

describe('one chef, one class at a time', () => {
  it('an overlapping session is refused (409, in French) until the chef confirms; a move into an overlap too', async () => {
    const [a, b] = [await liveCourse('Bagels de Montréal', chefId), await liveCourse('Fèves au lard', chefId)];
    const at = clock + 20 * DAY;
    expect((await addSession(a.id, { startsAt: iso(at), capacity: 6 })).status).toBe(201);

    const refused = await addSession(b.id, { startsAt: iso(at + 30 * MINUTE), capacity: 6 });
    expect(refused.status).toBe(409);
    const error = (await read<ApiErrorBody>(refused)).error;
    expect(error.code).toBe('SESSION_OVERLAP');
    expect(error.message).toMatch(/^Cette cheffe donne déjà « Bagels de Montréal » le .+ au même moment\. Confirmez pour programmer cette séance quand même\.$/);
    expect(await t.db.select().from(courseSessions).where(eq(courseSessions.courseId, b.id))).toHaveLength(0);

    // Right after the first one ends (90 minutes): no overlap.
    const after = await addSession(b.id, { startsAt: iso(at + 90 * MINUTE), capacity: 6 });
    expect(after.status).toBe(201);
    const confirmed = await addSession(b.id, { startsAt: iso(at + 30 * MINUTE), capacity: 6, confirmOverlap: true });
    expect(confirmed.status).toBe(201);

    // Moving the later one onto the first: refused, then confirmed.
    const later = (await read<AdminCourseSessionResponse>(after)).session;
    const move = await editSession(b.id, later.id, { startsAt: iso(at + 10 * MINUTE) });
    expect(move.status).toBe(409);
    expect((await read<ApiErrorBody>(move)).error.code).toBe('SESSION_OVERLAP');
    expect((await editSession(b.id, later.id, { startsAt: iso(at + 10 * MINUTE), confirmOverlap: true })).status).toBe(200);

    // Another chef at the same hour is no overlap.
    const other = await liveCourse('Poutine', null);
    expect((await addSession(other.id, { startsAt: iso(at), capacity: 6 })).status).toBe(201);
  });

  it('weekly for N weeks: N sessions a week apart in one step, or none when one week overlaps', async () => {
    const [a, b] = [await liveCourse('Cretons', chefId), await liveCourse('Tarte au sucre', chefId)];
    const at = clock + 40 * DAY;
    // Week 3 of the repeat is taken by another class of the chef.
    expect((await addSession(a.id, { startsAt: iso(at + 14 * DAY), capacity: 6 })).status).toBe(201);

    const refused = await addSession(b.id, { startsAt: iso(at), capacity: 6, repeatWeeks: 4 });
    expect(refused.status).toBe(409);
    expect((await read<ApiErrorBody>(refused)).error.code).toBe('SESSION_OVERLAP');
    expect(await t.db.select().from(courseSessions).where(eq(courseSessions.courseId, b.id))).toHaveLength(0);

    const made = await addSession(b.id, { startsAt: iso(at), capacity: 6, repeatWeeks: 4, confirmOverlap: true });
    expect(made.status).toBe(201);
    const body = await read<AdminCourseSessionResponse>(made);
    expect(body.sessions!.map((s) => s.startsAt)).toEqual([0, 1, 2, 3].map((w) => iso(at + w * 7 * DAY)));
    expect(await t.db.select().from(courseSessions).where(eq(courseSessions.courseId, b.id))).toHaveLength(4);

    const tooMany = await addSession(b.id, { startsAt: iso(at + 100 * DAY), capacity: 6, repeatWeeks: 13 });
    expect(tooMany.status).toBe(400);
    expect((await read<ApiErrorBody>(tooMany)).error.fields).toEqual({ repeatWeeks: 'Au plus 12 semaines d’un coup.' });
  });
});

describe('the video link', () => {
  async function bookedSession(title: string, people: number) {
    const course = await liveCourse(title);
    const session = await createSession(t.db, course.id, { startsAt: new Date(clock + 5 * DAY), capacity: 8 });
    const users: User[] = [];
    for (let i = 0; i < people; i++) {
      const user = await learner(`${title} ${i + 1}`);
      await confirmedSeat(user, course.id, session.id);
      users.push(user);
    }
    return { course, session, users };
  }
  const linkMails = async (users: User[]) => (await Promise.all(users.map((u) => mailsTo(u.email, LINK_MAIL)))).map((m) => m.length);

  it('https only, in French', async () => {
    const { session } = await bookedSession('Gaufres', 0);
    const res = await patchLink(session.id, { videoLink: 'http://meet.exemple.ca/gaufres' });
    expect(res.status).toBe(400);
    expect((await read<ApiErrorBody>(res)).error.fields).toEqual({ videoLink: 'Entrez une adresse web sécurisée commençant par https://' });
  });

  it('told once however often it is saved: a double click, a retry, two tabs, the same link written otherwise', async () => {
    const { session, users } = await bookedSession('Pouding chômeur', 3);
    const link = 'https://meet.exemple.ca/pouding';
    // A double click and a second tab at once, then a retry, then the same address in capitals.
    const saves = await Promise.all([1, 2, 3, 4].map(() => patchLink(session.id, { videoLink: link })));
    expect(saves.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    expect((await patchLink(session.id, { videoLink: link })).status).toBe(200);
    expect((await patchLink(session.id, { videoLink: 'HTTPS://MEET.exemple.ca/pouding' })).status).toBe(200);
    expect(await linkMails(users)).toEqual([1, 1, 1]);
    const notices = await t.db
      .select()
      .from(notifications)
      .where(and(inArray(notifications.userId, users.map((u) => u.id)), eq(notifications.kind, 'session.video_link')));
    expect(notices).toHaveLength(3);
    const view = (await read<AdminSessionResponse>(await send(t, 'GET', `/api/admin/sessions/${session.id}`, { cookie: admin.cookie }))).session;
    expect(view).toMatchObject({ videoLink: link, videoLinkUntold: false, attendees: 3 });
  });

  it('a changed link is told only when the chef asks, to the right count, once', async () => {
    const { session, users } = await bookedSession('Grands-pères', 2);
    expect((await patchLink(session.id, { videoLink: 'https://meet.exemple.ca/a' })).status).toBe(200);
    const changed = await read<AdminSessionResponse>(await patchLink(session.id, { videoLink: 'https://meet.exemple.ca/b' }));
    expect(changed.session).toMatchObject({ videoLink: 'https://meet.exemple.ca/b', videoLinkUntold: true, attendees: 2 });
    expect(await linkMails(users)).toEqual([1, 1]);

    // « Prévenir les participants (2) », clicked in two tabs at once, then again.
    const asks = await Promise.all([notifyLink(session.id), notifyLink(session.id)]);
    const told = await Promise.all(asks.map((r) => read<AdminSessionNotifyResponse>(r)));
    expect(told.map((r) => r.notified).sort()).toEqual([0, 2]);
    expect((await read<AdminSessionNotifyResponse>(await notifyLink(session.id))).notified).toBe(0);
    expect(await linkMails(users)).toEqual([2, 2]);
    const last = (await mailsTo(users[0]!.email, LINK_MAIL)).at(-1)!;
    expect(last.text).toContain('https://meet.exemple.ca/b');

    // Or in the same save: a third link, told because she asked.
    expect((await patchLink(session.id, { videoLink: 'https://meet.exemple.ca/c', notifyAttendees: true })).status).toBe(200);
    expect(await linkMails(users)).toEqual([3, 3]);
  });

  it('not editable once the session has ended (409), the recording takes over', async () => {
    const course = await liveCourse('Tire sur la neige');
    const session = await createSession(t.db, course.id, { startsAt: new Date(clock - 3 * HOUR), capacity: 8, videoLink: 'https://meet.exemple.ca/tire' });
    for (const res of [await patchLink(session.id, { videoLink: 'https://meet.exemple.ca/autre' }), await notifyLink(session.id)]) {
      expect(res.status).toBe(409);
      expect((await read<ApiErrorBody>(res)).error).toMatchObject({ code: 'SESSION_ENDED', message: "Cette séance est terminée : son lien ne se modifie plus, l'enregistrement prend le relais." });
    }
    // The same link saved again changes nothing, and the recording is still accepted.
    expect((await patchLink(session.id, { recordingUrl: 'https://video.exemple.ca/tire' })).status).toBe(200);
    const [row] = await t.db.select().from(courseSessions).where(eq(courseSessions.id, session.id));
    expect(row).toMatchObject({ videoLink: 'https://meet.exemple.ca/tire', recordingUrl: 'https://video.exemple.ca/tire' });
  });
});
