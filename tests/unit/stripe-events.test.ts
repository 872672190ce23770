// Stripe-format events → the port's PaymentEvent, as both adapters deliver them; and the
// signature check of the official SDK (tolerance 300 s, measured on the server's clock).
import { describe, expect, it } from 'vitest';
import Stripe from 'stripe';
import { WebhookSignatureError } from '../../src/server/integrations/payments/port';
import {
  frenchFailureMessage,
  GENERIC_PAYMENT_FAILURE,
  parseStripeWebhook,
  signStripePayload,
  toPaymentEvent,
} from '../../src/server/integrations/payments/stripe-events';

const SECRET = 'whsec_test_secret_for_unit_tests';
const NOW = Date.parse('2026-06-15T16:00:00Z');
const ev = (type: string, object: Record<string, unknown>) => ({ id: 'evt_1', type, data: { object } });

describe('toPaymentEvent', () => {
  it('payment_intent.succeeded with an expanded charge: amount received, order id, card brand and last four', () => {
    const pi = {
      id: 'pi_1',
      object: 'payment_intent',
      amount: 5649,
      amount_received: 5649,
      metadata: { order_id: 'ord-1' },
      latest_charge: { id: 'ch_1', payment_method_details: { type: 'card', card: { brand: 'mastercard', last4: '4444', wallet: null } } },
    };
    expect(toPaymentEvent(ev('payment_intent.succeeded', pi))).toEqual({
      id: 'evt_1',
      type: 'payment.succeeded',
      paymentId: 'pi_1',
      orderId: 'ord-1',
      amountCents: 5649,
      method: { type: 'card', brand: 'mastercard', last4: '4444' },
    });
  });

  it('a card inside a wallet is a wallet; another method type is a wallet without digits; an unexpanded charge is unknown', () => {
    const base = { id: 'pi_1', amount: 100, amount_received: 100, metadata: {} };
    const wallet = { ...base, latest_charge: { payment_method_details: { type: 'card', card: { brand: 'visa', last4: '0005', wallet: { type: 'apple_pay' } } } } };
    expect(toPaymentEvent(ev('payment_intent.succeeded', wallet))).toMatchObject({ method: { type: 'wallet', brand: 'visa', last4: '0005' }, orderId: null });
    const link = { ...base, charges: { data: [{ payment_method_details: { type: 'link' } }] } };
    expect(toPaymentEvent(ev('payment_intent.succeeded', link))).toMatchObject({ method: { type: 'wallet', brand: 'link', last4: null } });
    expect(toPaymentEvent(ev('payment_intent.succeeded', { ...base, latest_charge: 'ch_1' }))).toMatchObject({ method: null });
  });

  it('processing, and payment_failed in French from the decline code (never Stripe\'s English)', () => {
    expect(toPaymentEvent(ev('payment_intent.processing', { id: 'pi_2', metadata: { order_id: 'o' } }))).toEqual({ id: 'evt_1', type: 'payment.processing', paymentId: 'pi_2', orderId: 'o' });
    const failed = { id: 'pi_3', metadata: {}, last_payment_error: { code: 'card_declined', decline_code: 'insufficient_funds', message: 'Your card has insufficient funds.' } };
    expect(toPaymentEvent(ev('payment_intent.payment_failed', failed))).toEqual({
      id: 'evt_1',
      type: 'payment.failed',
      paymentId: 'pi_3',
      orderId: null,
      message: 'Fonds insuffisants : votre carte a été refusée.',
    });
  });

  it('refund events by status, carrying our refund id', () => {
    const refund = (status: string) => ({ id: 're_1', object: 'refund', amount: 500, payment_intent: 'pi_1', status, metadata: { refund_id: 'r-1' } });
    for (const type of ['refund.created', 'refund.updated', 'refund.failed', 'charge.refund.updated']) {
      expect(toPaymentEvent(ev(type, refund('succeeded')))).toEqual({ id: 'evt_1', type: 'refund.succeeded', refundId: 're_1', paymentId: 'pi_1', refundRecordId: 'r-1', amountCents: 500 });
    }
    expect(toPaymentEvent(ev('refund.updated', refund('failed')))).toMatchObject({ type: 'refund.failed' });
    expect(toPaymentEvent(ev('refund.updated', refund('canceled')))).toMatchObject({ type: 'refund.failed' });
    expect(toPaymentEvent(ev('refund.updated', refund('pending')))).toEqual({ id: 'evt_1', type: 'ignored', providerType: 'refund.updated' });
  });

  it('anything else, or a malformed object, is ignored', () => {
    expect(toPaymentEvent(ev('customer.created', { id: 'cus_1' }))).toEqual({ id: 'evt_1', type: 'ignored', providerType: 'customer.created' });
    expect(toPaymentEvent(ev('payment_intent.succeeded', { amount: 1 }))).toMatchObject({ type: 'ignored' });
    expect(toPaymentEvent(ev('charge.refunded', { id: 'ch_1' }))).toMatchObject({ type: 'ignored' });
  });
});

describe('frenchFailureMessage', () => {
  it('prefers the decline code, then the code, then the spec sentence', () => {
    expect(frenchFailureMessage({ code: 'card_declined', decline_code: 'expired_card' })).toBe('Votre carte est expirée.');
    expect(frenchFailureMessage({ code: 'card_declined', decline_code: 'something_new' })).toBe('Votre carte a été refusée.');
    expect(frenchFailureMessage({ code: 'mystery' })).toBe(GENERIC_PAYMENT_FAILURE);
    expect(frenchFailureMessage(null)).toBe('Le paiement a échoué. Veuillez réessayer ou utiliser un autre moyen de paiement.');
  });
});

describe('parseStripeWebhook', () => {
  const body = JSON.stringify(ev('payment_intent.processing', { id: 'pi_9', metadata: {} }));
  const at = (ms: number) => signStripePayload(body, SECRET, Math.floor(ms / 1000));

  it('accepts a signature of the official SDK helper within 5 minutes of the server clock', () => {
    const header = Stripe.webhooks.generateTestHeaderString({ payload: body, secret: SECRET, timestamp: Math.floor(NOW / 1000) - 299 });
    expect(parseStripeWebhook(body, header, SECRET, NOW)).toMatchObject({ type: 'payment.processing', paymentId: 'pi_9' });
  });

  it('refuses a stale, a wrong, a missing signature and a changed body', () => {
    expect(() => parseStripeWebhook(body, at(NOW - 301_000), SECRET, NOW)).toThrow(WebhookSignatureError);
    expect(() => parseStripeWebhook(body, signStripePayload(body, 'whsec_other', NOW / 1000), SECRET, NOW)).toThrow(WebhookSignatureError);
    expect(() => parseStripeWebhook(body, undefined, SECRET, NOW)).toThrow(WebhookSignatureError);
    expect(() => parseStripeWebhook(body.replace('pi_9', 'pi_8'), at(NOW), SECRET, NOW)).toThrow(WebhookSignatureError);
  });

  it('refuses a signed body that is not an event', () => {
    const notEvent = JSON.stringify({ hello: 'world' });
    expect(() => parseStripeWebhook(notEvent, signStripePayload(notEvent, SECRET, NOW / 1000), SECRET, NOW)).toThrow(WebhookSignatureError);
  });
});
