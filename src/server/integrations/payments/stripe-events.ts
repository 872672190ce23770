// Stripe-format webhook events, read and written. Both adapters deliver events in this format: Stripe
// itself, and the sandbox (which signs its own with the same scheme). Reading verifies the
// `Stripe-Signature` header on the raw body with the official SDK (`constructEvent`, 300 s
// tolerance — never `verifyHeader` without one, which skips the timestamp check) and reduces the
// event to the port's PaymentEvent.
//
// Shapes read (what the sandbox emits, and what Stripe sends):
// - payment_intent.succeeded / .processing / .payment_failed: data.object is a PaymentIntent.
//   `metadata.order_id` names our order. The method used is read from `latest_charge` when it is
//   an expanded Charge (the sandbox always expands it, as Stripe does with `expand: ['latest_charge']`)
//   or from the legacy `charges.data[0]`: `payment_method_details` = { type: 'card', card: { brand,
//   last4, wallet: { type } | null } }. A card inside a wallet (Apple Pay, Google Pay, the sandbox's
//   test wallet) is a 'wallet'; any other non-card type (link, paypal…) is a 'wallet' without digits.
//   When latest_charge is only an id (Stripe's default), the method is unknown (null).
// - refund.created / refund.updated / refund.failed / charge.refund.updated: data.object is a
//   Refund; `status` succeeded → refund.succeeded, failed or canceled → refund.failed, anything else
//   (pending, requires_action) is not acted on yet; `metadata.refund_id` is our refund record.
// - customer.subscription.created / .updated / .deleted: data.object is a Subscription; only its id
//   is read ('subscription.changed'): the shop reads the state fresh from the provider.
// - invoice.paid / invoice.payment_succeeded → 'invoice.paid', invoice.payment_failed →
//   'invoice.payment_failed': data.object is an Invoice. Its subscription is
//   `parent.subscription_details.subscription` (API 2025+) or `subscription` (older versions); an
//   invoice of no subscription is ignored. The period is `lines.data[0].period` {start, end}
//   (seconds). Its PaymentIntent is `payment_intent` (older versions) or
//   `payments.data[].payment.payment_intent` (2025+, when Stripe includes it), each an id or the
//   expanded object: expanded (the sandbox always expands `payment_intent`), it gives the card
//   (`latest_charge.payment_method_details`, as above) and the refusal (`last_payment_error`,
//   turned into French). `next_payment_attempt` (seconds, null when no more tries) is when the
//   provider charges again.
// - a payment_intent.* of a membership renewal (metadata subscription_id without order_id): 'ignored',
//   the invoice's events (below) settle the period.
// - customer.subscription.*, invoice.paid / payment_succeeded / payment_failed: see toPaymentEvent.
// - payout.paid / payout.reconciliation_completed: data.object is a Payout; its id → 'payout.paid'
//   (the payments it carried are listed from the API, stripe/index.ts); a manual payout
//   (`automatic: false`) is ignored, Stripe cannot say what it took. Both events, since a payout's
//   transactions can be listed in full only once Stripe has reconciled it; a second pass only
//   writes what the first could not.
// - anything else: 'ignored' (acknowledged, not recorded).
import Stripe from 'stripe';
import { WebhookSignatureError, type PaymentEvent, type PaymentMethodDetails } from './port';

/** Stripe's own default: an event signed more than five minutes ago is refused (replay window). */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

/** The spec's sentence when nothing more precise is known. */
export const GENERIC_PAYMENT_FAILURE = 'Le paiement a échoué. Veuillez réessayer ou utiliser un autre moyen de paiement.';

/** French text for Stripe's error and decline codes (decline_code is the more precise of the two). */
const FAILURE_MESSAGES: Record<string, string> = {
  card_declined: 'Votre carte a été refusée.',
  generic_decline: 'Votre carte a été refusée.',
  do_not_honor: 'Votre carte a été refusée.',
  insufficient_funds: 'Fonds insuffisants : votre carte a été refusée.',
  lost_card: 'Votre carte a été refusée.',
  stolen_card: 'Votre carte a été refusée.',
  fraudulent: 'Votre carte a été refusée.',
  expired_card: 'Votre carte est expirée.',
  incorrect_cvc: 'Le code de sécurité (CVC) de votre carte est incorrect.',
  invalid_cvc: 'Le code de sécurité (CVC) de votre carte est incorrect.',
  incorrect_number: 'Le numéro de carte est invalide.',
  invalid_number: 'Le numéro de carte est invalide.',
  invalid_expiry_month: "Le mois d'expiration de votre carte est invalide.",
  invalid_expiry_year: "L'année d'expiration de votre carte est invalide.",
  processing_error: 'Une erreur est survenue lors du traitement de votre carte. Réessayez dans un instant.',
  authentication_required: "Votre banque demande une authentification : elle n'a pas été effectuée.",
  payment_intent_authentication_failure: "L'authentification du paiement a échoué. Réessayez ou utilisez un autre moyen de paiement.",
};

export type PaymentErrorLike = { code?: string | null; decline_code?: string | null; message?: string | null } | null | undefined;

/** What the buyer reads about a failed payment: never the processor's English text. */
export function frenchFailureMessage(error: PaymentErrorLike): string {
  if (!error) return GENERIC_PAYMENT_FAILURE;
  return (
    (error.decline_code ? FAILURE_MESSAGES[error.decline_code] : undefined) ??
    (error.code ? FAILURE_MESSAGES[error.code] : undefined) ??
    GENERIC_PAYMENT_FAILURE
  );
}

/** The minimal Stripe event envelope we rely on. */
export type StripeEventLike = { id: string; type: string; created?: number; data: { object: Record<string, unknown>; previous_attributes?: Record<string, unknown> } };

/**
 * Verifies and parses a Stripe-format webhook. `receivedAtMs` is the server's clock (tests move it).
 * Throws WebhookSignatureError for a missing, wrong or stale signature, or an unreadable body.
 */
export function verifyStripeEvent(rawBody: string, signature: string | undefined, secret: string, receivedAtMs: number): StripeEventLike {
  if (!signature) throw new WebhookSignatureError('Stripe-Signature header missing');
  let event: unknown;
  try {
    event = Stripe.webhooks.constructEvent(rawBody, signature, secret, WEBHOOK_TOLERANCE_SECONDS, undefined, receivedAtMs);
  } catch (err) {
    throw new WebhookSignatureError((err as Error).message);
  }
  const e = event as Partial<StripeEventLike> | null;
  if (!e || typeof e.id !== 'string' || typeof e.type !== 'string' || !e.data || typeof e.data.object !== 'object' || e.data.object === null) {
    throw new WebhookSignatureError('not a Stripe event');
  }
  return e as StripeEventLike;
}

/** The `Stripe-Signature` header for a payload, as Stripe computes it (t=…,v1=HMAC-SHA256). */
export function signStripePayload(payload: string, secret: string, timestampSeconds: number): string {
  return Stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp: timestampSeconds });
}

const str = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);
const int = (v: unknown): number => (typeof v === 'number' && Number.isSafeInteger(v) ? v : 0);
const obj = (v: unknown): Record<string, unknown> | null => (typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : null);

function metadataOf(o: Record<string, unknown>): Record<string, unknown> {
  return obj(o.metadata) ?? {};
}

/** The method of a PaymentIntent's charge, when the event carries it (see the header comment). */
export function paymentMethodOf(paymentIntent: Record<string, unknown>): PaymentMethodDetails | null {
  const charge = obj(paymentIntent.latest_charge) ?? obj((obj(paymentIntent.charges)?.data as unknown[] | undefined)?.[0]);
  const details = obj(charge?.payment_method_details);
  if (!details) return null;
  const type = str(details.type);
  if (type === 'card') {
    const card = obj(details.card) ?? {};
    const brand = str(card.brand);
    const last4 = str(card.last4);
    return { type: obj(card.wallet) ? 'wallet' : 'card', brand, last4: last4 && /^\d{4}$/.test(last4) ? last4 : null };
  }
  if (type) return { type: 'wallet', brand: type, last4: null };
  return null;
}

const ref = (v: unknown): string | null => str(v) ?? str(obj(v)?.id);
const fromSeconds = (v: unknown): Date | null => (typeof v === 'number' && Number.isFinite(v) ? new Date(v * 1000) : null);

/** The invoice's subscription id: API 2025+ (parent) first, then the older top-level field. */
export function invoiceSubscriptionId(invoice: Record<string, unknown>): string | null {
  const details = obj(obj(invoice.parent)?.subscription_details);
  return ref(details?.subscription) ?? ref(invoice.subscription);
}

/** The invoice's PaymentIntent, as an id and (when expanded) the object. */
function invoicePaymentIntent(invoice: Record<string, unknown>): { id: string | null; object: Record<string, unknown> | null } {
  const payments = (obj(invoice.payments)?.data as unknown[] | undefined) ?? [];
  const candidates = [invoice.payment_intent, ...payments.map((p) => obj(obj(p)?.payment)?.payment_intent)];
  const expanded = candidates.map(obj).find((o) => o !== null) ?? null;
  const id = candidates.map(ref).find((v) => v !== null) ?? null;
  return { id, object: expanded };
}

/** The event types toPaymentEvent acts on (the others are acknowledged and ignored): what the reconciliation lists. */
export const RECONCILED_EVENT_TYPES = [
  'payment_intent.succeeded',
  'payment_intent.processing',
  'payment_intent.payment_failed',
  'refund.created',
  'refund.updated',
  'refund.failed',
  'charge.refund.updated',
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'customer.subscription.trial_will_end',
  'invoice.paid',
  'invoice.payment_succeeded',
  'invoice.payment_failed',
  'payout.paid',
  'payout.reconciliation_completed',
] as const;

/** Reduces a verified Stripe-format event to what fulfilment acts on. */
export function toPaymentEvent(event: StripeEventLike): PaymentEvent {
  const o = event.data.object;
  const id = event.id;
  switch (event.type) {
    case 'payment_intent.succeeded':
    case 'payment_intent.processing':
    case 'payment_intent.payment_failed': {
      const paymentId = str(o.id);
      if (!paymentId) break;
      const orderId = str(metadataOf(o).order_id);
      // A membership renewal's payment: its invoice's events make the period's order, this one has none.
      if (!orderId && str(metadataOf(o).subscription_id)) break;
      if (event.type === 'payment_intent.succeeded') {
        return { id, type: 'payment.succeeded', paymentId, orderId, amountCents: int(o.amount_received) || int(o.amount), method: paymentMethodOf(o) };
      }
      if (event.type === 'payment_intent.processing') return { id, type: 'payment.processing', paymentId, orderId };
      return { id, type: 'payment.failed', paymentId, orderId, message: frenchFailureMessage(obj(o.last_payment_error) as PaymentErrorLike) };
    }
    case 'refund.created':
    case 'refund.updated':
    case 'refund.failed':
    case 'charge.refund.updated': {
      const refundId = str(o.id);
      const paymentId = str(o.payment_intent);
      const status = str(o.status);
      if (!refundId || !paymentId) break;
      const outcome = status === 'succeeded' ? 'refund.succeeded' : status === 'failed' || status === 'canceled' ? 'refund.failed' : null;
      if (!outcome) break;
      return { id, type: outcome, refundId, paymentId, refundRecordId: str(metadataOf(o).refund_id), amountCents: int(o.amount) };
    }
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted':
    case 'customer.subscription.trial_will_end': {
      // trial_will_end: a trial ends soon; the state read fresh plans the reminder e-mail (subscriptions/trial.ts).
      const subscriptionId = str(o.id);
      if (!subscriptionId) break;
      // The member saved another card (the customer portal): a past-due membership pays its open invoice with it now.
      const cardChanged = event.type === 'customer.subscription.updated' && !!event.data.previous_attributes && 'default_payment_method' in event.data.previous_attributes;
      return { id, type: 'subscription.changed', subscriptionId, ...(cardChanged ? { cardChanged } : {}) };
    }
    case 'invoice.paid':
    case 'invoice.payment_succeeded':
    case 'invoice.payment_failed': {
      const invoiceId = str(o.id);
      const subscriptionId = invoiceSubscriptionId(o);
      // An invoice of no subscription (a one-off invoice) is none of the membership's business.
      if (!invoiceId || !subscriptionId) break;
      const payment = invoicePaymentIntent(o);
      if (event.type === 'invoice.payment_failed') {
        return {
          id,
          type: 'invoice.payment_failed',
          invoiceId,
          subscriptionId,
          message: frenchFailureMessage(obj(payment.object?.last_payment_error) as PaymentErrorLike),
          nextAttemptAt: fromSeconds(o.next_payment_attempt),
        };
      }
      const period = obj(obj(((obj(o.lines)?.data as unknown[] | undefined) ?? [])[0])?.period);
      const periodStart = fromSeconds(period?.start) ?? fromSeconds(o.period_start);
      const periodEnd = fromSeconds(period?.end) ?? fromSeconds(o.period_end);
      if (!periodStart || !periodEnd) break;
      return {
        id,
        type: 'invoice.paid',
        invoiceId,
        subscriptionId,
        paymentId: payment.id,
        amountCents: int(o.amount_paid),
        billingReason: str(o.billing_reason) ?? 'unknown',
        periodStart,
        periodEnd,
        method: payment.object ? paymentMethodOf(payment.object) : null,
      };
    }
    case 'payout.paid':
    case 'payout.reconciliation_completed': {
      const payoutId = str(o.id);
      // A manual payout lists no transactions at Stripe (the chef chose what it took): nothing to name.
      if (!payoutId || o.automatic === false) break;
      return { id, type: 'payout.paid', payoutId };
    }
  }
  return { id, type: 'ignored', providerType: event.type };
}

/** verifyStripeEvent then toPaymentEvent: what an adapter's parseWebhook does. */
export function parseStripeWebhook(rawBody: string, signature: string | undefined, secret: string, receivedAtMs: number): PaymentEvent {
  return toPaymentEvent(verifyStripeEvent(rawBody, signature, secret, receivedAtMs));
}
