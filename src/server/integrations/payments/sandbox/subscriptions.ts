// The sandbox's subscriptions, as Stripe runs them: created 'incomplete' with a first invoice whose
// payment our card form confirms; active for one calendar month from that payment; renewed each
// month by charging the saved card (billing.ts); past_due after a refused renewal, retried at +3
// and +7 days of its clock, then canceled; canceled at the period end when asked.
//
// Every function here runs inside the caller's transaction and returns the Stripe-format events
// to queue in it, in the order Stripe sends them. All times of a subscription are its own clock's
// (real time + clockOffsetMs, a Stripe test clock); row timestamps (createdAt, updatedAt) stay real.
import { randomBytes } from 'node:crypto';
import { addMonths } from 'date-fns/addMonths';
import { addYears } from 'date-fns/addYears';
import type { ProviderSubscription, ProviderSubscriptionStatus } from '../port';
import { frenchFailureMessage } from '../stripe-events';
import { invoiceObject, paymentIntentObject, sandboxId, subscriptionObject, type InvoiceRow, type PaymentIntentRow, type SandboxEventType, type SubscriptionRow } from './objects';
import * as repo from './repository';
import type { Tx } from '../../../db/client';

export type QueuedEvent = { type: SandboxEventType; object: unknown };

/** How the saved card answers renewal charges. */
export type RenewalOutcome = 'succeeds' | 'declined' | 'insufficient_funds';

/** Stripe's refusals, as the processor records them on a payment (code, decline code). */
export const DECLINES = {
  declined: { code: 'card_declined', decline: 'generic_decline' },
  insufficient_funds: { code: 'card_declined', decline: 'insufficient_funds' },
  authentication: { code: 'payment_intent_authentication_failure', decline: null },
} as const;

/**
 * Stripe's test cards for later charges: 4000 0000 0000 0341 "attaches to the customer, but
 * later charges fail" — its first payment succeeds (the card form decides that), its renewals are
 * declined. Every other card that paid the first invoice pays the renewals.
 */
export const RENEWAL_TEST_CARDS: Record<string, RenewalOutcome> = {
  '4000000000000341': 'declined',
};

export function sandboxRenewalOutcome(digits: string | null): RenewalOutcome {
  return (digits ? RENEWAL_TEST_CARDS[digits] : undefined) ?? 'succeeds';
}

/** After a refused renewal, the next tries (Stripe's Smart Retries, made predictable): days after the first. */
export const RETRY_DAYS = [3, 7] as const;
const DAY_MS = 86_400_000;

/** One period after `from`, by the subscription's interval. */
export function periodAfter(from: Date, interval: string): Date {
  return interval === 'year' ? addYears(from, 1) : addMonths(from, 1);
}

/** Stripe sends customer.subscription.trial_will_end 3 days before; our reminder is 2 days before: the sandbox says it then. */
export const TRIAL_NOTICE_DAYS = 2;

/** The subscription's clock: real time moved forward by its test clock. */
export function clockNowOf(sub: Pick<SubscriptionRow, 'clockOffsetMs'>, realNow: Date): Date {
  return new Date(realNow.getTime() + Number(sub.clockOffsetMs));
}

export function toProviderSubscription(sub: SubscriptionRow, realNow?: Date): ProviderSubscription {
  return {
    ...(sub.trialEnd ? { trialEnd: sub.trialEnd } : {}),
    ...(realNow ? { clockNow: clockNowOf(sub, realNow) } : {}),
    subscriptionId: sub.id,
    customerId: sub.customerId,
    status: sub.status as ProviderSubscriptionStatus,
    currentPeriodStart: sub.currentPeriodStart,
    currentPeriodEnd: sub.currentPeriodEnd,
    cancelAtPeriodEnd: sub.cancelAtPeriodEnd,
    endedAt: sub.endedAt,
    metadata: sub.metadata,
  };
}

const invoiceEvent = (type: SandboxEventType, invoice: InvoiceRow, sub: SubscriptionRow, pi: PaymentIntentRow | null): QueuedEvent => ({
  type,
  object: invoiceObject(invoice, sub, pi),
});
const subscriptionEvent = (type: SandboxEventType, sub: SubscriptionRow): QueuedEvent => ({ type, object: subscriptionObject(sub) });

/**
 * A payment of an invoice settled through the card form (the first invoice): in the payment's
 * transaction, after its own event. Paid → the invoice paid and the subscription active for one
 * month from now (its clock), the card saved for renewals; refused → the invoice stays open (the
 * payer may try another card: no automatic retry of a first invoice, as with Stripe's
 * default_incomplete). An invoice already settled is left alone.
 */
export async function settleInvoicePayment(
  tx: Tx,
  pi: PaymentIntentRow,
  realNow: Date,
  renewalOutcome: RenewalOutcome | null,
): Promise<QueuedEvent[]> {
  if (!pi.invoiceId) return [];
  const invoice = await repo.findInvoice(tx, pi.invoiceId, { forUpdate: true });
  if (!invoice || invoice.status !== 'open') return [];
  const found = await repo.findSubscription(tx, invoice.subscriptionId, { forUpdate: true });
  if (!found) return [];
  const clockNow = clockNowOf(found, realNow);
  const attemptCount = invoice.attemptCount + 1;

  if (pi.status === 'succeeded' && found.trialEnd && found.status === 'incomplete') {
    // A trial's card saved ($0 invoice): trialing until the trial's end, when the first charge comes.
    const trialEnd = new Date(clockNow.getTime() + (found.trialEnd.getTime() - found.createdAt.getTime()));
    const paid = await repo.updateInvoice(tx, invoice.id, { status: 'paid', attemptCount, nextPaymentAttempt: null, periodStart: clockNow, periodEnd: trialEnd, paymentIntentId: pi.id }, realNow);
    const sub = await repo.updateSubscription(
      tx,
      found.id,
      { status: 'trialing', currentPeriodStart: clockNow, currentPeriodEnd: trialEnd, trialEnd, renewalOutcome: renewalOutcome ?? 'succeeds', brand: pi.brand, last4: pi.last4, latestInvoiceId: invoice.id },
      realNow,
    );
    return [invoiceEvent('invoice.paid', paid, sub, pi), subscriptionEvent('customer.subscription.updated', sub)];
  }
  if (pi.status === 'succeeded') {
    const periodStart = clockNow;
    const periodEnd = periodAfter(clockNow, found.interval);
    const paid = await repo.updateInvoice(tx, invoice.id, { status: 'paid', attemptCount, nextPaymentAttempt: null, periodStart, periodEnd, paymentIntentId: pi.id }, realNow);
    const sub = await repo.updateSubscription(
      tx,
      found.id,
      {
        ...(found.status === 'incomplete' || found.status === 'past_due' ? { status: 'active' } : {}),
        ...(found.status === 'incomplete' ? { currentPeriodStart: periodStart, currentPeriodEnd: periodEnd } : {}),
        renewalOutcome: renewalOutcome ?? found.renewalOutcome ?? 'succeeds',
        brand: pi.brand,
        last4: pi.last4,
        latestInvoiceId: invoice.id,
      },
      realNow,
    );
    return [invoiceEvent('invoice.paid', paid, sub, pi), subscriptionEvent('customer.subscription.updated', sub)];
  }
  if (pi.status === 'requires_payment_method' && pi.lastErrorCode) {
    const open = await repo.updateInvoice(tx, invoice.id, { attemptCount, nextPaymentAttempt: null, paymentIntentId: pi.id }, realNow);
    return [invoiceEvent('invoice.payment_failed', open, found, pi)];
  }
  return [];
}

/** Creates the subscription, its first invoice and that invoice's payment (one transaction). */
export async function createSubscriptionRows(
  tx: Tx,
  input: {
    amount: number;
    currency: string;
    description: string;
    customerEmail: string;
    metadata: Record<string, string>;
    idempotencyKey: string;
    requestHash: string;
    interval: 'month' | 'year';
    trialDays: number;
    /** A promo code on the first payment: the first invoice is this much less (taxes included). */
    firstInvoiceAmountOff?: number;
  },
  realNow: Date,
): Promise<{ sub: SubscriptionRow; invoice: InvoiceRow; pi: PaymentIntentRow; events: QueuedEvent[] } | { existing: SubscriptionRow }> {
  const id = sandboxId('sub');
  // Stripe's period starts at creation; it is set again from the first payment (settleInvoicePayment).
  const periodStart = realNow;
  const trialEnd = input.trialDays > 0 ? new Date(realNow.getTime() + input.trialDays * DAY_MS) : null;
  const periodEnd = trialEnd ?? periodAfter(realNow, input.interval);
  // With a trial, the first invoice is $0: its payment only saves the card (Stripe: a SetupIntent).
  const firstAmount = trialEnd ? 0 : Math.max(0, input.amount - (input.firstInvoiceAmountOff ?? 0));
  const inserted = await repo.insertSubscription(tx, {
    id,
    customerId: (await repo.findCustomerIdByEmail(tx, input.customerEmail)) ?? sandboxId('cus'),
    customerEmail: input.customerEmail,
    description: input.description,
    amount: input.amount,
    currency: input.currency,
    status: 'incomplete',
    currentPeriodStart: periodStart,
    currentPeriodEnd: periodEnd,
    interval: input.interval,
    trialEnd,
    metadata: input.metadata,
    idempotencyKey: input.idempotencyKey,
    requestHash: input.requestHash,
    createdAt: realNow,
    updatedAt: realNow,
  });
  if (!inserted) {
    const existing = await repo.findSubscriptionByKey(tx, input.idempotencyKey);
    if (!existing) throw new Error('sandbox subscription vanished after an idempotency conflict');
    return { existing };
  }
  const invoiceId = sandboxId('in');
  const piId = sandboxId('pi');
  const pi = await repo.insertPaymentIntent(tx, {
    id: piId,
    amount: firstAmount,
    currency: input.currency,
    status: 'requires_payment_method',
    clientSecret: `${piId}_secret_${randomBytes(18).toString('base64url')}`,
    description: input.description,
    metadata: { ...input.metadata, subscription_id: id, ...(trialEnd ? { setup: 'true' } : {}) },
    idempotencyKey: `invoice:${invoiceId}`,
    requestHash: input.requestHash,
    invoiceId,
    createdAt: realNow,
    updatedAt: realNow,
  });
  const invoice = await repo.insertInvoice(tx, {
    id: invoiceId,
    subscriptionId: id,
    amount: firstAmount,
    status: 'open',
    billingReason: 'subscription_create',
    periodStart,
    periodEnd,
    paymentIntentId: pi.id,
    createdAt: realNow,
    updatedAt: realNow,
  });
  const sub = await repo.updateSubscription(tx, id, { latestInvoiceId: invoiceId }, realNow);
  return { sub, invoice, pi, events: [subscriptionEvent('customer.subscription.created', sub)] };
}

/** Cancellation at period end (idempotent): the event only when something changed. */
export async function cancelAtPeriodEnd(tx: Tx, sub: SubscriptionRow, realNow: Date): Promise<{ sub: SubscriptionRow; events: QueuedEvent[] }> {
  if (sub.cancelAtPeriodEnd) return { sub, events: [] };
  // As Stripe: canceled_at is when the cancellation was asked; ended_at comes at the period end.
  const updated = await repo.updateSubscription(tx, sub.id, { cancelAtPeriodEnd: true, canceledAt: clockNowOf(sub, realNow) }, realNow);
  return { sub: updated, events: [subscriptionEvent('customer.subscription.updated', updated)] };
}

/**
 * One charge of a renewal invoice with the saved card, at clock time `at`: the invoice's payment
 * (created at its first attempt, the same one retried after) succeeds or is declined per the
 * card's renewal outcome. Paid → active over the invoice's period. Refused → past_due over it, the
 * next try planned (RETRY_DAYS after the first); after the last → canceled.
 */
async function chargeInvoice(tx: Tx, sub: SubscriptionRow, invoice: InvoiceRow, at: Date, realNow: Date): Promise<{ sub: SubscriptionRow; events: QueuedEvent[] }> {
  const outcome: RenewalOutcome = (sub.renewalOutcome as RenewalOutcome | null) ?? 'succeeds';
  const attemptCount = invoice.attemptCount + 1;
  let pi = invoice.paymentIntentId ? await repo.findPaymentIntent(tx, invoice.paymentIntentId, { forUpdate: true }) : undefined;
  if (!pi) {
    const piId = sandboxId('pi');
    pi = await repo.insertPaymentIntent(tx, {
      id: piId,
      amount: invoice.amount,
      currency: sub.currency,
      status: 'requires_payment_method',
      clientSecret: `${piId}_secret_${randomBytes(18).toString('base64url')}`,
      description: sub.description,
      // No order_id: a renewal's order is made by the shop from invoice.paid, not found by this payment.
      metadata: { ...(sub.metadata.user_id ? { user_id: sub.metadata.user_id } : {}), subscription_id: sub.id },
      idempotencyKey: `invoice:${invoice.id}`,
      requestHash: invoice.id,
      invoiceId: invoice.id,
      methodType: 'card',
      brand: sub.brand,
      last4: sub.last4,
      createdAt: realNow,
      updatedAt: realNow,
    });
  }
  const period = { currentPeriodStart: invoice.periodStart, currentPeriodEnd: invoice.periodEnd };

  if (outcome === 'succeeds') {
    const paidPi = await repo.updatePaymentIntent(
      tx,
      pi.id,
      { status: 'succeeded', chargeId: sandboxId('ch'), amountReceived: pi.amount, lastErrorCode: null, lastDeclineCode: null, lastErrorMessage: null },
      realNow,
    );
    const paid = await repo.updateInvoice(tx, invoice.id, { status: 'paid', attemptCount, nextPaymentAttempt: null, paymentIntentId: pi.id }, realNow);
    const active = await repo.updateSubscription(tx, sub.id, { status: 'active', ...period, latestInvoiceId: invoice.id }, realNow);
    return {
      sub: active,
      events: [
        { type: 'payment_intent.succeeded', object: paymentIntentObject(paidPi) },
        invoiceEvent('invoice.paid', paid, active, paidPi),
        subscriptionEvent('customer.subscription.updated', active),
      ],
    };
  }

  const { code, decline } = DECLINES[outcome];
  const failedPi = await repo.updatePaymentIntent(
    tx,
    pi.id,
    { status: 'requires_payment_method', lastErrorCode: code, lastDeclineCode: decline, lastErrorMessage: frenchFailureMessage({ code, decline_code: decline }) },
    realNow,
  );
  const retryDays = RETRY_DAYS[attemptCount - 1];
  const nextPaymentAttempt = retryDays === undefined ? null : new Date(invoice.periodStart.getTime() + retryDays * DAY_MS);
  const piEvent: QueuedEvent = { type: 'payment_intent.payment_failed', object: paymentIntentObject(failedPi) };
  if (nextPaymentAttempt) {
    const open = await repo.updateInvoice(tx, invoice.id, { attemptCount, nextPaymentAttempt, paymentIntentId: pi.id }, realNow);
    const changed = sub.status !== 'past_due' || sub.latestInvoiceId !== invoice.id;
    const pastDue = changed ? await repo.updateSubscription(tx, sub.id, { status: 'past_due', ...period, latestInvoiceId: invoice.id }, realNow) : sub;
    return {
      sub: pastDue,
      events: [piEvent, invoiceEvent('invoice.payment_failed', open, pastDue, failedPi), ...(changed ? [subscriptionEvent('customer.subscription.updated', pastDue)] : [])],
    };
  }
  // The last try failed: the invoice is given up on and the subscription ends (Stripe's "cancel the subscription" setting).
  const given = await repo.updateInvoice(tx, invoice.id, { status: 'uncollectible', attemptCount, nextPaymentAttempt: null, paymentIntentId: pi.id }, realNow);
  const ended = await repo.updateSubscription(tx, sub.id, { status: 'canceled', canceledAt: at, endedAt: at, latestInvoiceId: invoice.id }, realNow);
  return {
    sub: ended,
    events: [piEvent, invoiceEvent('invoice.payment_failed', given, ended, failedPi), subscriptionEvent('customer.subscription.deleted', ended)],
  };
}

/**
 * Ends a (locked) subscription at once, as Stripe's cancel does: an incomplete one expires
 * (incomplete_expired), any other ends (canceled); its open invoice is voided and that invoice's
 * payment, if nobody completed it, canceled — so a payment page left open can no longer pay it.
 * One ended already is left as it is (no events).
 */
export async function endNow(tx: Tx, sub: SubscriptionRow, realNow: Date): Promise<{ sub: SubscriptionRow; events: QueuedEvent[] }> {
  if (sub.status === 'canceled' || sub.status === 'incomplete_expired') return { sub, events: [] };
  const events: QueuedEvent[] = [];
  const open = sub.latestInvoiceId ? await repo.findInvoice(tx, sub.latestInvoiceId, { forUpdate: true }) : await repo.findFirstInvoice(tx, sub.id);
  if (open?.status === 'open') {
    await repo.updateInvoice(tx, open.id, { status: 'void', nextPaymentAttempt: null }, realNow);
    const pi = open.paymentIntentId ? await repo.findPaymentIntent(tx, open.paymentIntentId, { forUpdate: true }) : undefined;
    if (pi && (pi.status === 'requires_payment_method' || pi.status === 'requires_action')) {
      const canceled = await repo.updatePaymentIntent(tx, pi.id, { status: 'canceled' }, realNow);
      events.push({ type: 'payment_intent.canceled', object: paymentIntentObject(canceled) });
    }
  }
  const at = clockNowOf(sub, realNow);
  const ended = await repo.updateSubscription(
    tx,
    sub.id,
    sub.status === 'incomplete' ? { status: 'incomplete_expired', endedAt: at } : { status: 'canceled', canceledAt: at, endedAt: at },
    realNow,
  );
  events.push(subscriptionEvent('customer.subscription.deleted', ended));
  return { sub: ended, events };
}

/**
 * A past-due (locked) subscription whose card was just changed: its open invoice is charged now, at
 * its clock's time, with the new card (Stripe: pay the open invoice), instead of at the planned retry.
 */
export async function retryOpenInvoiceNow(tx: Tx, sub: SubscriptionRow, realNow: Date): Promise<{ sub: SubscriptionRow; events: QueuedEvent[] }> {
  if (sub.status !== 'past_due' || !sub.latestInvoiceId) return { sub, events: [] };
  const open = await repo.findInvoice(tx, sub.latestInvoiceId, { forUpdate: true });
  if (open?.status !== 'open') return { sub, events: [] };
  return chargeInvoice(tx, sub, open, clockNowOf(sub, realNow), realNow);
}

/** When the trial's reminder event falls due (clock time), if it is still to be sent. */
export function trialNoticeDue(sub: Pick<SubscriptionRow, 'status' | 'trialEnd' | 'trialWillEndSent' | 'cancelAtPeriodEnd'>): Date | null {
  if (sub.status !== 'trialing' || !sub.trialEnd || sub.trialWillEndSent || sub.cancelAtPeriodEnd) return null;
  return new Date(sub.trialEnd.getTime() - TRIAL_NOTICE_DAYS * DAY_MS);
}

/** At most this many steps per subscription per run (a clock moved 400 days is 14 periods with retries). */
const MAX_STEPS = 200;

/**
 * Everything due on a (locked) subscription's clock, oldest first, each step at its own clock time:
 * a retry of its open invoice, then its period end (cancellation, or a renewal invoice charged).
 * A clock moved several months ahead gets one invoice per period; billing stops once canceled.
 */
export async function billSubscription(tx: Tx, subscriptionId: string, realNow: Date): Promise<{ events: QueuedEvent[]; invoices: number }> {
  const events: QueuedEvent[] = [];
  let invoices = 0;
  for (let step = 0; step < MAX_STEPS; step++) {
    const sub = await repo.findSubscription(tx, subscriptionId);
    if (!sub || !(repo.BILLED_STATUSES as readonly string[]).includes(sub.status)) break;
    const clockNow = clockNowOf(sub, realNow);
    const open = sub.latestInvoiceId ? await repo.findInvoice(tx, sub.latestInvoiceId, { forUpdate: true }) : undefined;
    const retryAt = sub.status === 'past_due' && open?.status === 'open' ? open.nextPaymentAttempt : null;
    const periodEnd = sub.currentPeriodEnd;
    const trialNoticeAt = trialNoticeDue(sub);
    if (trialNoticeAt && trialNoticeAt <= clockNow) {
      const told = await repo.updateSubscription(tx, sub.id, { trialWillEndSent: true }, realNow);
      events.push(subscriptionEvent('customer.subscription.trial_will_end', told));
      continue;
    }

    if (open && retryAt && retryAt <= clockNow && (!periodEnd || retryAt <= periodEnd)) {
      const done = await chargeInvoice(tx, sub, open, retryAt, realNow);
      events.push(...done.events);
      continue;
    }
    if (!periodEnd || periodEnd > clockNow) break;
    if (sub.cancelAtPeriodEnd) {
      const ended = await repo.updateSubscription(tx, sub.id, { status: 'canceled', endedAt: periodEnd }, realNow);
      events.push(subscriptionEvent('customer.subscription.deleted', ended));
      break;
    }
    // The period has ended: the next one's invoice, charged at once (Stripe advances the period even
    // when refused) — on the plan chosen for it, less a once-only coupon.
    const next = sub.pendingAmount !== null && sub.pendingInterval
      ? await repo.updateSubscription(
          tx,
          sub.id,
          { amount: sub.pendingAmount, interval: sub.pendingInterval, description: sub.pendingDescription ?? sub.description, pendingAmount: null, pendingInterval: null, pendingDescription: null },
          realNow,
        )
      : sub;
    const discount = Math.min(next.discountOnceAmount ?? 0, next.amount);
    const billed = discount > 0 ? await repo.updateSubscription(tx, sub.id, { discountOnceAmount: null }, realNow) : next;
    const invoice = await repo.insertInvoice(tx, {
      id: sandboxId('in'),
      subscriptionId: sub.id,
      amount: billed.amount - discount,
      status: 'open',
      billingReason: 'subscription_cycle',
      periodStart: periodEnd,
      periodEnd: periodAfter(periodEnd, billed.interval),
      createdAt: realNow,
      updatedAt: realNow,
    });
    invoices++;
    const done = await chargeInvoice(tx, billed, invoice, periodEnd, realNow);
    events.push(...done.events);
  }
  return { events, invoices };
}
