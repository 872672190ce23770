// A move to a dearer session pays the difference (docs/decisions/0051) on the real database and the
// real sandbox: the target's seats held, an order of one taxed line; its payment event moves the
// booking once (a replay does nothing more); unpaid, the hold lapses and nothing moved; a later
// cancellation refunds both lines once (the learner's, the chef's, « Crédit Toque »), one seat of two
// half of each; moving again never asks the same difference twice; a payment racing a cancellation never gives money back twice.
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { HoldResponse } from '@shared/schemas/booking';
import type { CalendarResponse } from '@shared/schemas/reservations';
import type { PendingDifferenceResponse, TransferOptionsResponse, TransferResponse } from '@shared/schemas/transfers';
import { auditLog, courseSessions, courses, orderLines, orders, refunds, reservations, reservationTransfers } from '../../src/server/db/schema';
import { holdExpiryWorker } from '../../src/server/jobs/hold-expiry';
import { balance } from '../../src/server/modules/credit/service';
import { orderCloseWorker } from '../../src/server/modules/checkout/abandon';
import { waitlistPromoteWorker } from '../../src/server/modules/waitlist/jobs';
import { createCourse, createSession } from '../factories';
import { createSignedInLearners, type SignedInLearner } from '../factories/accounts';
import { send } from '../setup/auth-client';
import { appWithAdmin, type SignedInAdmin } from '../setup/app-with-admin';
import { expectLedgersBalanced } from '../setup/credit-ledger';
import { captureDueEvents, checkout, confirm, deliverEvents, newKey, postWebhook, SUCCESS_CARD } from '../setup/payments';
import type { TestApp } from '../setup/test-app';
import { testNow } from '../setup/test-clock';
import { sandboxOf } from './subscriptions-helpers';

const HOUR = 3_600_000;
const MINUTE = 60_000;
const start = testNow().getTime();
let clock = start;
const now = () => new Date(clock);

let t: TestApp;
let admin: SignedInAdmin;

beforeAll(async () => {
  ({ t, admin } = await appWithAdmin({ now }));
});
afterAll(() => t.close());
afterEach(async () => {
  clock = start;
  await expectLedgersBalanced(t.db);
});

const read = async <T>(res: Response) => (await res.json()) as T;
const learners = async (n: number) => (await createSignedInLearners(t, n)) as SignedInLearner[];
const sessionIn = async (courseId: string, hours: number, capacity = 10) => (await createSession(t.db, courseId, { startsAt: new Date(start + hours * HOUR), capacity })).id;
const reservationOf = async (id: string) => (await t.db.select().from(reservations).where(eq(reservations.id, id)))[0]!;
const orderOf = async (id: string) => (await t.db.select().from(orders).where(eq(orders.id, id)))[0]!;
const refundsOf = (orderId: string) => t.db.select().from(refunds).where(eq(refunds.orderId, orderId));
const transfer = (who: { cookie: string }, id: string, body: Record<string, unknown>) =>
  send(t, 'POST', `/api/booking/reservations/${id}/transfer`, { cookie: who.cookie, body: { idempotencyKey: newKey(), ...body } });
const cancel = (who: { cookie: string }, id: string) => send(t, 'POST', `/api/booking/reservations/${id}/cancel`, { cookie: who.cookie, body: { idempotencyKey: newKey() } });
/** Seats held (confirmed, or a hold still running) on a session. */
async function seatsOn(sessionId: string) {
  const rows = await t.db.select().from(reservations).where(eq(reservations.sessionId, sessionId));
  return rows.filter((r) => r.status === 'confirmed' || (r.status === 'pending_payment' && r.holdExpiresAt! > now())).reduce((n, r) => n + r.seats, 0);
}

async function bookAndPay(who: SignedInLearner, course: { id: string }, sessionId: string, seats = 1) {
  const held = await send(t, 'POST', '/api/booking/holds', { cookie: who.cookie, body: { sessionId, seats } });
  expect(held.status).toBe(201);
  const { hold } = await read<HoldResponse>(held);
  const res = await checkout(t, who.cookie, { province: 'QC', items: [{ courseId: course.id, sessionId }] });
  expect((await confirm(t, who.cookie, res.body.payment!, SUCCESS_CARD)).body.status).toBe('succeeded');
  expect((await deliverEvents(t)).statuses.every((s) => s === 200)).toBe(true);
  return { reservationId: hold.id, order: res.body.order };
}

/** A learner booked 2 seats at 60 $; the course is 70 $ now: moving to `later` costs 2 × 10 $ + QC taxes. */
async function dearerMove(laterCapacity = 10) {
  const course = await createCourse(t.db, { title: `Pouding chômeur ${newKey().slice(-6)}`, isLive: true, priceCents: 6000 });
  const first = await sessionIn(course.id, 96);
  const later = await sessionIn(course.id, 24 * 14, laterCapacity);
  const [lea] = await learners(1);
  const booked = await bookAndPay(lea!, course, first, 2);
  await t.db.update(courses).set({ priceCents: 7000 }).where(eq(courses.id, course.id));
  const idempotencyKey = newKey();
  const asked = await transfer(lea!, booked.reservationId, { kind: 'move', sessionId: later, idempotencyKey });
  expect(asked.status).toBe(200);
  return { course, first, later, lea: lea!, booked, idempotencyKey, asked: await read<TransferResponse>(asked) };
}

const pay = async (who: SignedInLearner, answer: Pick<TransferResponse, 'payment'>) => expect((await confirm(t, who.cookie, answer.payment!.session!, SUCCESS_CARD)).body.status).toBe('succeeded');

describe('a move to a dearer session pays the difference', () => {
  it('holds the target’s seats and makes an order of one taxed line; its payment moves the booking, releases the hold, sends the waitlist job', async () => {
    const { first, later, lea, booked, asked } = await dearerMove();
    // 20 $ before tax, with Québec's GST (5 %) and QST (9,975 %): what the dialog says.
    expect(asked.transfer).toMatchObject({ status: 'awaiting_payment', differenceCents: 2300 });
    expect(asked.payment).toMatchObject({ totalCents: 2300 });
    expect(asked.reservation.sessionId).toBe(first);
    const diff = await orderOf(asked.payment!.orderId);
    expect(diff).toMatchObject({ status: 'pending', province: 'QC', subtotalCents: 2000, totalCents: 2300, userId: lea.id });
    expect(await t.db.select().from(orderLines).where(eq(orderLines.orderId, diff.id))).toMatchObject([{ amountCents: 2000, seats: 2, reservationId: null, sessionId: later }]);
    // Held, not moved: two seats on each session until paid.
    expect(await seatsOn(first)).toBe(2);
    expect(await seatsOn(later)).toBe(2);
    // Her calendar shows her booking, not the held seats as a second, unpaid one; the admin's shows the hold.
    const calendar = `/api/calendar/reservations?from=${encodeURIComponent(new Date(start).toISOString())}&to=${encodeURIComponent(new Date(start + 30 * 24 * HOUR).toISOString())}`;
    const hers = await read<CalendarResponse>(await send(t, 'GET', calendar, { cookie: lea.cookie }));
    expect(hers.reservations.map((r) => [r.id, r.status])).toEqual([[booked.reservationId, 'confirmed']]);
    const admins = await read<CalendarResponse>(await send(t, 'GET', calendar, { cookie: admin.cookie }));
    expect(admins.reservations.filter((r) => r.sessionId === later).map((r) => r.status)).toEqual(['pending_payment']);

    await pay(lea, asked);
    expect((await deliverEvents(t)).statuses.every((s) => s === 200)).toBe(true);
    expect(await reservationOf(booked.reservationId)).toMatchObject({ sessionId: later, status: 'confirmed', seats: 2 });
    expect((await orderOf(diff.id)).status).toBe('paid');
    expect(await seatsOn(first)).toBe(0);
    expect(await seatsOn(later)).toBe(2);
    const [row] = await t.db.select().from(reservationTransfers).where(eq(reservationTransfers.id, asked.transfer.id));
    expect(row).toMatchObject({ status: 'done', orderId: diff.id });
    expect(await reservationOf(row!.holdReservationId!)).toMatchObject({ status: 'cancelled', cancelReason: 'released' });
    expect(await waitlistPromoteWorker(t.deps)({ data: { sessionId: first } })).toBe(0);
    // The original order untouched, nothing refunded.
    expect(await refundsOf(booked.order.id)).toHaveLength(0);
    expect(await refundsOf(diff.id)).toHaveLength(0);
  });

  it('its payment page opened again (a reload) finds the same payment while the seats are held; nothing once paid or lapsed; someone else gets 404', async () => {
    const { course, later, lea, booked, asked } = await dearerMove();
    const pending = async (who: { cookie: string }) => send(t, 'GET', `/api/booking/reservations/${booked.reservationId}/difference`, { cookie: who.cookie });
    const again = await read<PendingDifferenceResponse>(await pending(lea));
    expect(again.difference).toMatchObject({ payment: { orderId: asked.payment!.orderId, totalCents: 2300, holdExpiresAt: asked.payment!.holdExpiresAt, session: { paymentId: asked.payment!.session!.paymentId } } });
    const [laterSession] = await t.db.select().from(courseSessions).where(eq(courseSessions.id, later));
    expect(again.difference!.startsAt).toBe(laterSession!.startsAt.toISOString());
    const [stranger] = await learners(1);
    expect((await pending(stranger!)).status).toBe(404);
    // Paid: nothing waits any more.
    await pay(lea, { payment: again.difference!.payment });
    expect((await deliverEvents(t)).statuses.every((s) => s === 200)).toBe(true);
    expect((await read<PendingDifferenceResponse>(await pending(lea))).difference).toBeNull();
    // Another move asked, then let lapse: nothing either.
    const third = await sessionIn(course.id, 24 * 21);
    await t.db.update(courses).set({ priceCents: 8000 }).where(eq(courses.id, course.id));
    expect((await transfer(lea, booked.reservationId, { kind: 'move', sessionId: third })).status).toBe(200);
    expect((await read<PendingDifferenceResponse>(await pending(lea))).difference).not.toBeNull();
    clock += 16 * MINUTE;
    expect((await read<PendingDifferenceResponse>(await pending(lea))).difference).toBeNull();
  });

  it('a replayed payment event moves it once; the same request again answers the same order', async () => {
    const { later, lea, booked, asked, idempotencyKey } = await dearerMove();
    const again = await read<TransferResponse>(await transfer(lea, booked.reservationId, { kind: 'move', sessionId: later, idempotencyKey }));
    expect(again.transfer.id).toBe(asked.transfer.id);
    expect(again.payment).toMatchObject({ orderId: asked.payment!.orderId, session: { paymentId: asked.payment!.session!.paymentId } });
    await pay(lea, asked);
    const events = await captureDueEvents(t);
    expect(events.length).toBeGreaterThan(0);
    for (let i = 0; i < 2; i++) for (const e of events) expect((await postWebhook(t, e.body, e.headers['stripe-signature'])).status).toBe(200);
    expect(await reservationOf(booked.reservationId)).toMatchObject({ sessionId: later, status: 'confirmed' });
    expect(await seatsOn(later)).toBe(2);
    const moves = await t.db.select().from(reservationTransfers).where(eq(reservationTransfers.reservationId, booked.reservationId));
    expect(moves.map((m) => m.status)).toEqual(['done']);
    expect(await refundsOf(asked.payment!.orderId)).toHaveLength(0);
  });

  it('never paid: the hold lapses, the order is closed, nothing moved; the seats are the others’ again', async () => {
    const { first, later, lea, booked, asked } = await dearerMove();
    clock += 16 * MINUTE;
    expect(await seatsOn(later)).toBe(0);
    const holdId = (await t.db.select().from(reservationTransfers).where(eq(reservationTransfers.id, asked.transfer.id)))[0]!.holdReservationId!;
    expect(await holdExpiryWorker(t.deps)({ data: { reservationId: holdId } })).toBe('expired');
    expect(await orderCloseWorker(t.deps, sandboxOf(t))({ data: { orderId: asked.payment!.orderId, closesAt: new Date(clock - MINUTE).toISOString() } })).toBe('abandoned');
    expect(await reservationOf(booked.reservationId)).toMatchObject({ sessionId: first, status: 'confirmed' });
    expect(await seatsOn(first)).toBe(2);
    // Another move may be asked again (the lapsed one no longer stands in the way).
    const retry = await transfer(lea, booked.reservationId, { kind: 'move', sessionId: later });
    expect(retry.status).toBe(200);
    expect((await read<TransferResponse>(retry)).transfer.status).toBe('awaiting_payment');
  });

  it('a second difference while one waits is refused; paid after the hold lapsed with the seats taken meanwhile: refunded whole, nothing moved', async () => {
    const { first, later, lea, booked, asked } = await dearerMove(2);
    expect((await transfer(lea, booked.reservationId, { kind: 'move', sessionId: later })).status).toBe(409);
    await pay(lea, asked);
    clock += 16 * MINUTE;
    const [max] = await learners(1);
    expect((await send(t, 'POST', '/api/booking/holds', { cookie: max!.cookie, body: { sessionId: later, seats: 2 } })).status).toBe(201);
    expect((await deliverEvents(t)).statuses.every((s) => s === 200)).toBe(true);
    expect(await reservationOf(booked.reservationId)).toMatchObject({ sessionId: first, status: 'confirmed' });
    const back = await refundsOf(asked.payment!.orderId);
    expect(back).toHaveLength(1);
    expect(back[0]!.totalCents).toBe(2300);
  });

  it('cancelled afterwards (≥ 48 h): both lines refunded, once, even when asked again', async () => {
    const { lea, booked, asked } = await dearerMove();
    await pay(lea, asked);
    expect((await deliverEvents(t)).statuses.every((s) => s === 200)).toBe(true);
    const answers = await Promise.all([cancel(lea, booked.reservationId), cancel(lea, booked.reservationId)]);
    expect(answers.every((r) => r.status === 200)).toBe(true);
    expect((await cancel(lea, booked.reservationId)).status).toBe(200);
    expect((await refundsOf(booked.order.id)).map((r) => r.totalCents)).toEqual([booked.order.totalCents]);
    expect((await refundsOf(asked.payment!.orderId)).map((r) => r.totalCents)).toEqual([2300]);
    expect((await reservationOf(booked.reservationId)).status).toBe('cancelled');
  });

  it('one seat of two given back afterwards (≥ 48 h): half of each line refunded, once, even when asked again; the last seat takes what is left', async () => {
    const { lea, booked, asked } = await dearerMove();
    await pay(lea, asked);
    expect((await deliverEvents(t)).statuses.every((s) => s === 200)).toBe(true);
    const giveBack = () => send(t, 'POST', `/api/booking/reservations/${booked.reservationId}/cancel`, { cookie: lea.cookie, body: { idempotencyKey: newKey(), keepSeats: 1 } });
    const answers = await Promise.all([giveBack(), giveBack()]);
    expect(answers.map((r) => r.status)).toEqual([200, 200]);
    expect((await giveBack()).status).toBe(200);
    expect(await reservationOf(booked.reservationId)).toMatchObject({ status: 'confirmed', seats: 1 });
    // 60 $ a seat paid first, then 10 $ a seat for the move: the seat given back paid 70 $ + taxes.
    expect((await refundsOf(booked.order.id)).map((r) => r.totalCents)).toEqual([Math.round(booked.order.totalCents / 2)]);
    expect((await refundsOf(asked.payment!.orderId)).map((r) => r.totalCents)).toEqual([1150]);
    // The last seat: what is left on each line, nothing more.
    expect((await cancel(lea, booked.reservationId)).status).toBe(200);
    const first = await refundsOf(booked.order.id);
    expect(first.reduce((n, r) => n + r.totalCents, 0)).toBe(booked.order.totalCents);
    expect((await refundsOf(asked.payment!.orderId)).reduce((n, r) => n + r.totalCents, 0)).toBe(2300);
  });

  it('the chef cancels the session it moved to: the card gives back both lines, once, even when asked again', async () => {
    const { later, lea, booked, asked } = await dearerMove();
    await pay(lea, asked);
    expect((await deliverEvents(t)).statuses.every((s) => s === 200)).toBe(true);
    const cancelled = await send(t, 'POST', `/api/admin/sessions/${later}/cancel`, { cookie: admin.cookie, body: { reason: 'La cheffe est malade.', idempotencyKey: newKey() } });
    expect(cancelled.status).toBe(200);
    const choose = () => send(t, 'POST', `/api/booking/reservations/${booked.reservationId}/refund-choice`, { cookie: lea.cookie, body: { refundTo: 'card' } });
    expect((await Promise.all([choose(), choose()])).map((r) => r.status)).toEqual([200, 200]);
    expect((await refundsOf(booked.order.id)).map((r) => r.totalCents)).toEqual([booked.order.totalCents]);
    expect((await refundsOf(asked.payment!.orderId)).map((r) => r.totalCents)).toEqual([2300]);
  });

  it('« Crédit Toque » afterwards: what both lines paid, said before, credited once', async () => {
    const { lea, booked, asked } = await dearerMove();
    await pay(lea, asked);
    expect((await deliverEvents(t)).statuses.every((s) => s === 200)).toBe(true);
    const o = await read<TransferOptionsResponse>(await send(t, 'GET', `/api/booking/reservations/${booked.reservationId}/transfer`, { cookie: lea.cookie }));
    expect(o.creditCents).toBe(booked.order.totalCents + 2300);
    const idempotencyKey = newKey();
    const done = await Promise.all([transfer(lea, booked.reservationId, { kind: 'credit', idempotencyKey }), transfer(lea, booked.reservationId, { kind: 'credit', idempotencyKey })]);
    expect(done.map((r) => r.status)).toEqual([200, 200]);
    expect(await balance(t.db, lea.id)).toBe(booked.order.totalCents + 2300);
    expect(await refundsOf(asked.payment!.orderId)).toHaveLength(1);
  });

  it('moved again to a third session at today’s price: the difference already paid is not asked twice', async () => {
    const { course, later, lea, booked, asked } = await dearerMove();
    await pay(lea, asked);
    expect((await deliverEvents(t)).statuses.every((s) => s === 200)).toBe(true);
    const third = await sessionIn(course.id, 24 * 21);
    const o = await read<TransferOptionsResponse>(await send(t, 'GET', `/api/booking/reservations/${booked.reservationId}/transfer`, { cookie: lea.cookie }));
    expect(o.sessions.find((x) => x.id === third)?.differenceCents).toBe(0);
    const again = await read<TransferResponse>(await transfer(lea, booked.reservationId, { kind: 'move', sessionId: third }));
    expect(again.transfer).toMatchObject({ status: 'done', differenceCents: 0 });
    expect(again.payment ?? null).toBeNull();
    expect(await reservationOf(booked.reservationId)).toMatchObject({ sessionId: third, status: 'confirmed', seats: 2 });
    expect(await seatsOn(later)).toBe(0);
  });

  it('from the roster: the admin offers the difference (« Offrir la différence ») — moved at once, nothing charged, counted as paid later, never refunded', async () => {
    const course = await createCourse(t.db, { title: `Tarte aux bleuets ${newKey().slice(-6)}`, isLive: true, priceCents: 6000 });
    const first = await sessionIn(course.id, 96);
    const later = await sessionIn(course.id, 24 * 14);
    const [lea] = await learners(1);
    const booked = await bookAndPay(lea!, course, first, 2);
    await t.db.update(courses).set({ priceCents: 7000 }).where(eq(courses.id, course.id));
    // The learner may not offer it to herself; the admin must say it (else the learner pays it).
    const forbidden = await transfer(lea!, booked.reservationId, { kind: 'move', sessionId: later, waiveDifference: true });
    expect(forbidden.status).toBe(403);
    const asked = await transfer(admin, booked.reservationId, { kind: 'move', sessionId: later });
    expect(asked.status).toBe(409);
    expect((await read<{ error: { code: string; message: string } }>(asked)).error).toMatchObject({ code: 'TRANSFER_PAYMENT_REQUIRED', message: expect.stringContaining('Offrir la différence') });
    expect(await seatsOn(later)).toBe(0);

    const idempotencyKey = newKey();
    const offered = await Promise.all([
      transfer(admin, booked.reservationId, { kind: 'move', sessionId: later, waiveDifference: true, idempotencyKey }),
      transfer(admin, booked.reservationId, { kind: 'move', sessionId: later, waiveDifference: true, idempotencyKey }),
    ]);
    expect(offered.map((r) => r.status)).toEqual([200, 200]);
    const body = await read<TransferResponse>(offered[0]!);
    expect(body.transfer).toMatchObject({ status: 'done', differenceCents: 0 });
    expect(body.payment ?? null).toBeNull();
    expect(await reservationOf(booked.reservationId)).toMatchObject({ sessionId: later, status: 'confirmed', seats: 2 });
    expect(await seatsOn(first)).toBe(0);
    expect(await seatsOn(later)).toBe(2);
    const moves = await t.db.select().from(reservationTransfers).where(eq(reservationTransfers.reservationId, booked.reservationId));
    expect(moves.map((m) => [m.status, m.waivedPerSeatCents, m.orderId])).toEqual([['done', 1000, null]]);
    const trail = await t.db.select().from(auditLog).where(and(eq(auditLog.action, 'reservation.transfer'), eq(auditLog.targetId, booked.reservationId)));
    expect(trail.map((a) => [a.actorId, (a.details as { waivedCents?: number }).waivedCents])).toEqual([[admin.id, 2000]]);

    // Counted as paid: moving again at today's price costs her nothing.
    const third = await sessionIn(course.id, 24 * 21);
    const o = await read<TransferOptionsResponse>(await send(t, 'GET', `/api/booking/reservations/${booked.reservationId}/transfer`, { cookie: lea!.cookie }));
    expect(o.sessions.find((x) => x.id === third)?.differenceCents).toBe(0);
    // Cancelled ≥ 48 h: what she paid comes back, not what the school offered.
    expect((await cancel(lea!, booked.reservationId)).status).toBe(200);
    expect((await refundsOf(booked.order.id)).map((r) => r.totalCents)).toEqual([booked.order.totalCents]);
    expect(await t.db.select().from(orders).where(eq(orders.userId, lea!.id))).toHaveLength(1);
  });

  it('the payment event racing a cancellation of the booking: money given back once per line, never a seat twice', async () => {
    for (let round = 0; round < 2; round++) {
      const { first, later, lea, booked, asked } = await dearerMove();
      await pay(lea, asked);
      const events = await captureDueEvents(t);
      const [webhooks, cancelled] = await Promise.all([Promise.all(events.map((e) => postWebhook(t, e.body, e.headers['stripe-signature']))), cancel(lea, booked.reservationId)]);
      expect(webhooks.every((w) => w.status === 200)).toBe(true);
      expect(cancelled.status).toBe(200);
      expect((await reservationOf(booked.reservationId)).status).toBe('cancelled');
      expect(await seatsOn(first)).toBe(0);
      expect(await seatsOn(later)).toBe(0);
      // Whichever came first: the original line refunded once, the difference once (by the cancel, or as unneeded).
      expect((await refundsOf(booked.order.id)).map((r) => r.totalCents)).toEqual([booked.order.totalCents]);
      expect((await refundsOf(asked.payment!.orderId)).map((r) => r.totalCents)).toEqual([2300]);
      const live = await t.db.select().from(reservations).where(and(eq(reservations.userId, lea.id), eq(reservations.status, 'confirmed')));
      expect(live).toHaveLength(0);
    }
  });
});
