// The webhook's work: verify the provider's event, then — in ONE transaction — record its id and
// apply it. Fulfilment happens here and only here: an order is paid, and its courses granted,
// because a verified event said so, never because a browser reached the result page.
//
// Events come at least once and in any order, so each change only moves forward: a paid order is
// never set back to processing or failed by a late event; a failed one is paid if success follows.
// Any error rolls everything back (the event is not recorded) and the route answers 500: the
// provider retries, and the retry is processed afresh.
//
// A paid order's seats are confirmed in the same transaction (booking/payment-confirmation.ts);
// a seat that cannot be had is refunded: planned inside (its e-mail queued there, as every
// transactional e-mail), asked of the provider after commit, and the public pages' seat counts refreshed.
// A recorded course the person already owns is never granted nor charged twice: its line is refunded
// in full the same way (payments/owned-courses.ts; docs/decisions/0028-money-paths.md).
//
// Membership events (subscriptions/events.ts) name a subscription only: its state is read from the
// provider before the transaction (no network call inside it) and written over ours inside it.
import type { Deps } from '../../deps';
import { AppError } from '../../http/app-error';
import { WebhookSignatureError, type PaymentEvent, type PaymentProvider, type PayoutTransaction, type ProviderSubscription } from '../../integrations/payments/port';
import { retryRace } from '../../db/retry';
import { invalidatePublicCache } from '../../web/public-cache';
import type { SeatSettlement } from '../booking/payment-confirmation';
import { planRefund, type PlannedRefund } from '../refunds/automatic';
import { isUuid } from '../params';
import { isDeletedEmail } from '../privacy/deletion';
import { applyRefundEventAndPlan } from '../refunds/events';
import { submitRefund } from '../refunds/automatic';
import { applyInvoicePaid, applyProviderState, renewalFailureMail, type MembershipContext } from '../subscriptions/events';
import { fulfilPaidOrder } from './fulfil';
import * as repo from './repository';
import type { Tx } from '../../db/client';

export type WebhookOutcome = 'processed' | 'duplicate' | 'ignored';

type Of<T extends PaymentEvent['type']> = Extract<PaymentEvent, { type: T }>;
type Applicable = Exclude<PaymentEvent, { type: 'ignored' }>;
type MembershipEvent = Of<'subscription.changed' | 'invoice.paid' | 'invoice.payment_failed'>;

/** What an applied event leaves to do after commit. */
type AfterCommit = {
  seats: SeatSettlement | null;
  /** The automatic refund of lines paid for courses already owned, or of a deleted account's order (ask the provider after commit). */
  refund?: PlannedRefund | null;
  /** A refund applied: a live class refunded in full freed its seat, the public counts may have moved. */
  refundApplied?: boolean;
};

const isMembershipEvent = (event: Applicable): event is MembershipEvent =>
  event.type === 'subscription.changed' || event.type === 'invoice.paid' || event.type === 'invoice.payment_failed';

/** Payments refunded whole on arrival: the refund's key prefix (one per order) and its reason on the credit note. */
const GIVE_BACK = {
  deleted: { key: 'deleted', reason: 'Compte supprimé avant la réception du paiement : remboursement automatique' },
  closed: { key: 'closed', reason: 'Commande abandonnée avant la réception du paiement : remboursement automatique' },
} as const;

/** Statuses that mean the money was received: no payment event moves an order out of them. */
const SETTLED = new Set(['paid', 'partially_refunded', 'refunded']);

export function createPaymentService(
  deps: Pick<Deps, 'config' | 'database' | 'logger' | 'now'>,
  provider: PaymentProvider,
) {
  const db = () => deps.database.db;
  const membership: MembershipContext = { provider: provider.name, logger: deps.logger, publicUrl: deps.config.publicUrl, authSecret: deps.config.authSecret };

  /**
   * After commit: the refund asked of the provider (the learner's e-mail is queued already), the seat counts refreshed.
   * The event's effects are committed, so nothing here may fail the webhook: a refund not asked
   * now is asked by the retry sweep (refunds/automatic.ts).
   */
  async function afterSeats(settled: SeatSettlement) {
    if (settled.seatsChanged) invalidatePublicCache();
    if (settled.refund) await submitAutomatic(settled.refund);
  }

  async function submitAutomatic(refund: PlannedRefund) {
    await submitRefund(deps, provider, refund).catch((err: unknown) =>
      deps.logger.error({ err, refundId: refund.id }, 'remboursement automatique non transmis (la reprise le fera)'),
    );
  }

  /** The order a payment event is about; metadata from elsewhere (not one of our ids) finds none. */
  function lockOrder(tx: Tx, event: { paymentId: string; orderId: string | null }) {
    return repo.lockOrderForPayment(tx, provider.name, event.paymentId, event.orderId && isUuid(event.orderId) ? event.orderId.toLowerCase() : null);
  }

  async function succeeded(tx: Tx, event: Of<'payment.succeeded'>, now: Date): Promise<AfterCommit> {
    const none: AfterCommit = { seats: null };
    const order = await lockOrder(tx, event);
    if (!order) {
      deps.logger.warn({ eventId: event.id, paymentId: event.paymentId }, 'paiement réussi sans commande connue');
      return none;
    }
    if (SETTLED.has(order.status)) return none;
    // The card pays what the « Crédit Toque » did not (docs/decisions/0038).
    const dueByCard = order.totalCents - order.creditAppliedCents;
    if (event.amountCents !== dueByCard) {
      // Never grant a course for another amount than the order's; a person looks at it.
      deps.logger.error({ eventId: event.id, orderId: order.id, paid: event.amountCents, due: dueByCard }, 'montant payé différent du total de la commande');
      return none;
    }
    const wasClosed = order.status === 'canceled';
    await repo.setOrder(
      tx,
      order.id,
      {
        status: 'paid',
        paidAt: now,
        providerPaymentId: event.paymentId,
        paymentMethodType: event.method?.type ?? null,
        paymentMethodBrand: event.method?.brand ?? null,
        paymentMethodLast4: event.method?.last4 ?? null,
        failureMessage: null,
      },
      now,
    );
    // Money nothing is owed for goes back whole and buys nothing: the account was deleted while its
    // payment was under way (nobody to grant to), or the order was closed unpaid (« Abandonnée »,
    // checkout/abandon.ts) and its payment succeeded at the provider before the cancel reached it.
    const giveBack = isDeletedEmail(order.accountEmail) ? GIVE_BACK.deleted : wasClosed ? GIVE_BACK.closed : null;
    if (giveBack) {
      const refund = await planRefund(tx, {
        orderId: order.id,
        lines: (await repo.lineIdsOf(tx, order.id)).map((orderLineId) => ({ orderLineId })),
        reason: giveBack.reason,
        createdBy: null,
        idempotencyKey: `${giveBack.key}:${order.id}`,
        now,
        provider: provider.name,
      });
      return { seats: null, refund };
    }
    return fulfilPaidOrder(tx, { order, now, provider: provider.name, config: deps.config });
  }

  async function processing(tx: Tx, event: Of<'payment.processing'>, now: Date) {
    const order = await lockOrder(tx, event);
    // A closed order stays closed: if that payment succeeds after all, its money is given back whole.
    if (!order || (order.status !== 'pending' && order.status !== 'failed')) return;
    await repo.setOrder(tx, order.id, { status: 'processing', providerPaymentId: event.paymentId, failureMessage: null }, now);
  }

  async function failed(tx: Tx, event: Of<'payment.failed'>, now: Date) {
    const order = await lockOrder(tx, event);
    // An abandoned order stays abandoned: a late decline changes nothing the buyer can act on.
    if (!order || SETTLED.has(order.status) || order.status === 'canceled') return;
    await repo.setOrder(tx, order.id, { status: 'failed', providerPaymentId: event.paymentId, failureMessage: event.message }, now);
  }

  /** A membership event: the provider's state (read before the transaction) written, then the invoice's effect. */
  async function applyMembership(tx: Tx, event: MembershipEvent, sub: ProviderSubscription, now: Date): Promise<void> {
    const row = await applyProviderState(tx, membership, sub, now);
    if (!row) return;
    if (event.type === 'invoice.paid') await applyInvoicePaid(tx, membership, event, row, now);
    if (event.type === 'invoice.payment_failed') await renewalFailureMail(tx, membership, event, row, now, (t, key, type, at) => repo.recordEvent(t, provider.name, key, type, at));
  }

  /** Applies the event; returns what it left to do after commit, if anything. */
  async function apply(tx: Tx, event: Applicable, sub: ProviderSubscription | null, now: Date): Promise<AfterCommit> {
    const none: AfterCommit = { seats: null };
    if (isMembershipEvent(event)) {
      await applyMembership(tx, event, sub!, now);
      return none;
    }
    switch (event.type) {
      case 'payment.succeeded':
        return succeeded(tx, event, now);
      case 'payment.processing':
        await processing(tx, event, now);
        return none;
      case 'payment.failed':
        await failed(tx, event, now);
        return none;
      case 'refund.succeeded':
      case 'refund.failed': {
        const { outcome, refund } = await applyRefundEventAndPlan(tx, event, now, deps.config, provider.name);
        if (outcome === 'unknown_refund') deps.logger.warn({ eventId: event.id, refundId: event.refundId }, 'remboursement inconnu du site');
        return { ...none, refund, refundApplied: outcome === 'applied' };
      }
      case 'payout.paid':
        // Written by applyEvent from the transactions listed before the transaction.
        return none;
    }
  }

  /** The payments a payout carried, asked of the provider (before the transaction); none when it cannot list them. */
  async function payoutTransactionsOf(event: Applicable): Promise<PayoutTransaction[]> {
    if (event.type !== 'payout.paid' || !provider.listPayoutTransactions) return [];
    // A repeated delivery pages through nothing (a payout may carry many payments).
    if (await repo.isEventRecorded(db(), provider.name, event.id)) return [];
    // An error answers 500: the provider sends the event again (and the reconciliation lists it).
    return provider.listPayoutTransactions(event.payoutId);
  }

  /** The card's brand and last four for the receipt, when the event did not carry them (null if the provider cannot say). */
  async function methodOf(paymentId: string) {
    if (!provider.retrievePaymentMethod) return null;
    return provider.retrievePaymentMethod(paymentId).catch((err: unknown) => {
      deps.logger.warn({ err, paymentId }, 'moyen de paiement introuvable chez le fournisseur');
      return null;
    });
  }

  /** A succeeded payment's fee and payout (payment.succeeded, or a membership's invoice.paid); null when unknown. */
  async function settlementOf(event: Applicable) {
    const paymentId = event.type === 'payment.succeeded' || event.type === 'invoice.paid' ? event.paymentId : null;
    if (!paymentId || !provider.retrieveSettlement) return null;
    const found = await provider.retrieveSettlement(paymentId).catch((err: unknown) => {
      deps.logger.warn({ err, paymentId }, 'frais du fournisseur introuvables');
      return null;
    });
    return found ? { ...found, paymentId } : null;
  }

  /**
   * One verified event, applied once whatever how often it comes (a webhook's delivery, or the
   * reconciliation reading the provider's list). Throws when it cannot: nothing is recorded, and the
   * provider's retry (or the next reconciliation) tries it afresh.
   */
  async function applyEvent(event: PaymentEvent): Promise<WebhookOutcome> {
    if (event.type === 'ignored') return 'ignored';
    // Before the transaction (no network call inside it). The receipt wants the card's brand
    // and last four; a payment is fulfilled without them if the provider cannot say.
    if (event.type === 'payment.succeeded' && !event.method) event = { ...event, method: await methodOf(event.paymentId) };
    if (event.type === 'invoice.paid' && !event.method && event.paymentId) event = { ...event, method: await methodOf(event.paymentId) };
    // The fee and payout for the books, read now too; a payment is fulfilled without them if the provider cannot say yet.
    const settlement = await settlementOf(event);
    // The payout reference for the books (Stripe's payout.paid): which payments the payout carried.
    const payoutTransactions = await payoutTransactionsOf(event);
    // A membership's state is the provider's, read now: an error here answers 500 and the provider retries.
    const sub = isMembershipEvent(event) ? await provider.retrieveSubscription(event.subscriptionId) : null;
    const applicable: Applicable = event;
    const now = deps.now();
    let after: AfterCommit = { seats: null };
    const outcome = await retryRace(() =>
      db().transaction(async (tx): Promise<WebhookOutcome> => {
        if (!(await repo.recordEvent(tx, provider.name, applicable.id, applicable.type, now))) return 'duplicate';
        after = await apply(tx, applicable, sub, now);
        if (settlement) await repo.recordSettlement(tx, provider.name, settlement.paymentId, settlement, now);
        if (applicable.type === 'payout.paid') await repo.recordPayout(tx, provider.name, applicable.payoutId, payoutTransactions, now);
        return 'processed';
      }),
    );
    if (after.seats) await afterSeats(after.seats);
    if (after.refund) await submitAutomatic(after.refund);
    if (after.refundApplied) invalidatePublicCache();
    // A past-due member changed their card at the provider's portal: the refused renewal is retried now
    // (after commit, once per event; a failure is logged, the provider's own retries remain).
    if (outcome === 'processed' && applicable.type === 'subscription.changed' && applicable.cardChanged && sub && (sub.status === 'past_due' || sub.status === 'unpaid')) {
      await provider.retryOpenInvoice(applicable.subscriptionId).catch((err: unknown) => deps.logger.error({ err, subscriptionId: applicable.subscriptionId }, 'nouvel essai de la facture impayée non transmis'));
    }
    return outcome;
  }

  return {
    /** Verifies (400 on a bad or stale signature) and processes one delivery of an event. */
    async handleWebhook(rawBody: string, signature: string | undefined): Promise<WebhookOutcome> {
      let event: PaymentEvent;
      try {
        event = provider.parseWebhook(rawBody, signature);
      } catch (err) {
        if (err instanceof WebhookSignatureError) {
          deps.logger.warn({ reason: err.message }, 'webhook refusé : signature invalide');
          throw new AppError('WEBHOOK_SIGNATURE_INVALID');
        }
        throw err;
      }
      return applyEvent(event);
    },

    applyEvent,

    /** True when this event has been applied already (the reconciliation skips it without a network call). */
    async isApplied(eventId: string): Promise<boolean> {
      return repo.isEventRecorded(db(), provider.name, eventId);
    },
  };
}

export type PaymentService = ReturnType<typeof createPaymentService>;

