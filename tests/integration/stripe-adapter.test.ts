// The Stripe adapter with the real `stripe` SDK: its API calls go to a local stand-in for
// api.stripe.com (no network), its webhooks are signed by the SDK's own test-header helper.
import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AppError } from '../../src/server/http/app-error';
import { WebhookSignatureError, type PaymentProvider } from '../../src/server/integrations/payments/port';
import { createStripeProvider, MEMBERSHIP_PRODUCT_ID } from '../../src/server/integrations/payments/stripe';
import { paymentIntentJson, startStripeApi, type StripeApi } from '../setup/stripe-api';

const SECRET_KEY = 'sk_test_toque_stand_in';
const WEBHOOK_SECRET = 'whsec_toque_stripe_adapter_test';
const NOW = new Date('2026-11-22T15:00:00Z');
const nowSeconds = Math.floor(NOW.getTime() / 1000);

let api: StripeApi;
let provider: PaymentProvider;

beforeAll(async () => {
  api = await startStripeApi();
  provider = createStripeProvider(
    { secretKey: SECRET_KEY, publishableKey: 'pk_test_toque', webhookSecret: WEBHOOK_SECRET },
    { now: () => NOW, endpoint: api.endpoint, maxNetworkRetries: 1 },
  );
});
afterAll(() => api.close());
beforeEach(() => api.reset());

const sign = (payload: string, secret = WEBHOOK_SECRET, timestamp = nowSeconds) =>
  Stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp });

describe('createPayment', () => {
  it('creates a PaymentIntent in CAD cents with automatic methods, the order id, receipt e-mail and the idempotency key', async () => {
    api.on('POST', '/v1/payment_intents', (req) =>
      ({ body: paymentIntentJson({ id: 'pi_test_1', amount: Number(req.form.amount), metadata: { order_id: req.form['metadata[order_id]']! } }) }),
    );
    const created = await provider.createPayment({
      orderId: '7d3c8a52-1f0e-4c55-9b1a-3f2b8c1d0e9a',
      amountCents: 2298,
      currency: 'CAD',
      description: 'Toque — commande n° 12',
      customerEmail: 'camille@exemple.ca',
      idempotencyKey: 'order:7d3c8a52-1f0e-4c55-9b1a-3f2b8c1d0e9a',
      metadata: { order_number: '12' },
    });
    expect(created).toEqual({ paymentId: 'pi_test_1', clientSecret: 'pi_test_1_secret_test' });
    expect(api.requests).toHaveLength(1);
    const [req] = api.requests;
    expect(req!.method).toBe('POST');
    expect(req!.headers['idempotency-key']).toBe('order:7d3c8a52-1f0e-4c55-9b1a-3f2b8c1d0e9a');
    expect(req!.headers.authorization).toBe(`Bearer ${SECRET_KEY}`);
    expect(req!.form).toEqual({
      amount: '2298',
      currency: 'cad',
      'automatic_payment_methods[enabled]': 'true',
      description: 'Toque — commande n° 12',
      receipt_email: 'camille@exemple.ca',
      'metadata[order_number]': '12',
      'metadata[order_id]': '7d3c8a52-1f0e-4c55-9b1a-3f2b8c1d0e9a',
    });
  });

  it('retries a failed call with the same idempotency key, so Stripe makes one payment', async () => {
    api.on('POST', '/v1/payment_intents', (_req, attempt) =>
      attempt === 1
        ? { status: 500, body: { error: { type: 'api_error', message: 'boom' } }, headers: { 'stripe-should-retry': 'true' } }
        : { body: paymentIntentJson({ id: 'pi_test_retry', amount: 4500 }) },
    );
    const created = await provider.createPayment({
      orderId: 'o-1', amountCents: 4500, currency: 'CAD', description: 'd', customerEmail: 'a@exemple.ca', idempotencyKey: 'order:o-1', metadata: {},
    });
    expect(created.paymentId).toBe('pi_test_retry');
    expect(api.requests.map((r) => r.headers['idempotency-key'])).toEqual(['order:o-1', 'order:o-1']);
  });

  it('turns a card refusal into the French decline message', async () => {
    api.on('POST', '/v1/payment_intents', () => ({
      status: 402,
      body: { error: { type: 'card_error', code: 'card_declined', decline_code: 'insufficient_funds', message: 'Your card has insufficient funds.' } },
    }));
    const attempt = provider.createPayment({
      orderId: 'o-2', amountCents: 100, currency: 'CAD', description: 'd', customerEmail: 'a@exemple.ca', idempotencyKey: 'order:o-2', metadata: {},
    });
    await expect(attempt).rejects.toBeInstanceOf(AppError);
    await expect(attempt).rejects.toMatchObject({ code: 'PAYMENT_DECLINED', message: 'Fonds insuffisants : votre carte a été refusée.' });
  });

  it('lets any other Stripe error through for the caller to log (never a success)', async () => {
    api.on('POST', '/v1/payment_intents', () => ({ status: 401, body: { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } } }));
    await expect(
      provider.createPayment({ orderId: 'o-3', amountCents: 100, currency: 'CAD', description: 'd', customerEmail: 'a@exemple.ca', idempotencyKey: 'k-3', metadata: {} }),
    ).rejects.toBeInstanceOf(Stripe.errors.StripeAuthenticationError);
  });
});

describe('retrievePayment', () => {
  it.each([
    ['succeeded', null, 'succeeded'],
    ['processing', null, 'processing'],
    ['requires_action', null, 'requires_action'],
    ['requires_payment_method', null, 'requires_payment_method'],
    ['requires_payment_method', { code: 'card_declined' }, 'failed'],
    ['canceled', null, 'canceled'],
  ])('reads Stripe status %s (last error %o) as %s', async (status, lastError, expected) => {
    api.on('GET', '/v1/payment_intents/pi_test_state', () => ({
      body: paymentIntentJson({ id: 'pi_test_state', amount: 4500, status, last_payment_error: lastError }),
    }));
    expect(await provider.retrievePayment('pi_test_state')).toEqual({ paymentId: 'pi_test_state', status: expected, amountCents: 4500 });
    expect(api.requests[0]!.headers.authorization).toBe(`Bearer ${SECRET_KEY}`);
  });
});

describe('retrievePaymentMethod', () => {
  it("asks for the charge expanded and keeps only the card's brand and last four (the event carries the charge's id alone)", async () => {
    api.on('GET', '/v1/payment_intents/pi_test_card', () => ({
      body: {
        ...paymentIntentJson({ id: 'pi_test_card', amount: 4500, status: 'succeeded' }),
        latest_charge: {
          id: 'ch_test_card',
          object: 'charge',
          payment_method_details: { type: 'card', card: { brand: 'mastercard', last4: '4444', exp_month: 12, exp_year: 2030, wallet: null } },
        },
      },
    }));
    expect(await provider.retrievePaymentMethod!('pi_test_card')).toEqual({ type: 'card', brand: 'mastercard', last4: '4444' });
    expect(api.requests[0]!.form['expand[0]']).toBe('latest_charge');
  });
});

describe('createRefund', () => {
  it('refunds the PaymentIntent by amount with our refund id in metadata and as idempotency key', async () => {
    api.on('POST', '/v1/refunds', (req) => ({
      body: { id: 're_test_1', object: 'refund', amount: Number(req.form.amount), status: 'pending', payment_intent: req.form.payment_intent, metadata: {} },
    }));
    const refund = await provider.createRefund({
      paymentId: 'pi_test_1',
      amountCents: 1149,
      idempotencyKey: '0b7f3f7e-0c43-4d0e-9a0a-5f5e4e1b2c3d',
      metadata: { refund_id: '0b7f3f7e-0c43-4d0e-9a0a-5f5e4e1b2c3d', order_id: 'o-1' },
    });
    expect(refund).toEqual({ refundId: 're_test_1', status: 'pending' });
    const [req] = api.requests;
    expect(req!.path).toBe('/v1/refunds');
    expect(req!.headers['idempotency-key']).toBe('0b7f3f7e-0c43-4d0e-9a0a-5f5e4e1b2c3d');
    expect(req!.form).toEqual({
      payment_intent: 'pi_test_1',
      amount: '1149',
      'metadata[refund_id]': '0b7f3f7e-0c43-4d0e-9a0a-5f5e4e1b2c3d',
      'metadata[order_id]': 'o-1',
    });
  });

  it.each([
    ['succeeded', 'succeeded'],
    ['requires_action', 'pending'],
    ['failed', 'failed'],
    ['canceled', 'failed'],
  ])('reads refund status %s as %s', async (status, expected) => {
    api.on('POST', '/v1/refunds', () => ({ body: { id: 're_test_s', object: 'refund', amount: 100, status, payment_intent: 'pi_x', metadata: {} } }));
    const refund = await provider.createRefund({ paymentId: 'pi_x', amountCents: 100, idempotencyKey: `k-${status}`, metadata: {} });
    expect(refund.status).toBe(expected);
  });
});

describe('cancelPayment', () => {
  it('cancels an unpaid PaymentIntent as abandoned; one that succeeded meanwhile is too late, one canceled already is done', async () => {
    api.on('POST', '/v1/payment_intents/pi_test_1/cancel', () => ({ body: paymentIntentJson({ id: 'pi_test_1', amount: 2298, status: 'canceled' }) }));
    expect(await provider.cancelPayment('pi_test_1')).toBe('canceled');
    expect(api.requests[0]!.form).toEqual({ cancellation_reason: 'abandoned' });
    expect(api.requests[0]!.headers['idempotency-key']).toBe('cancel:pi_test_1');

    const unexpected = { status: 400, body: { error: { type: 'invalid_request_error', code: 'payment_intent_unexpected_state', message: 'You cannot cancel this PaymentIntent.' } } };
    api.on('POST', '/v1/payment_intents/pi_paid/cancel', () => unexpected);
    api.on('GET', '/v1/payment_intents/pi_paid', () => ({ body: paymentIntentJson({ id: 'pi_paid', amount: 2298, status: 'succeeded' }) }));
    expect(await provider.cancelPayment('pi_paid')).toBe('too_late');
    api.on('POST', '/v1/payment_intents/pi_gone/cancel', () => unexpected);
    api.on('GET', '/v1/payment_intents/pi_gone', () => ({ body: paymentIntentJson({ id: 'pi_gone', amount: 2298, status: 'canceled' }) }));
    expect(await provider.cancelPayment('pi_gone')).toBe('canceled');
  });
});

describe('createRefund refusals', () => {
  it('a refund Stripe refuses (4xx) is a definite refusal in French, not an outage', async () => {
    api.on('POST', '/v1/refunds', () => ({
      status: 400,
      body: { error: { type: 'invalid_request_error', code: 'charge_already_refunded', message: 'Charge ch_1 has already been refunded.' } },
    }));
    const attempt = provider.createRefund({ paymentId: 'pi_x', amountCents: 100, idempotencyKey: 'k-refused', metadata: {} });
    await expect(attempt).rejects.toMatchObject({ code: 'REFUND_NOT_ALLOWED', message: expect.stringMatching(/^Le fournisseur de paiement a refusé/) });
  });

  it('an outage stays an error for the caller, so the refund is kept pending and asked again', async () => {
    api.on('POST', '/v1/refunds', () => ({ status: 503, body: { error: { type: 'api_error', message: 'down' } }, headers: { 'stripe-should-retry': 'false' } }));
    const attempt = provider.createRefund({ paymentId: 'pi_x', amountCents: 100, idempotencyKey: 'k-down', metadata: {} });
    await expect(attempt).rejects.toBeInstanceOf(Stripe.errors.StripeAPIError);
  });
});

describe('parseWebhook', () => {
  const refundEvent = JSON.stringify({
    id: 'evt_test_refund',
    object: 'event',
    type: 'refund.updated',
    created: nowSeconds,
    data: { object: { id: 're_test_9', object: 'refund', amount: 2298, status: 'succeeded', payment_intent: 'pi_test_9', metadata: { refund_id: 'f3c0c7a4-8a55-4f7e-9d1a-0a1b2c3d4e5f' } } },
  });
  const paymentEvent = JSON.stringify({
    id: 'evt_test_paid',
    object: 'event',
    type: 'payment_intent.succeeded',
    created: nowSeconds,
    data: {
      object: {
        ...paymentIntentJson({ id: 'pi_test_9', amount: 2298, status: 'succeeded', metadata: { order_id: 'a1b2c3d4-0000-4000-8000-000000000001' } }),
        latest_charge: { id: 'ch_1', object: 'charge', payment_method_details: { type: 'card', card: { brand: 'visa', last4: '4242', wallet: null } } },
      },
    },
  });

  it('reads an event signed by the Stripe SDK with our secret', () => {
    expect(provider.parseWebhook(paymentEvent, sign(paymentEvent))).toEqual({
      id: 'evt_test_paid',
      type: 'payment.succeeded',
      paymentId: 'pi_test_9',
      orderId: 'a1b2c3d4-0000-4000-8000-000000000001',
      amountCents: 2298,
      method: { type: 'card', brand: 'visa', last4: '4242' },
    });
    expect(provider.parseWebhook(refundEvent, sign(refundEvent))).toEqual({
      id: 'evt_test_refund',
      type: 'refund.succeeded',
      refundId: 're_test_9',
      paymentId: 'pi_test_9',
      refundRecordId: 'f3c0c7a4-8a55-4f7e-9d1a-0a1b2c3d4e5f',
      amountCents: 2298,
    });
  });

  it('accepts an event signed up to five minutes ago', () => {
    expect(provider.parseWebhook(refundEvent, sign(refundEvent, WEBHOOK_SECRET, nowSeconds - 299)).type).toBe('refund.succeeded');
  });

  it('refuses an event signed with another secret', () => {
    expect(() => provider.parseWebhook(refundEvent, sign(refundEvent, 'whsec_someone_else'))).toThrow(WebhookSignatureError);
  });

  it('refuses a stale signature (older than 300 s): a replayed capture', () => {
    expect(() => provider.parseWebhook(refundEvent, sign(refundEvent, WEBHOOK_SECRET, nowSeconds - 301))).toThrow(WebhookSignatureError);
  });

  it('refuses a body changed after signing, and a missing signature', () => {
    const header = sign(refundEvent);
    expect(() => provider.parseWebhook(refundEvent.replace('2298', '2299'), header)).toThrow(WebhookSignatureError);
    expect(() => provider.parseWebhook(refundEvent, undefined)).toThrow(WebhookSignatureError);
  });
});

it('gives the payment page the publishable key', () => {
  expect(provider.clientConfig()).toEqual({ publishableKey: 'pk_test_toque' });
  expect(provider.name).toBe('stripe');
});

describe('subscriptions', () => {
  /** A fresh adapter: it remembers the membership product once found. */
  const newProvider = () =>
    createStripeProvider({ secretKey: SECRET_KEY, publishableKey: 'pk_test_toque', webhookSecret: WEBHOOK_SECRET }, { now: () => NOW, endpoint: api.endpoint, maxNetworkRetries: 1 });

  const periodStart = nowSeconds;
  const periodEnd = nowSeconds + 30 * 86_400;
  /** A Subscription as API 2025+ returns it: the period on its item only. */
  const subscriptionJson = (values: Record<string, unknown> = {}) => ({
    id: 'sub_test_1',
    object: 'subscription',
    customer: 'cus_test_1',
    status: 'incomplete',
    cancel_at_period_end: false,
    canceled_at: null,
    ended_at: null,
    metadata: { user_id: 'u-1', order_id: 'o-1' },
    items: { object: 'list', data: [{ id: 'si_test_1', object: 'subscription_item', current_period_start: periodStart, current_period_end: periodEnd }] },
    latest_invoice: 'in_test_1',
    ...values,
  });
  const input = {
    amountCents: 2298,
    currency: 'CAD' as const,
    description: 'Abonnement mensuel Toque',
    customerEmail: 'camille@exemple.ca',
    idempotencyKey: 'subscription:k-1',
    metadata: { user_id: 'u-1', order_id: 'o-1' },
  };

  it('creates the product once, a customer when the e-mail has none, and an incomplete subscription whose first invoice is paid by its confirmation secret', async () => {
    const provider = newProvider();
    api.on('GET', `/v1/products/${MEMBERSHIP_PRODUCT_ID}`, () => ({ status: 404, body: { error: { type: 'invalid_request_error', code: 'resource_missing', message: 'No such product' } } }));
    api.on('POST', '/v1/products', (req) => ({ body: { id: req.form.id, object: 'product', name: req.form.name } }));
    api.on('GET', '/v1/customers', () => ({ body: { object: 'list', data: [], has_more: false, url: '/v1/customers' } }));
    api.on('POST', '/v1/customers', () => ({ body: { id: 'cus_test_1', object: 'customer', email: 'camille@exemple.ca' } }));
    api.on('POST', '/v1/subscriptions', () => ({
      body: subscriptionJson({
        latest_invoice: { id: 'in_test_1', object: 'invoice', status: 'open', confirmation_secret: { client_secret: 'pi_test_sub_secret_abc', type: 'payment_intent' } },
      }),
    }));

    const created = await provider.createSubscription(input);
    expect(created).toEqual({
      subscription: {
        subscriptionId: 'sub_test_1',
        customerId: 'cus_test_1',
        status: 'incomplete',
        currentPeriodStart: new Date(periodStart * 1000),
        currentPeriodEnd: new Date(periodEnd * 1000),
        cancelAtPeriodEnd: false,
        endedAt: null,
        metadata: { user_id: 'u-1', order_id: 'o-1' },
      },
      invoiceId: 'in_test_1',
      paymentId: 'pi_test_sub',
      clientSecret: 'pi_test_sub_secret_abc',
    });

    const byPath = (method: string, path: string) => api.requests.filter((r) => r.method === method && r.path === path);
    expect(byPath('POST', '/v1/products')[0]!.form).toEqual({ id: MEMBERSHIP_PRODUCT_ID, name: 'Abonnement mensuel Toque' });
    expect(byPath('GET', '/v1/customers')[0]!.form).toEqual({ email: 'camille@exemple.ca', limit: '1' });
    const customer = byPath('POST', '/v1/customers')[0]!;
    expect(customer.form).toEqual({ email: 'camille@exemple.ca', 'metadata[user_id]': 'u-1' });
    expect(customer.headers['idempotency-key']).toBe('subscription:k-1:customer');
    const sub = byPath('POST', '/v1/subscriptions')[0]!;
    expect(sub.headers['idempotency-key']).toBe('subscription:k-1');
    expect(sub.form).toEqual({
      customer: 'cus_test_1',
      'items[0][price_data][currency]': 'cad',
      'items[0][price_data][product]': MEMBERSHIP_PRODUCT_ID,
      'items[0][price_data][unit_amount]': '2298',
      'items[0][price_data][recurring][interval]': 'month',
      description: 'Abonnement mensuel Toque',
      'metadata[user_id]': 'u-1',
      'metadata[order_id]': 'o-1',
      payment_behavior: 'default_incomplete',
      'payment_settings[save_default_payment_method]': 'on_subscription',
      'expand[0]': 'latest_invoice.confirmation_secret',
      'expand[1]': 'pending_setup_intent',
    });

    // A second subscription: the product is known, the customer found by e-mail.
    api.reset();
    api.on('GET', '/v1/customers', () => ({ body: { object: 'list', data: [{ id: 'cus_test_1', object: 'customer' }], has_more: false, url: '/v1/customers' } }));
    api.on('POST', '/v1/subscriptions', () => ({
      body: subscriptionJson({ id: 'sub_test_2', latest_invoice: { id: 'in_test_2', object: 'invoice', confirmation_secret: { client_secret: 'pi_test_2_secret_x', type: 'payment_intent' } } }),
    }));
    expect((await provider.createSubscription({ ...input, idempotencyKey: 'subscription:k-2' })).paymentId).toBe('pi_test_2');
    expect(api.requests.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /v1/customers', 'POST /v1/subscriptions']);
  });

  it('an annual plan with a free trial: trial_period_days, the yearly price, the card saved by the pending SetupIntent', async () => {
    const provider = newProvider();
    api.on('GET', `/v1/products/${MEMBERSHIP_PRODUCT_ID}`, () => ({ body: { id: MEMBERSHIP_PRODUCT_ID, object: 'product' } }));
    api.on('GET', '/v1/customers', () => ({ body: { object: 'list', data: [{ id: 'cus_test_1', object: 'customer' }], has_more: false, url: '/v1/customers' } }));
    const trialEnd = periodStart + 7 * 86_400;
    api.on('POST', '/v1/subscriptions', () => ({
      body: subscriptionJson({
        id: 'sub_trial_1',
        status: 'trialing',
        trial_end: trialEnd,
        latest_invoice: { id: 'in_trial_0', object: 'invoice', status: 'paid', amount_due: 0 },
        pending_setup_intent: { id: 'seti_test_1', object: 'setup_intent', client_secret: 'seti_test_1_secret_abc' },
      }),
    }));
    const created = await provider.createSubscription({ ...input, amountCents: 22_984, interval: 'year', trialDays: 7, idempotencyKey: 'subscription:k-trial' });
    expect(created).toMatchObject({ setup: true, paymentId: 'seti_test_1', clientSecret: 'seti_test_1_secret_abc', invoiceId: 'in_trial_0' });
    expect(created.subscription).toMatchObject({ status: 'trialing', trialEnd: new Date(trialEnd * 1000) });
    const sub = api.requests.find((r) => r.method === 'POST' && r.path === '/v1/subscriptions')!;
    expect(sub.form).toMatchObject({
      'items[0][price_data][unit_amount]': '22984',
      'items[0][price_data][recurring][interval]': 'year',
      trial_period_days: '7',
      'trial_settings[end_behavior][missing_payment_method]': 'cancel',
      'expand[1]': 'pending_setup_intent',
    });
  });

  it('the save offer: a coupon of the amount off, once, put on the subscription', async () => {
    const provider = newProvider();
    api.on('POST', '/v1/coupons', () => ({ body: { id: 'co_test_1', object: 'coupon', amount_off: 1149, duration: 'once' } }));
    api.on('POST', '/v1/subscriptions/:id', () => ({ body: subscriptionJson({}) }));
    await provider.discountNextInvoice('sub_test_1', { amountOffCents: 1149, idempotencyKey: 'save-offer:s-1' });
    const coupon = api.requests.find((r) => r.path === '/v1/coupons')!;
    expect(coupon.form).toEqual({ amount_off: '1149', currency: 'cad', duration: 'once', name: 'Offre de fidélité' });
    expect(coupon.headers['idempotency-key']).toBe('save-offer:s-1:coupon');
    const update = api.requests.find((r) => r.path === '/v1/subscriptions/sub_test_1')!;
    expect(update.form).toEqual({ 'discounts[0][coupon]': 'co_test_1' });
  });

  it('a promo code on the first payment: a coupon of the amount off, once, on the new subscription (decision 0040)', async () => {
    const provider = newProvider();
    api.on('GET', `/v1/products/${MEMBERSHIP_PRODUCT_ID}`, () => ({ body: { id: MEMBERSHIP_PRODUCT_ID, object: 'product' } }));
    api.on('GET', '/v1/customers', () => ({ body: { object: 'list', data: [{ id: 'cus_test_1', object: 'customer' }], has_more: false, url: '/v1/customers' } }));
    api.on('POST', '/v1/coupons', () => ({ body: { id: 'co_promo_1', object: 'coupon', amount_off: 574, duration: 'once' } }));
    api.on('POST', '/v1/subscriptions', () => ({
      body: subscriptionJson({ latest_invoice: { id: 'in_test_1', object: 'invoice', status: 'open', confirmation_secret: { client_secret: 'pi_test_sub_secret_abc', type: 'payment_intent' } } }),
    }));
    await provider.createSubscription({ ...input, idempotencyKey: 'subscription:k-promo', firstInvoiceDiscount: { amountOffCents: 574, name: 'Code MEMBRE25', metadata: { promo_code_id: 'p-1', order_id: 'o-1' } } });
    const coupon = api.requests.find((r) => r.path === '/v1/coupons')!;
    expect(coupon.form).toEqual({ amount_off: '574', currency: 'cad', duration: 'once', name: 'Code MEMBRE25', 'metadata[promo_code_id]': 'p-1', 'metadata[order_id]': 'o-1' });
    expect(coupon.headers['idempotency-key']).toBe('subscription:k-promo:coupon');
    const sub = api.requests.find((r) => r.method === 'POST' && r.path === '/v1/subscriptions')!;
    // Every period at the plan's price; the coupon takes the code's amount off the first invoice only.
    expect(sub.form).toMatchObject({ 'items[0][price_data][unit_amount]': '2298', 'discounts[0][coupon]': 'co_promo_1' });
    expect(api.requests.map((r) => `${r.method} ${r.path}`).filter((p) => p.startsWith('POST'))).toEqual(['POST /v1/coupons', 'POST /v1/subscriptions']);
  });

  it('a plan switch at renewal: a schedule from the subscription, its next phase the new price', async () => {
    const provider = newProvider();
    api.on('GET', `/v1/products/${MEMBERSHIP_PRODUCT_ID}`, () => ({ body: { id: MEMBERSHIP_PRODUCT_ID, object: 'product' } }));
    const items = { object: 'list', data: [{ id: 'si_test_1', object: 'subscription_item', current_period_start: periodStart, current_period_end: periodEnd, price: { id: 'price_test_monthly', object: 'price' } }] };
    api.on('GET', '/v1/subscriptions/:id', () => ({ body: subscriptionJson({ status: 'active', schedule: null, items }) }));
    api.on('POST', '/v1/subscription_schedules', () => ({ body: { id: 'sub_sched_1', object: 'subscription_schedule', phases: [{ start_date: periodStart, end_date: periodEnd }] } }));
    api.on('GET', '/v1/subscription_schedules/:id', () => ({ body: { id: 'sub_sched_1', object: 'subscription_schedule', current_phase: { start_date: periodStart, end_date: periodEnd }, phases: [] } }));
    api.on('POST', '/v1/subscription_schedules/:id', () => ({ body: { id: 'sub_sched_1', object: 'subscription_schedule' } }));
    await provider.changeSubscriptionPlan('sub_test_1', { amountCents: 22_984, interval: 'year', description: 'Abonnement annuel Toque', idempotencyKey: 'plan:s-1:annual' });
    expect(api.requests.find((r) => r.method === 'POST' && r.path === '/v1/subscription_schedules')!.form).toEqual({ from_subscription: 'sub_test_1' });
    const update = api.requests.find((r) => r.method === 'POST' && r.path === '/v1/subscription_schedules/sub_sched_1')!;
    expect(update.form).toMatchObject({
      end_behavior: 'release',
      'phases[0][items][0][price]': 'price_test_monthly',
      'phases[0][end_date]': String(periodEnd),
      'phases[1][items][0][price_data][unit_amount]': '22984',
      'phases[1][items][0][price_data][recurring][interval]': 'year',
      'phases[1][duration][interval]': 'year',
    });
  });

  it('reads the existing product, and fails loudly when Stripe gives no confirmation secret', async () => {
    const provider = newProvider();
    api.on('GET', `/v1/products/${MEMBERSHIP_PRODUCT_ID}`, () => ({ body: { id: MEMBERSHIP_PRODUCT_ID, object: 'product' } }));
    api.on('GET', '/v1/customers', () => ({ body: { object: 'list', data: [{ id: 'cus_test_1', object: 'customer' }], has_more: false, url: '/v1/customers' } }));
    api.on('POST', '/v1/subscriptions', () => ({ body: subscriptionJson({ latest_invoice: { id: 'in_test_1', object: 'invoice', confirmation_secret: null } }) }));
    await expect(provider.createSubscription(input)).rejects.toThrow(/confirmation secret/);
    expect(api.requests.some((r) => r.method === 'POST' && r.path === '/v1/products')).toBe(false);
  });

  it.each([
    ['active', 'active'],
    ['past_due', 'past_due'],
    ['incomplete_expired', 'incomplete_expired'],
    ['paused', 'unpaid'],
  ])('retrieves a subscription (Stripe status %s → %s), its period from its item', async (status, expected) => {
    api.on('GET', '/v1/subscriptions/sub_test_1', () => ({ body: subscriptionJson({ status }) }));
    expect(await provider.retrieveSubscription('sub_test_1')).toMatchObject({
      status: expected,
      currentPeriodStart: new Date(periodStart * 1000),
      currentPeriodEnd: new Date(periodEnd * 1000),
    });
  });

  it('reads an older API version\'s top-level period', async () => {
    api.on('GET', '/v1/subscriptions/sub_old', () => ({
      body: { ...subscriptionJson({ id: 'sub_old', status: 'active', items: { object: 'list', data: [] } }), current_period_start: periodStart, current_period_end: periodEnd },
    }));
    expect(await provider.retrieveSubscription('sub_old')).toMatchObject({ currentPeriodEnd: new Date(periodEnd * 1000) });
  });

  it('cancels at period end, and a subscription Stripe will not update is nothing to cancel', async () => {
    api.on('POST', '/v1/subscriptions/sub_test_1', (req) => ({ body: subscriptionJson({ status: 'active', cancel_at_period_end: req.form.cancel_at_period_end === 'true' }) }));
    expect(await provider.cancelSubscriptionAtPeriodEnd('sub_test_1')).toMatchObject({ status: 'active', cancelAtPeriodEnd: true });
    expect(api.requests[0]!.form).toEqual({ cancel_at_period_end: 'true' });

    api.on('POST', '/v1/subscriptions/sub_gone', () => ({
      status: 400,
      body: { error: { type: 'invalid_request_error', message: 'A canceled subscription can only update its cancellation_details and metadata.' } },
    }));
    await expect(provider.cancelSubscriptionAtPeriodEnd('sub_gone')).rejects.toMatchObject({ code: 'NO_SUBSCRIPTION_TO_CANCEL' });
  });

  it('ends a subscription at once (an abandoned membership), and one ended already counts as done', async () => {
    api.on('DELETE', '/v1/subscriptions/sub_test_1', () => ({ body: subscriptionJson({ status: 'canceled', ended_at: nowSeconds }) }));
    expect(await provider.cancelSubscriptionNow('sub_test_1')).toMatchObject({ status: 'canceled' });
    expect(api.requests[0]!.headers['idempotency-key']).toBe('cancel-now:sub_test_1');

    api.reset();
    api.on('DELETE', '/v1/subscriptions/sub_test_1', () => ({ status: 400, body: { error: { type: 'invalid_request_error', message: 'This subscription is already expired.' } } }));
    api.on('GET', '/v1/subscriptions/sub_test_1', () => ({ body: subscriptionJson({ status: 'incomplete_expired', ended_at: nowSeconds }) }));
    expect(await provider.cancelSubscriptionNow('sub_test_1')).toMatchObject({ status: 'incomplete_expired' });
  });

  it('a past-due membership whose card changed pays its open invoice now; nothing is asked when nothing is owed', async () => {
    const invoice = (status: string) => ({ id: 'in_test_2', object: 'invoice', status });
    api.on('GET', '/v1/subscriptions/sub_test_1', () => ({ body: subscriptionJson({ status: 'past_due', latest_invoice: invoice('open') }) }));
    api.on('POST', '/v1/invoices/in_test_2/pay', () => ({ body: invoice('paid') }));
    await provider.retryOpenInvoice('sub_test_1');
    expect(api.requests.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /v1/subscriptions/sub_test_1', 'POST /v1/invoices/in_test_2/pay']);
    expect(api.requests[0]!.form).toEqual({ 'expand[0]': 'latest_invoice' });

    // Refused again: Stripe tells it by invoice.payment_failed, as any retry; the call does not fail.
    api.reset();
    api.on('GET', '/v1/subscriptions/sub_test_1', () => ({ body: subscriptionJson({ status: 'past_due', latest_invoice: invoice('open') }) }));
    api.on('POST', '/v1/invoices/in_test_2/pay', () => ({ status: 402, body: { error: { type: 'card_error', code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.' } } }));
    await provider.retryOpenInvoice('sub_test_1');

    api.reset();
    api.on('GET', '/v1/subscriptions/sub_test_1', () => ({ body: subscriptionJson({ status: 'active', latest_invoice: invoice('paid') }) }));
    await provider.retryOpenInvoice('sub_test_1');
    expect(api.requests).toHaveLength(1);
  });

  it('opens the customer portal with the return address', async () => {
    api.on('POST', '/v1/billing_portal/sessions', () => ({ body: { id: 'bps_1', object: 'billing_portal.session', url: 'https://billing.stripe.com/p/session/test_1' } }));
    expect(await provider.createPortalSession!('cus_test_1', 'http://toque.test/abonne')).toEqual({ url: 'https://billing.stripe.com/p/session/test_1' });
    expect(api.requests[0]!.form).toEqual({ customer: 'cus_test_1', return_url: 'http://toque.test/abonne' });
  });
});
