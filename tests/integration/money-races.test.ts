// The other paths of docs/decisions/0028-money-paths.md raced against a payment event landing at the
// same moment, 20 times each, on the real database and the real sandbox: the close of an unpaid
// order, the learner giving a hold back, the hold's expiry job, and a refund of the same course.
// Whichever wins, the money and what it bought agree afterwards.
import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOLD_MINUTES } from '@shared/booking';
import { orders, purchases, refunds, reservations } from '../../src/server/db/schema';
import type { WebhookRequest } from '../../src/server/integrations/payments/sandbox';
import { holdExpiryWorker } from '../../src/server/jobs/hold-expiry';
import { ORDER_PAYMENT_WINDOW_HOURS, orderCloseWorker } from '../../src/server/modules/checkout/abandon';
import { createCourse, createSession, setRole } from '../factories';
import { newSignedInUser, send } from '../setup/auth-client';
import { captureDueEvents, checkout, confirm, deliverEvents, holdSeat, newKey, postWebhook, setProvince, sign, SUCCESS_CARD } from '../setup/payments';
import { createTestApp, type TestApp } from '../setup/test-app';
import { testNow } from '../setup/test-clock';
import { providerIdOf, sandboxOf, subscribeAndPay } from './subscriptions-helpers';

const ROUNDS = 20;
const MINUTE = 60_000;
let clock = testNow().getTime();
let t: TestApp;
let user: { id: string; email: string; cookie: string };

beforeAll(async () => {
  t = await createTestApp({ now: () => new Date(clock) });
  user = await newSignedInUser(t, 'Léa Pressée');
  await setProvince(t, user.id, 'QC');
});
afterAll(() => t.close());

const takeEvents = () => captureDueEvents(t);

const sendAll = (events: WebhookRequest[]) =>
  events.map(async (e) => expect((await postWebhook(t, e.body, e.headers['stripe-signature'])).status).toBe(200));
const orderRow = async (id: string) => (await t.db.select().from(orders).where(eq(orders.id, id)))[0]!;
const succeededPurchases = (courseId: string) =>
  t.db.select().from(purchases).where(and(eq(purchases.userId, user.id), eq(purchases.courseId, courseId), eq(purchases.status, 'succeeded')));

describe('a payment event at the same moment as…', { timeout: 180_000 }, () => {
  it('…the close of its order at the end of its window: paid and granted, or closed and refunded in full — never both', async () => {
    const close = orderCloseWorker(t.deps, sandboxOf(t));
    const outcomes = new Set<string>();
    for (let round = 0; round < ROUNDS; round++) {
      const course = await createCourse(t.db, { title: `Cretons ${round}`, isLive: false, priceCents: 1200 });
      const made = await checkout(t, user.cookie, { items: [{ courseId: course.id }] });
      expect((await confirm(t, user.cookie, made.body.payment!, SUCCESS_CARD)).body.status).toBe('succeeded');
      clock += ORDER_PAYMENT_WINDOW_HOURS * 60 * MINUTE + MINUTE;
      const closesAt = new Date(clock - MINUTE).toISOString();
      const [closed] = await Promise.all([close({ data: { orderId: made.body.order.id, closesAt } }), ...sendAll(await takeEvents())]);
      // The refund a closed order's payment gets is asked of the sandbox after commit: its events land now.
      await deliverEvents(t);

      const order = await orderRow(made.body.order.id);
      const given = await t.db.select().from(refunds).where(eq(refunds.orderId, made.body.order.id));
      outcomes.add(closed);
      if (closed === 'settled') {
        // The payment got there first: the course is bought, nothing goes back.
        expect(order.status).toBe('paid');
        expect(await succeededPurchases(course.id)).toHaveLength(1);
        expect(given).toHaveLength(0);
      } else {
        // Closed first: the money that still came buys nothing and goes back whole, once.
        expect(order.status).toBe('refunded');
        expect(await succeededPurchases(course.id)).toHaveLength(0);
        expect(given).toMatchObject([{ status: 'succeeded', idempotencyKey: `closed:${order.id}`, totalCents: order.totalCents }]);
      }
    }
    expect([...outcomes].every((o) => o === 'settled' || o === 'abandoned')).toBe(true);
  });

  it('…the learner giving the hold back, or its expiry job: the seat is confirmed (it is free), nothing refunded', async () => {
    const expire = holdExpiryWorker(t.deps);
    for (let round = 0; round < ROUNDS; round++) {
      const course = await createCourse(t.db, { title: `Pouding ${round}`, isLive: true, priceCents: 4000 });
      const session = await createSession(t.db, course.id, { now: new Date(clock), capacity: 2 });
      const held = await holdSeat(t, user.cookie, session.id);
      const holdId = held.body.hold.id;
      const made = await checkout(t, user.cookie, { items: [{ courseId: course.id, sessionId: session.id }] });
      expect((await confirm(t, user.cookie, made.body.payment!, SUCCESS_CARD)).body.status).toBe('succeeded');
      // Even rounds: the learner releases the hold in another tab; odd rounds: the hold's time is up
      // (the clock moved before the events are signed, as the provider would sign them then).
      const releases = round % 2 === 0;
      if (!releases) clock += HOLD_MINUTES * MINUTE + MINUTE;
      const events = await takeEvents();
      const rival = releases
        ? (async () => expect([200, 409]).toContain((await send(t, 'DELETE', `/api/booking/holds/${holdId}`, { cookie: user.cookie })).status))()
        : expire({ data: { reservationId: holdId } });
      await Promise.all([rival, ...sendAll(events)]);
      await deliverEvents(t);

      expect((await orderRow(made.body.order.id)).status).toBe('paid');
      const [seat] = await t.db.select().from(reservations).where(eq(reservations.id, holdId));
      expect(seat!.status).toBe('confirmed');
      expect(await t.db.select().from(refunds).where(eq(refunds.orderId, made.body.order.id))).toHaveLength(0);
    }
  });

  it('…the refund of the same course bought before: never a paid order without its course, never the course twice', async () => {
    const admin = await newSignedInUser(t, 'Cheffe Admin');
    await setRole(t.db, admin.id, 'admin');
    for (let round = 0; round < ROUNDS; round++) {
      const course = await createCourse(t.db, { title: `Tarte au sucre ${round}`, isLive: false, priceCents: 2200 });
      const first = await checkout(t, user.cookie, { idempotencyKey: newKey(), items: [{ courseId: course.id }] });
      const second = await checkout(t, user.cookie, { idempotencyKey: newKey(), items: [{ courseId: course.id }] });
      expect((await confirm(t, user.cookie, first.body.payment!, SUCCESS_CARD)).body.status).toBe('succeeded');
      await deliverEvents(t);
      const [line] = first.body.order.lines;
      const refunded = await send(t, 'POST', `/api/admin/orders/${first.body.order.id}/refunds`, { cookie: admin.cookie, body: { idempotencyKey: newKey(), lines: [{ orderLineId: line!.id }] } });
      expect(refunded.status).toBe(201);
      expect((await confirm(t, user.cookie, second.body.payment!, SUCCESS_CARD)).body.status).toBe('succeeded');
      // The first order's refund event and the second order's payment event, at once.
      await Promise.all(sendAll(await takeEvents()));
      await deliverEvents(t);

      const [a, b] = [await orderRow(first.body.order.id), await orderRow(second.body.order.id)];
      expect(a.status).toBe('refunded');
      const owned = await succeededPurchases(course.id);
      // Either the payment came after the refund (the second order owns the course), or before
      // (it was the duplicate then, and was refunded too): the person never pays for nothing.
      if (b.status === 'paid') expect(owned).toHaveLength(1);
      else expect([b.status, owned.length]).toEqual(['refunded', 0]);
    }
  });
});

describe('a membership renewal', () => {
  it('its paid invoice told 10 times at once, under 10 event ids: one renewal order', async () => {
    const member = await newSignedInUser(t, 'Renée Pressée');
    await setProvince(t, member.id, 'QC');
    await subscribeAndPay(t, member.cookie, SUCCESS_CARD);
    const id = await providerIdOf(t, member.id);
    const sandbox = sandboxOf(t);
    await sandbox.advanceClock(id, 31);
    await sandbox.runBilling();
    const events = await takeEvents();
    const invoice = events.find((e) => (JSON.parse(e.body) as { type: string }).type === 'invoice.paid')!;
    const copies = Array.from({ length: 10 }, () => {
      const body = JSON.stringify({ ...(JSON.parse(invoice.body) as object), id: `evt_copie_${randomBytes(6).toString('hex')}` });
      return { ...invoice, body, headers: { ...invoice.headers, 'stripe-signature': sign(t, body) } };
    });
    await Promise.all(sendAll([...events, ...copies]));

    const paid = await t.db.select().from(orders).where(and(eq(orders.userId, member.id), eq(orders.status, 'paid')));
    expect(paid).toHaveLength(2);
    expect(new Set(paid.map((o) => o.providerInvoiceId)).size).toBe(2);
  });
});

