// POST /api/subscription/checkout and GET /api/subscription on the real sandbox: the first month is
// an order paid on the card form, the membership becomes active only through the provider's events,
// and one person never holds two live subscriptions — not with two clicks, not with two tabs.
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SUBSCRIPTION_PRICE_CENTS } from '@shared/catalog';
import { orders, sandboxInvoices, sandboxSubscriptions, subscriptions } from '../../src/server/db/schema';
import { newSignedInUser, send } from '../setup/auth-client';
import { confirm, DECLINED_CARD, deliverEvents, getOrder, setProvince, SUCCESS_CARD } from '../setup/payments';
import { createTestApp, type TestApp } from '../setup/test-app';
import { testNow } from '../setup/test-clock';
import { getSubscription, isSubscriber, ourRows, subscribe, subscribeAndPay, subscriptionKey } from './subscriptions-helpers';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function buyer(name = 'Sophie Membre', province: string | null = 'QC') {
  const user = await newSignedInUser(t, name);
  await setProvince(t, user.id, province);
  return user;
}

const ordersOf = (userId: string) => t.db.select().from(orders).where(eq(orders.userId, userId));

describe('who may call it', () => {
  it('answers 401 to a visitor on every route', async () => {
    for (const [method, path] of [
      ['GET', '/api/subscription'],
      ['POST', '/api/subscription/checkout'],
      ['POST', '/api/subscription/cancel'],
      ['POST', '/api/subscription/portal'],
    ] as const) {
      const res = await send(t, method, path, method === 'POST' ? { body: { idempotencyKey: subscriptionKey() } } : {});
      expect(res.status, `${method} ${path}`).toBe(401);
    }
  });

  it('refuses a write from another site (Origin check)', async () => {
    const user = await buyer();
    const res = await send(t, 'POST', '/api/subscription/checkout', {
      cookie: user.cookie,
      body: { idempotencyKey: subscriptionKey() },
      headers: { origin: 'https://ailleurs.example' },
    });
    expect(res.status).toBe(403);
    expect(await ourRows(t, user.id)).toHaveLength(0);
  });

  it('asks for the province when the profile has none (422), and keeps the one given', async () => {
    const user = await buyer('Sans Province', null);
    const refused = await subscribe(t, user.cookie);
    expect(refused.status).toBe(422);
    expect(refused.body.error?.code).toBe('PROVINCE_REQUIRED');
    const started = await subscribe(t, user.cookie, { province: 'ON' });
    expect(started.status).toBe(201);
    // Ontario: 13 % HST on 19,99.
    expect(started.body.order).toMatchObject({ province: 'ON', subtotalCents: SUBSCRIPTION_PRICE_CENTS, taxCents: 260, totalCents: 2259 });
  });
});

describe('subscribing', () => {
  it('starts an unpaid membership; the provider’s events make it active, with a paid receipt', async () => {
    const user = await buyer();
    const started = await subscribe(t, user.cookie, { priceCents: 1, amountCents: 1 });
    expect(started.status).toBe(201);
    const { order, payment } = started.body;
    expect(order).toMatchObject({ status: 'pending', subtotalCents: SUBSCRIPTION_PRICE_CENTS, province: 'QC' });
    expect(order.lines).toEqual([expect.objectContaining({ kind: 'membership', description: 'Abonnement mensuel Toque', amountCents: SUBSCRIPTION_PRICE_CENTS, courseId: null })]);
    // GST 5 % + QST 9,975 % on 19,99 (never a price from the client).
    expect(order.totalCents).toBe(SUBSCRIPTION_PRICE_CENTS + 100 + 199);
    expect(payment).toMatchObject({ provider: 'sandbox', paymentId: expect.stringMatching(/^pi_sb_/) });

    const before = await getSubscription(t, user.cookie);
    expect(before.status).toBe(200);
    expect(before.body).toMatchObject({ isSubscriber: false, canCancel: false, portalAvailable: false, current: { status: 'incomplete' } });
    expect(before.body.history).toHaveLength(1);
    expect(await isSubscriber(t, user.cookie)).toBe(false);

    expect((await confirm(t, user.cookie, payment, SUCCESS_CARD)).body.status).toBe('succeeded');
    // Confirmed at the processor; nothing changes here until its events arrive.
    expect(await isSubscriber(t, user.cookie)).toBe(false);
    const delivered = await deliverEvents(t);
    expect(delivered.statuses.every((s) => s === 200)).toBe(true);

    const after = await getSubscription(t, user.cookie);
    expect(after.body).toMatchObject({ isSubscriber: true, canCancel: true, current: { status: 'active', cancelAtPeriodEnd: false } });
    const { currentPeriodStart, currentPeriodEnd } = after.body.current!;
    expect(new Date(currentPeriodEnd!).getTime()).toBeGreaterThan(testNow().getTime() + 27 * 86_400_000);
    expect(await isSubscriber(t, user.cookie)).toBe(true);

    const paid = (await getOrder(t, user.cookie, order.id)).body.order;
    expect(paid).toMatchObject({ status: 'paid', paymentMethod: { type: 'card', brand: 'visa', last4: '4242' } });
    const [row] = await t.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row).toMatchObject({ subscriptionId: after.body.current!.id, providerInvoiceId: expect.stringMatching(/^in_sb_/) });
    // The invoice's period (Stripe's whole seconds) is the subscription's.
    expect(Math.floor(row!.periodStart!.getTime() / 1000)).toBe(Math.floor(new Date(currentPeriodStart!).getTime() / 1000));
    expect(Math.floor(row!.periodEnd!.getTime() / 1000)).toBe(Math.floor(new Date(currentPeriodEnd!).getTime() / 1000));
    const receipt = await send(t, 'GET', paid.receiptUrl!, { cookie: user.cookie });
    expect(receipt.status).toBe(200);
    expect(await receipt.text()).toContain('Période');
    // Every event said the same; still one order, one record.
    expect(await ordersOf(user.id)).toHaveLength(1);
    expect(await ourRows(t, user.id)).toHaveLength(1);
  });

  it('a first payment confirmed again (its answer lost) answers the same: one charge, one month, still a member', async () => {
    const user = await buyer();
    const { order, payment, paid } = await subscribeAndPay(t, user.cookie, SUCCESS_CARD);
    expect(paid).toEqual({ status: 200, body: { status: 'succeeded', error: null } });
    const member = (await getSubscription(t, user.cookie)).body;
    expect(member.isSubscriber).toBe(true);

    expect(await confirm(t, user.cookie, payment, SUCCESS_CARD)).toEqual(paid);
    expect((await deliverEvents(t)).statuses).toEqual([]);
    expect((await getSubscription(t, user.cookie)).body).toEqual(member);
    expect((await getOrder(t, user.cookie, order.id)).body.order.status).toBe('paid');
    expect(await ordersOf(user.id)).toHaveLength(1);
    const [row] = await ourRows(t, user.id);
    expect(await t.db.select().from(sandboxInvoices).where(eq(sandboxInvoices.subscriptionId, row!.providerSubscriptionId!))).toMatchObject([{ status: 'paid', attemptCount: 1 }]);
  });

  it('answers 409 ALREADY_SUBSCRIBED to a subscriber, starting nothing', async () => {
    const user = await buyer();
    await subscribeAndPay(t, user.cookie, SUCCESS_CARD);
    expect(await isSubscriber(t, user.cookie)).toBe(true);
    const again = await subscribe(t, user.cookie);
    expect(again.status).toBe(409);
    expect(again.body.error).toMatchObject({ code: 'ALREADY_SUBSCRIBED', message: 'Vous êtes déjà abonné !' });
    expect(await ordersOf(user.id)).toHaveLength(1);
    expect(await ourRows(t, user.id)).toHaveLength(1);
  });

  it('two tabs at once: one subscription, one order, one provider subscription; both pay the same', async () => {
    const user = await buyer('Deux Onglets');
    const answers = await Promise.all(Array.from({ length: 4 }, () => subscribe(t, user.cookie)));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 200, 201]);
    const orderIds = new Set(answers.map((a) => a.body.order.id));
    const paymentIds = new Set(answers.map((a) => a.body.payment.paymentId));
    expect(orderIds.size).toBe(1);
    expect(paymentIds.size).toBe(1);
    expect(await ordersOf(user.id)).toHaveLength(1);
    const rows = await ourRows(t, user.id);
    expect(rows).toHaveLength(1);
    const atProvider = await t.db.select().from(sandboxSubscriptions).where(eq(sandboxSubscriptions.customerEmail, user.email));
    expect(atProvider).toHaveLength(1);
    expect(rows[0]!.providerSubscriptionId).toBe(atProvider[0]!.id);

    // A later click (another key) gets the same unpaid subscription back.
    const later = await subscribe(t, user.cookie);
    expect(later.status).toBe(200);
    expect(later.body.order.id).toBe([...orderIds][0]);
  });

  it('the same request sent twice returns the same order', async () => {
    const user = await buyer();
    const idempotencyKey = subscriptionKey();
    const [a, b] = await Promise.all([subscribe(t, user.cookie, { idempotencyKey }), subscribe(t, user.cookie, { idempotencyKey })]);
    expect([a.status, b.status].sort()).toEqual([200, 201]);
    expect(a.body.order.id).toBe(b.body.order.id);
    expect(await ordersOf(user.id)).toHaveLength(1);
  });

  it('a refused card leaves the membership unpaid (no access); another card pays the same order', async () => {
    const user = await buyer();
    const started = await subscribe(t, user.cookie);
    const refused = await confirm(t, user.cookie, started.body.payment, DECLINED_CARD);
    expect(refused.body.status).toBe('failed');
    await deliverEvents(t);
    expect((await getOrder(t, user.cookie, started.body.order.id)).body.order.status).toBe('failed');
    expect((await getSubscription(t, user.cookie)).body).toMatchObject({ isSubscriber: false, current: { status: 'incomplete' } });

    const resumed = await subscribe(t, user.cookie);
    expect(resumed.status).toBe(200);
    expect(resumed.body.order.id).toBe(started.body.order.id);
    expect((await confirm(t, user.cookie, resumed.body.payment, SUCCESS_CARD)).body.status).toBe('succeeded');
    await deliverEvents(t);
    expect((await getOrder(t, user.cookie, started.body.order.id)).body.order.status).toBe('paid');
    expect(await isSubscriber(t, user.cookie)).toBe(true);
    const ids = (await ourRows(t, user.id)).map((r) => r.id);
    expect(await t.db.select().from(subscriptions).where(inArray(subscriptions.id, ids))).toHaveLength(1);
  });

  it('the portal is not offered by the sandbox (409 PORTAL_UNAVAILABLE)', async () => {
    const user = await buyer();
    await subscribeAndPay(t, user.cookie, SUCCESS_CARD);
    const res = await send(t, 'POST', '/api/subscription/portal', { cookie: user.cookie });
    expect(res.status).toBe(409);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('PORTAL_UNAVAILABLE');
  });
});
