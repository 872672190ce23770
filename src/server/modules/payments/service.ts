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
// a seat that cannot be had is refunded: planned inside, asked of the provider after commit, with
// the learner's e-mail and the public pages' seat counts.
import type { Deps } from '../../deps';
import { AppError } from '../../http/app-error';
import { createMailer, type Mailer } from '../../integrations/mail/mailer';
import { WebhookSignatureError, type PaymentEvent, type PaymentProvider } from '../../integrations/payments/port';
import { invalidatePublicCache } from '../../web/public-cache';
import { settlePaidSeats, type SeatSettlement } from '../booking/payment-confirmation';
import { isUuid } from '../params';
import { applyRefundEvent } from '../refunds/events';
import { submitRefund } from '../refunds/automatic';
import * as repo from './repository';

export type WebhookOutcome = 'processed' | 'duplicate' | 'ignored';

type Of<T extends PaymentEvent['type']> = Extract<PaymentEvent, { type: T }>;

/** Statuses that mean the money was received: no payment event moves an order out of them. */
const SETTLED = new Set(['paid', 'partially_refunded', 'refunded']);

export function createPaymentService(
  deps: Pick<Deps, 'config' | 'database' | 'logger' | 'now'>,
  provider: PaymentProvider,
  mailer: Mailer = createMailer(deps.config, deps.database.db, deps.logger),
) {
  const db = () => deps.database.db;

  /**
   * After commit: the refund asked of the provider, the learner told, the seat counts refreshed.
   * The event's effects are committed, so nothing here may fail the webhook: a refund not asked
   * now is asked by the retry sweep (refunds/automatic.ts).
   */
  async function afterSeats(settled: SeatSettlement) {
    if (settled.seatsChanged) invalidatePublicCache();
    if (settled.refund) {
      await submitRefund(deps, provider, settled.refund).catch((err: unknown) =>
        deps.logger.error({ err, refundId: settled.refund?.id }, 'remboursement automatique non transmis (la reprise le fera)'),
      );
    }
    if (settled.mail) {
      await mailer.send(settled.mail).catch((err: unknown) => deps.logger.error({ err, to: settled.mail?.to }, 'e-mail de remboursement automatique non envoyé'));
    }
  }

  /** The order a payment event is about; metadata from elsewhere (not one of our ids) finds none. */
  function lockOrder(tx: repo.Tx, event: { paymentId: string; orderId: string | null }) {
    return repo.lockOrderForPayment(tx, provider.name, event.paymentId, event.orderId && isUuid(event.orderId) ? event.orderId.toLowerCase() : null);
  }

  async function succeeded(tx: repo.Tx, event: Of<'payment.succeeded'>, now: Date): Promise<SeatSettlement | null> {
    const order = await lockOrder(tx, event);
    if (!order) {
      deps.logger.warn({ eventId: event.id, paymentId: event.paymentId }, 'paiement réussi sans commande connue');
      return null;
    }
    if (SETTLED.has(order.status)) return null;
    if (event.amountCents !== order.totalCents) {
      // Never grant a course for another amount than the order's; a person looks at it.
      deps.logger.error({ eventId: event.id, orderId: order.id, paid: event.amountCents, due: order.totalCents }, 'montant payé différent du total de la commande');
      return null;
    }
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
    await repo.grantPurchases(tx, order.id, order.userId, now);
    return settlePaidSeats(tx, { orderId: order.id, userId: order.userId, now, provider: provider.name, publicUrl: deps.config.publicUrl });
  }

  async function processing(tx: repo.Tx, event: Of<'payment.processing'>, now: Date) {
    const order = await lockOrder(tx, event);
    if (!order || (order.status !== 'pending' && order.status !== 'failed')) return;
    await repo.setOrder(tx, order.id, { status: 'processing', providerPaymentId: event.paymentId, failureMessage: null }, now);
  }

  async function failed(tx: repo.Tx, event: Of<'payment.failed'>, now: Date) {
    const order = await lockOrder(tx, event);
    if (!order || SETTLED.has(order.status)) return;
    await repo.setOrder(tx, order.id, { status: 'failed', providerPaymentId: event.paymentId, failureMessage: event.message }, now);
  }

  /** Applies the event; returns what a payment left to do after commit, if anything. */
  async function apply(tx: repo.Tx, event: Exclude<PaymentEvent, { type: 'ignored' }>, now: Date): Promise<SeatSettlement | null> {
    switch (event.type) {
      case 'payment.succeeded':
        return succeeded(tx, event, now);
      case 'payment.processing':
        await processing(tx, event, now);
        return null;
      case 'payment.failed':
        await failed(tx, event, now);
        return null;
      case 'refund.succeeded':
      case 'refund.failed': {
        const outcome = await applyRefundEvent(tx, event, now);
        if (outcome === 'unknown_refund') deps.logger.warn({ eventId: event.id, refundId: event.refundId }, 'remboursement inconnu du site');
        return null;
      }
    }
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
      if (event.type === 'ignored') return 'ignored';
      if (event.type === 'payment.succeeded' && !event.method && provider.retrievePaymentMethod) {
        // Before the transaction (no network call inside it). The receipt wants the card's brand
        // and last four; a payment is fulfilled without them if the provider cannot say.
        const { paymentId } = event;
        const method = await provider.retrievePaymentMethod(paymentId).catch((err: unknown) => {
          deps.logger.warn({ err, paymentId }, 'moyen de paiement introuvable chez le fournisseur');
          return null;
        });
        event = { ...event, method };
      }
      const now = deps.now();
      let settled: SeatSettlement | null = null;
      const outcome = await db().transaction(async (tx): Promise<WebhookOutcome> => {
        if (!(await repo.recordEvent(tx, provider.name, event.id, event.type, now))) return 'duplicate';
        settled = await apply(tx, event, now);
        return 'processed';
      });
      if (settled) await afterSeats(settled);
      return outcome;
    },
  };
}

export type PaymentService = ReturnType<typeof createPaymentService>;
