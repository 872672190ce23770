// Two paid orders for one thing (docs/decisions/0028-money-paths.md): two tabs, two checkouts with
// different keys, both paid, the two payment events reaching the webhook AT ONCE — on the real
// database and the real sandbox, 20 times. Afterwards: one purchase, one confirmed seat, one
// automatic full refund, and the goods of the order that won intact. A refund — automatic or the
// admin's — takes a seat away only when no other paid line holds it.
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RefundResponse } from '@shared/schemas/checkout';
import type { CourseResponse } from '@shared/schemas/public';
import { emailDeliveries, orderLines, orders, purchases, refunds, reservations, sandboxRefunds } from '../../src/server/db/schema';
import { holdsSeat } from '../../src/server/modules/booking/seats';
import { createCourse, createSession, setRole } from '../factories';
import { createPaidSeat } from '../factories/bookings';
import { createPaidOrder } from '../factories/orders';
import { newSignedInUser, send } from '../setup/auth-client';
import { captureDueEvents, checkout, confirm, deliverEvents, holdSeat, newKey, postWebhook, setProvince, SUCCESS_CARD } from '../setup/payments';
import { createTestApp, type TestApp } from '../setup/test-app';
import { testNow } from '../setup/test-clock';

const ROUNDS = 20;
const clock = testNow().getTime();
let t: TestApp;
type Learner = { id: string; email: string; cookie: string };

beforeAll(async () => {
  t = await createTestApp({ now: () => new Date(clock) });
});
afterAll(() => t.close());

async function learner(name: string): Promise<Learner> {
  const user = await newSignedInUser(t, name);
  await setProvince(t, user.id, 'QC');
  return user;
}

const takeEvents = () => captureDueEvents(t);

/** Both orders paid at the card form, then both payment events sent to the webhook at the same moment. */
async function payBothAtOnce(user: Learner, payments: { paymentId: string; clientSecret: string }[]) {
  for (const p of payments) expect((await confirm(t, user.cookie, p, SUCCESS_CARD)).body.status).toBe('succeeded');
  const events = await takeEvents();
  expect(events.length).toBeGreaterThanOrEqual(2);
  const answers = await Promise.all(events.map((e) => postWebhook(t, e.body, e.headers['stripe-signature'])));
  expect(answers.map((a) => a.status)).toEqual(events.map(() => 200));
  // The automatic refund was asked of the sandbox after commit; its events settle our books.
  expect((await deliverEvents(t)).statuses.every((s) => s === 200)).toBe(true);
}

const orderRow = async (id: string) => (await t.db.select().from(orders).where(eq(orders.id, id)))[0]!;
const refundsOf = (orderId: string) => t.db.select().from(refunds).where(eq(refunds.orderId, orderId));
const purchasesOf = (userId: string, courseId: string) =>
  t.db.select().from(purchases).where(and(eq(purchases.userId, userId), eq(purchases.courseId, courseId)));

async function unlocked(cookie: string, courseId: string): Promise<boolean> {
  const res = await send(t, 'GET', `/api/courses/${courseId}`, { cookie });
  return ((await res.json()) as CourseResponse).course.unlocked;
}

/** The winner and the extra of two orders, by which one holds the purchase (or the paid status). */
async function split(ids: [string, string]) {
  const [a, b] = await Promise.all(ids.map(orderRow));
  const keeper = a!.status === 'paid' ? a! : b!;
  const extra = keeper === a ? b! : a!;
  return { keeper, extra };
}

describe('two paid orders for one recorded course', { timeout: 180_000 }, () => {
  it(`racing ${ROUNDS} times: one purchase, one automatic full refund, the first order intact`, async () => {
    const user = await learner('Deux Onglets');
    for (let round = 0; round < ROUNDS; round++) {
      const course = await createCourse(t.db, { title: `Pain au levain ${round}`, isLive: false, priceCents: 2999 });
      const tabs = [
        await checkout(t, user.cookie, { idempotencyKey: newKey(), items: [{ courseId: course.id }] }),
        await checkout(t, user.cookie, { idempotencyKey: newKey(), items: [{ courseId: course.id }] }),
      ];
      expect(tabs.map((r) => r.status)).toEqual([201, 201]);
      await payBothAtOnce(user, tabs.map((r) => r.body.payment!));

      const { keeper, extra } = await split([tabs[0]!.body.order.id, tabs[1]!.body.order.id]);
      expect([keeper.status, extra.status]).toEqual(['paid', 'refunded']);
      // One purchase, the keeper's; the extra line never granted anything.
      const owned = await purchasesOf(user.id, course.id);
      expect(owned).toHaveLength(1);
      expect(owned[0]!.status).toBe('succeeded');
      const [keeperLine] = await t.db.select().from(orderLines).where(eq(orderLines.orderId, keeper.id));
      expect(owned[0]!.orderLineId).toBe(keeperLine!.id);
      // One refund, automatic, of everything the extra order charged (taxes included).
      expect(await refundsOf(keeper.id)).toHaveLength(0);
      const [refund, ...more] = await refundsOf(extra.id);
      expect(more).toHaveLength(0);
      expect(refund).toMatchObject({ status: 'succeeded', idempotencyKey: `owned:${extra.id}`, createdBy: null, totalCents: extra.totalCents });
      expect(await t.db.select().from(sandboxRefunds).where(eq(sandboxRefunds.idempotencyKey, refund!.id))).toHaveLength(1);
      expect(await unlocked(user.cookie, course.id)).toBe(true);
    }
    // The learner is told, once per extra order.
    const [told] = await t.db.select({ n: count() }).from(emailDeliveries).where(and(eq(emailDeliveries.userId, user.id), eq(emailDeliveries.kind, 'course.owned')));
    expect(told!.n).toBe(ROUNDS);
  });

  it('an order with a course already owned and a new one: the new one is granted, only the owned line is refunded', async () => {
    const user = await learner('Panier Mixte');
    const owned = await createCourse(t.db, { title: 'Macarons', isLive: false, priceCents: 2500 });
    const fresh = await createCourse(t.db, { title: 'Croissants', isLive: false, priceCents: 3500 });
    const first = await checkout(t, user.cookie, { items: [{ courseId: owned.id }] });
    const both = await checkout(t, user.cookie, { items: [{ courseId: owned.id }, { courseId: fresh.id }] });
    await payBothAtOnce(user, [first.body.payment!, both.body.payment!]);

    expect(await purchasesOf(user.id, fresh.id)).toMatchObject([{ status: 'succeeded' }]);
    expect(await purchasesOf(user.id, owned.id)).toMatchObject([{ status: 'succeeded' }]);
    const statuses = [(await orderRow(first.body.order.id)).status, (await orderRow(both.body.order.id)).status].sort();
    // Whichever landed first keeps Macarons; the other's Macarons line is refunded (in full, its taxes too).
    expect(statuses).toEqual(expect.arrayContaining(['paid']));
    const all = [...(await refundsOf(first.body.order.id)), ...(await refundsOf(both.body.order.id))];
    expect(all).toHaveLength(1);
    expect(all[0]).toMatchObject({ status: 'succeeded', subtotalCents: 2500 });
  });
});

describe('two paid orders for one held seat', { timeout: 180_000 }, () => {
  it(`racing ${ROUNDS} times: one confirmed seat, one automatic full refund, the seat never taken back`, async () => {
    const user = await learner('Deux Onglets En Direct');
    for (let round = 0; round < ROUNDS; round++) {
      const course = await createCourse(t.db, { title: `Tourtière ${round}`, isLive: true, priceCents: 6000 });
      const session = await createSession(t.db, course.id, { now: new Date(clock), capacity: 3 });
      const held = await holdSeat(t, user.cookie, session.id);
      expect(held.status).toBe(201);
      const items = [{ courseId: course.id, sessionId: session.id }];
      const tabs = [await checkout(t, user.cookie, { items }), await checkout(t, user.cookie, { items })];
      expect(tabs.map((r) => r.status)).toEqual([201, 201]);
      expect(tabs.map((r) => r.body.order.lines[0]!.reservation!.id)).toEqual([held.body.hold.id, held.body.hold.id]);
      await payBothAtOnce(user, tabs.map((r) => r.body.payment!));

      const { keeper, extra } = await split([tabs[0]!.body.order.id, tabs[1]!.body.order.id]);
      expect([keeper.status, extra.status]).toEqual(['paid', 'refunded']);
      const [seat] = await t.db.select().from(reservations).where(eq(reservations.id, held.body.hold.id));
      expect(seat).toMatchObject({ status: 'confirmed', cancelReason: null });
      const [taken] = await t.db.select({ n: count() }).from(reservations).where(and(eq(reservations.sessionId, session.id), holdsSeat(new Date(clock))));
      expect(taken!.n).toBe(1);
      const [refund, ...more] = await refundsOf(extra.id);
      expect(more).toHaveLength(0);
      expect(refund).toMatchObject({ status: 'succeeded', idempotencyKey: `seat:${extra.id}`, totalCents: extra.totalCents });
      expect(await refundsOf(keeper.id)).toHaveLength(0);
      // The extra line's purchase was taken back with its refund; the keeper's stands.
      const rights = await purchasesOf(user.id, course.id);
      expect(rights.filter((p) => p.status === 'succeeded')).toHaveLength(1);
    }
  });
});

describe("the admin's refund of a duplicate", () => {
  it('refunding the extra order in full leaves the seat to the order that holds it; refunding that one then frees it', async () => {
    const admin = await newSignedInUser(t, 'Cheffe Admin');
    await setRole(t.db, admin.id, 'admin');
    const buyer = await newSignedInUser(t, 'Payé Deux Fois');
    const live = await createCourse(t.db, { title: 'Pâtes fraîches en direct', isLive: true, priceCents: 4500 });
    const session = await createSession(t.db, live.id, { now: new Date(clock), capacity: 2 });
    // A seat paid twice before this rule existed: two paid orders naming one reservation, no refund yet.
    const seat = await createPaidSeat(t.db, { user: { id: buyer.id }, course: { id: live.id, title: live.title }, sessionId: session.id, amountCents: 4500 });
    const extra = await createPaidOrder(t.db, { user: { id: buyer.id }, items: [{ courseId: live.id, description: live.title, amountCents: 4500, kind: 'live_class', sessionId: session.id }] });
    await t.db.update(orderLines).set({ reservationId: seat.reservationId }).where(eq(orderLines.id, extra.lines[0]!.id));

    const refund = async (orderId: string, orderLineId: string) => {
      const res = await send(t, 'POST', `/api/admin/orders/${orderId}/refunds`, { cookie: admin.cookie, body: { idempotencyKey: newKey(), lines: [{ orderLineId }] } });
      expect(res.status).toBe(201);
      await deliverEvents(t);
      return (await res.json()) as RefundResponse;
    };
    const reservation = async () => (await t.db.select().from(reservations).where(eq(reservations.id, seat.reservationId)))[0]!;

    await refund(extra.id, extra.lines[0]!.id);
    expect((await orderRow(extra.id)).status).toBe('refunded');
    expect(await reservation()).toMatchObject({ status: 'confirmed', cancelReason: null });
    expect((await purchasesOf(buyer.id, live.id)).filter((p) => p.status === 'succeeded').map((p) => p.id)).toEqual([seat.purchaseId]);

    // Now no other paid line holds it: refunding the seat's own order frees it.
    await refund(seat.orderId, seat.orderLineId);
    expect(await reservation()).toMatchObject({ status: 'cancelled', cancelReason: 'admin_refunded' });
  });
});
