// The sandbox's objects as Stripe writes them (PaymentIntent, Charge, Refund, Event), built from its
// rows, so the events it delivers are read by the same code as Stripe's (stripe-events.ts).
// `latest_charge` is always expanded: it carries the method's brand and last four digits.
import { randomBytes } from 'node:crypto';
import Stripe from 'stripe';
import type { sandboxPaymentIntents, sandboxRefunds } from '../../../db/schema';

export type PaymentIntentRow = typeof sandboxPaymentIntents.$inferSelect;
export type RefundRow = typeof sandboxRefunds.$inferSelect;

/** Stripe-like ids: a prefix and 24 random characters ('pi_sb_…', 'ch_sb_…', 're_sb_…', 'evt_sb_…'). */
export function sandboxId(prefix: 'pi' | 'ch' | 're' | 'evt'): string {
  return `${prefix}_sb_${randomBytes(18).toString('base64url')}`;
}

const seconds = (d: Date) => Math.floor(d.getTime() / 1000);

/** The test wallet pays with a test Visa, as Google Pay presents a card to Stripe. */
export const SANDBOX_WALLET = { type: 'sandbox_wallet', brand: 'visa', last4: '4242' } as const;

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

export type SandboxEventType =
  | 'payment_intent.requires_action'
  | 'payment_intent.processing'
  | 'payment_intent.succeeded'
  | 'payment_intent.payment_failed'
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
