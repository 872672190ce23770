// GET /api/booking/reservations/:id and POST …/:id/cancel on the real database and the real
// sandbox: a learner reads and cancels only their own seat; ≥ 48 h ahead the seat is freed at once
// and refunded through the provider (its refund event settles the order), within 48 h only as a
// no-refund cancellation they accepted; repeats and races refund once; the learner is e-mailed.
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_MESSAGES, type ApiErrorBody } from '@shared/errors';
import { formatPrice } from '@shared/format';
import type { HoldResponse } from '@shared/schemas/booking';
import type { OrderResponse } from '@shared/schemas/checkout';
import type { CourseResponse } from '@shared/schemas/public';
import type { CancelReservationResponse, ReservationResponse } from '@shared/schemas/reservations';
import { emailDeliveries, orderLines, outboxEmails, purchases, refunds, reservations, sandboxRefunds } from '../../src/server/db/schema';
import { createCourse, createReservation, createSession, setRole } from '../factories';
import { createSignedInLearners, type SignedInLearner } from '../factories/accounts';
import { createPaidSeat } from '../factories/bookings';
import { createPaidOrder } from '../factories/orders';
import { send } from '../setup/auth-client';
import { checkout, confirm, deliverEvents, holdSeat, newKey, setProvince, SUCCESS_CARD } from '../setup/payments';
import { sseReader, type SseReader } from '../setup/sse';
import { createTestApp, type TestApp } from '../setup/test-app';
import { testNow } from '../setup/test-clock';

const HOUR = 3_600_000;
// The fake clock starts at the real time: the auth library checks session expiry by the real clock.
const clock = testNow().getTime();
const now = () => new Date(clock);

let t: TestApp;
let course: { id: string; title: string };
let admin: SignedInLearner;

beforeAll(async () => {
  t = await createTestApp({ now });
  // E-mails go out through the job queue.
  await t.jobs.start();
  course = await createCourse(t.db, { title: 'Tourtière en direct', isLive: true, priceCents: 4500 });
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
  (await createSession(t.db, course.id, { startsAt: new Date(clock + hours * HOUR), capacity: 5, ...values })).id;
const paidSeat = (learner: SignedInLearner, sessionId: string) =>
  createPaidSeat(t.db, { user: { id: learner.id, fullName: learner.fullName }, course, sessionId });
const getReservation = (who: SignedInLearner, id: string) => send(t, 'GET', `/api/booking/reservations/${id}`, { cookie: who.cookie });
const cancel = (who: SignedInLearner, id: string, body: Record<string, unknown> = {}) =>
  send(t, 'POST', `/api/booking/reservations/${id}/cancel`, { cookie: who.cookie, body: { idempotencyKey: newKey(), ...body } });
const seatsLeft = async (sessionId: string) => {
  const { body } = await t.json<CourseResponse>(`/api/courses/${course.id}`);
  return body.course.sessions.find((s) => s.id === sessionId)?.seatsLeft;
};
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
const reservationRow = async (id: string) => (await t.db.select().from(reservations).where(eq(reservations.id, id)))[0]!;
const refundsOf = (orderId: string) => t.db.select().from(refunds).where(eq(refunds.orderId, orderId));

describe('GET /api/booking/reservations/:id', () => {
  it("gives the learner their own seat; another learner's, a missing one and a malformed id are the same 404", async () => {
    const sessionId = await sessionIn(72);
    const [owner, other] = await learners(2);
    const seat = await paidSeat(owner!, sessionId);

    const res = await getReservation(owner!, seat.reservationId);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const { reservation } = await read<ReservationResponse>(res);
    expect(reservation).toMatchObject({
      id: seat.reservationId,
      sessionId,
      courseId: course.id,
      courseTitle: course.title,
      clientName: owner!.fullName,
      status: 'confirmed',
      cancelReason: null,
      orderId: seat.orderId,
      cancellation: { allowed: true, refundable: true },
    });

    for (const id of [seat.reservationId, '6f1d4c8e-0000-4000-8000-000000000000', 'pas-un-id']) {
      const refused = await getReservation(other!, id);
      expect(refused.status).toBe(404);
      expect((await read<ApiErrorBody>(refused)).error).toMatchObject({ code: 'RESERVATION_NOT_FOUND', message: ERROR_MESSAGES.RESERVATION_NOT_FOUND });
    }
    expect((await send(t, 'GET', `/api/booking/reservations/${seat.reservationId}`)).status).toBe(401);
  });

  it('the admin reads anyone’s reservation', async () => {
    const sessionId = await sessionIn(72);
    const [owner] = await learners(1);
    const seat = await paidSeat(owner!, sessionId);
    const res = await getReservation(admin, seat.reservationId);
    expect(res.status).toBe(200);
    expect((await read<ReservationResponse>(res)).reservation).toMatchObject({ id: seat.reservationId, orderId: seat.orderId });
  });

  it('the join link: the confirmed attendee sees it, a pending hold only learns that one exists', async () => {
    const sessionId = await sessionIn(72, { videoLink: 'https://visio.exemple.test/tourtiere' });
    const [attendee, holder] = await learners(2);
    const seat = await paidSeat(attendee!, sessionId);
    const hold = await createReservation(t.db, sessionId, holder!.id, { status: 'pending_payment', holdExpiresAt: new Date(clock + 10 * 60_000) });

    const mine = (await read<ReservationResponse>(await getReservation(attendee!, seat.reservationId))).reservation;
    expect(mine).toMatchObject({ hasVideoLink: true, videoLink: 'https://visio.exemple.test/tourtiere' });
    const held = (await read<ReservationResponse>(await getReservation(holder!, hold.id))).reservation;
    expect(held).toMatchObject({ status: 'pending_payment', hasVideoLink: true, videoLink: null });
  });
});

describe('POST /api/booking/reservations/:id/cancel', () => {
  it('≥ 48 h ahead: seat freed at once, refund pending, then the refund event settles order and purchase; the learner is e-mailed', async () => {
    const sessionId = await sessionIn(72);
    const [learner] = await learners(1);
    const seat = await paidSeat(learner!, sessionId);
    expect(await seatsLeft(sessionId)).toBe(4);

    const res = await cancel(learner!, seat.reservationId);
    expect(res.status).toBe(200);
    const body = await read<CancelReservationResponse>(res);
    expect(body.reservation).toMatchObject({
      id: seat.reservationId,
      status: 'cancelled',
      cancelReason: 'learner_refunded',
      cancellation: { allowed: false, refundable: false },
    });
    expect(body.refund).toMatchObject({ status: 'pending', totalCents: seat.totalCents, creditNoteUrl: null });
    const row = await reservationRow(seat.reservationId);
    expect(row).toMatchObject({ status: 'cancelled', cancelReason: 'learner_refunded' });
    expect(row.cancelledAt?.getTime()).toBe(clock);
    // The public course page (cached before) counts the seat free again.
    expect(await seatsLeft(sessionId)).toBe(5);

    const [refund] = await refundsOf(seat.orderId);
    expect(refund).toMatchObject({ idempotencyKey: `cancel:${seat.reservationId}`, status: 'pending', totalCents: seat.totalCents });
    expect(refund!.providerRefundId).toMatch(/^re_sb_/);

    const delivered = await deliverEvents(t);
    expect(delivered.statuses.every((s) => s === 200)).toBe(true);
    const order = await read<OrderResponse>(await send(t, 'GET', `/api/orders/${seat.orderId}`, { cookie: learner!.cookie }));
    expect(order.order.status).toBe('refunded');
    expect(order.order.refunds).toEqual([expect.objectContaining({ id: body.refund!.id, status: 'succeeded', totalCents: seat.totalCents })]);
    const [purchase] = await t.db.select().from(purchases).where(eq(purchases.id, seat.purchaseId));
    expect(purchase!.status).toBe('refunded');

    const mails = await mailsTo(learner!);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe(`Annulation de votre réservation : ${course.title}`);
    expect(mails[0]!.text).toContain(`Le remboursement complet de ${formatPrice(seat.totalCents)} a été demandé`);
    expect(mails[0]!.html).toContain('Tourtière en direct');
  });

  it('within 48 h: refused without acceptNoRefund (nothing refunded, said clearly), cancelled without refund with it', async () => {
    const sessionId = await sessionIn(47);
    const [learner] = await learners(1);
    const seat = await paidSeat(learner!, sessionId);
    const view = (await read<ReservationResponse>(await getReservation(learner!, seat.reservationId))).reservation;
    expect(view.cancellation).toMatchObject({ allowed: true, refundable: false });

    for (const body of [{}, { acceptNoRefund: false }]) {
      const refused = await cancel(learner!, seat.reservationId, body);
      expect(refused.status).toBe(409);
      const { error } = await read<ApiErrorBody>(refused);
      expect(error.code).toBe('NO_REFUND_NOT_ACCEPTED');
      expect(error.message).toContain('aucun remboursement');
    }
    expect((await reservationRow(seat.reservationId)).status).toBe('confirmed');
    expect(await seatsLeft(sessionId)).toBe(4);

    const res = await cancel(learner!, seat.reservationId, { acceptNoRefund: true });
    expect(res.status).toBe(200);
    const body = await read<CancelReservationResponse>(res);
    expect(body.refund).toBeNull();
    expect(body.reservation).toMatchObject({ status: 'cancelled', cancelReason: 'learner_no_refund' });
    expect(await seatsLeft(sessionId)).toBe(5);
    expect(await refundsOf(seat.orderId)).toHaveLength(0);
    const order = await read<OrderResponse>(await send(t, 'GET', `/api/orders/${seat.orderId}`, { cookie: learner!.cookie }));
    expect(order.order.status).toBe('paid');

    const [mail] = await mailsTo(learner!);
    expect(mail!.text).toContain('ne donne droit à aucun remboursement');
    expect(mail!.text).not.toContain('remboursement complet');
  });

  it('exactly 48 h before the start still refunds; one second later does not', async () => {
    const [a, b] = await learners(2);
    const at48 = await sessionIn(48);
    const seatA = await paidSeat(a!, at48);
    expect((await read<CancelReservationResponse>(await cancel(a!, seatA.reservationId))).reservation.cancelReason).toBe('learner_refunded');

    const justUnder = await createSession(t.db, course.id, { startsAt: new Date(clock + 48 * HOUR - 1000), capacity: 5 });
    const seatB = await paidSeat(b!, justUnder.id);
    expect((await cancel(b!, seatB.reservationId)).status).toBe(409);
  });

  it("tells the learner's open tabs and the admins' that the reservation changed", async () => {
    const sessionId = await sessionIn(72);
    const [learner] = await learners(1);
    const seat = await paidSeat(learner!, sessionId);
    const [mine, admins] = [await openTab(learner!), await openTab(admin)];
    expect((await cancel(learner!, seat.reservationId)).status).toBe(200);
    for (const tab of [mine, admins]) {
      expect(JSON.parse((await tab.nextEvent()).data)).toEqual({ type: 'reservation.updated', reservationId: seat.reservationId });
    }
  });

  it('cancelling again (another key) or with the same key answers the same, and refunds once', async () => {
    const sessionId = await sessionIn(96);
    const [learner] = await learners(1);
    const seat = await paidSeat(learner!, sessionId);
    const key = newKey();
    const first = await read<CancelReservationResponse>(await cancel(learner!, seat.reservationId, { idempotencyKey: key }));
    const same = await read<CancelReservationResponse>(await cancel(learner!, seat.reservationId, { idempotencyKey: key }));
    const other = await read<CancelReservationResponse>(await cancel(learner!, seat.reservationId));
    expect(same).toEqual(first);
    expect(other).toEqual(first);
    expect(await refundsOf(seat.orderId)).toHaveLength(1);
    await deliverEvents(t);
    const after = await read<CancelReservationResponse>(await cancel(learner!, seat.reservationId));
    expect(after.refund).toMatchObject({ id: first.refund!.id, status: 'succeeded' });
    expect(await mailsTo(learner!)).toHaveLength(1);
  });

  it('five concurrent cancels: all answered 200 with one refund, asked of the provider once', async () => {
    const sessionId = await sessionIn(96);
    const [learner] = await learners(1);
    const seat = await paidSeat(learner!, sessionId);
    const answers = await Promise.all(Array.from({ length: 5 }, () => cancel(learner!, seat.reservationId)));
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    const ids = new Set(await Promise.all(answers.map(async (r) => (await read<CancelReservationResponse>(r)).refund?.id)));
    expect(ids.size).toBe(1);
    const made = await refundsOf(seat.orderId);
    expect(made).toHaveLength(1);
    expect(await t.db.select().from(sandboxRefunds).where(eq(sandboxRefunds.idempotencyKey, made[0]!.id))).toHaveLength(1);
    expect(await mailsTo(learner!)).toHaveLength(1);
  });

  it('a seat paid twice (two tabs): the extra payment was refunded by itself, the cancellation refunds the seat’s own', async () => {
    const sessionId = await sessionIn(96);
    const [learner] = await learners(1);
    const seat = await paidSeat(learner!, sessionId);
    const extra = await createPaidOrder(t.db, {
      user: { id: learner!.id },
      items: [{ courseId: course.id, description: course.title, amountCents: 4500, kind: 'live_class', sessionId }],
      paidAt: new Date(clock + 60_000),
    });
    await t.db.update(orderLines).set({ reservationId: seat.reservationId }).where(eq(orderLines.id, extra.lines[0]!.id));
    // What the payment confirmation leaves for the extra order: its full refund under `seat:<orderId>`.
    await t.db.insert(refunds).values({
      orderId: extra.id,
      status: 'succeeded',
      lines: [{ orderLineId: extra.lines[0]!.id, amountCents: 4500 }],
      subtotalCents: 4500,
      taxLines: [],
      taxCents: extra.taxes.taxCents,
      totalCents: extra.totalCents,
      idempotencyKey: `seat:${extra.id}`,
    });
    const body = await read<CancelReservationResponse>(await cancel(learner!, seat.reservationId));
    expect(body.refund).toMatchObject({ status: 'pending', totalCents: seat.totalCents });
    expect((await refundsOf(seat.orderId)).map((r) => r.idempotencyKey)).toEqual([`cancel:${seat.reservationId}`]);
    expect(await refundsOf(extra.id)).toHaveLength(1);
  });

  it('a seat the admin already refunded by hand: cancelled (refundable) without a second refund, and the e-mail says so', async () => {
    const sessionId = await sessionIn(96);
    const [learner] = await learners(1);
    const seat = await paidSeat(learner!, sessionId);
    const manual = await send(t, 'POST', `/api/admin/orders/${seat.orderId}/refunds`, {
      cookie: admin.cookie,
      body: { lines: [{ orderLineId: seat.orderLineId }], reason: 'Geste commercial', idempotencyKey: newKey() },
    });
    expect(manual.status).toBe(201);
    const body = await read<CancelReservationResponse>(await cancel(learner!, seat.reservationId));
    expect(body).toMatchObject({ reservation: { status: 'cancelled', cancelReason: 'learner_refunded' }, refund: null });
    expect(await refundsOf(seat.orderId)).toHaveLength(1);
    const [mail] = await mailsTo(learner!);
    expect(mail!.text).toContain('Le paiement de cette place vous a déjà été remboursé.');
    expect(mail!.text).not.toContain('48 heures');
  });

  it("another learner's reservation: 404 as if missing, nothing changes; the admin cannot cancel a learner's seat here (403)", async () => {
    const sessionId = await sessionIn(96);
    const [owner, other] = await learners(2);
    const seat = await paidSeat(owner!, sessionId);
    const res = await cancel(other!, seat.reservationId);
    expect(res.status).toBe(404);
    expect((await read<ApiErrorBody>(res)).error.code).toBe('RESERVATION_NOT_FOUND');
    const byAdmin = await cancel(admin, seat.reservationId);
    expect(byAdmin.status).toBe(403);
    expect((await reservationRow(seat.reservationId)).status).toBe('confirmed');
    expect(await refundsOf(seat.orderId)).toHaveLength(0);
  });

  it('a pending hold, a started session and a cancelled session cannot be cancelled here (409 in French)', async () => {
    const [learner] = await learners(1);
    const soon = await sessionIn(96);
    const hold = await createReservation(t.db, soon, learner!.id, { status: 'pending_payment', holdExpiresAt: new Date(clock + 10 * 60_000) });
    const pending = await cancel(learner!, hold.id, { acceptNoRefund: true });
    expect(pending.status).toBe(409);
    expect((await read<ApiErrorBody>(pending)).error).toMatchObject({ code: 'RESERVATION_NOT_CANCELLABLE', message: ERROR_MESSAGES.RESERVATION_NOT_CANCELLABLE });

    const started = await sessionIn(-0.5);
    const seat = await paidSeat(learner!, started);
    const late = await cancel(learner!, seat.reservationId, { acceptNoRefund: true });
    expect(late.status).toBe(409);
    expect((await read<ApiErrorBody>(late)).error.code).toBe('RESERVATION_NOT_CANCELLABLE');

    const called = await sessionIn(96, { status: 'cancelled' });
    const gone = await createReservation(t.db, called, learner!.id, { status: 'cancelled', cancelReason: 'session_cancelled' });
    const res = await cancel(learner!, gone.id);
    expect(res.status).toBe(409);
    expect((await read<ApiErrorBody>(res)).error).toMatchObject({ code: 'SESSION_CANCELLED', message: 'Cette séance a été annulée.' });
  });

  it('a bad body is a 400 naming the field in French', async () => {
    const [learner] = await learners(1);
    const seat = await paidSeat(learner!, await sessionIn(96));
    const res = await send(t, 'POST', `/api/booking/reservations/${seat.reservationId}/cancel`, { cookie: learner!.cookie, body: { acceptNoRefund: 'oui' } });
    expect(res.status).toBe(400);
    const { error } = await read<ApiErrorBody>(res);
    expect(error.code).toBe('VALIDATION_FAILED');
    expect(Object.keys(error.fields ?? {}).sort()).toEqual(['acceptNoRefund', 'idempotencyKey']);
  });
});

describe('the whole journey through the API', () => {
  it('hold → checkout → sandbox payment → confirmed; cancelled 3 days ahead → refunded by the provider, seat back on the course page', async () => {
    const sessionId = await sessionIn(72);
    const [learner] = await learners(1);
    await setProvince(t, learner!.id, 'QC');
    const held = await holdSeat(t, learner!.cookie, sessionId);
    expect(held.status).toBe(201);
    const bought = await checkout(t, learner!.cookie, { items: [{ courseId: course.id, sessionId }] });
    expect(bought.status).toBe(201);
    expect((await confirm(t, learner!.cookie, bought.body.payment!, SUCCESS_CARD)).body.status).toBe('succeeded');
    await deliverEvents(t);

    const reservationId = held.body.hold.id;
    const before = (await read<ReservationResponse>(await getReservation(learner!, reservationId))).reservation;
    expect(before).toMatchObject({ status: 'confirmed', orderId: bought.body.order.id, cancellation: { allowed: true, refundable: true } });
    expect(await seatsLeft(sessionId)).toBe(4);

    const res = await cancel(learner!, reservationId);
    expect(res.status).toBe(200);
    const body = await read<CancelReservationResponse>(res);
    expect(body.refund).toMatchObject({ status: 'pending', totalCents: bought.body.order.totalCents });
    expect(await seatsLeft(sessionId)).toBe(5);

    await deliverEvents(t);
    const order = await read<OrderResponse>(await send(t, 'GET', `/api/orders/${bought.body.order.id}`, { cookie: learner!.cookie }));
    expect(order.order).toMatchObject({ status: 'refunded', refunds: [expect.objectContaining({ status: 'succeeded', totalCents: bought.body.order.totalCents })] });
    expect(order.order.lines[0]!.reservation).toEqual({ id: reservationId, status: 'cancelled', cancelReason: 'learner_refunded' });
    const [purchase] = await t.db.select().from(purchases).where(eq(purchases.orderLineId, order.order.lines[0]!.id));
    expect(purchase!.status).toBe('refunded');
    const subjects = (await mailsTo(learner!)).map((m) => m.subject);
    expect(subjects).toContain(`Annulation de votre réservation : ${course.title}`);
  });
});

describe('DELETE /api/booking/holds/:id', () => {
  it("records why and when a released hold ended: 'released'", async () => {
    const sessionId = await sessionIn(96);
    const [learner] = await learners(1);
    const held = await read<HoldResponse>(await send(t, 'POST', '/api/booking/holds', { cookie: learner!.cookie, body: { sessionId } }));
    const res = await send(t, 'DELETE', `/api/booking/holds/${held.hold.id}`, { cookie: learner!.cookie });
    expect(res.status).toBe(200);
    const row = await reservationRow(held.hold.id);
    expect(row).toMatchObject({ status: 'cancelled', cancelReason: 'released' });
    expect(row.cancelledAt?.getTime()).toBe(clock);
    const view = (await read<ReservationResponse>(await getReservation(learner!, held.hold.id))).reservation;
    expect(view).toMatchObject({ status: 'cancelled', cancelReason: 'released' });
  });

  it('a lapsed hold given back is only expired, with no cancel reason', async () => {
    const sessionId = await sessionIn(96);
    const [learner] = await learners(1);
    const hold = await createReservation(t.db, sessionId, learner!.id, { status: 'pending_payment', holdExpiresAt: new Date(clock - 1000) });
    await send(t, 'DELETE', `/api/booking/holds/${hold.id}`, { cookie: learner!.cookie });
    const [row] = await t.db.select().from(reservations).where(and(eq(reservations.id, hold.id)));
    expect(row).toMatchObject({ status: 'expired', cancelReason: null, cancelledAt: null });
  });
});
