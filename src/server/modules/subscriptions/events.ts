// A membership's life, applied inside the webhook's one transaction (payments/service.ts) and by
// the cancel call: the provider's state, read fresh before the transaction, is written over our row
// as it is — so events that come twice or out of order write the same truth — and each paid invoice
// leaves exactly one paid order (the first period's, or a new one per renewal).
//
// Lock order: the subscriptions row, then its orders.
import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import { isActiveSubscription } from '@shared/access';
import type { PaymentEvent, PaymentMethodDetails, ProviderSubscription } from '../../integrations/payments/port';
import { publish } from '../../realtime/publish';
import { notifySubscriptionChange, notifySubscriptionPaymentFailed, notifySubscriptionRenewed } from '../notifications/notices';
import { isUuid } from '../params';
import { queueEmail } from '../../integrations/mail/outgoing';
import { mailOrderReceipt } from '../../integrations/mail/transactional';
import { mailSubscriptionChange, mailSubscriptionRenewed } from './mail-events';
import { renewalFailedMail } from './mails';
import { periodDescription } from './period';
import { periodAmounts } from './pricing';
import * as repo from './repository';
import { scheduleTrialReminder } from './trial';
import { stateOf } from './view';
import type { Db, Tx } from '../../db/client';

type Of<T extends PaymentEvent['type']> = Extract<PaymentEvent, { type: T }>;

/**
 * Writes `key` into the payments module's ledger of processed events; false when it was there
 * already. Passed in by payments/service.ts, which owns the ledger (and imports this file).
 */
export type FirstTime = (tx: Tx, key: string, type: string, now: Date) => Promise<boolean>;

export type MembershipContext = { provider: string; logger: Logger; publicUrl: string; authSecret: string };

/** Order statuses that mean the money was received (as in payments/service.ts). */
const SETTLED = new Set(['paid', 'partially_refunded', 'refunded']);

/**
 * Writes the provider's state over our row (found by the provider's id; else the row a checkout
 * reserved, named by the metadata's order; else created for metadata.user_id — a subscription made
 * elsewhere) and tells the member's tabs when its status or scheduled cancellation changed.
 * Null when the subscription belongs to nobody we know.
 */
export async function applyProviderState(
  tx: Tx,
  ctx: MembershipContext,
  sub: ProviderSubscription,
  now: Date,
): Promise<repo.SubscriptionRow | null> {
  const state = stateOf(sub);
  let row = await repo.lockByProviderId(tx, ctx.provider, sub.subscriptionId);
  const userId = sub.metadata.user_id ?? null;
  const orderId = sub.metadata.order_id && isUuid(sub.metadata.order_id) ? sub.metadata.order_id.toLowerCase() : null;
  if (!row && userId && orderId) row = await repo.lockReservedByOrder(tx, ctx.provider, orderId, userId);

  if (!row) {
    if (!userId || !(await repo.userExists(tx, userId))) {
      ctx.logger.warn({ subscriptionId: sub.subscriptionId }, "abonnement du fournisseur sans membre connu : ignoré");
      return null;
    }
    const created = await repo.insertFromProvider(
      tx,
      { ...state, userId, provider: ctx.provider, providerSubscriptionId: sub.subscriptionId },
      now,
    );
    if (!created) {
      // The person already holds another live subscription: a second one is never recorded; a person looks at it.
      ctx.logger.error({ subscriptionId: sub.subscriptionId, userId }, 'deuxième abonnement en cours pour la même personne : non enregistré');
      return null;
    }
    await announce(tx, created, null);
    await notifySubscriptionChange(tx, { before: null, after: created, at: now });
    await mailSubscriptionChange(tx, { before: null, after: created, publicUrl: ctx.publicUrl, now });
    await followTrial(tx, null, created, sub, now);
    return created;
  }

  const providerCustomerId = state.providerCustomerId ?? row.providerCustomerId;
  const updated = await repo.updateSubscription(tx, row.id, { ...state, providerCustomerId, providerSubscriptionId: sub.subscriptionId }, now);
  if (updated.status !== row.status || updated.cancelAtPeriodEnd !== row.cancelAtPeriodEnd) await announce(tx, updated, row.status);
  await notifySubscriptionChange(tx, { before: row, after: updated, at: now });
  await mailSubscriptionChange(tx, { before: row, after: updated, publicUrl: ctx.publicUrl, now });
  await followTrial(tx, row, updated, sub, now);
  return updated;
}

/**
 * A free trial: while trialing, its reminder planned 2 days before the first charge (by the
 * provider's clock: trial.ts); ended before any charge (cancelled in the trial), its first order —
 * held « en cours » for the charge that never came — is closed at no cost.
 */
async function followTrial(tx: Tx, before: repo.SubscriptionRow | null, after: repo.SubscriptionRow, sub: ProviderSubscription, now: Date): Promise<void> {
  if (after.status === 'trialing' && after.trialEnd) {
    await scheduleTrialReminder(tx, { subscriptionId: after.id, trialEnd: after.trialEnd, now, ...(sub.clockNow ? { providerNow: sub.clockNow } : {}) });
    return;
  }
  if (after.status === 'canceled' && before?.status !== 'canceled' && after.trialEnd) {
    const first = await repo.findFirstOrder(tx, after.id);
    if (first && first.status === 'processing' && !first.paidAt) await repo.setOrder(tx, first.id, { status: 'canceled' }, now);
  }
}

/**
 * A membership's first order closed unpaid (checkout/abandon.ts), in that transaction: the reserved
 * subscription ends with it ('canceled'), its tabs told. Returns the provider's
 * subscription to end there after commit (null when it was not reserved any more, or never linked).
 */
export async function expireUnpaidMembership(tx: Tx, subscriptionId: string, now: Date): Promise<{ provider: string; providerSubscriptionId: string } | null> {
  const ended = await repo.expireIncomplete(tx, subscriptionId, now);
  if (!ended) return null;
  const row = (await repo.findById(tx, subscriptionId))!;
  await announce(tx, row, 'incomplete');
  return ended.providerSubscriptionId ? { provider: ended.provider, providerSubscriptionId: ended.providerSubscriptionId } : null;
}

/** The provider's subscription behind one of ours (to end it there), or null. */
export async function providerSubscriptionOf(db: Db | Tx, subscriptionId: string) {
  const row = await repo.findProviderIds(db, subscriptionId);
  return row?.providerSubscriptionId ? { provider: row.provider, providerSubscriptionId: row.providerSubscriptionId } : null;
}

/** The member's open tabs refresh their subscription (toasts 'Abonnement Activé !' / 'Abonnement Annulé'). */
function announce(tx: Tx, row: repo.SubscriptionRow, previousStatus: string | null) {
  return publish(
    tx,
    { userId: row.userId },
    { type: 'subscription.updated', subscriptionId: row.id, status: row.status, previousStatus, cancelAtPeriodEnd: row.cancelAtPeriodEnd },
  );
}

function methodColumns(method: PaymentMethodDetails | null) {
  return { paymentMethodType: method?.type ?? null, paymentMethodBrand: method?.brand ?? null, paymentMethodLast4: method?.last4 ?? null };
}

/**
 * invoice.paid. The first period (subscription_create): its order is paid, if the payment event has
 * not already done it, and learns its invoice and period. A renewal (subscription_cycle): a new paid
 * order for the period, lines and taxes copied from the first order; once per invoice.
 */
export async function applyInvoicePaid(tx: Tx, ctx: MembershipContext, event: Of<'invoice.paid'>, row: repo.SubscriptionRow, now: Date): Promise<void> {
  const first = await repo.findFirstOrder(tx, row.id);
  if (event.billingReason !== 'subscription_create' && event.billingReason !== 'subscription_cycle') {
    // A monthly plan at one price has no other invoices (no prorations, no manual invoices): a person looks at one.
    ctx.logger.warn({ eventId: event.id, invoiceId: event.invoiceId, billingReason: event.billingReason }, "facture d'abonnement d'un autre motif : aucune commande");
    return;
  }
  if (event.billingReason === 'subscription_create' && event.amountCents === 0 && row.trialEnd) {
    // A trial's $0 invoice (the card saved): the first order waits, « en cours », for the first
    // charge at the trial's end (the abandoned-order job leaves it alone); nothing is paid yet.
    if (first && (first.status === 'pending' || first.status === 'failed')) await repo.setOrder(tx, first.id, { status: 'processing', failureMessage: null }, now);
    return;
  }
  if (event.billingReason === 'subscription_cycle' && first && !first.paidAt && first.status === 'processing' && row.trialEnd) {
    // The trial's end: its first charge pays the first order (its plan, its taxes), once.
    const order = (await repo.lockOrder(tx, first.id))!;
    if (order.paidAt || order.status !== 'processing') return;
    if (event.amountCents !== order.totalCents) {
      ctx.logger.error({ eventId: event.id, orderId: order.id, paid: event.amountCents, due: order.totalCents }, "montant du premier paiement après l'essai différent de la commande");
      return;
    }
    await repo.setOrder(
      tx,
      order.id,
      { status: 'paid', paidAt: now, providerPaymentId: event.paymentId ?? order.providerPaymentId, providerInvoiceId: event.invoiceId, periodStart: event.periodStart, periodEnd: event.periodEnd, failureMessage: null, ...methodColumns(event.method) },
      now,
    );
    await mailOrderReceipt(tx, { orderId: order.id, publicUrl: ctx.publicUrl, authSecret: ctx.authSecret });
    await announce(tx, row, row.status);
    return;
  }
  if (event.billingReason === 'subscription_create') {
    const byInvoice = await repo.findOrderByInvoice(tx, ctx.provider, event.invoiceId);
    const target = byInvoice ?? first;
    if (!target) {
      ctx.logger.warn({ eventId: event.id, invoiceId: event.invoiceId }, 'facture payée sans commande connue');
      return;
    }
    const order = (await repo.lockOrder(tx, target.id))!;
    const values: Parameters<typeof repo.setOrder>[2] = {
      providerInvoiceId: order.providerInvoiceId ?? event.invoiceId,
      periodStart: order.periodStart ?? event.periodStart,
      periodEnd: order.periodEnd ?? event.periodEnd,
    };
    // A first order closed unpaid (« Abandonnée ») is not paid by its invoice: its payment's own event
    // gives the money back (payments/service.ts), and the subscription was ended with it.
    if (!SETTLED.has(order.status) && order.status !== 'canceled') {
      if (event.amountCents !== order.totalCents) {
        ctx.logger.error({ eventId: event.id, orderId: order.id, paid: event.amountCents, due: order.totalCents }, 'montant de la facture différent du total de la commande');
      } else {
        Object.assign(values, {
          status: 'paid',
          paidAt: now,
          providerPaymentId: event.paymentId ?? order.providerPaymentId,
          failureMessage: null,
          ...methodColumns(event.method),
        });
      }
    }
    await repo.setOrder(tx, order.id, values, now);
    // The first month's receipt, as for any paid order (once per order, whichever event paid it).
    if (values.status === 'paid') await mailOrderReceipt(tx, { orderId: order.id, publicUrl: ctx.publicUrl, authSecret: ctx.authSecret });
    return;
  }

  if (await repo.findOrderByInvoice(tx, ctx.provider, event.invoiceId)) return;
  if (!first) {
    // A subscription made elsewhere has no first order to copy: its receipt needs a person.
    ctx.logger.error({ eventId: event.id, subscriptionId: row.id }, 'renouvellement payé sans commande modèle : aucun reçu créé');
    return;
  }
  const lines = await repo.listLines(tx, first.id);
  const orderId = randomUUID();
  const lineIds = new Map(lines.map((l) => [l.id, randomUUID()]));
  // The period's plan: a switch chosen for this renewal takes effect now; an accepted save offer, once.
  const plan = row.pendingPlan ?? row.plan;
  const priceCents = (row.pendingPlan ? row.pendingPriceCents : row.priceCents) ?? (lines[0] ? lines[0].amountCents + lines[0].discountCents : first.subtotalCents);
  const discountCents = row.nextDiscountCents ?? 0;
  const lineId = lines[0] ? lineIds.get(lines[0].id)! : randomUUID();
  const amounts = periodAmounts(first, priceCents, discountCents, lineId);
  if (event.amountCents !== amounts.totalCents) {
    ctx.logger.error({ eventId: event.id, subscriptionId: row.id, paid: event.amountCents, due: amounts.totalCents }, 'montant du renouvellement différent du prix de la formule : aucun reçu créé');
    return;
  }
  if (row.pendingPlan || row.nextDiscountCents !== null) {
    await repo.setMembership(tx, row.id, { plan, priceCents, pendingPlan: null, pendingPriceCents: null, nextDiscountCents: null }, now);
  }
  const description = periodDescription(event.periodStart, event.periodEnd, plan);
  const taxLines = amounts.taxLines;
  const inserted = await repo.insertRenewalOrder(
    tx,
    {
      id: orderId,
      userId: first.userId,
      status: 'paid',
      currency: first.currency,
      province: first.province,
      taxStatus: first.taxStatus,
      subtotalCents: amounts.subtotalCents,
      discountCents: amounts.discountCents,
      taxCents: amounts.taxCents,
      totalCents: amounts.totalCents,
      taxLines,
      buyerName: first.buyerName,
      buyerEmail: first.buyerEmail,
      provider: ctx.provider,
      providerPaymentId: event.paymentId,
      ...methodColumns(event.method),
      idempotencyKey: `invoice:${event.invoiceId}`,
      paidAt: now,
      subscriptionId: row.id,
      providerInvoiceId: event.invoiceId,
      periodStart: event.periodStart,
      periodEnd: event.periodEnd,
      createdAt: now,
      updatedAt: now,
    },
    [{ id: lineId, orderId, position: 0, kind: 'membership', courseId: null, description, amountCents: amounts.amountCents, discountCents: amounts.discountCents }],
  );
  // A renewal paid leaves the status as it was, yet the member's open dashboard has a new receipt to list.
  if (inserted) await announce(tx, row, row.status);
  if (inserted) await notifySubscriptionRenewed(tx, { userId: row.userId, invoiceId: event.invoiceId, totalCents: amounts.totalCents, periodEnd: event.periodEnd, at: now });
  if (inserted) await mailSubscriptionRenewed(tx, { userId: row.userId, invoiceId: event.invoiceId, orderId, periodStart: event.periodStart, periodEnd: event.periodEnd, publicUrl: ctx.publicUrl, authSecret: ctx.authSecret });
}

/**
 * invoice.payment_failed for a renewal: the member's e-mail, queued in the event's transaction. Once
 * per invoice and attempt (the next attempt's date tells attempts apart): the ledger of processed
 * events keeps the mail's key too, and the e-mail's own dedupe key says the same.
 */
export async function renewalFailureMail(
  tx: Tx,
  ctx: MembershipContext,
  event: Of<'invoice.payment_failed'>,
  row: repo.SubscriptionRow,
  now: Date,
  firstTime: FirstTime,
): Promise<void> {
  // The first payment's failure is shown on the payment page, not mailed.
  if (row.status === 'incomplete') return;
  const first = await repo.findFirstOrder(tx, row.id);
  if (!first || first.providerInvoiceId === event.invoiceId) return;
  const attempt = event.nextAttemptAt ? event.nextAttemptAt.toISOString() : 'final';
  if (!(await firstTime(tx, `mail:renewal_failed:${event.invoiceId}:${attempt}`, 'mail.renewal_failed', now))) return;
  const member = await repo.findMember(tx, row.userId);
  if (!member) return;
  const access = isActiveSubscription(row, now);
  await notifySubscriptionPaymentFailed(tx, { userId: row.userId, invoiceId: event.invoiceId, attempt, nextAttemptAt: event.nextAttemptAt, accessUntil: access ? row.currentPeriodEnd : null, at: now });
  const mail = renewalFailedMail({
    to: member,
    amountCents: first.totalCents,
    reason: event.message,
    nextAttemptAt: event.nextAttemptAt,
    ended: !access,
    accessUntil: access ? row.currentPeriodEnd : null,
    publicUrl: ctx.publicUrl,
  });
  await queueEmail(tx, { dedupeKey: `subscription.payment_failed:${event.invoiceId}:${attempt}`, kind: 'subscription.payment_failed', to: member.email, userId: row.userId, mail });
}
