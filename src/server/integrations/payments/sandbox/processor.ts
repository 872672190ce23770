// The sandbox test processor: a PaymentProvider that behaves like Stripe, offline. Payments are
// confirmed by our own card form (POST /api/payments/sandbox/confirm) with Stripe's test numbers;
// every state change writes its Stripe-format event to the outbox in the same transaction, and the
// delivery worker sends it, signed, to the shop's webhook — the only way the shop learns of it.
// Subscriptions (subscriptions.ts, billed by billing.ts): a payment that settles an invoice
// settles it, and its subscription, in the payment's own transaction.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { checkCard, sandboxCardOutcome, type CheckedCard } from '@shared/sandbox-card';
import type { SandboxConfirmResponse } from '@shared/schemas/checkout';
import type { Deps } from '../../../deps';
import { AppError } from '../../../http/app-error';
import type { CreatePaymentInput, CreateRefundInput, CreateSubscriptionInput, CreatedSubscription, PaymentProvider, PaymentState, ProviderSubscription } from '../port';
import { frenchFailureMessage, parseStripeWebhook, toPaymentEvent, type StripeEventLike } from '../stripe-events';
import { runSandboxBilling, type BillingReport } from './billing';
import { balanceTransactionOf, paymentIntentObject, refundObject, SANDBOX_WALLET, sandboxId, type PaymentIntentRow, type SandboxEventType, type SubscriptionRow } from './objects';
import * as repo from './repository';
import { notifyEventsQueued } from './signal';
import {
  cancelAtPeriodEnd,
  clockNowOf,
  endNow,
  retryOpenInvoiceNow,
  createSubscriptionRows,
  DECLINES,
  sandboxRenewalOutcome,
  settleInvoicePayment,
  toProviderSubscription,
  type RenewalOutcome,
} from './subscriptions';

export type SandboxMethod = { type: 'card'; number: string; expiry: string; cvc: string } | { type: 'wallet' };

export interface SandboxProvider extends PaymentProvider {
  readonly name: 'sandbox';
  /** The payer's card form (or wallet button) submitted; the secret proves it is this payment's page. */
  confirm(paymentId: string, clientSecret: string, method: SandboxMethod): Promise<SandboxConfirmResponse>;
  /** The extra confirmation step (3-D Secure) approved or refused. */
  authenticate(paymentId: string, clientSecret: string, approve: boolean): Promise<SandboxConfirmResponse>;
  /** Moves a subscription's test clock `days` forward (billing is not run here: runBilling). */
  advanceClock(subscriptionId: string, days: number): Promise<{ subscriptionId: string; clockNow: Date }>;
  /** One pass of the billing worker (billing.ts), in this request: what is due on each clock is billed. */
  runBilling(): Promise<BillingReport>;
  /** The card a subscription renews with, and its next charge (clock time, amount with taxes). */
  subscriptionBilling(subscriptionId: string): Promise<SandboxSubscriptionBilling>;
  /**
   * Saves another card for the renewals, as Stripe's portal does (a card Stripe would decline is
   * refused); a past-due membership's open invoice is charged on it at once.
   */
  changeSubscriptionCard(subscriptionId: string, card: CheckedCard): Promise<SandboxSubscriptionBilling>;
}

export type SandboxSubscriptionBilling = {
  card: { brand: string | null; last4: string | null } | null;
  /** Null once nothing more will be charged (cancelled at period end, ended). */
  nextCharge: { at: Date; amountCents: number } | null;
};

function billingOf(sub: SubscriptionRow): SandboxSubscriptionBilling {
  const renews = !sub.cancelAtPeriodEnd && (sub.status === 'active' || sub.status === 'trialing' || sub.status === 'past_due');
  return {
    card: sub.last4 ? { brand: sub.brand, last4: sub.last4 } : null,
    nextCharge: renews && sub.currentPeriodEnd ? { at: sub.currentPeriodEnd, amountCents: sub.amount } : null,
  };
}

const sha256 = (s: string) => createHash('sha256').update(s).digest();

/** Constant time, whatever the lengths (both sides hashed first). */
export function secretsMatch(given: string, expected: string): boolean {
  return timingSafeEqual(sha256(given), sha256(expected));
}

function requestHash(params: unknown): string {
  return sha256(JSON.stringify(params)).toString('hex');
}

/** `renewalOutcome`: how the card will answer renewals, saved on the subscription when this payment pays its first invoice. */
type Outcome = { patch: Partial<repo.NewPaymentIntent>; events: SandboxEventType[]; renewalOutcome?: RenewalOutcome };

function succeeded(pi: PaymentIntentRow): Outcome['patch'] {
  return {
    status: 'succeeded',
    chargeId: sandboxId('ch'),
    amountReceived: pi.amount,
    lastErrorCode: null,
    lastDeclineCode: null,
    lastErrorMessage: null,
  };
}

function failed(kind: keyof typeof DECLINES): Outcome['patch'] {
  const { code, decline } = DECLINES[kind];
  // Stripe puts a failed payment back to requires_payment_method: the payer may try another card.
  return {
    status: 'requires_payment_method',
    lastErrorCode: code,
    lastDeclineCode: decline,
    lastErrorMessage: frenchFailureMessage({ code, decline_code: decline }),
  };
}

function cardFields(card: CheckedCard): Partial<repo.NewPaymentIntent> {
  return { methodType: 'card', brand: card.brand, last4: card.last4, expMonth: card.expMonth, expYear: card.expYear };
}

function answer(pi: PaymentIntentRow): SandboxConfirmResponse {
  if (pi.status === 'succeeded') return { status: 'succeeded', error: null };
  if (pi.status === 'processing') return { status: 'processing', error: null };
  if (pi.status === 'requires_action') return { status: 'requires_action', error: null };
  return { status: 'failed', error: frenchFailureMessage({ code: pi.lastErrorCode, decline_code: pi.lastDeclineCode }) };
}

/** Where a confirm leaves a payment that did not fail: a repeated confirm finding it there is answered again. */
const AFTER_CONFIRM: ReadonlySet<string> = new Set(['succeeded', 'processing', 'requires_action']);
/** Where an approved extra step leaves a payment. */
const AFTER_AUTHENTICATE: ReadonlySet<string> = new Set(['succeeded', 'processing']);

export function createSandboxProvider(deps: Pick<Deps, 'database' | 'logger' | 'now'>, settings: { webhookSecret: string }): SandboxProvider {
  const db = () => deps.database.db;

  /**
   * Locks the payment, checks its secret and state, applies `decide` and queues its events, all in
   * one transaction; the worker is woken once it has committed.
   */
  async function transition(
    paymentId: string,
    clientSecret: string,
    expected: PaymentIntentRow['status'],
    repeatable: ReadonlySet<string>,
    decide: (pi: PaymentIntentRow) => Outcome,
  ): Promise<SandboxConfirmResponse> {
    let repeated = false;
    const result = await db().transaction(async (tx) => {
      const pi = await repo.findPaymentIntent(tx, paymentId, { forUpdate: true });
      if (!pi || !secretsMatch(clientSecret, pi.clientSecret)) throw new AppError('ORDER_NOT_FOUND');
      if (pi.status !== expected) {
        // The step already went through and its answer was lost (a dropped connection): the retry
        // gets the same answer, and nothing is charged or queued again.
        if (!repeatable.has(pi.status)) throw new AppError('ORDER_NOT_PAYABLE');
        repeated = true;
        return pi;
      }
      const now = deps.now();
      const outcome = decide(pi);
      const updated = await repo.updatePaymentIntent(tx, pi.id, outcome.patch, now);
      const object = paymentIntentObject(updated);
      const snapshot = (type: SandboxEventType) =>
        // The wallet's first event shows the payment as it was then: processing, nothing received yet.
        type === 'payment_intent.processing' ? { ...object, status: 'processing', amount_received: 0, latest_charge: null } : object;
      // A trial's $0 first invoice only saves the card: Stripe confirms a SetupIntent there, whose
      // events the shop does not read; no payment_intent.* event is sent for it.
      const setupOnly = updated.amount === 0 && !!updated.invoiceId;
      if (!setupOnly) await repo.insertEvents(tx, outcome.events.map((type) => ({ type, object: snapshot(type) })), now);
      // A membership's invoice is settled with its payment: invoice.paid and the subscription after payment_intent.succeeded.
      if (updated.invoiceId) await repo.insertEvents(tx, await settleInvoicePayment(tx, updated, now, outcome.renewalOutcome ?? null), now);
      return updated;
    });
    if (!repeated) notifyEventsQueued();
    return answer(result);
  }

  return {
    name: 'sandbox',

    async createPayment(input: CreatePaymentInput) {
      const params = { amount: input.amountCents, currency: input.currency.toLowerCase(), description: input.description, metadata: input.metadata };
      const id = sandboxId('pi');
      const row = await repo.insertPaymentIntent(db(), {
        id,
        amount: params.amount,
        currency: params.currency,
        status: 'requires_payment_method',
        clientSecret: `${id}_secret_${randomBytes(18).toString('base64url')}`,
        description: params.description,
        metadata: params.metadata,
        idempotencyKey: input.idempotencyKey,
        requestHash: requestHash(params),
        createdAt: deps.now(),
        updatedAt: deps.now(),
      });
      // Stripe's rule: a key reused with other parameters is an error, never a silent second payment.
      if (row.requestHash !== requestHash(params)) {
        throw new AppError('PAYMENT_PROVIDER_ERROR', "Cette clé d'idempotence a déjà servi pour un autre paiement.");
      }
      return { paymentId: row.id, clientSecret: row.clientSecret };
    },

    async retrievePayment(paymentId: string): Promise<PaymentState> {
      const pi = await repo.findPaymentIntent(db(), paymentId);
      if (!pi) throw new AppError('ORDER_NOT_FOUND');
      return { paymentId: pi.id, status: pi.status as PaymentState['status'], amountCents: pi.amount };
    },

    async retrieveSettlement(paymentId: string) {
      const pi = await repo.findPaymentIntent(db(), paymentId);
      const txn = pi?.status === 'succeeded' ? balanceTransactionOf(pi) : null;
      return txn ? { feeCents: txn.fee, transactionId: txn.id, payoutReference: txn.payout } : null;
    },

    async createRefund(input: CreateRefundInput) {
      const hash = requestHash({ paymentId: input.paymentId, amount: input.amountCents, metadata: input.metadata });
      const refund = await db().transaction(async (tx) => {
        const pi = await repo.findPaymentIntent(tx, input.paymentId, { forUpdate: true });
        if (!pi) throw new AppError('REFUND_NOT_ALLOWED');
        // Checked under the payment's lock: two calls with one key cannot both pass.
        const existing = await repo.findRefundByKey(tx, input.idempotencyKey);
        if (existing) {
          if (existing.requestHash !== hash) throw new AppError('PAYMENT_PROVIDER_ERROR', "Cette clé d'idempotence a déjà servi pour un autre remboursement.");
          return existing;
        }
        if (pi.status !== 'succeeded') throw new AppError('REFUND_NOT_ALLOWED');
        if (!Number.isSafeInteger(input.amountCents) || input.amountCents <= 0 || pi.amountRefunded + input.amountCents > pi.amountReceived) {
          throw new AppError('REFUND_TOO_LARGE');
        }
        const now = deps.now();
        // Card refunds succeed at once, as Stripe's test cards do; the shop still learns it from the event.
        const row = await repo.insertRefund(tx, {
          id: sandboxId('re'),
          paymentIntentId: pi.id,
          amount: input.amountCents,
          status: 'succeeded',
          metadata: input.metadata,
          idempotencyKey: input.idempotencyKey,
          requestHash: hash,
          createdAt: now,
          updatedAt: now,
        });
        const updated = await repo.updatePaymentIntent(tx, pi.id, { amountRefunded: pi.amountRefunded + input.amountCents }, now);
        await repo.insertEvents(
          tx,
          [
            { type: 'refund.created', object: refundObject(row, updated) },
            { type: 'charge.refunded', object: paymentIntentObject(updated).latest_charge },
          ],
          now,
        );
        return row;
      });
      notifyEventsQueued();
      return { refundId: refund.id, status: refund.status as 'pending' | 'succeeded' | 'failed' };
    },

    async cancelPayment(paymentId: string) {
      const result = await db().transaction(async (tx) => {
        const pi = await repo.findPaymentIntent(tx, paymentId, { forUpdate: true });
        if (!pi) throw new AppError('ORDER_NOT_FOUND');
        if (pi.status === 'canceled') return { outcome: 'canceled' as const, queued: false };
        // Stripe's rule: a succeeded (or processing) payment cannot be canceled any more.
        if (pi.status !== 'requires_payment_method' && pi.status !== 'requires_action') return { outcome: 'too_late' as const, queued: false };
        const now = deps.now();
        const canceled = await repo.updatePaymentIntent(tx, pi.id, { status: 'canceled' }, now);
        await repo.insertEvents(tx, [{ type: 'payment_intent.canceled', object: paymentIntentObject(canceled) }], now);
        return { outcome: 'canceled' as const, queued: true };
      });
      if (result.queued) notifyEventsQueued();
      return result.outcome;
    },

    parseWebhook(rawBody: string, signature: string | undefined) {
      return parseStripeWebhook(rawBody, signature, settings.webhookSecret, deps.now().getTime());
    },

    async listEvents(since) {
      const rows = await repo.listEventsSince(deps.database.db, since);
      return rows.map((row) => toPaymentEvent(row.payload as StripeEventLike));
    },

    clientConfig: () => null,

    async confirm(paymentId, clientSecret, method) {
      let card: CheckedCard | null = null;
      if (method.type === 'card') {
        const checked = checkCard(method, deps.now());
        if (!checked.ok) {
          throw new AppError(
            'VALIDATION_FAILED',
            undefined,
            Object.fromEntries(Object.entries(checked.fields).map(([k, v]) => [`method.${k}`, v])),
          );
        }
        card = checked.card;
      }
      return transition(paymentId, clientSecret, 'requires_payment_method', AFTER_CONFIRM, (pi) => {
        if (!card) {
          // The wallet settles like an asynchronous method: processing, then succeeded.
          return {
            patch: { ...succeeded(pi), methodType: 'wallet', brand: SANDBOX_WALLET.brand, last4: SANDBOX_WALLET.last4, expMonth: null, expYear: null },
            events: ['payment_intent.processing', 'payment_intent.succeeded'],
            renewalOutcome: 'succeeds',
          };
        }
        switch (sandboxCardOutcome(card.digits)) {
          case 'succeeds':
            return { patch: { ...cardFields(card), ...succeeded(pi) }, events: ['payment_intent.succeeded'], renewalOutcome: sandboxRenewalOutcome(card.digits) };
          case 'declined':
            return { patch: { ...cardFields(card), ...failed('declined') }, events: ['payment_intent.payment_failed'] };
          case 'insufficient_funds':
            return { patch: { ...cardFields(card), ...failed('insufficient_funds') }, events: ['payment_intent.payment_failed'] };
          case 'requires_action':
            return { patch: { ...cardFields(card), status: 'requires_action' }, events: ['payment_intent.requires_action'] };
        }
      });
    },

    authenticate(paymentId, clientSecret, approve) {
      return transition(paymentId, clientSecret, 'requires_action', AFTER_AUTHENTICATE, (pi) =>
        approve
          ? // Only 4000 0025 0000 3155 asks for this step; set up once, Stripe charges it later without asking.
            { patch: succeeded(pi), events: ['payment_intent.succeeded'], renewalOutcome: 'succeeds' }
          : { patch: failed('authentication'), events: ['payment_intent.payment_failed'] },
      );
    },

    async createSubscription(input: CreateSubscriptionInput): Promise<CreatedSubscription> {
      const params = {
        amount: input.amountCents,
        currency: input.currency.toLowerCase(),
        description: input.description,
        customerEmail: input.customerEmail,
        metadata: input.metadata,
        interval: input.interval ?? 'month',
        trialDays: input.trialDays ?? 0,
        // Part of the request (its hash) only when there is one: requests without a code hash as before.
        ...(input.firstInvoiceDiscount ? { firstInvoiceAmountOff: input.firstInvoiceDiscount.amountOffCents } : {}),
      };
      const hash = requestHash(params);
      const created = await db().transaction(async (tx) => {
        const made = await createSubscriptionRows(tx, { ...params, idempotencyKey: input.idempotencyKey, requestHash: hash }, deps.now());
        if ('existing' in made) return made;
        await repo.insertEvents(tx, made.events, deps.now());
        return made;
      });
      if ('existing' in created) {
        // Stripe's rule, as for payments: a key reused with other parameters is an error, never a second subscription.
        if (created.existing.requestHash !== hash) {
          throw new AppError('PAYMENT_PROVIDER_ERROR', "Cette clé d'idempotence a déjà servi pour un autre abonnement.");
        }
        const invoice = await repo.findFirstInvoice(db(), created.existing.id);
        const pi = invoice?.paymentIntentId ? await repo.findPaymentIntent(db(), invoice.paymentIntentId) : undefined;
        if (!invoice || !pi) throw new Error(`sandbox subscription ${created.existing.id} without its first invoice`);
        return { subscription: toProviderSubscription(created.existing), invoiceId: invoice.id, paymentId: pi.id, clientSecret: pi.clientSecret, ...(created.existing.trialEnd ? { setup: true } : {}) };
      }
      notifyEventsQueued();
      return { subscription: toProviderSubscription(created.sub), invoiceId: created.invoice.id, paymentId: created.pi.id, clientSecret: created.pi.clientSecret, ...(created.sub.trialEnd ? { setup: true } : {}) };
    },

    async retrieveSubscription(subscriptionId: string): Promise<ProviderSubscription> {
      const sub = await repo.findSubscription(db(), subscriptionId);
      if (!sub) throw new AppError('NOT_FOUND', 'Abonnement inconnu du bac à sable.');
      return toProviderSubscription(sub, deps.now());
    },

    async changeSubscriptionPlan(subscriptionId, next) {
      const result = await db().transaction(async (tx) => {
        const sub = await repo.findSubscription(tx, subscriptionId, { forUpdate: true });
        if (!sub || sub.status === 'canceled' || sub.status === 'incomplete_expired') throw new AppError('NO_SUBSCRIPTION_TO_CANCEL', 'Aucun abonnement en cours.');
        const now = deps.now();
        // The same plan as now: nothing pending (a switch back before the renewal undoes the change).
        const same = next.interval === sub.interval && next.amountCents === sub.amount;
        const updated = await repo.updateSubscription(
          tx,
          sub.id,
          same ? { pendingAmount: null, pendingInterval: null, pendingDescription: null } : { pendingAmount: next.amountCents, pendingInterval: next.interval, pendingDescription: next.description },
          now,
        );
        return updated;
      });
      return toProviderSubscription(result, deps.now());
    },

    async discountNextInvoice(subscriptionId, discount) {
      await db().transaction(async (tx) => {
        const sub = await repo.findSubscription(tx, subscriptionId, { forUpdate: true });
        if (!sub || sub.status === 'canceled' || sub.status === 'incomplete_expired') throw new AppError('NO_SUBSCRIPTION_TO_CANCEL');
        // Once: the same coupon applied twice is still one coupon.
        await repo.updateSubscription(tx, sub.id, { discountOnceAmount: discount.amountOffCents }, deps.now());
      });
    },

    async cancelSubscriptionAtPeriodEnd(subscriptionId: string): Promise<ProviderSubscription> {
      const result = await db().transaction(async (tx) => {
        const sub = await repo.findSubscription(tx, subscriptionId, { forUpdate: true });
        // An ended subscription has nothing left to cancel (Stripe answers 400 to an update of one).
        if (!sub || sub.status === 'canceled' || sub.status === 'incomplete_expired') throw new AppError('NO_SUBSCRIPTION_TO_CANCEL');
        const now = deps.now();
        const done = await cancelAtPeriodEnd(tx, sub, now);
        await repo.insertEvents(tx, done.events, now);
        return done;
      });
      if (result.events.length > 0) notifyEventsQueued();
      return toProviderSubscription(result.sub);
    },

    async cancelSubscriptionNow(subscriptionId: string): Promise<ProviderSubscription> {
      const result = await db().transaction(async (tx) => {
        const sub = await repo.findSubscription(tx, subscriptionId, { forUpdate: true });
        if (!sub) throw new AppError('NOT_FOUND', 'Abonnement inconnu du bac à sable.');
        const now = deps.now();
        const done = await endNow(tx, sub, now);
        await repo.insertEvents(tx, done.events, now);
        return done;
      });
      if (result.events.length > 0) notifyEventsQueued();
      return toProviderSubscription(result.sub);
    },

    async retryOpenInvoice(subscriptionId: string) {
      const queued = await db().transaction(async (tx) => {
        const sub = await repo.findSubscription(tx, subscriptionId, { forUpdate: true });
        if (!sub) return 0;
        const now = deps.now();
        const done = await retryOpenInvoiceNow(tx, sub, now);
        await repo.insertEvents(tx, done.events, now);
        return done.events.length;
      });
      if (queued > 0) notifyEventsQueued();
    },

    async advanceClock(subscriptionId: string, days: number) {
      if (!Number.isSafeInteger(days) || days < 1) throw new AppError('VALIDATION_FAILED', undefined, { days: 'Nombre de jours invalide.' });
      const now = deps.now();
      const sub = await repo.advanceClock(db(), subscriptionId, days * 86_400_000, now);
      if (!sub) throw new AppError('NOT_FOUND', 'Abonnement inconnu du bac à sable.');
      return { subscriptionId: sub.id, clockNow: clockNowOf(sub, now) };
    },

    runBilling: () => runSandboxBilling(deps),

    async subscriptionBilling(subscriptionId: string) {
      const sub = await repo.findSubscription(db(), subscriptionId);
      if (!sub) throw new AppError('NOT_FOUND', 'Abonnement inconnu du bac à sable.');
      return billingOf(sub);
    },

    async changeSubscriptionCard(subscriptionId: string, card: CheckedCard) {
      // Stripe checks a new card with a SetupIntent: the test cards that decline refuse it here too.
      const outcome = sandboxCardOutcome(card.digits);
      if (outcome === 'declined' || outcome === 'insufficient_funds') throw new AppError('PAYMENT_DECLINED');
      const result = await db().transaction(async (tx) => {
        const sub = await repo.findSubscription(tx, subscriptionId, { forUpdate: true });
        if (!sub || sub.status === 'canceled' || sub.status === 'incomplete_expired') throw new AppError('NOT_FOUND', 'Aucun abonnement en cours.');
        const now = deps.now();
        const updated = await repo.updateSubscription(tx, sub.id, { brand: card.brand, last4: card.last4, renewalOutcome: sandboxRenewalOutcome(card.digits) }, now);
        // Past due: the refused renewal is charged again now, on the new card (Stripe: the open
        // invoice paid once the portal saved the card), not at the next planned retry.
        const retried = await retryOpenInvoiceNow(tx, updated, now);
        await repo.insertEvents(tx, retried.events, now);
        return { billing: billingOf(retried.sub), queued: retried.events.length > 0 };
      });
      if (result.queued) notifyEventsQueued();
      return result.billing;
    },
  };
}
