// The sandbox test processor through its card form (POST /api/payments/sandbox/confirm and
// /authenticate), end to end through its delivered events: Stripe's test cards, the extra
// confirmation step, the wallet, French field errors, no card number kept, only the buyer may pay,
// and its idempotency and refunds as the refund service will call them.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiErrorBody } from '@shared/errors';
import { orders, purchases, sandboxEvents, sandboxPaymentIntents, sandboxRefunds } from '../../src/server/db/schema';
import { createSandboxProvider } from '../../src/server/integrations/payments/sandbox';
import { createCourse } from '../factories';
import { newSignedInUser, send } from '../setup/auth-client';
import {
  ACTION_CARD,
  authenticate,
  checkout,
  confirm,
  DECLINED_CARD,
  deliverEvents,
  getOrder,
  INSUFFICIENT_FUNDS_CARD,
  postWebhook,
  sandboxSecret,
  sign,
  setProvince,
  SUCCESS_CARD,
} from '../setup/payments';
import { createTestApp, type TestApp } from '../setup/test-app';

// Mid-June in Québec: 06/26 is still good, 05/26 has passed.
const clock = Date.parse('2026-06-15T16:00:00Z');
let t: TestApp;
let courseId: string;

beforeAll(async () => {
  t = await createTestApp({ now: () => new Date(clock) });
  courseId = (await createCourse(t.db, { title: 'Cretons maison', isLive: false, priceCents: 2000 })).id;
});
afterAll(() => t.close());

async function pendingOrder() {
  const user = await newSignedInUser(t, 'Camille Payeuse');
  await setProvince(t, user.id, 'AB');
  const { body } = await checkout(t, user.cookie, { items: [{ courseId }] });
  return { user, order: body.order, payment: body.payment! };
}

const purchasesOf = (userId: string) => t.db.select().from(purchases).where(eq(purchases.userId, userId));
/** The sandbox's events about one payment, in the order they were queued. */
const eventsOf = (paymentId: string) =>
  t.db
    .select({ id: sandboxEvents.id, type: sandboxEvents.type })
    .from(sandboxEvents)
    .where(sql`${sandboxEvents.payload} -> 'data' -> 'object' ->> 'id' = ${paymentId}`)
    .orderBy(sandboxEvents.sequence);
const intentOf = async (id: string) => (await t.db.select().from(sandboxPaymentIntents).where(eq(sandboxPaymentIntents.id, id)))[0]!;

describe('test cards', () => {
  it('4000 0000 0000 0002 is declined: French message, order failed, nothing bought', async () => {
    const { user, order, payment } = await pendingOrder();
    expect((await confirm(t, user.cookie, payment, DECLINED_CARD)).body).toEqual({ status: 'failed', error: 'Votre carte a été refusée.' });
    expect((await deliverEvents(t)).statuses).toEqual([200]);
    expect((await getOrder(t, user.cookie, order.id)).body.order).toMatchObject({ status: 'failed', failureMessage: 'Votre carte a été refusée.', paidAt: null, receiptUrl: null });
    expect(await purchasesOf(user.id)).toHaveLength(0);
    // As at Stripe, the payment waits for another method.
    expect((await intentOf(payment.paymentId)).status).toBe('requires_payment_method');
  });

  it('4000 0000 0000 9995 is refused for insufficient funds', async () => {
    const { user, order, payment } = await pendingOrder();
    expect((await confirm(t, user.cookie, payment, INSUFFICIENT_FUNDS_CARD)).body).toEqual({
      status: 'failed',
      error: 'Fonds insuffisants : votre carte a été refusée.',
    });
    await deliverEvents(t);
    expect((await getOrder(t, user.cookie, order.id)).body.order).toMatchObject({ status: 'failed', failureMessage: 'Fonds insuffisants : votre carte a été refusée.' });
    expect(await purchasesOf(user.id)).toHaveLength(0);
  });

  it('4000 0025 0000 3155 asks for an extra confirmation: approved, it pays', async () => {
    const { user, order, payment } = await pendingOrder();
    expect((await confirm(t, user.cookie, payment, ACTION_CARD)).body).toEqual({ status: 'requires_action', error: null });
    await deliverEvents(t);
    expect((await getOrder(t, user.cookie, order.id)).body.order.status).toBe('pending');
    expect((await authenticate(t, user.cookie, payment, true)).body).toEqual({ status: 'succeeded', error: null });
    await deliverEvents(t);
    expect((await getOrder(t, user.cookie, order.id)).body.order).toMatchObject({ status: 'paid', paymentMethod: { type: 'card', brand: 'visa', last4: '3155' } });
    expect(await purchasesOf(user.id)).toHaveLength(1);
    // Approved again (the first answer lost): the same answer, nothing charged or sent again.
    const events = await eventsOf(payment.paymentId);
    expect(await authenticate(t, user.cookie, payment, true)).toEqual({ status: 200, body: { status: 'succeeded', error: null } });
    expect(await eventsOf(payment.paymentId)).toEqual(events);
  });

  it('a confirm repeated while the extra confirmation is awaited answers it again, changing nothing', async () => {
    const { user, payment } = await pendingOrder();
    expect((await confirm(t, user.cookie, payment, ACTION_CARD)).body).toEqual({ status: 'requires_action', error: null });
    const events = await eventsOf(payment.paymentId);
    expect(await confirm(t, user.cookie, payment, ACTION_CARD)).toEqual({ status: 200, body: { status: 'requires_action', error: null } });
    expect(await eventsOf(payment.paymentId)).toEqual(events);
    expect((await intentOf(payment.paymentId)).status).toBe('requires_action');
  });

  it('the extra confirmation refused: the payment fails in French', async () => {
    const { user, order, payment } = await pendingOrder();
    await confirm(t, user.cookie, payment, ACTION_CARD);
    const refused = await authenticate(t, user.cookie, payment, false);
    expect(refused.body).toEqual({ status: 'failed', error: "L'authentification du paiement a échoué. Réessayez ou utilisez un autre moyen de paiement." });
    await deliverEvents(t);
    expect((await getOrder(t, user.cookie, order.id)).body.order.status).toBe('failed');
    expect(await purchasesOf(user.id)).toHaveLength(0);
  });

  it('the test wallet pays (processing, then succeeded)', async () => {
    const { user, order, payment } = await pendingOrder();
    expect((await confirm(t, user.cookie, payment, { type: 'wallet' })).body).toEqual({ status: 'succeeded', error: null });
    const events = await t.db.select({ type: sandboxEvents.type }).from(sandboxEvents).where(sql`${sandboxEvents.payload} -> 'data' -> 'object' ->> 'id' = ${payment.paymentId}`).orderBy(sandboxEvents.sequence);
    expect(events.map((e) => e.type)).toEqual(['payment_intent.processing', 'payment_intent.succeeded']);
    await deliverEvents(t);
    expect((await getOrder(t, user.cookie, order.id)).body.order).toMatchObject({ status: 'paid', paymentMethod: { type: 'wallet', brand: 'visa', last4: '4242' } });
  });

  it('a confirm repeated after it paid (its answer lost) answers as the first did: one charge, one purchase', async () => {
    const { user, order, payment } = await pendingOrder();
    const first = await confirm(t, user.cookie, payment, SUCCESS_CARD);
    expect(first).toEqual({ status: 200, body: { status: 'succeeded', error: null } });
    const charged = await intentOf(payment.paymentId);
    expect(await confirm(t, user.cookie, payment, SUCCESS_CARD)).toEqual(first);
    await deliverEvents(t);
    // Once the order is paid too, a retry still gets the success.
    expect(await confirm(t, user.cookie, payment, SUCCESS_CARD)).toEqual(first);
    expect((await eventsOf(payment.paymentId)).map((e) => e.type)).toEqual(['payment_intent.succeeded']);
    expect(await intentOf(payment.paymentId)).toMatchObject({ status: 'succeeded', chargeId: charged.chargeId, amountReceived: order.totalCents });
    expect((await getOrder(t, user.cookie, order.id)).body.order).toMatchObject({ status: 'paid', paymentMethod: { type: 'card', last4: '4242' } });
    expect(await purchasesOf(user.id)).toHaveLength(1);
  });

  it('a payment that failed is not a repeat: the next confirm is a new attempt', async () => {
    const { user, payment } = await pendingOrder();
    expect((await confirm(t, user.cookie, payment, DECLINED_CARD)).body.status).toBe('failed');
    expect((await confirm(t, user.cookie, payment, SUCCESS_CARD)).body).toEqual({ status: 'succeeded', error: null });
    expect((await eventsOf(payment.paymentId)).map((e) => e.type)).toEqual(['payment_intent.payment_failed', 'payment_intent.succeeded']);
  });
});

describe('the card form', () => {
  it.each([
    [{ number: '4242 4242 4242 4241' }, { 'method.number': 'Le numéro de carte est invalide.' }],
    [{ number: '' }, { 'method.number': 'Entrez le numéro de carte.' }],
    [{ number: '4242-abcd' }, { 'method.number': 'Le numéro de carte est invalide.' }],
    [{ expiry: '05/26' }, { 'method.expiry': "La date d'expiration de votre carte est passée." }],
    [{ expiry: '13/30' }, { 'method.expiry': "Le mois d'expiration doit être entre 01 et 12." }],
    [{ expiry: '2030-01' }, { 'method.expiry': "La date d'expiration doit être au format MM/AA." }],
    [{ cvc: '12' }, { 'method.cvc': 'Le code CVC doit contenir 3 ou 4 chiffres.' }],
    [{ cvc: 'abc' }, { 'method.cvc': 'Le code CVC doit contenir 3 ou 4 chiffres.' }],
  ])('refuses %o in French (400), leaving the payment untouched', async (change, fields) => {
    const { user, payment } = await pendingOrder();
    const res = await confirm(t, user.cookie, payment, { ...SUCCESS_CARD, ...change });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ code: 'VALIDATION_FAILED', fields });
    expect((await intentOf(payment.paymentId)).status).toBe('requires_payment_method');
    expect(await t.db.select().from(sandboxEvents).where(sql`${sandboxEvents.payload} -> 'data' -> 'object' ->> 'id' = ${payment.paymentId}`)).toHaveLength(0);
  });

  it('accepts this month (06/26), a 4-digit CVC and another brand (Mastercard 5555…4444)', async () => {
    const { user, payment } = await pendingOrder();
    const res = await confirm(t, user.cookie, payment, { type: 'card', number: '5555555555554444', expiry: '06/26', cvc: '1234' });
    expect(res.body).toEqual({ status: 'succeeded', error: null });
    expect(await intentOf(payment.paymentId)).toMatchObject({ brand: 'mastercard', last4: '4444', expMonth: 6, expYear: 2026 });
  });

  it('never stores a card number: only its brand and last four digits', async () => {
    const { user, payment } = await pendingOrder();
    await confirm(t, user.cookie, payment, DECLINED_CARD);
    await confirm(t, user.cookie, payment, SUCCESS_CARD);
    await deliverEvents(t);
    const everything = JSON.stringify([
      await t.db.select().from(sandboxPaymentIntents),
      await t.db.select().from(sandboxEvents),
      await t.db.select().from(orders),
    ]);
    for (const number of ['4242424242424242', '4000000000000002', '5555555555554444', '4000000000009995', '4000002500003155']) {
      expect(everything).not.toContain(number);
    }
    expect(await intentOf(payment.paymentId)).toMatchObject({ brand: 'visa', last4: '4242' });
  });

  it('pays only the buyer\'s own order, with its own secret; a visitor gets 401', async () => {
    const { user, payment } = await pendingOrder();
    const stranger = await newSignedInUser(t, 'Autre Personne');
    const theirs = await confirm(t, stranger.cookie, payment, SUCCESS_CARD);
    expect(theirs.status).toBe(404);
    expect((theirs.body.error as ApiErrorBody['error']).code).toBe('ORDER_NOT_FOUND');
    const wrongSecret = await confirm(t, user.cookie, { ...payment, clientSecret: `${payment.paymentId}_secret_faux` }, SUCCESS_CARD);
    expect(wrongSecret.status).toBe(404);
    const unknown = await confirm(t, user.cookie, { paymentId: 'pi_sb_inconnu', clientSecret: 'x' }, SUCCESS_CARD);
    expect(unknown.status).toBe(404);
    const visitor = await send(t, 'POST', '/api/payments/sandbox/confirm', { body: { ...payment, method: SUCCESS_CARD } });
    expect(visitor.status).toBe(401);
    expect((await intentOf(payment.paymentId)).status).toBe('requires_payment_method');
  });
});

describe('the processor as the services call it', () => {
  const provider = () => createSandboxProvider(t.deps, { webhookSecret: sandboxSecret(t) });
  const create = (key: string, amountCents = 1500) =>
    provider().createPayment({ orderId: 'o', amountCents, currency: 'CAD', description: 'Test', customerEmail: 'a@b.c', idempotencyKey: key, metadata: { order_id: 'o' } });

  it('createPayment is idempotent on its key; the same key with other parameters is an error', async () => {
    const first = await create('cle-idem-1');
    expect(await create('cle-idem-1')).toEqual(first);
    await expect(create('cle-idem-1', 1600)).rejects.toMatchObject({ code: 'PAYMENT_PROVIDER_ERROR' });
    expect(await provider().retrievePayment(first.paymentId)).toEqual({ paymentId: first.paymentId, status: 'requires_payment_method', amountCents: 1500 });
  });

  it('refunds a paid payment once per key, within what was paid, and announces it with a signed event', async () => {
    const { user, payment } = await pendingOrder();
    await confirm(t, user.cookie, payment, SUCCESS_CARD);
    await deliverEvents(t);
    const paid = await intentOf(payment.paymentId);
    const refund = (key: string, amountCents: number) =>
      provider().createRefund({ paymentId: payment.paymentId, amountCents, idempotencyKey: key, metadata: { refund_id: 'aucun-remboursement-connu' } });

    const r1 = await refund('remb-1', 1000);
    expect(r1).toMatchObject({ refundId: expect.stringMatching(/^re_sb_/), status: 'succeeded' });
    expect(await refund('remb-1', 1000)).toEqual(r1);
    await expect(refund('remb-1', 999)).rejects.toMatchObject({ code: 'PAYMENT_PROVIDER_ERROR' });
    await expect(refund('remb-2', paid.amountReceived)).rejects.toMatchObject({ code: 'REFUND_TOO_LARGE' });
    expect((await t.db.select().from(sandboxRefunds).where(eq(sandboxRefunds.paymentIntentId, payment.paymentId))).length).toBe(1);
    expect((await intentOf(payment.paymentId)).amountRefunded).toBe(1000);

    const [created] = await t.db.select().from(sandboxEvents).where(sql`${sandboxEvents.payload} -> 'data' -> 'object' ->> 'id' = ${r1.refundId}`);
    expect(created!.payload).toMatchObject({
      type: 'refund.created',
      data: { object: { object: 'refund', status: 'succeeded', amount: 1000, payment_intent: payment.paymentId, metadata: { refund_id: 'aucun-remboursement-connu' } } },
    });
    // The shop acknowledges it (a refund it does not know is logged, not retried forever).
    const delivered = await deliverEvents(t);
    expect(delivered.statuses).toEqual([200, 200]);
  });

  it('refuses to refund an unpaid payment', async () => {
    const { payment } = await pendingOrder();
    await expect(
      provider().createRefund({ paymentId: payment.paymentId, amountCents: 100, idempotencyKey: 'remb-impaye', metadata: {} }),
    ).rejects.toMatchObject({ code: 'REFUND_NOT_ALLOWED' });
  });
});

describe('with PAYMENT_PROVIDER=stripe', () => {
  it('the sandbox form does not exist (404) and sandbox-signed events are refused', async () => {
    const stripeApp = await createTestApp({
      config: { payments: { provider: 'stripe', secretKey: 'sk_test_toque', publishableKey: 'pk_test_toque', webhookSecret: 'whsec_toque_stripe_only' } },
    });
    try {
      const user = await newSignedInUser(stripeApp);
      for (const path of ['/api/payments/sandbox/confirm', '/api/payments/sandbox/authenticate']) {
        const res = await send(stripeApp, 'POST', path, {
          cookie: user.cookie,
          body: { paymentId: 'pi_sb_x', clientSecret: 'pi_sb_x_secret_y', method: { type: 'wallet' }, approve: true },
        });
        expect(res.status).toBe(404);
        expect(((await res.json()) as ApiErrorBody).error.code).toBe('ROUTE_NOT_FOUND');
      }
      const body = JSON.stringify({ id: 'evt_sb_1', object: 'event', type: 'payment_intent.succeeded', data: { object: { id: 'pi_sb_x' } } });
      const forged = await postWebhook(stripeApp, body, sign(t, body));
      expect(forged.status).toBe(400);
    } finally {
      await stripeApp.close();
    }
  });
});
