// A Stripe account in miniature, on the local stand-in of api.stripe.com (stripe-api.ts): the
// PaymentIntents the server makes with its secret key, confirmed from the buyer's browser with the
// publishable key (the stand-in of Stripe.js in tests/fixtures/stripe-js sends the card as Stripe.js
// does), Stripe's test cards deciding the outcome, 3-D Secure for the card that asks for it, and
// each outcome sent to the server's webhook as Stripe sends it: an event signed with the SDK's own
// test-header helper, retried until the server takes it, and listed by GET /v1/events for the
// daily reconciliation; refunds by the secret key (succeeded at once, as Stripe's test cards do,
// told by refund.created), each idempotency key answered once. Only what the shop's one-off payments
// use is here (no subscriptions).
import { randomBytes } from 'node:crypto';
import Stripe from 'stripe';
import { startStripeApi, type RecordedRequest, type StripeReply } from './stripe-api';
import { testNow } from './test-clock';

/** Stripe's test cards (docs.stripe.com/testing) this account knows; any other number is declined. */
export const TEST_CARDS = {
  success: '4242 4242 4242 4242',
  declined: '4000 0000 0000 0002',
  insufficientFunds: '4000 0000 0000 9995',
  /** 3-D Secure asked on every payment. */
  authentication: '4000 0027 6000 3184',
} as const;

type Decline = { code: string; decline_code?: string; message: string };
const DECLINES: Record<string, Decline> = {
  '4000000000000002': { code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.' },
  '4000000000009995': { code: 'card_declined', decline_code: 'insufficient_funds', message: 'Your card has insufficient funds.' },
};
const AUTHENTICATION_CARDS = new Set(['4000002760003184', '4000002500003155']);
const SUCCESS_CARDS = new Set(['4242424242424242']);

type Charge = { id: string; brand: string; last4: string };
type Intent = {
  id: string;
  clientSecret: string;
  amount: number;
  currency: string;
  description: string | null;
  receiptEmail: string | null;
  metadata: Record<string, string>;
  status: 'requires_payment_method' | 'requires_action' | 'succeeded';
  created: number;
  lastPaymentError: (Decline & { type: string }) | null;
  charge: Charge | null;
  /** The card waiting for its 3-D Secure answer. */
  pending: Charge | null;
  /** What refunds gave back so far. */
  refunded: number;
};
type RefundJson = { id: string; object: 'refund'; amount: number; currency: string; payment_intent: string; status: 'succeeded'; metadata: Record<string, string>; created: number };
type StripeEventJson = { id: string; object: 'event'; type: string; created: number; data: { object: unknown }; livemode: false; api_version: string; pending_webhooks: number; request: { id: null; idempotency_key: null } };

const id = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;
// Stripe's time is the run's: the server checks a signature's timestamp against its own clock, which
// a pinned run sets to another day (decision 0025).
const seconds = () => Math.floor(testNow().getTime() / 1000);
const stripeError = (status: number, error: Record<string, unknown>): StripeReply => ({ status, body: { error } });

/** `metadata[order_id]` → { order_id }. */
function nested(form: Record<string, string>, name: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(form)) {
    const m = new RegExp(`^${name}\\[([^\\]]+)\\]$`).exec(key);
    if (m) out[m[1]!] = value;
  }
  return out;
}

export type StripeAccountOptions = { secretKey: string; publishableKey: string; webhookSecret: string };

export async function startStripeAccount(keys: StripeAccountOptions) {
  const api = await startStripeApi();
  const intents = new Map<string, Intent>();
  const idempotent = new Map<string, string>();
  const events: StripeEventJson[] = [];
  let webhookUrl: string | null = null;
  const deliveries = new Set<Promise<void>>();
  /** Deliveries that never got a 2xx after every retry (a journey expects none). */
  const undelivered: string[] = [];

  function intentJson(i: Intent, expandCharge = false) {
    const charge = i.charge
      ? expandCharge
        ? {
            id: i.charge.id,
            object: 'charge',
            amount: i.amount,
            paid: true,
            status: 'succeeded',
            payment_intent: i.id,
            payment_method_details: { type: 'card', card: { brand: i.charge.brand, last4: i.charge.last4, wallet: null } },
          }
        : i.charge.id
      : null;
    return {
      id: i.id,
      object: 'payment_intent',
      amount: i.amount,
      amount_received: i.status === 'succeeded' ? i.amount : 0,
      automatic_payment_methods: { enabled: true },
      client_secret: i.clientSecret,
      created: i.created,
      currency: i.currency,
      description: i.description,
      receipt_email: i.receiptEmail,
      last_payment_error: i.lastPaymentError,
      latest_charge: charge,
      livemode: false,
      metadata: i.metadata,
      next_action: i.status === 'requires_action' ? { type: 'use_stripe_sdk', use_stripe_sdk: { type: 'three_d_secure_redirect' } } : null,
      payment_method_types: ['card'],
      status: i.status,
    };
  }

  /** Stripe's webhook delivery: signed now, retried (briefly here) until the endpoint answers 2xx. */
  function deliver(event: StripeEventJson) {
    const url = webhookUrl;
    if (!url) return;
    const payload = JSON.stringify(event);
    const delivery = (async () => {
      for (let attempt = 1; attempt <= 8; attempt++) {
        const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: keys.webhookSecret, timestamp: seconds() });
        try {
          const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', 'stripe-signature': signature }, body: payload });
          if (res.ok) return;
        } catch {
          /* the server is away: tried again */
        }
        await new Promise((r) => setTimeout(r, 250 * attempt));
      }
      undelivered.push(`${event.type} ${event.id}`);
    })();
    deliveries.add(delivery);
    void delivery.finally(() => deliveries.delete(delivery));
  }

  function emit(type: string, intent: Intent) {
    emitObject(type, intentJson(intent));
  }

  function emitObject(type: string, object: unknown) {
    const event: StripeEventJson = {
      id: id('evt'),
      object: 'event',
      type,
      created: seconds(),
      // As Stripe sends it: the charge only by its id (the server asks for the card's details).
      data: { object },
      livemode: false,
      api_version: '2025-08-27.basil',
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
    };
    events.push(event);
    deliver(event);
  }

  /** The server's calls carry the secret key; the browser's, the publishable key and the intent's client secret. */
  const bySecretKey = (req: RecordedRequest) => req.headers.authorization === `Bearer ${keys.secretKey}`;
  function fromBrowser(req: RecordedRequest, intent: Intent | undefined): StripeReply | null {
    if (req.form.key !== keys.publishableKey) return stripeError(401, { type: 'invalid_request_error', message: 'Invalid API Key provided.' });
    if (!intent || req.form.client_secret !== intent.clientSecret) {
      return stripeError(404, { type: 'invalid_request_error', code: 'resource_missing', message: 'No such payment_intent.' });
    }
    return null;
  }
  const unauthorized = () => stripeError(401, { type: 'invalid_request_error', message: 'Invalid API Key provided.' });

  function succeed(intent: Intent, card: Charge) {
    intent.status = 'succeeded';
    intent.charge = card;
    intent.pending = null;
    intent.lastPaymentError = null;
    emit('payment_intent.succeeded', intent);
  }

  function fail(intent: Intent, error: Decline & { type: string }) {
    intent.status = 'requires_payment_method';
    intent.pending = null;
    intent.lastPaymentError = error;
    emit('payment_intent.payment_failed', intent);
    return stripeError(402, { ...error, payment_intent: intentJson(intent) });
  }

  api.on('POST', '/v1/payment_intents', (req) => {
    if (!bySecretKey(req)) return unauthorized();
    const key = req.headers['idempotency-key'];
    const again = typeof key === 'string' ? intents.get(idempotent.get(key) ?? '') : undefined;
    if (again) return { body: intentJson(again), headers: { 'idempotent-replayed': 'true' } };
    const piId = id('pi');
    const intent: Intent = {
      id: piId,
      clientSecret: `${piId}_secret_${randomBytes(12).toString('hex')}`,
      amount: Number(req.form.amount),
      currency: req.form.currency ?? 'cad',
      description: req.form.description ?? null,
      receiptEmail: req.form.receipt_email ?? null,
      metadata: nested(req.form, 'metadata'),
      status: 'requires_payment_method',
      created: seconds(),
      lastPaymentError: null,
      charge: null,
      pending: null,
      refunded: 0,
    };
    intents.set(piId, intent);
    if (typeof key === 'string') idempotent.set(key, piId);
    return { body: intentJson(intent) };
  });

  api.on('GET', '/v1/payment_intents/:id', (req) => {
    const intent = intents.get(req.params.id!);
    if (!bySecretKey(req)) return fromBrowser(req, intent) ?? { body: intentJson(intent!) };
    if (!intent) return stripeError(404, { type: 'invalid_request_error', code: 'resource_missing', message: 'No such payment_intent.' });
    return { body: intentJson(intent, Object.values(nested(req.form, 'expand')).includes('latest_charge')) };
  });

  // The browser's confirmation with the card typed in the Payment Element.
  api.on('POST', '/v1/payment_intents/:id/confirm', (req) => {
    const intent = intents.get(req.params.id!);
    const refused = fromBrowser(req, intent);
    if (refused) return refused;
    if (intent!.status !== 'requires_payment_method') {
      return stripeError(400, {
        type: 'invalid_request_error',
        code: 'payment_intent_unexpected_state',
        message: `This PaymentIntent's status is ${intent!.status}.`,
        payment_intent: intentJson(intent!),
      });
    }
    const number = (req.form['payment_method_data[card][number]'] ?? '').replace(/\D/g, '');
    const card: Charge = { id: id('ch'), brand: number.startsWith('4') ? 'visa' : 'mastercard', last4: number.slice(-4) };
    if (SUCCESS_CARDS.has(number)) {
      succeed(intent!, card);
      return { body: intentJson(intent!) };
    }
    if (AUTHENTICATION_CARDS.has(number)) {
      intent!.status = 'requires_action';
      intent!.pending = card;
      return { body: intentJson(intent!) };
    }
    const decline = DECLINES[number] ?? { code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.' };
    return fail(intent!, { type: 'card_error', ...decline });
  });

  // The buyer's answer to the bank's 3-D Secure challenge (Stripe.js's frame, the stand-in's dialog).
  api.on('POST', '/v1/payment_intents/:id/authenticate', (req) => {
    const intent = intents.get(req.params.id!);
    const refused = fromBrowser(req, intent);
    if (refused) return refused;
    if (intent!.status !== 'requires_action' || !intent!.pending) {
      return stripeError(400, { type: 'invalid_request_error', code: 'payment_intent_unexpected_state', message: `This PaymentIntent's status is ${intent!.status}.` });
    }
    if (req.form.outcome === 'approved') succeed(intent!, intent!.pending);
    else {
      fail(intent!, {
        type: 'invalid_request_error',
        code: 'payment_intent_authentication_failure',
        message: 'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
      });
    }
    return { body: intentJson(intent!) };
  });

  // What Stripe.js reads before the Payment Element shows: which methods this intent takes.
  api.on('GET', '/v1/elements/sessions', (req) => {
    const intent = intents.get((req.form.client_secret ?? '').split('_secret_')[0]!);
    const refused = fromBrowser(req, intent);
    if (refused) return refused;
    return { body: { object: 'elements_session', payment_method_types: ['card'], currency: intent!.currency, amount: intent!.amount, livemode: false } };
  });

  const refunds: RefundJson[] = [];
  const refundByKey = new Map<string, RefundJson>();
  api.on('POST', '/v1/refunds', (req) => {
    if (!bySecretKey(req)) return unauthorized();
    const key = req.headers['idempotency-key'];
    const again = typeof key === 'string' ? refundByKey.get(key) : undefined;
    if (again) return { body: again, headers: { 'idempotent-replayed': 'true' } };
    const intent = intents.get(req.form.payment_intent ?? '');
    if (!intent || intent.status !== 'succeeded') return stripeError(400, { type: 'invalid_request_error', code: 'resource_missing', message: 'This PaymentIntent has no charge to refund.' });
    const amount = req.form.amount ? Number(req.form.amount) : intent.amount - intent.refunded;
    if (amount <= 0 || intent.refunded + amount > intent.amount) {
      return stripeError(400, { type: 'invalid_request_error', code: 'charge_already_refunded', message: 'Refund amount is greater than unrefunded amount on charge.' });
    }
    intent.refunded += amount;
    const refund: RefundJson = { id: id('re'), object: 'refund', amount, currency: intent.currency, payment_intent: intent.id, status: 'succeeded', metadata: nested(req.form, 'metadata'), created: seconds() };
    refunds.push(refund);
    if (typeof key === 'string') refundByKey.set(key, refund);
    emitObject('refund.created', refund);
    return { body: refund };
  });

  // The reconciliation's list: newest first, filtered as Stripe filters (created[gte], types[]).
  api.on('GET', '/v1/events', (req) => {
    if (!bySecretKey(req)) return unauthorized();
    const since = Number(req.form['created[gte]'] ?? 0);
    const types = Object.values(nested(req.form, 'types'));
    const data = events.filter((e) => e.created >= since && (types.length === 0 || types.includes(e.type))).reverse();
    return { body: { object: 'list', url: '/v1/events', has_more: false, data } };
  });

  return {
    /** The stand-in's origin, for STRIPE_API_URL and for the browser's api.stripe.com. */
    url: `http://${api.endpoint.host}:${api.endpoint.port}`,
    requests: api.requests,
    events,
    undelivered,
    /** The server's webhook endpoint: events go there from now on. */
    deliverTo(url: string) {
      webhookUrl = url;
    },
    intent: (paymentId: string) => intents.get(paymentId),
    /** The refunds made, oldest first. */
    refunds,
    /** Waits for the deliveries under way (before stopping the server). */
    async settled() {
      while (deliveries.size) await Promise.allSettled([...deliveries]);
    },
    close: () => api.close(),
  };
}

export type StripeAccount = Awaited<ReturnType<typeof startStripeAccount>>;
