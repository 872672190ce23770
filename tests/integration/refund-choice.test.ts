// After the chef cancels a session (docs/decisions/0043), on the real database and sandbox: each paid
// attendee chooses « Être remboursé sur ma carte » or « Recevoir un crédit Toque »; whoever chooses
// nothing is refunded to the card by the deadline's job (a moved clock); a second choice answers the
// first; a choice racing the job never refunds twice; an order paid partly with credit gives its
// credit part back to the credit whatever the choice. Every ledger balanced after each test.
import { eq, inArray } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ApiErrorBody } from '@shared/errors';
import { REFUND_CHOICE_HOURS, type AdminSessionCancelResponse, type RefundChoiceResponse } from '@shared/schemas/reservations';
import { orders, refunds, reservations, sandboxRefunds } from '../../src/server/db/schema';
import { createPaymentProvider } from '../../src/server/integrations/payments';
import { QUEUES } from '../../src/server/jobs/queues';
import { ChoiceNotDue, refundChoiceDeadlineWorker } from '../../src/server/modules/booking/refund-choice';
import { appendAlone, balance } from '../../src/server/modules/credit/service';
import { createCourse, createSession, setRole } from '../factories';
import { createSignedInLearners, type SignedInLearner } from '../factories/accounts';
import { createPaidSeat } from '../factories/bookings';
import { send } from '../setup/auth-client';
import { expectLedgersBalanced } from '../setup/credit-ledger';
import { checkout, confirm, deliverEvents, holdSeat, newKey, setProvince, SUCCESS_CARD } from '../setup/payments';
import { createTestApp, type TestApp } from '../setup/test-app';
import { testNow } from '../setup/test-clock';
import { until } from '../setup/until';

const HOUR = 3_600_000;
let clock = testNow().getTime();
const now = () => new Date(clock);
let t: TestApp;
let admin: SignedInLearner;
let course: { id: string; title: string };

beforeAll(async () => {
  t = await createTestApp({ now });
  [admin] = (await createSignedInLearners(t, 1)) as [SignedInLearner];
  await setRole(t.db, admin.id, 'admin');
  course = await createCourse(t.db, { title: 'Bouillabaisse en direct', isLive: true, priceCents: 6000 });
});
afterAll(() => t.close());
afterEach(() => expectLedgersBalanced(t.db));

const learner = async () => {
  const [me] = (await createSignedInLearners(t, 1)) as [SignedInLearner];
  await setProvince(t, me.id, 'QC');
  return me;
};
const sessionIn = async (hours: number) => (await createSession(t.db, course.id, { startsAt: new Date(clock + hours * HOUR), capacity: 6 })).id;
const paidSeat = (me: SignedInLearner, sessionId: string) =>
  createPaidSeat(t.db, { user: { id: me.id, fullName: me.fullName }, course, sessionId, amountCents: 6000 });
async function cancelSession(sessionId: string) {
  const res = await send(t, 'POST', `/api/admin/sessions/${sessionId}/cancel`, { cookie: admin.cookie, body: { reason: 'La cheffe est malade.', idempotencyKey: newKey() } });
  expect(res.status).toBe(200);
  return (await res.json()) as AdminSessionCancelResponse;
}
async function choose(me: SignedInLearner, reservationId: string, refundTo: string) {
  const res = await send(t, 'POST', `/api/booking/reservations/${reservationId}/refund-choice`, { cookie: me.cookie, body: { refundTo } });
  return { status: res.status, body: (await res.json()) as RefundChoiceResponse & ApiErrorBody };
}
const refundsOf = (orderId: string) => t.db.select().from(refunds).where(eq(refunds.orderId, orderId));
const askedOfSandbox = async (refundIds: string[]) =>
  refundIds.length ? t.db.select().from(sandboxRefunds).where(inArray(sandboxRefunds.idempotencyKey, refundIds)) : [];
const deadlineWorker = () => refundChoiceDeadlineWorker(t.deps, createPaymentProvider(t.deps));

describe('the choice after a cancelled session', { timeout: 60_000 }, () => {
  it('« Recevoir un crédit Toque »: credited at once with its credit note, the order refunded; asked again, nothing more', async () => {
    const sessionId = await sessionIn(30);
    const me = await learner();
    const seat = await paidSeat(me, sessionId);
    expect(await cancelSession(sessionId)).toMatchObject({ refundedReservations: 0, awaitingChoice: 1 });
    expect(await refundsOf(seat.orderId)).toHaveLength(0);

    const first = await choose(me, seat.reservationId, 'credit');
    expect(first.status).toBe(200);
    expect(first.body.reservation.refundChoice).toMatchObject({ chosen: 'credit', amountCents: seat.totalCents });
    expect(first.body.refund).toMatchObject({ status: 'succeeded', totalCents: seat.totalCents, creditCents: seat.totalCents });
    expect(await balance(t.db, me.id)).toBe(seat.totalCents);
    const [order] = await t.db.select().from(orders).where(eq(orders.id, seat.orderId));
    expect(order!.status).toBe('refunded');

    // A second choice, even the other one, answers the first.
    const again = await choose(me, seat.reservationId, 'card');
    expect(again.status).toBe(200);
    expect(again.body.reservation.refundChoice).toMatchObject({ chosen: 'credit' });
    expect(again.body.refund!.id).toBe(first.body.refund!.id);
    expect(await refundsOf(seat.orderId)).toHaveLength(1);
    expect(await balance(t.db, me.id)).toBe(seat.totalCents);
    const after = await cancelSession(sessionId);
    expect(after).toMatchObject({ refundedReservations: 1, awaitingChoice: 0 });
  });

  it('« Être remboursé sur ma carte »: asked of the provider once; its event refunds the order', async () => {
    const sessionId = await sessionIn(96);
    const me = await learner();
    const seat = await paidSeat(me, sessionId);
    await cancelSession(sessionId);
    const chose = await choose(me, seat.reservationId, 'card');
    expect(chose.status).toBe(200);
    expect(chose.body.refund).toMatchObject({ status: 'pending', totalCents: seat.totalCents, creditCents: 0 });
    const made = await refundsOf(seat.orderId);
    expect(made).toHaveLength(1);
    expect(made[0]).toMatchObject({ idempotencyKey: `session-cancel:${seat.reservationId}`, reason: 'Séance annulée : La cheffe est malade.' });
    expect(await askedOfSandbox(made.map((r) => r.id))).toHaveLength(1);
    await deliverEvents(t);
    const [order] = await t.db.select().from(orders).where(eq(orders.id, seat.orderId));
    expect(order!.status).toBe('refunded');
    expect(await balance(t.db, me.id)).toBe(0);
  });

  it("only the owner chooses; a seat with no choice is refused in French; a bad choice is a 400", async () => {
    const sessionId = await sessionIn(96);
    const [me, other] = [await learner(), await learner()];
    const seat = await paidSeat(me, sessionId);
    const open = await paidSeat(other, await sessionIn(120));
    await cancelSession(sessionId);
    expect((await choose(other, seat.reservationId, 'credit')).status).toBe(404);
    expect((await choose(me, seat.reservationId, 'cheque')).status).toBe(400);
    const refused = await choose(other, open.reservationId, 'credit');
    expect(refused.status).toBe(409);
    expect(refused.body.error).toMatchObject({ code: 'REFUND_CHOICE_NOT_AVAILABLE', message: "Il n'y a pas de remboursement à choisir pour cette réservation." });
    expect(await refundsOf(seat.orderId)).toHaveLength(0);
  });

  it('nothing chosen: the job waits for the deadline (a moved clock), then refunds to the card; a later choice answers that', async () => {
    await t.jobs.start();
    const sessionId = await sessionIn(96);
    const me = await learner();
    const seat = await paidSeat(me, sessionId);
    await cancelSession(sessionId);
    const key = { key: `refund-choice:${seat.reservationId}` };
    const dueAt = new Date(clock + REFUND_CHOICE_HOURS * HOUR);
    expect(await t.jobs.get(QUEUES.refundChoiceDeadline, key)).toMatchObject({ state: 'created', data: { reservationId: seat.reservationId, dueAt: dueAt.toISOString() } });
    // Run early by the app's clock: it refuses (pg-boss would try again later), nothing refunded.
    await expect(deadlineWorker()({ data: { reservationId: seat.reservationId, dueAt: dueAt.toISOString() } })).rejects.toBeInstanceOf(ChoiceNotDue);
    expect(await refundsOf(seat.orderId)).toHaveLength(0);

    const before = clock;
    clock = dueAt.getTime() + 60_000;
    try {
      expect(await t.jobs.runNow(QUEUES.refundChoiceDeadline, key)).toBe(true);
      await until('deadline job completed', () => t.jobs.get(QUEUES.refundChoiceDeadline, key), (j) => j?.state === 'completed');
      const made = await refundsOf(seat.orderId);
      expect(made).toHaveLength(1);
      expect(made[0]).toMatchObject({ status: 'pending', creditCents: 0, totalCents: seat.totalCents });
      expect(await askedOfSandbox(made.map((r) => r.id))).toHaveLength(1);
      const [row] = await t.db.select().from(reservations).where(eq(reservations.id, seat.reservationId));
      expect(row!.refundChoice).toBe('card_by_default');
      const late = await choose(me, seat.reservationId, 'credit');
      expect(late.status).toBe(200);
      expect(late.body.reservation.refundChoice).toMatchObject({ chosen: 'card_by_default' });
      expect(await balance(t.db, me.id)).toBe(0);
      await deliverEvents(t);
      const [order] = await t.db.select().from(orders).where(eq(orders.id, seat.orderId));
      expect(order!.status).toBe('refunded');
    } finally {
      clock = before;
    }
  });

  it('double choices at once: one refund, every answer the same', async () => {
    const sessionId = await sessionIn(96);
    const me = await learner();
    const seat = await paidSeat(me, sessionId);
    await cancelSession(sessionId);
    const answers = await Promise.all(Array.from({ length: 6 }, (_, i) => choose(me, seat.reservationId, i % 2 ? 'card' : 'credit')));
    expect(answers.map((a) => a.status)).toEqual(Array(6).fill(200));
    const chosen = new Set(answers.map((a) => a.body.reservation.refundChoice!.chosen));
    expect(chosen.size).toBe(1);
    const made = await refundsOf(seat.orderId);
    expect(made).toHaveLength(1);
    expect(answers.every((a) => a.body.refund!.id === made[0]!.id)).toBe(true);
    expect(await balance(t.db, me.id)).toBe(chosen.has('credit') ? seat.totalCents : 0);
    expect(await askedOfSandbox(made.map((r) => r.id))).toHaveLength(chosen.has('card') ? 1 : 0);
  });

  it('a choice racing the deadline job never refunds twice', async () => {
    const sessionId = await sessionIn(96);
    const attendees = await Promise.all([learner(), learner(), learner()]);
    const seats = await Promise.all(attendees.map((me) => paidSeat(me, sessionId)));
    await cancelSession(sessionId);
    const before = clock;
    clock += REFUND_CHOICE_HOURS * HOUR + 1000;
    try {
      const work = deadlineWorker();
      await Promise.all(
        seats.flatMap((seat, i) => [
          choose(attendees[i]!, seat.reservationId, 'credit'),
          work({ data: { reservationId: seat.reservationId, dueAt: '' } }),
          work({ data: { reservationId: seat.reservationId, dueAt: '' } }),
        ]),
      );
      for (const [i, seat] of seats.entries()) {
        const made = await refundsOf(seat.orderId);
        expect(made).toHaveLength(1);
        const [row] = await t.db.select().from(reservations).where(eq(reservations.id, seat.reservationId));
        // Whoever came first decided: the credit (all of it) or the card (asked once, nothing credited).
        if (row!.refundChoice === 'credit') {
          expect(await balance(t.db, attendees[i]!.id)).toBe(seat.totalCents);
          expect(await askedOfSandbox([made[0]!.id])).toHaveLength(0);
        } else {
          expect(row!.refundChoice).toBe('card_by_default');
          expect(await balance(t.db, attendees[i]!.id)).toBe(0);
          expect(await askedOfSandbox([made[0]!.id])).toHaveLength(1);
        }
      }
    } finally {
      clock = before;
    }
  });

  it('an order paid partly with « Crédit Toque »: « card » gives the card part to the card, the credit part back to the credit', async () => {
    const sessionId = await sessionIn(96);
    const me = await learner();
    await appendAlone(t.db, { userId: me.id, amountCents: 2000, kind: 'admin_credit', idempotencyKey: newKey() });
    await holdSeat(t, me.cookie, sessionId);
    const bought = await checkout(t, me.cookie, { items: [{ courseId: course.id, sessionId }], useCredit: true });
    expect(bought.status).toBe(201);
    expect(bought.body.order.creditAppliedCents).toBe(2000);
    expect((await confirm(t, me.cookie, bought.body.payment!, SUCCESS_CARD)).body.status).toBe('succeeded');
    await deliverEvents(t);
    const orderId = bought.body.order.id;
    const total = bought.body.order.totalCents;
    const [seatRow] = await t.db.select().from(reservations).where(eq(reservations.sessionId, sessionId));
    expect(seatRow!.status).toBe('confirmed');
    expect(await balance(t.db, me.id)).toBe(0);

    expect(await cancelSession(sessionId)).toMatchObject({ awaitingChoice: 1 });
    const chose = await choose(me, seatRow!.id, 'card');
    expect(chose.body.refund).toMatchObject({ status: 'pending', totalCents: total, creditCents: 2000 });
    expect(await balance(t.db, me.id)).toBe(2000);
    const made = await refundsOf(orderId);
    const [asked] = await askedOfSandbox(made.map((r) => r.id));
    expect(asked!.amount).toBe(total - 2000);
  });
});
