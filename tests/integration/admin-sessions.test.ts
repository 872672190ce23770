// /api/admin/sessions/:id on the real database and the real sandbox: the admin alone reads a
// session, sets its video link (attendees see it, a hold does not), attaches a recording once the
// class is over, and cancels it for everyone — each paid seat's learner offered the card or the
// credit (repeats and races harmless; the choice itself: refund-choice.test.ts), holds released,
// attendees e-mailed, the course page no longer listing it.
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_MESSAGES, type ApiErrorBody } from '@shared/errors';
import type { OrderResponse } from '@shared/schemas/checkout';
import type { CourseResponse } from '@shared/schemas/public';
import { REFUND_CHOICE_HOURS, type AdminSessionCancelResponse, type AdminSessionResponse, type ReservationResponse } from '@shared/schemas/reservations';
import { auditLog, courseSessions, emailDeliveries, outboxEmails, refunds, reservations } from '../../src/server/db/schema';
import { createCourse, createReservation, createSession, setRole } from '../factories';
import { createSignedInLearners, type SignedInLearner } from '../factories/accounts';
import { createPaidSeat } from '../factories/bookings';
import { send } from '../setup/auth-client';
import { checkout, confirm, deliverEvents, holdSeat, newKey, setProvince, SUCCESS_CARD } from '../setup/payments';
import { sseReader, type SseReader } from '../setup/sse';
import { createTestApp, type TestApp } from '../setup/test-app';
import { testNow } from '../setup/test-clock';

const HOUR = 3_600_000;
const MINUTE = 60_000;
let clock = testNow().getTime();
const now = () => new Date(clock);

let t: TestApp;
let course: { id: string; title: string };
let admin: SignedInLearner;

beforeAll(async () => {
  t = await createTestApp({ now });
  // E-mails go out through the job queue.
  await t.jobs.start();
  // 120 minutes long (the course's duration; the session says none).
  course = await createCourse(t.db, { title: 'Pâtisserie des Fêtes', isLive: true, priceCents: 6000, durationMinutes: 120 });
  [admin] = (await createSignedInLearners(t, 1)) as [SignedInLearner];
  await setRole(t.db, admin.id, 'admin');
});
const readers: SseReader[] = [];
afterAll(async () => {
  await Promise.all(readers.map((r) => r.close()));
  await t.close();
});

const read = async <T>(res: Response) => (await res.json()) as T;
const learners = async (n: number) => (await createSignedInLearners(t, n)) as SignedInLearner[];
const sessionIn = async (hours: number, values: Parameters<typeof createSession>[2] = {}) =>
  (await createSession(t.db, course.id, { startsAt: new Date(clock + hours * HOUR), capacity: 6, ...values })).id;
const paidSeat = (learner: SignedInLearner, sessionId: string) =>
  createPaidSeat(t.db, { user: { id: learner.id, fullName: learner.fullName }, course, sessionId, amountCents: 6000 });
const holdFor = (learner: SignedInLearner, sessionId: string, minutesLeft = 10) =>
  createReservation(t.db, sessionId, learner.id, { status: 'pending_payment', holdExpiresAt: new Date(clock + minutesLeft * MINUTE) });
const patch = (who: SignedInLearner | undefined, id: string, body: unknown) => send(t, 'PATCH', `/api/admin/sessions/${id}`, { cookie: who?.cookie, body });
const cancelSession = (who: SignedInLearner | undefined, id: string, body: Record<string, unknown> = {}) =>
  send(t, 'POST', `/api/admin/sessions/${id}/cancel`, { cookie: who?.cookie, body: { reason: 'La cheffe est malade.', idempotencyKey: newKey(), ...body } });
const reservationView = async (who: SignedInLearner, id: string) =>
  (await read<ReservationResponse>(await send(t, 'GET', `/api/booking/reservations/${id}`, { cookie: who.cookie }))).reservation;
/**
 * The learner's e-mails in the outbox, once the e-mail queue sent what it holds for them (the
 * 'email.send' worker writes the outbox). The receipts, booking confirmations, join links and
 * refund notices the payments here also send are not what these tests read.
 */
const QUEUED_ELSEWHERE = /^(Votre reçu Toque|Réservation confirmée|Le lien de votre cours|Remboursement effectué)/;
async function mailsTo(learner: SignedInLearner) {
  const address = `${learner.id}@exemple.test`;
  const unsent = () =>
    t.db.select().from(emailDeliveries).where(and(eq(emailDeliveries.to, address), isNull(emailDeliveries.sentAt), isNull(emailDeliveries.skippedReason)));
  const deadline = Date.now() + 15_000;
  while ((await unsent()).length > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
  return (await t.db.select().from(outboxEmails).where(eq(outboxEmails.to, address))).filter((m) => !QUEUED_ELSEWHERE.test(m.subject));
}
/** A tab of this user listening to /api/events, past its opening block. */
async function openTab(who: SignedInLearner) {
  const res = await send(t, 'GET', '/api/events', { cookie: who.cookie, headers: { accept: 'text/event-stream' } });
  expect(res.status).toBe(200);
  const reader = sseReader(res);
  readers.push(reader);
  await reader.next();
  return reader;
}
const eventOf = async (tab: SseReader) => JSON.parse((await tab.nextEvent()).data) as unknown;
const listedSessions = async () => (await t.json<CourseResponse>(`/api/courses/${course.id}`)).body.course.sessions.map((s) => s.id);

describe('only the admin', () => {
  it('a learner gets 403 on every admin session route, a visitor 401, and nothing changes', async () => {
    const sessionId = await sessionIn(72);
    const [learner] = await learners(1);
    const attempts = [
      () => send(t, 'GET', `/api/admin/sessions/${sessionId}`, { cookie: learner!.cookie }),
      () => patch(learner, sessionId, { videoLink: 'https://pirate.exemple.test/visio' }),
      () => cancelSession(learner, sessionId),
    ];
    for (const attempt of attempts) {
      const res = await attempt();
      expect(res.status).toBe(403);
      expect((await read<ApiErrorBody>(res)).error).toMatchObject({ code: 'FORBIDDEN', message: ERROR_MESSAGES.FORBIDDEN });
    }
    expect((await patch(undefined, sessionId, { videoLink: 'https://pirate.exemple.test/visio' })).status).toBe(401);
    expect((await cancelSession(undefined, sessionId)).status).toBe(401);
    const [row] = await t.db.select().from(courseSessions).where(eq(courseSessions.id, sessionId));
    expect(row).toMatchObject({ videoLink: null, status: 'scheduled' });
  });

  it('an unknown or malformed session id is a 404 SESSION_NOT_FOUND', async () => {
    for (const id of ['6f1d4c8e-0000-4000-8000-000000000000', 'pas-un-id']) {
      const res = await send(t, 'GET', `/api/admin/sessions/${id}`, { cookie: admin.cookie });
      expect(res.status).toBe(404);
      expect((await read<ApiErrorBody>(res)).error.code).toBe('SESSION_NOT_FOUND');
    }
  });
});

describe('GET and PATCH /api/admin/sessions/:id', () => {
  it('reads the session with its seats taken (confirmed and live holds, not lapsed ones)', async () => {
    const sessionId = await sessionIn(72);
    const [a, b, c] = await learners(3);
    await paidSeat(a!, sessionId);
    await holdFor(b!, sessionId);
    await holdFor(c!, sessionId, -1);
    const res = await send(t, 'GET', `/api/admin/sessions/${sessionId}`, { cookie: admin.cookie });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const { session } = await read<AdminSessionResponse>(res);
    const startsAt = new Date(clock + 72 * HOUR);
    expect(session).toEqual({
      id: sessionId,
      courseId: course.id,
      courseTitle: course.title,
      startsAt: startsAt.toISOString(),
      endsAt: new Date(startsAt.getTime() + 120 * MINUTE).toISOString(),
      capacity: 6,
      seatsTaken: 2,
      status: 'scheduled',
      videoLink: null,
      recordingUrl: null,
      cancelReason: null,
      // Confirmed only: the people a link or a move is told to.
      attendees: 1,
      videoLinkUntold: false,
    });
  });

  it('the video link set by the admin shows to the confirmed attendee, not to a pending hold; it can be cleared', async () => {
    const sessionId = await sessionIn(72);
    const [attendee, holder] = await learners(2);
    const seat = await paidSeat(attendee!, sessionId);
    const hold = await holdFor(holder!, sessionId);
    expect(await reservationView(attendee!, seat.reservationId)).toMatchObject({ hasVideoLink: false, videoLink: null });

    const link = 'https://visio.exemple.test/patisserie';
    const [attendeeTab, holderTab] = [await openTab(attendee!), await openTab(holder!)];
    const res = await patch(admin, sessionId, { videoLink: link });
    expect(res.status).toBe(200);
    // Open calendars refresh: the attendee's (the link), the holder's (its state only).
    expect(await eventOf(attendeeTab)).toEqual({ type: 'reservation.updated', reservationId: seat.reservationId });
    expect(await eventOf(holderTab)).toEqual({ type: 'reservation.updated', reservationId: hold.id });
    await attendeeTab.close();
    expect((await read<AdminSessionResponse>(res)).session).toMatchObject({ id: sessionId, videoLink: link });
    expect(await reservationView(attendee!, seat.reservationId)).toMatchObject({ hasVideoLink: true, videoLink: link });
    expect(await reservationView(holder!, hold.id)).toMatchObject({ hasVideoLink: true, videoLink: null });

    const cleared = await patch(admin, sessionId, { videoLink: null });
    await holderTab.close();
    expect((await read<AdminSessionResponse>(cleared)).session.videoLink).toBeNull();
    expect(await reservationView(attendee!, seat.reservationId)).toMatchObject({ hasVideoLink: false, videoLink: null });

    // The back office's trail: who set and who cleared the link, never the link itself.
    const trail = await t.db.select().from(auditLog).where(and(eq(auditLog.targetId, sessionId), eq(auditLog.action, 'session.links'))).orderBy(auditLog.createdAt);
    expect(trail.map((r) => [r.actorId, r.details])).toEqual([
      [admin.id, { videoLink: 'défini', told: true }],
      [admin.id, { videoLink: 'retiré', told: false }],
    ]);
    expect(JSON.stringify(trail)).not.toContain(link);
  });

  it('refuses a link that is not a web address, and an empty change (400 in French)', async () => {
    const sessionId = await sessionIn(72);
    for (const videoLink of ['pas une adresse', 'javascript:alert(1)', 'ftp://exemple.test/x', 'http://meet.exemple.test/visio']) {
      const res = await patch(admin, sessionId, { videoLink });
      expect(res.status).toBe(400);
      expect((await read<ApiErrorBody>(res)).error.fields).toEqual({ videoLink: 'Entrez une adresse web sécurisée commençant par https://' });
    }
    const empty = await patch(admin, sessionId, {});
    expect(empty.status).toBe(400);
    expect((await read<ApiErrorBody>(empty)).error.fields).toEqual({ _: 'Rien à modifier.' });
  });

  it('a recording only once the session is over (start + duration): 409 SESSION_NOT_OVER before, then set and shown to attendees', async () => {
    const sessionId = await sessionIn(-1); // started an hour ago, lasts two
    const [attendee, other] = await learners(2);
    const seat = await paidSeat(attendee!, sessionId);
    const recording = 'https://videos.exemple.test/patisserie-des-fetes';

    const early = await patch(admin, sessionId, { recordingUrl: recording });
    expect(early.status).toBe(409);
    expect((await read<ApiErrorBody>(early)).error).toMatchObject({ code: 'SESSION_NOT_OVER', message: ERROR_MESSAGES.SESSION_NOT_OVER });

    clock += HOUR; // exactly the end
    const res = await patch(admin, sessionId, { recordingUrl: recording });
    expect(res.status).toBe(200);
    expect((await read<AdminSessionResponse>(res)).session.recordingUrl).toBe(recording);
    expect(await reservationView(attendee!, seat.reservationId)).toMatchObject({ recordingUrl: recording });
    // Someone else never reads the attendee's reservation at all.
    expect((await send(t, 'GET', `/api/booking/reservations/${seat.reservationId}`, { cookie: other!.cookie })).status).toBe(404);
  });

  it('a cancelled session takes no link (409 SESSION_CANCELLED)', async () => {
    const sessionId = await sessionIn(72, { status: 'cancelled' });
    const res = await patch(admin, sessionId, { videoLink: 'https://visio.exemple.test/x' });
    expect(res.status).toBe(409);
    expect((await read<ApiErrorBody>(res)).error.code).toBe('SESSION_CANCELLED');
  });
});

describe('POST /api/admin/sessions/:id/cancel', () => {
  it('offers every paid attendee card or credit, releases holds, e-mails each attendee; the course page stops listing it; a repeat is harmless', async () => {
    const sessionId = await sessionIn(30); // within 48 h: attendees are refunded anyway
    const [a, b, c, holder, lapsed, guest] = await learners(6);
    const seats = await Promise.all([a!, b!, c!].map((l) => paidSeat(l, sessionId)));
    const hold = await holdFor(holder!, sessionId);
    // A confirmed seat nothing paid for (the demo data's participants): cancelled, told, not a hold.
    const free = await createReservation(t.db, sessionId, guest!.id, { status: 'confirmed' });
    const old = await holdFor(lapsed!, sessionId, -1);
    expect(await listedSessions()).toContain(sessionId);
    const [tabA, tabHolder] = [await openTab(a!), await openTab(holder!)];

    const res = await cancelSession(admin, sessionId, { reason: 'La cheffe est malade.' });
    expect(res.status).toBe(200);
    expect(await eventOf(tabA)).toEqual({ type: 'reservation.updated', reservationId: seats[0]!.reservationId });
    expect(await eventOf(tabHolder)).toEqual({ type: 'reservation.updated', reservationId: hold.id });
    const body = await read<AdminSessionCancelResponse>(res);
    expect(body).toMatchObject({
      session: { id: sessionId, status: 'cancelled', cancelReason: 'La cheffe est malade.', seatsTaken: 0 },
      refundedReservations: 0,
      awaitingChoice: 3,
      releasedHolds: 1,
    });
    expect(await listedSessions()).not.toContain(sessionId);

    const rows = await t.db.select().from(reservations).where(eq(reservations.sessionId, sessionId));
    const byId = new Map(rows.map((r) => [r.id, r]));
    for (const seat of seats) expect(byId.get(seat.reservationId)).toMatchObject({ status: 'cancelled', cancelReason: 'session_cancelled' });
    expect(byId.get(hold.id)).toMatchObject({ status: 'cancelled', cancelReason: 'session_cancelled' });
    expect(byId.get(free.id)).toMatchObject({ status: 'cancelled', cancelReason: 'session_cancelled' });
    expect(byId.get(old.id)).toMatchObject({ status: 'expired', cancelReason: null });

    // Nothing refunded yet: each learner chooses the card or « Crédit Toque » (decision 0043).
    expect(await t.db.select().from(refunds).where(inArray(refunds.orderId, seats.map((s) => s.orderId)))).toHaveLength(0);
    for (const seat of seats) expect(byId.get(seat.reservationId)!.refundChoiceDueAt).toEqual(new Date(clock + REFUND_CHOICE_HOURS * HOUR));

    for (const [i, learner] of [a!, b!, c!].entries()) {
      const mails = await mailsTo(learner);
      expect(mails).toHaveLength(1);
      expect(mails[0]!.subject).toBe(`Séance annulée : ${course.title}`);
      expect(mails[0]!.text).toContain('Raison : La cheffe est malade.');
      expect(mails[0]!.text).toContain('Votre place vous sera remboursée en entier. Choisissez comment');
      expect(mails[0]!.text).toContain(`/reservations/${seats[i]!.reservationId}/remboursement`);
    }
    expect(await mailsTo(holder!)).toHaveLength(0);
    const [guestMail] = await mailsTo(guest!);
    expect(guestMail!.text).toContain("Aucun paiement n'était à rembourser pour cette réservation.");

    // The attendee's view: cancelled with the session, no join link any more.
    expect(await reservationView(a!, seats[0]!.reservationId)).toMatchObject({
      status: 'cancelled',
      sessionStatus: 'cancelled',
      videoLink: null,
      refundChoice: { chosen: null, amountCents: seats[0]!.totalCents },
    });

    const again = await cancelSession(admin, sessionId, { reason: 'Autre raison.' });
    expect(again.status).toBe(200);
    expect(await read<AdminSessionCancelResponse>(again)).toEqual(body);
    expect(await t.db.select().from(refunds).where(inArray(refunds.orderId, seats.map((s) => s.orderId)))).toHaveLength(0);
    expect(await mailsTo(a!)).toHaveLength(1);

    // Each chooses the card: refunded in full through the provider.
    for (const [i, learner] of [a!, b!, c!].entries()) {
      const chose = await send(t, 'POST', `/api/booking/reservations/${seats[i]!.reservationId}/refund-choice`, { cookie: learner.cookie, body: { refundTo: 'card' } });
      expect(chose.status).toBe(200);
    }
    const made = await t.db.select().from(refunds).where(inArray(refunds.orderId, seats.map((s) => s.orderId)));
    expect(made.map((r) => r.idempotencyKey).sort()).toEqual(seats.map((s) => `session-cancel:${s.reservationId}`).sort());
    expect(made.every((r) => r.status === 'pending' && r.providerRefundId && r.reason === 'Séance annulée : La cheffe est malade.')).toBe(true);
    await deliverEvents(t);
    for (const [i, learner] of [a!, b!, c!].entries()) {
      const order = await read<OrderResponse>(await send(t, 'GET', `/api/orders/${seats[i]!.orderId}`, { cookie: learner.cookie }));
      expect(order.order.status).toBe('refunded');
    }
  });

  it('concurrent cancels of one session: one choice per seat, one e-mail each, nothing refunded before the choice', async () => {
    const sessionId = await sessionIn(96);
    const attendees = await learners(3);
    const seats = await Promise.all(attendees.map((l) => paidSeat(l, sessionId)));
    const answers = await Promise.all(Array.from({ length: 4 }, () => cancelSession(admin, sessionId)));
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    for (const res of answers) expect(await read<AdminSessionCancelResponse>(res)).toMatchObject({ refundedReservations: 0, awaitingChoice: 3 });
    expect(await t.db.select().from(refunds).where(inArray(refunds.orderId, seats.map((s) => s.orderId)))).toHaveLength(0);
    for (const learner of attendees) expect(await mailsTo(learner)).toHaveLength(1);
  });

  it('a seat the admin already refunded by hand is cancelled without a second refund', async () => {
    const sessionId = await sessionIn(96);
    const [learner] = await learners(1);
    const seat = await paidSeat(learner!, sessionId);
    const manual = await send(t, 'POST', `/api/admin/orders/${seat.orderId}/refunds`, {
      cookie: admin.cookie,
      body: { lines: [{ orderLineId: seat.orderLineId }], reason: 'Geste commercial', idempotencyKey: newKey() },
    });
    expect(manual.status).toBe(201);
    const res = await cancelSession(admin, sessionId);
    expect(res.status).toBe(200);
    expect(await read<AdminSessionCancelResponse>(res)).toMatchObject({ refundedReservations: 0, awaitingChoice: 0, releasedHolds: 0 });
    expect(await t.db.select().from(refunds).where(eq(refunds.orderId, seat.orderId))).toHaveLength(1);
    // Nothing left to give back: no choice to make.
    expect(await reservationView(learner!, seat.reservationId)).toMatchObject({ refundChoice: null });
    const [mail] = await mailsTo(learner!);
    expect(mail!.text).toContain('Le paiement de cette place vous a déjà été remboursé.');
  });

  it('a learner paying while the admin cancels: the hold is released, the late payment refunded in full, no seat confirmed', async () => {
    const sessionId = await sessionIn(96);
    const [learner] = await learners(1);
    await setProvince(t, learner!.id, 'QC');
    const held = await holdSeat(t, learner!.cookie, sessionId);
    const bought = await checkout(t, learner!.cookie, { items: [{ courseId: course.id, sessionId }] });
    expect(bought.status).toBe(201);

    const res = await cancelSession(admin, sessionId);
    expect(await read<AdminSessionCancelResponse>(res)).toMatchObject({ refundedReservations: 0, releasedHolds: 1 });

    expect((await confirm(t, learner!.cookie, bought.body.payment!, SUCCESS_CARD)).body.status).toBe('succeeded');
    await deliverEvents(t);
    await deliverEvents(t);
    const order = await read<OrderResponse>(await send(t, 'GET', `/api/orders/${bought.body.order.id}`, { cookie: learner!.cookie }));
    expect(order.order.status).toBe('refunded');
    const [row] = await t.db.select().from(reservations).where(eq(reservations.id, held.body.hold.id));
    expect(row).toMatchObject({ status: 'cancelled', cancelReason: 'session_cancelled' });
  });

  it('a missing reason is a 400 in French', async () => {
    const sessionId = await sessionIn(96);
    const res = await cancelSession(admin, sessionId, { reason: ' ' });
    expect(res.status).toBe(400);
    expect((await read<ApiErrorBody>(res)).error.fields).toEqual({ reason: 'Expliquez en quelques mots la raison de l’annulation.' });
  });
});
