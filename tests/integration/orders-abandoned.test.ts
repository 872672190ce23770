// An order nobody pays is closed when its window ends — the seat's hold, or 24 h for recorded
// courses and a membership's first month — and shows « Abandonnée » ('canceled'), not « En attente »
// for ever; a paid order is left as it is. Its payment is canceled at the provider (a page left open
// can no longer pay it; a membership's subscription ends there), and a payment that still lands on a
// closed order is refunded in full and buys nothing. The app's clock is moved past the window; the
// database's cannot be, so the job is made due through the Jobs port.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOLD_MINUTES } from '@shared/booking';
import type { AdminOrdersResponse } from '@shared/schemas/checkout';
import { orders, purchases, refunds, reservations, sandboxPaymentIntents, sandboxSubscriptions, subscriptions } from '../../src/server/db/schema';
import { QUEUES } from '../../src/server/jobs/queues';
import { ORDER_PAYMENT_WINDOW_HOURS } from '../../src/server/modules/checkout/abandon';
import { createCourse, createSession } from '../factories';
import { newSignedInUser, send } from '../setup/auth-client';
import { checkout, confirm, deliverEvents, DECLINED_CARD, holdSeat, setProvince, SUCCESS_CARD } from '../setup/payments';
import { appWithAdmin, type SignedInAdmin } from '../setup/app-with-admin';
import type { TestApp } from '../setup/test-app';
import { testNow } from '../setup/test-clock';
import { until } from '../setup/until';
import { isSubscriber, subscribe, subscribeAndPay } from './subscriptions-helpers';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
let clock = testNow().getTime();
let t: TestApp;
let admin: SignedInAdmin;

beforeAll(async () => {
  ({ t, admin } = await appWithAdmin({ now: () => new Date(clock), jobs: true }));
});
afterAll(() => t.close());

const closeJob = (orderId: string) => t.jobs.get(QUEUES.orderAbandon, { key: orderId });

/** Runs the order's close job now (the app's clock already moved) and waits for it to finish. */
async function runClose(orderId: string) {
  expect(await t.jobs.runNow(QUEUES.orderAbandon, { key: orderId })).toBe(true);
  await until('close job completed', () => closeJob(orderId), (job) => job?.state === 'completed');
}

const statusOf = async (orderId: string) => (await t.db.select({ status: orders.status }).from(orders).where(eq(orders.id, orderId)))[0]!.status;

async function learner(name: string) {
  const user = await newSignedInUser(t, name);
  await setProvince(t, user.id, 'QC');
  return user;
}

describe('an unpaid order is closed when its window ends', () => {
  it('recorded courses: 24 h after the checkout, « Abandonnée » for the admin too', async () => {
    const user = await learner('Camille Hésite');
    const course = await createCourse(t.db, { title: 'Bagels de Montréal', isLive: false, priceCents: 1999 });
    const made = await checkout(t, user.cookie, { items: [{ courseId: course.id }] });
    expect(made.status).toBe(201);
    const orderId = made.body.order.id;
    // A declined card leaves it failed, still payable with another card until the window ends.
    expect((await confirm(t, user.cookie, made.body.payment!, DECLINED_CARD)).body.status).toBe('failed');
    await deliverEvents(t);
    expect(await statusOf(orderId)).toBe('failed');

    const job = (await closeJob(orderId))!;
    expect(job).toMatchObject({ state: 'created', data: { orderId, closesAt: new Date(clock + ORDER_PAYMENT_WINDOW_HOURS * HOUR).toISOString() } });
    const wait = job.startAfter.getTime() - Date.now();
    expect(wait).toBeGreaterThan((ORDER_PAYMENT_WINDOW_HOURS - 1) * HOUR);

    clock += ORDER_PAYMENT_WINDOW_HOURS * HOUR + MINUTE;
    await runClose(orderId);
    expect(await statusOf(orderId)).toBe('canceled');
    // The admin's list filters on it; the screen names it « Abandonnée » (admin-orders/labels.ts).
    const listed = await send(t, 'GET', '/api/admin/orders?status=canceled&limit=100', { cookie: admin.cookie });
    expect(listed.status).toBe(200);
    expect(((await listed.json()) as AdminOrdersResponse).orders.map((o) => o.id)).toContain(orderId);
    // The same checkout key gives the closed order back without a payment: the page starts a new one.
    const again = await send(t, 'POST', '/api/checkout', { cookie: user.cookie, body: { idempotencyKey: (await t.db.select().from(orders).where(eq(orders.id, orderId)))[0]!.idempotencyKey, items: [{ courseId: course.id }] } });
    const body = (await again.json()) as { order: { status: string }; payment: unknown };
    expect(body).toMatchObject({ order: { status: 'canceled' }, payment: null });
  });

  it('a live class: when the seat’s hold ends; its payment is canceled at the provider, the page can no longer pay it', async () => {
    const user = await learner('Lina Tardive');
    const course = await createCourse(t.db, { title: 'Tire sur la neige', isLive: true, priceCents: 4000 });
    const session = await createSession(t.db, course.id, { now: new Date(clock), capacity: 4 });
    const held = await holdSeat(t, user.cookie, session.id);
    const made = await checkout(t, user.cookie, { items: [{ courseId: course.id, sessionId: session.id }] });
    expect(made.status).toBe(201);
    const orderId = made.body.order.id;
    expect((await closeJob(orderId))!.data.closesAt).toBe(new Date(clock + HOLD_MINUTES * MINUTE).toISOString());

    clock += HOLD_MINUTES * MINUTE + MINUTE;
    await runClose(orderId);
    expect(await statusOf(orderId)).toBe('canceled');
    const [pi] = await t.db.select().from(sandboxPaymentIntents).where(eq(sandboxPaymentIntents.id, made.body.payment!.paymentId));
    expect(pi!.status).toBe('canceled');

    // The page was left open; the card is refused by the provider: nothing is charged, nothing is bought.
    const late = await confirm(t, user.cookie, made.body.payment!, SUCCESS_CARD);
    expect(late.status).toBe(409);
    expect(JSON.stringify(late.body)).toContain('ne peut plus être payée');
    await deliverEvents(t);
    expect(await statusOf(orderId)).toBe('canceled');
    const [seat] = await t.db.select().from(reservations).where(eq(reservations.id, held.body.hold.id));
    expect(seat!.status).not.toBe('confirmed');
  });

  it('a payment that succeeded before the cancel reached the provider: refunded in full, buys nothing, once', async () => {
    const user = await learner('Paul Juste-Trop-Tard');
    const course = await createCourse(t.db, { title: 'Grands-pères au sirop', isLive: false, priceCents: 2100 });
    const made = await checkout(t, user.cookie, { items: [{ courseId: course.id }] });
    const orderId = made.body.order.id;
    // Paid at the provider; its event is still on its way when the window ends.
    expect((await confirm(t, user.cookie, made.body.payment!, SUCCESS_CARD)).body.status).toBe('succeeded');
    clock += ORDER_PAYMENT_WINDOW_HOURS * HOUR + MINUTE;
    await runClose(orderId);
    expect(await statusOf(orderId)).toBe('canceled');

    await deliverEvents(t);
    await deliverEvents(t);
    expect(await statusOf(orderId)).toBe('refunded');
    expect(await t.db.select().from(purchases).where(eq(purchases.userId, user.id))).toHaveLength(0);
    const given = await t.db.select().from(refunds).where(eq(refunds.orderId, orderId));
    expect(given).toMatchObject([{ status: 'succeeded', idempotencyKey: `closed:${orderId}`, totalCents: made.body.order.totalCents }]);
    // The job run again (a retry) changes nothing and refunds nothing more.
    await t.jobs.runNow(QUEUES.orderAbandon, { key: orderId });
    expect(await t.db.select().from(refunds).where(eq(refunds.orderId, orderId))).toHaveLength(1);
  });

  it('a membership’s first order never paid: closed 24 h later, the subscription ended here and at the provider; subscribing again starts afresh', async () => {
    const user = await learner('Mireille Indécise');
    const started = await subscribe(t, user.cookie);
    expect(started.status).toBe(201);
    const orderId = started.body.order.id as string;
    // A declined card: the first payment stays open, the membership incomplete.
    expect((await confirm(t, user.cookie, started.body.payment, DECLINED_CARD)).body.status).toBe('failed');
    await deliverEvents(t);
    expect((await closeJob(orderId))!.data.closesAt).toBe(new Date(clock + ORDER_PAYMENT_WINDOW_HOURS * HOUR).toISOString());

    clock += ORDER_PAYMENT_WINDOW_HOURS * HOUR + MINUTE;
    await runClose(orderId);
    await deliverEvents(t);
    expect(await statusOf(orderId)).toBe('canceled');
    const [ours] = await t.db.select().from(subscriptions).where(eq(subscriptions.userId, user.id));
    expect(ours!.status).toBe('canceled');
    const [theirs] = await t.db.select().from(sandboxSubscriptions).where(eq(sandboxSubscriptions.id, ours!.providerSubscriptionId!));
    expect(theirs!.status).toBe('incomplete_expired');
    // The page left open cannot pay the old invoice any more.
    expect((await confirm(t, user.cookie, started.body.payment, SUCCESS_CARD)).status).toBe(409);

    // A new checkout is a new membership, paid and active.
    const again = await subscribeAndPay(t, user.cookie, SUCCESS_CARD);
    expect(again.order.id).not.toBe(orderId);
    expect(await isSubscriber(t, user.cookie)).toBe(true);
    expect(await statusOf(orderId)).toBe('canceled');
  });

  it('leaves a paid order as it is', async () => {
    const user = await learner('Paie À Temps');
    const course = await createCourse(t.db, { title: 'Pouding chômeur', isLive: false, priceCents: 1500 });
    const made = await checkout(t, user.cookie, { items: [{ courseId: course.id }] });
    expect((await confirm(t, user.cookie, made.body.payment!, SUCCESS_CARD)).body.status).toBe('succeeded');
    await deliverEvents(t);
    expect(await statusOf(made.body.order.id)).toBe('paid');

    clock += ORDER_PAYMENT_WINDOW_HOURS * HOUR + MINUTE;
    await runClose(made.body.order.id);
    expect(await statusOf(made.body.order.id)).toBe('paid');
    expect(await t.db.select().from(purchases).where(eq(purchases.userId, user.id))).toMatchObject([{ status: 'succeeded' }]);
  });
});

describe('an account deleted while an order is unpaid', () => {
  it('closes its unpaid orders; a payment that still lands is refunded in full and grants nothing', async () => {
    const user = await learner('Parti Trop Tôt');
    const course = await createCourse(t.db, { title: 'Soupe aux pois', isLive: false, priceCents: 1800 });
    const other = await createCourse(t.db, { title: 'Fèves au lard', isLive: false, priceCents: 1600 });
    const paying = await checkout(t, user.cookie, { items: [{ courseId: course.id }] });
    const left = await checkout(t, user.cookie, { items: [{ courseId: other.id }] });
    // The card is accepted, but its event has not reached the site when the account goes.
    expect((await confirm(t, user.cookie, paying.body.payment!, SUCCESS_CARD)).body.status).toBe('succeeded');
    const deleted = await send(t, 'POST', '/api/account/delete', { cookie: user.cookie, body: { confirmation: 'SUPPRIMER' } });
    expect(deleted.status).toBe(200);
    expect(await statusOf(left.body.order.id)).toBe('canceled');

    await deliverEvents(t);
    await deliverEvents(t);
    expect(await statusOf(paying.body.order.id)).toBe('refunded');
    expect(await t.db.select().from(purchases).where(eq(purchases.userId, user.id))).toHaveLength(0);
    const [refund] = await t.db.select().from(refunds).where(eq(refunds.orderId, paying.body.order.id));
    expect(refund).toMatchObject({ status: 'succeeded', idempotencyKey: `deleted:${paying.body.order.id}`, totalCents: paying.body.order.totalCents });
  });
});

