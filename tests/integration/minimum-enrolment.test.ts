// Minimum enrolment (issue 28 item 4, docs/decisions/0048) on the real database, the real job queue
// and a moved app clock: a session created with a minimum plans its check 96 h before its start;
// under the minimum, the admins and the course's guest chef are asked (e-mail with a signed link,
// « Aperçu »); « Maintenir la séance » keeps it (once); no answer in 12 h cancels it for everyone
// through the one cancellation (attendees get the card-or-credit choice, the card by default), and
// the kit's job sends nothing; at or above the minimum nothing happens; every step is safe to repeat
// and to race (two instances run the same job, an answer races the deadline).
import { and, eq, like } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MINIMUM_ANSWER_HOURS, MINIMUM_CHECK_HOURS } from '@shared/booking';
import type { ApiErrorBody } from '@shared/errors';
import type { MinimumAnswerResponse, OverviewResponse } from '@shared/schemas/admin-overview';
import { auditLog, courseSessions, emailDeliveries, refunds, reservations } from '../../src/server/db/schema';
import { createPaymentProvider } from '../../src/server/integrations/payments';
import { QUEUES } from '../../src/server/jobs/queues';
import { refundChoiceDeadlineWorker } from '../../src/server/modules/booking/refund-choice';
import { minimumUrl } from '../../src/server/modules/minimum-enrolment/link';
import {
  createMinimumEnrolment,
  MINIMUM_CANCEL_REASON,
  minimumCheckJobKey,
  minimumDeadlineJobKey,
  MinimumNotDue,
  scheduleMinimumCheck,
  scheduleMissingMinimumChecks,
} from '../../src/server/modules/minimum-enrolment/service';
import { prepKitJobKey, prepKitWorker, schedulePrepKit } from '../../src/server/modules/prep-kit/job';
import { createChef, createCourse, createSession, setRole } from '../factories';
import { createSignedInLearners, type SignedInLearner } from '../factories/accounts';
import { createPaidSeat } from '../factories/bookings';
import { send } from '../setup/auth-client';
import { expectLedgersBalanced } from '../setup/credit-ledger';
import { createTestApp, type TestApp } from '../setup/test-app';
import { testNow } from '../setup/test-clock';
import { idle, until } from '../setup/until';

const HOUR = 3_600_000;
const MINUTE = 60_000;
let clock = testNow().getTime();
const now = () => new Date(clock);

let t: TestApp;
let admin: SignedInLearner;
let learners: SignedInLearner[];
let chef: { id: string; fullName: string };
let course: { id: string; title: string };

beforeAll(async () => {
  t = await createTestApp({ now });
  [admin, ...learners] = (await createSignedInLearners(t, 5)) as [SignedInLearner, ...SignedInLearner[]];
  await setRole(t.db, admin.id, 'admin');
  chef = await createChef(t.db, { fullName: 'Julie Invitée' });
  course = await createCourse(t.db, { title: 'Ramen maison', isLive: true, priceCents: 6000, teacherId: chef.id, prepKit: '1 kg de farine\n2 œufs' });
  await t.jobs.start();
});
afterAll(() => t.close());
afterEach(() => expectLedgersBalanced(t.db));

/** A session added through the admin's API (which plans its check), `hours` from the clock. */
async function addSession(hours: number, minSeats: number, capacity = 6): Promise<{ id: string; startsAt: Date }> {
  const startsAt = new Date(clock + hours * HOUR);
  const res = await send(t, 'POST', `/api/admin/courses/${course.id}/sessions`, { cookie: admin.cookie, body: { startsAt: startsAt.toISOString(), capacity, minSeats } });
  expect(res.status, await res.clone().text()).toBe(201);
  return { id: ((await res.json()) as { session: { id: string } }).session.id, startsAt };
}
const seat = (i: number, sessionId: string) =>
  createPaidSeat(t.db, { user: { id: learners[i]!.id, fullName: learners[i]!.fullName }, course, sessionId, amountCents: 6000 });
const sessionRow = async (id: string) => (await t.db.select().from(courseSessions).where(eq(courseSessions.id, id)))[0]!;
const asked = (sessionId: string) => t.db.select().from(emailDeliveries).where(like(emailDeliveries.dedupeKey, `session.minimum:${sessionId}:%`));
const overview = async () => (await (await send(t, 'GET', '/api/admin/overview', { cookie: admin.cookie })).json()) as OverviewResponse;
const auditOf = (sessionId: string, action: string) => t.db.select().from(auditLog).where(and(eq(auditLog.targetId, sessionId), eq(auditLog.action, action)));
async function answer(sessionId: string, kind: 'keep' | 'cancel') {
  const res = await send(t, 'POST', `/api/admin/sessions/${sessionId}/minimum/${kind}`, { cookie: admin.cookie });
  return { status: res.status, body: (await res.json()) as MinimumAnswerResponse & ApiErrorBody };
}
const minimum = () => createMinimumEnrolment(t.deps, createPaymentProvider(t.deps));

/** Moves the app's clock to `at`, makes the job waiting under `key` due (pg-boss waits by the database's clock) and waits for it. */
async function runJobAt(at: number, queue: (typeof QUEUES)[keyof typeof QUEUES], key: string) {
  clock = at;
  expect(await t.jobs.runNow(queue, { key })).toBe(true);
  await until(`${queue} done`, () => t.jobs.get(queue, { key }), (j) => j?.state === 'completed');
  // The e-mails it queued are sent (to the outbox) before the test reads on.
  await idle(t.jobs, [QUEUES.emailSend]);
}

/** The session checked at its moment (96 h before): its check job run. */
async function checkAtItsMoment(s: { id: string; startsAt: Date }, minSeats: number) {
  const key = minimumCheckJobKey(s.id, s.startsAt, minSeats);
  const job = await t.jobs.get(QUEUES.minimumCheck, { key });
  expect(job).toMatchObject({ state: 'created', data: { sessionId: s.id, startsAt: s.startsAt.toISOString() } });
  await runJobAt(s.startsAt.getTime() - MINIMUM_CHECK_HOURS * HOUR + MINUTE, QUEUES.minimumCheck, key);
}

describe('minimum enrolment', { timeout: 90_000 }, () => {
  it('under its minimum 96 h before: the admin and the guest chef are asked once (e-mail, « Aperçu »); a repeat asks no one again', async () => {
    const s = await addSession(130, 3);
    await seat(0, s.id);
    // Planned for 96 h before the start, counted from the app's clock.
    const planned = (await t.jobs.get(QUEUES.minimumCheck, { key: minimumCheckJobKey(s.id, s.startsAt, 3) }))!;
    expect(planned.startAfter.getTime() - planned.createdOn.getTime()).toBeGreaterThan((130 - MINIMUM_CHECK_HOURS) * HOUR - 5 * MINUTE);
    await checkAtItsMoment(s, 3);

    const row = await sessionRow(s.id);
    expect(row.minimumAskedAt).not.toBeNull();
    expect(row.minimumAnswerDueAt!.getTime()).toBe(row.minimumAskedAt!.getTime() + MINIMUM_ANSWER_HOURS * HOUR);
    const mails = await asked(s.id);
    expect(mails.map((m) => m.userId).sort()).toEqual([admin.id, chef.id].sort());
    const sent = await t.jobs.get(QUEUES.emailSend, { key: mails.find((m) => m.userId === chef.id)!.dedupeKey });
    expect(sent!.data.mail.subject).toBe('Séance sous son minimum : Ramen maison');
    expect(sent!.data.mail.text).toContain("n'a que 1 place prise pour un minimum de 3");
    expect(sent!.data.mail.text).toContain(`/seances/${s.id}/minimum?person=${chef.id}`);

    const question = (await overview()).minimumQuestions.find((q) => q.sessionId === s.id);
    expect(question).toMatchObject({ courseTitle: 'Ramen maison', seatsTaken: 1, minSeats: 3, capacity: 6, answerDueAt: row.minimumAnswerDueAt!.toISOString() });
    // The deadline is planned, once.
    const deadlineKey = minimumDeadlineJobKey(s.id, row.minimumAskedAt!);
    expect(await t.jobs.get(QUEUES.minimumDeadline, { key: deadlineKey })).toMatchObject({ state: 'created' });

    // The check again (a retry, a second instance): nothing new.
    expect(await minimum().check({ sessionId: s.id, startsAt: s.startsAt.toISOString() })).toBe('already_asked');
    expect(await asked(s.id)).toHaveLength(2);
  });

  it('« Maintenir la séance » keeps it, once; the deadline then changes nothing and the card is gone', async () => {
    const s = await addSession(140, 2);
    await seat(1, s.id);
    await checkAtItsMoment(s, 2);
    const first = await answer(s.id, 'keep');
    expect(first).toMatchObject({ status: 200, body: { answer: 'keep', changed: true, status: 'scheduled' } });
    const again = await answer(s.id, 'keep');
    expect(again).toMatchObject({ status: 200, body: { changed: false } });
    expect(await auditOf(s.id, 'session.minimum_keep')).toHaveLength(1);
    expect((await overview()).minimumQuestions.some((q) => q.sessionId === s.id)).toBe(false);

    const row = await sessionRow(s.id);
    await runJobAt(row.minimumAnswerDueAt!.getTime() + MINUTE, QUEUES.minimumDeadline, minimumDeadlineJobKey(s.id, row.minimumAskedAt!));
    expect((await sessionRow(s.id)).status).toBe('scheduled');
    // Kept: « Annuler la séance » from the card is refused in French (the session's own cancel stays).
    const refused = await answer(s.id, 'cancel');
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe('MINIMUM_KEPT');
  });

  it('no answer in 12 h: cancelled for everyone, each attendee offered card or credit (the card by default), and no kit goes out', async () => {
    const s = await addSession(150, 3);
    const paid = await seat(2, s.id);
    await schedulePrepKit(t.db, { reservationId: paid.reservationId, startsAt: s.startsAt, now: now() });
    await checkAtItsMoment(s, 3);
    const row = await sessionRow(s.id);
    const deadline = { sessionId: s.id, askedAt: row.minimumAskedAt!.toISOString() };
    // Early by the app's clock: refused (pg-boss tries again later), nothing cancelled.
    await expect(minimum().deadline(deadline)).rejects.toBeInstanceOf(MinimumNotDue);
    expect((await sessionRow(s.id)).status).toBe('scheduled');

    await runJobAt(row.minimumAnswerDueAt!.getTime() + MINUTE, QUEUES.minimumDeadline, minimumDeadlineJobKey(s.id, row.minimumAskedAt!));
    const cancelled = await sessionRow(s.id);
    expect(cancelled).toMatchObject({ status: 'cancelled', cancelReason: MINIMUM_CANCEL_REASON });
    const [r] = await t.db.select().from(reservations).where(eq(reservations.id, paid.reservationId));
    expect(r).toMatchObject({ status: 'cancelled', cancelReason: 'session_cancelled', refundChoice: null });
    expect(r!.refundChoiceDueAt).not.toBeNull();
    const told = await t.db.select().from(emailDeliveries).where(eq(emailDeliveries.dedupeKey, `session.cancelled:${paid.reservationId}`));
    expect(told).toHaveLength(1);
    // The site's own cancellation: no admin in the trail.
    expect(await auditOf(s.id, 'session.cancel')).toHaveLength(0);
    expect(await auditOf(s.id, 'session.minimum_cancel')).toHaveLength(0);

    // Run again (a retry, the other instance): nothing more.
    expect(await minimum().deadline(deadline)).toBe('already_cancelled');
    expect(await t.db.select().from(emailDeliveries).where(eq(emailDeliveries.dedupeKey, `session.cancelled:${paid.reservationId}`))).toHaveLength(1);

    // 72 h before: the kit's job finds the seat cancelled and sends nothing.
    await runJobAt(s.startsAt.getTime() - 72 * HOUR + MINUTE, QUEUES.prepKit, prepKitJobKey(paid.reservationId, s.startsAt));
    expect(await prepKitWorker(t.deps)({ data: { reservationId: paid.reservationId } })).toBe('not_confirmed');
    expect(await t.db.select().from(emailDeliveries).where(eq(emailDeliveries.dedupeKey, `prep_kit:${paid.reservationId}`))).toHaveLength(0);

    // The learner chose nothing: at the choice's deadline, refunded to the card in full.
    clock = r!.refundChoiceDueAt!.getTime() + MINUTE;
    expect(await refundChoiceDeadlineWorker(t.deps, createPaymentProvider(t.deps))({ data: { reservationId: paid.reservationId, dueAt: r!.refundChoiceDueAt!.toISOString() } })).toBe('refunded');
    const made = await t.db.select().from(refunds).where(eq(refunds.orderId, paid.orderId));
    expect(made).toHaveLength(1);
    expect(made[0]).toMatchObject({ totalCents: paid.totalCents, creditCents: 0, idempotencyKey: `session-cancel:${paid.reservationId}` });
  });

  it('at or above its minimum: nothing is asked, nothing planned; without a minimum, no check at all', async () => {
    const s = await addSession(160, 2);
    await seat(0, s.id);
    await seat(1, s.id);
    await checkAtItsMoment(s, 2);
    const row = await sessionRow(s.id);
    expect(row.minimumAskedAt).toBeNull();
    expect(await asked(s.id)).toHaveLength(0);
    expect((await overview()).minimumQuestions.some((q) => q.sessionId === s.id)).toBe(false);

    const none = await addSession(170, 0);
    expect(await t.jobs.get(QUEUES.minimumCheck, { key: minimumCheckJobKey(none.id, none.startsAt, 0) })).toBeNull();
  });

  it('the guest chef answers from the e-mail’s signed page: GET decides nothing, « Annuler la séance » cancels once, in his name; a forged link is refused', async () => {
    const s = await addSession(180, 4);
    const paid = await seat(3, s.id);
    await checkAtItsMoment(s, 4);
    const row = await sessionRow(s.id);
    const link = new URL(minimumUrl(t.deps.config, s.id, { userId: chef.id, askedAt: row.minimumAskedAt! }));

    const forged = await t.request(`${link.pathname}/annuler?person=${chef.id}&asked=${row.minimumAskedAt!.getTime()}&signature=${'A'.repeat(43)}`, { method: 'POST' });
    expect(forged.status).toBe(400);
    const page = await t.request(`${link.pathname}${link.search}`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('Maintenir la séance');
    expect(html).toContain('Annuler la séance');
    expect((await sessionRow(s.id)).status).toBe('scheduled');

    for (let i = 0; i < 2; i++) {
      const res = await t.request(`${link.pathname}/annuler${link.search}`, { method: 'POST' });
      expect(res.status).toBe(200);
      expect(await res.text()).toContain('Séance annulée');
    }
    expect((await sessionRow(s.id)).status).toBe('cancelled');
    const trail = await auditOf(s.id, 'session.minimum_cancel');
    expect(trail).toHaveLength(1);
    expect(trail[0]!.actorId).toBe(chef.id);
    expect(await t.db.select().from(emailDeliveries).where(eq(emailDeliveries.dedupeKey, `session.cancelled:${paid.reservationId}`))).toHaveLength(1);
    // The deadline later finds it cancelled.
    expect(await minimum().deadline({ sessionId: s.id, askedAt: row.minimumAskedAt!.toISOString() })).toBe('already_cancelled');
  });

  it('safe across instances: the check planned twice is one job; two deadlines at once cancel once; an answer racing the deadline ends in one outcome', async () => {
    const s = await addSession(190, 3);
    const paid = await seat(0, s.id);
    // Planned again (a retry of the edit, another instance): still one job waiting.
    await t.db.transaction((tx) => scheduleMinimumCheck(tx, { sessionId: s.id, startsAt: s.startsAt, minSeats: 3, now: now() }));
    expect(await t.jobs.pending([QUEUES.minimumCheck])).toBe(1);
    await checkAtItsMoment(s, 3);
    const row = await sessionRow(s.id);
    clock = row.minimumAnswerDueAt!.getTime() + MINUTE;
    const data = { sessionId: s.id, askedAt: row.minimumAskedAt!.toISOString() };
    const [a, b] = await Promise.all([minimum().deadline(data), minimum().deadline(data)]);
    expect([a, b].sort()).toEqual(['already_cancelled', 'cancelled']);
    expect(await t.db.select().from(emailDeliveries).where(eq(emailDeliveries.dedupeKey, `session.cancelled:${paid.reservationId}`))).toHaveLength(1);

    // « Maintenir » racing the deadline: kept and not cancelled, or cancelled and the keep refused.
    const raced = await addSession(200, 3);
    await seat(1, raced.id);
    await checkAtItsMoment(raced, 3);
    const racedRow = await sessionRow(raced.id);
    clock = racedRow.minimumAnswerDueAt!.getTime() + MINUTE;
    const [kept, outcome] = await Promise.all([answer(raced.id, 'keep'), minimum().deadline({ sessionId: raced.id, askedAt: racedRow.minimumAskedAt!.toISOString() })]);
    const final = await sessionRow(raced.id);
    if (final.status === 'cancelled') {
      expect(outcome).toBe('cancelled');
      expect(kept.status).toBe(409);
    } else {
      expect(outcome).toBe('kept');
      expect(kept.body.changed).toBe(true);
    }
  });
});

describe('sessions whose check was never planned (from before minimum enrolment, or the seed’s)', () => {
  it('a start plans it once; not for a session too close to ask, nor one asked already; again at the next start, nothing', async () => {
    const before = await t.jobs.pending([QUEUES.minimumCheck]);
    const old = await createSession(t.db, course.id, { startsAt: new Date(clock + 150 * HOUR), capacity: 6, minSeats: 2, now: now() });
    await createSession(t.db, course.id, { startsAt: new Date(clock + 6 * HOUR), capacity: 6, minSeats: 2, now: now() });
    await createSession(t.db, course.id, { startsAt: new Date(clock + 160 * HOUR), capacity: 6, minSeats: 2, minimumAskedAt: now(), now: now() });
    await createSession(t.db, course.id, { startsAt: new Date(clock + 170 * HOUR), capacity: 6, minSeats: 0, now: now() });

    await scheduleMissingMinimumChecks(t.db, now());
    expect(await t.jobs.pending([QUEUES.minimumCheck])).toBe(before + 1);
    // Its own job, due 96 h before its start: made due now, it asks the chef.
    await runJobAt(old.startsAt.getTime() - MINIMUM_CHECK_HOURS * HOUR + MINUTE, QUEUES.minimumCheck, minimumCheckJobKey(old.id, old.startsAt, 2));
    await until('the chef asked', () => sessionRow(old.id), (row) => row.minimumAskedAt !== null);

    // The next start (or another instance's) finds nothing left to plan.
    await scheduleMissingMinimumChecks(t.db, now());
    expect(await t.jobs.pending([QUEUES.minimumCheck])).toBe(before);
  });
});

describe("« Minimum d'inscriptions », the school's setting (admin › Réservations)", () => {
  const put = (body: unknown) => send(t, 'PUT', '/api/admin/minimum-policy', { cookie: admin.cookie, body });

  it('refuses in French a check too late to answer before the kit, or hours that are no whole number; keeps the policy as it was', async () => {
    const tooLate = await put({ checkHours: 80, answerHours: 12 });
    expect(tooLate.status).toBe(400);
    expect(JSON.stringify(await tooLate.json())).toContain("La décision doit tomber avant l'envoi de la trousse (72 h avant le cours)");
    const notWhole = await put({ checkHours: 96.5, answerHours: 0 });
    expect(notWhole.status).toBe(400);
    const text = JSON.stringify(await notWhole.json());
    expect(text).toContain("Vérification : un nombre entier d'heures.");
    expect(text).toContain('Délai de réponse : au moins 1 heure.');
    const read = await send(t, 'GET', '/api/admin/minimum-policy', { cookie: admin.cookie });
    expect(await read.json()).toEqual({ checkHours: MINIMUM_CHECK_HOURS, answerHours: MINIMUM_ANSWER_HOURS });
  });

  it('checked 120 h before: a session planned under 96 h is checked at its new moment (once), its chef given the new answer hours; audited', async () => {
    const s = await addSession(140, 2);
    const oldKey = minimumCheckJobKey(s.id, s.startsAt, 2);
    expect(await t.jobs.get(QUEUES.minimumCheck, { key: oldKey })).toMatchObject({ state: 'created' });

    const saved = await put({ checkHours: 120, answerHours: 24 });
    expect(saved.status).toBe(200);
    expect(await saved.json()).toEqual({ checkHours: 120, answerHours: 24 });
    expect(await auditOf('booking.minimum_enrolment', 'settings.minimum_enrolment')).toHaveLength(1);
    // Saving the same again changes nothing, and says so to no one.
    expect((await put({ checkHours: 120, answerHours: 24 })).status).toBe(200);
    expect(await auditOf('booking.minimum_enrolment', 'settings.minimum_enrolment')).toHaveLength(1);

    // The check planned with the change, due 120 h before the start.
    const newKey = minimumCheckJobKey(s.id, s.startsAt, 2, 120);
    const planned = (await t.jobs.get(QUEUES.minimumCheck, { key: newKey }))!;
    expect(planned.data).toMatchObject({ sessionId: s.id, checkHours: 120 });
    // pg-boss waits by the database's clock: the delay is what counts (20 h from the app's clock).
    const delay = planned.startAfter.getTime() - planned.createdOn.getTime();
    expect(delay).toBeGreaterThan(20 * HOUR - 5 * MINUTE);
    expect(delay).toBeLessThan(20 * HOUR + 5 * MINUTE);
    // The old one, run first, only makes sure of the new one.
    clock = s.startsAt.getTime() - 120 * HOUR - 2 * HOUR;
    expect(await minimum().check({ sessionId: s.id, startsAt: s.startsAt.toISOString() })).toBe('replanned');
    expect((await sessionRow(s.id)).minimumAskedAt).toBeNull();

    await runJobAt(s.startsAt.getTime() - 120 * HOUR + MINUTE, QUEUES.minimumCheck, newKey);
    const row = await sessionRow(s.id);
    expect(row.minimumAskedAt).not.toBeNull();
    expect(row.minimumAnswerDueAt!.getTime()).toBe(row.minimumAskedAt!.getTime() + 24 * HOUR);
    expect(await asked(s.id)).toHaveLength(2);
    // The old job at its own moment asks no one again.
    await runJobAt(s.startsAt.getTime() - 96 * HOUR + MINUTE, QUEUES.minimumCheck, oldKey);
    expect(await asked(s.id)).toHaveLength(2);

    expect((await put({ checkHours: MINIMUM_CHECK_HOURS, answerHours: MINIMUM_ANSWER_HOURS })).status).toBe(200);
  });
});
