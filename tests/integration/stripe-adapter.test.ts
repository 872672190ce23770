// The Stripe adapter with the real `stripe` SDK: its API calls go to a local stand-in for
// api.stripe.com (no network), its webhooks are signed by the SDK's own test-header helper.
import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AppError } from '../../src/server/http/app-error';
import { WebhookSignatureError, type PaymentProvider } from '../../src/server/integrations/payments/port';
import { createStripeProvider } from '../../src/server/integrations/payments/stripe';
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
