// The sandbox's objects as Stripe writes them (PaymentIntent, Charge, Refund, Subscription, Invoice,
// Event), built from its rows, so the events it delivers are read by the same code as Stripe's
// (stripe-events.ts). `latest_charge` is always expanded: it carries the method's brand and last
// four digits. An Invoice carries its PaymentIntent expanded in `payment_intent` (as Stripe returns
// it with `expand: ['payment_intent']`): the PaymentIntent's id, its charge's payment_method_details
// (the card on the membership's receipt) and its last_payment_error (why a renewal failed).
import { randomBytes } from 'node:crypto';
import Stripe from 'stripe';
import { taxDay } from '@shared/tax';
import type { sandboxInvoices, sandboxPaymentIntents, sandboxRefunds, sandboxSubscriptions } from '../../../db/schema';

export type PaymentIntentRow = typeof sandboxPaymentIntents.$inferSelect;
export type RefundRow = typeof sandboxRefunds.$inferSelect;
export type SubscriptionRow = typeof sandboxSubscriptions.$inferSelect;
export type InvoiceRow = typeof sandboxInvoices.$inferSelect;

/** Stripe-like ids: a prefix and 24 random characters ('pi_sb_…', 'ch_sb_…', 're_sb_…', 'evt_sb_…', 'sub_sb_…', 'in_sb_…', 'cus_sb_…'). */
export function sandboxId(prefix: 'pi' | 'ch' | 're' | 'evt' | 'sub' | 'in' | 'cus'): string {
  return `${prefix}_sb_${randomBytes(18).toString('base64url')}`;
}

const seconds = (d: Date) => Math.floor(d.getTime() / 1000);

/** The test wallet pays with a test Visa, as Google Pay presents a card to Stripe. */
export const SANDBOX_WALLET = { type: 'sandbox_wallet', brand: 'visa', last4: '4242' } as const;

/** The sandbox's simulated processing fee: 2,9 % of the charge + 0,30 $ (half a cent rounds up), as Stripe's Canadian card rate. */
export function sandboxFee(amountCents: number): number {
  return Math.floor((amountCents * 29 + 500) / 1000) + 30;
}

/** Monday (in Montréal) of the week `at` falls in, 'YYYYMMDD': the sandbox pays out once a week. */
function payoutWeek(at: Date): string {
  const [y, m, d] = taxDay(at).split('-').map(Number);
  const day = new Date(Date.UTC(y!, m! - 1, d!));
  day.setUTCDate(day.getUTCDate() - ((day.getUTCDay() + 6) % 7));
  return day.toISOString().slice(0, 10).replace(/-/g, '');
}

/**
 * The charge's balance transaction as Stripe writes it (id, amount, fee, net), plus the weekly
 * payout the sandbox puts it in ('po_sb_<Monday>'), which Stripe would give through its payouts.
 */
export function balanceTransactionOf(pi: PaymentIntentRow) {
  if (!pi.chargeId) return null;
  const fee = sandboxFee(pi.amountReceived);
  return {
    id: pi.chargeId.replace(/^ch_/, 'txn_'),
    object: 'balance_transaction',
    amount: pi.amountReceived,
    fee,
    net: pi.amountReceived - fee,
    currency: pi.currency,
    type: 'charge',
    source: pi.chargeId,
    payout: `po_sb_${payoutWeek(pi.updatedAt)}`,
  };
}

function chargeObject(pi: PaymentIntentRow) {
  if (!pi.chargeId) return null;
  return {
    id: pi.chargeId,
    object: 'charge',
    amount: pi.amountReceived,
    amount_captured: pi.amountReceived,
    amount_refunded: pi.amountRefunded,
    refunded: pi.amountRefunded > 0 && pi.amountRefunded === pi.amountReceived,
    currency: pi.currency,
    paid: true,
    status: 'succeeded',
    payment_intent: pi.id,
    balance_transaction: pi.chargeId.replace(/^ch_/, 'txn_'),
    livemode: false,
    payment_method_details: {
      type: 'card',
      card: {
        brand: pi.brand,
        last4: pi.last4,
        exp_month: pi.expMonth,
        exp_year: pi.expYear,
        wallet: pi.methodType === 'wallet' ? { type: SANDBOX_WALLET.type } : null,
      },
    },
  };
}

export function paymentIntentObject(pi: PaymentIntentRow) {
  return {
    id: pi.id,
    object: 'payment_intent',
    amount: pi.amount,
    amount_received: pi.amountReceived,
    currency: pi.currency,
    status: pi.status,
    description: pi.description,
    metadata: pi.metadata,
    created: seconds(pi.createdAt),
    livemode: false,
    payment_method_types: ['card'],
    latest_charge: chargeObject(pi),
    last_payment_error: pi.lastErrorCode
      ? { type: 'card_error', code: pi.lastErrorCode, decline_code: pi.lastDeclineCode, message: pi.lastErrorMessage }
      : null,
    next_action: pi.status === 'requires_action' ? { type: 'use_stripe_sdk' } : null,
  };
}

export function refundObject(refund: RefundRow, pi: PaymentIntentRow) {
  return {
    id: refund.id,
    object: 'refund',
    amount: refund.amount,
    currency: pi.currency,
    charge: pi.chargeId,
    payment_intent: pi.id,
    status: refund.status,
    metadata: refund.metadata,
    created: seconds(refund.createdAt),
  };
}

/** The one product every sandbox membership is a price of (Stripe needs a product per price). */
export const SANDBOX_MEMBERSHIP_PRODUCT = 'prod_sb_membership';

const secondsOrNull = (d: Date | null) => (d ? seconds(d) : null);

/**
 * A Subscription as Stripe's API 2025+ writes it: the period is on the item (items.data[0]); it is
 * also given at the top level, where older API versions (and older readers) look for it.
 */
export function subscriptionObject(sub: SubscriptionRow) {
  const periodStart = secondsOrNull(sub.currentPeriodStart);
  const periodEnd = secondsOrNull(sub.currentPeriodEnd);
  return {
    id: sub.id,
    object: 'subscription',
    customer: sub.customerId,
    status: sub.status,
    currency: sub.currency,
    collection_method: 'charge_automatically',
    created: seconds(sub.createdAt),
    start_date: seconds(sub.createdAt),
    current_period_start: periodStart,
    current_period_end: periodEnd,
    cancel_at_period_end: sub.cancelAtPeriodEnd,
    cancel_at: sub.cancelAtPeriodEnd ? periodEnd : null,
    canceled_at: secondsOrNull(sub.canceledAt),
    ended_at: secondsOrNull(sub.endedAt),
    latest_invoice: sub.latestInvoiceId,
    trial_start: sub.trialEnd ? seconds(sub.createdAt) : null,
    trial_end: secondsOrNull(sub.trialEnd),
    description: sub.description,
    metadata: sub.metadata,
    livemode: false,
    items: {
      object: 'list',
      has_more: false,
      data: [
        {
          // One item per subscription: its id follows the subscription's.
          id: sub.id.replace(/^sub_/, 'si_'),
          object: 'subscription_item',
          subscription: sub.id,
          quantity: 1,
          current_period_start: periodStart,
          current_period_end: periodEnd,
          price: {
            object: 'price',
            currency: sub.currency,
            unit_amount: sub.amount,
            product: SANDBOX_MEMBERSHIP_PRODUCT,
            recurring: { interval: sub.interval, interval_count: 1 },
          },
        },
      ],
    },
  };
}

/**
 * An Invoice as Stripe writes it, with the subscription both where API 2025+ puts it
 * (parent.subscription_details.subscription) and where older versions did (`subscription`), the
 * period on its one line, and its latest payment attempt expanded in `payment_intent` (see above).
 */
export function invoiceObject(invoice: InvoiceRow, sub: SubscriptionRow, pi: PaymentIntentRow | null) {
  const period = { start: seconds(invoice.periodStart), end: seconds(invoice.periodEnd) };
  const paid = invoice.status === 'paid' ? invoice.amount : 0;
  return {
    id: invoice.id,
    object: 'invoice',
    customer: sub.customerId,
    customer_email: sub.customerEmail,
    currency: sub.currency,
    status: invoice.status,
    billing_reason: invoice.billingReason,
    collection_method: 'charge_automatically',
    amount_due: invoice.amount,
    amount_paid: paid,
    amount_remaining: invoice.amount - paid,
    attempt_count: invoice.attemptCount,
    attempted: invoice.attemptCount > 0,
    next_payment_attempt: secondsOrNull(invoice.nextPaymentAttempt),
    created: seconds(invoice.createdAt),
    period_start: period.start,
    period_end: period.end,
    subscription: sub.id,
    parent: {
      type: 'subscription_details',
      quote_details: null,
      subscription_details: { subscription: sub.id, metadata: sub.metadata },
    },
    lines: {
      object: 'list',
      has_more: false,
      data: [
        {
          id: invoice.id.replace(/^in_/, 'il_'),
          object: 'line_item',
          amount: invoice.amount,
          currency: sub.currency,
          description: sub.description,
          period,
        },
      ],
    },
    payment_intent: pi ? paymentIntentObject(pi) : null,
    livemode: false,
  };
}

export type SandboxEventType =
  | 'customer.subscription.created'
  | 'customer.subscription.updated'
  | 'customer.subscription.deleted'
  | 'customer.subscription.trial_will_end'
  | 'invoice.paid'
  | 'invoice.payment_failed'
  | 'payment_intent.requires_action'
  | 'payment_intent.processing'
  | 'payment_intent.succeeded'
  | 'payment_intent.payment_failed'
  | 'payment_intent.canceled'
  | 'charge.succeeded'
  | 'charge.refunded'
  | 'refund.created'
  | 'refund.updated';

/** A Stripe event envelope around one object. */
export function eventObject(id: string, type: SandboxEventType, object: unknown, at: Date) {
  return {
    id,
    object: 'event',
    api_version: Stripe.API_VERSION,
    created: seconds(at),
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
    data: { object },
  };
}
