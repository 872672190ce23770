// Stripe-format membership events → the port's PaymentEvent: subscriptions (id only, the state is
// read fresh), invoices paid or refused, as Stripe's API 2025+ writes them (parent.subscription_details,
// payments) and as older versions did (subscription, payment_intent), and as the sandbox sends them
// (payment_intent expanded, with its charge and its refusal).
import { describe, expect, it } from 'vitest';
import { GENERIC_PAYMENT_FAILURE, toPaymentEvent, type StripeEventLike } from '../../../src/server/integrations/payments/stripe-events';

const event = (type: string, object: Record<string, unknown>): StripeEventLike => ({ id: `evt_${type}`, type, data: { object } });
const START = Date.parse('2026-07-01T12:00:00Z') / 1000;
const END = Date.parse('2026-08-01T12:00:00Z') / 1000;

/** An Invoice as API 2025+ sends it in a webhook: no payment_intent, the subscription under parent. */
const basilInvoice = (values: Record<string, unknown> = {}) => ({
  id: 'in_1',
  object: 'invoice',
  status: 'paid',
  billing_reason: 'subscription_cycle',
  amount_due: 2298,
  amount_paid: 2298,
  attempt_count: 1,
  next_payment_attempt: null,
  parent: { type: 'subscription_details', subscription_details: { subscription: 'sub_1', metadata: {} } },
  lines: { object: 'list', data: [{ id: 'il_1', object: 'line_item', period: { start: START, end: END } }] },
  ...values,
});

describe('subscription events', () => {
  it.each(['customer.subscription.created', 'customer.subscription.updated', 'customer.subscription.deleted'])('%s → subscription.changed (the id only)', (type) => {
    expect(toPaymentEvent(event(type, { id: 'sub_1', object: 'subscription', status: 'active' }))).toEqual({ id: `evt_${type}`, type: 'subscription.changed', subscriptionId: 'sub_1' });
  });

  it('a subscription event without an id is not acted on', () => {
    expect(toPaymentEvent(event('customer.subscription.updated', { object: 'subscription' }))).toMatchObject({ type: 'ignored' });
  });
});

describe('invoice.paid', () => {
  it.each(['invoice.paid', 'invoice.payment_succeeded'])('%s of API 2025+: subscription from parent, period from the line, payment unknown', (type) => {
    expect(toPaymentEvent(event(type, basilInvoice()))).toEqual({
      id: `evt_${type}`,
      type: 'invoice.paid',
      invoiceId: 'in_1',
      subscriptionId: 'sub_1',
      paymentId: null,
      amountCents: 2298,
      billingReason: 'subscription_cycle',
      periodStart: new Date(START * 1000),
      periodEnd: new Date(END * 1000),
      method: null,
    });
  });

  it('the payment from payments.data (API 2025+), as an id', () => {
    const invoice = basilInvoice({ payments: { object: 'list', data: [{ object: 'invoice_payment', payment: { type: 'payment_intent', payment_intent: 'pi_2' } }] } });
    expect(toPaymentEvent(event('invoice.paid', invoice))).toMatchObject({ paymentId: 'pi_2', method: null });
  });

  it('older versions: top-level subscription and payment_intent id', () => {
    const { parent: _parent, ...legacy } = basilInvoice({ subscription: 'sub_old', payment_intent: 'pi_old', billing_reason: 'subscription_create' });
    expect(toPaymentEvent(event('invoice.paid', legacy))).toMatchObject({ subscriptionId: 'sub_old', paymentId: 'pi_old', billingReason: 'subscription_create' });
  });

  it("the sandbox's shape: payment_intent expanded, the card from its charge", () => {
    const invoice = basilInvoice({
      subscription: 'sub_1',
      payment_intent: {
        id: 'pi_sb_1',
        object: 'payment_intent',
        latest_charge: { id: 'ch_sb_1', object: 'charge', payment_method_details: { type: 'card', card: { brand: 'mastercard', last4: '4444', wallet: null } } },
      },
    });
    expect(toPaymentEvent(event('invoice.paid', invoice))).toMatchObject({ paymentId: 'pi_sb_1', method: { type: 'card', brand: 'mastercard', last4: '4444' } });
  });

  it('an invoice of no subscription (a one-off invoice) is ignored', () => {
    const { parent: _parent, ...oneOff } = basilInvoice({ parent: null });
    expect(toPaymentEvent(event('invoice.paid', oneOff))).toEqual({ id: 'evt_invoice.paid', type: 'ignored', providerType: 'invoice.paid' });
    expect(toPaymentEvent(event('invoice.paid', basilInvoice({ parent: { type: 'quote_details', quote_details: { quote: 'qt_1' } } })))).toMatchObject({ type: 'ignored' });
  });

  it('falls back to the invoice period when the line has none, and ignores an invoice with no period at all', () => {
    const noLine = basilInvoice({ lines: { object: 'list', data: [] }, period_start: START, period_end: END });
    expect(toPaymentEvent(event('invoice.paid', noLine))).toMatchObject({ periodStart: new Date(START * 1000), periodEnd: new Date(END * 1000) });
    expect(toPaymentEvent(event('invoice.paid', basilInvoice({ lines: { object: 'list', data: [] } })))).toMatchObject({ type: 'ignored' });
  });
});

describe('invoice.payment_failed', () => {
  it('the refusal in French from the expanded payment, the next try from next_payment_attempt', () => {
    const next = START + 3 * 86_400;
    const invoice = basilInvoice({
      status: 'open',
      amount_paid: 0,
      next_payment_attempt: next,
      payment_intent: { id: 'pi_sb_1', object: 'payment_intent', last_payment_error: { type: 'card_error', code: 'card_declined', decline_code: 'insufficient_funds' } },
    });
    expect(toPaymentEvent(event('invoice.payment_failed', invoice))).toEqual({
      id: 'evt_invoice.payment_failed',
      type: 'invoice.payment_failed',
      invoiceId: 'in_1',
      subscriptionId: 'sub_1',
      message: 'Fonds insuffisants : votre carte a été refusée.',
      nextAttemptAt: new Date(next * 1000),
    });
  });

  it("Stripe's webhook (no payment detail): the generic French sentence; no more tries → null", () => {
    expect(toPaymentEvent(event('invoice.payment_failed', basilInvoice({ status: 'open', amount_paid: 0 })))).toMatchObject({
      message: GENERIC_PAYMENT_FAILURE,
      nextAttemptAt: null,
    });
  });
});

describe("a membership renewal's own payment events", () => {
  const pi = (metadata: Record<string, string>) => ({ id: 'pi_1', object: 'payment_intent', amount: 2298, amount_received: 2298, status: 'succeeded', metadata });

  it.each(['payment_intent.succeeded', 'payment_intent.payment_failed'])('%s of a renewal (subscription, no order) is left to the invoice events', (type) => {
    expect(toPaymentEvent(event(type, pi({ user_id: 'u1', subscription_id: 'sub_1' })))).toMatchObject({ type: 'ignored' });
  });

  it("the first period's payment names its order and is acted on", () => {
    expect(toPaymentEvent(event('payment_intent.succeeded', pi({ user_id: 'u1', subscription_id: 'sub_1', order_id: 'o1' })))).toMatchObject({
      type: 'payment.succeeded',
      paymentId: 'pi_1',
      orderId: 'o1',
    });
  });
});
