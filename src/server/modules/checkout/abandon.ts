// An order nobody pays is closed when its window ends — the seat's hold for a live class, else
// ORDER_PAYMENT_WINDOW_HOURS after the checkout (a membership's first order too) — and shows
// « Abandonnée » (status 'canceled'), never « En attente » for ever. The job is sent in the
// checkout's own transaction, for that moment.
//
// Closing is final. The close is one conditional UPDATE (an order 'processing' — an asynchronous
// method under way — or paid is left as it is, so it and a payment landing at the same moment never
// both win); a membership's reserved subscription ends with it ('canceled'). After
// commit the provider is told: the payment is canceled (a page left open can no longer pay it), the
// membership's subscription ended there. A payment that still lands on a closed order (it succeeded
// at the provider before the cancel reached it) buys nothing and is refunded in full,
// automatically (payments/service.ts, key `closed:<orderId>`). The credit an order took comes back
// with its close (entry `order_payment_reversed`); that late card payment then gets back the card's part only.
import type { Deps } from '../../deps';
import { sendJob } from '../../jobs/boss';
import type { Job } from '../../jobs/jobs';
import { QUEUES } from '../../jobs/queues';
import type { PaymentProvider } from '../../integrations/payments/port';
import { reverseOrderPayment } from '../credit/service';
import { expireUnpaidMembership, providerSubscriptionOf } from '../subscriptions/events';
import * as repo from './repository';
import type { Tx } from '../../db/client';

/** How long a checkout without a seat to hold may wait for its payment (Stripe Checkout's own default). */
export const ORDER_PAYMENT_WINDOW_HOURS = 24;

/** When an order made at `now` closes if unpaid: its earliest seat hold's end, else the payment window's. */
export function closesAt(now: Date, holdEnds: (Date | null)[]): Date {
  const holds = holdEnds.filter((d): d is Date => d !== null).map((d) => d.getTime());
  return new Date(holds.length ? Math.min(...holds) : now.getTime() + ORDER_PAYMENT_WINDOW_HOURS * 3_600_000);
}

export async function scheduleOrderClose(tx: Pick<Tx, 'execute'>, input: { orderId: string; closesAt: Date; now: Date }): Promise<void> {
  await sendJob(tx, QUEUES.orderAbandon, { orderId: input.orderId, closesAt: input.closesAt.toISOString() }, { startAfter: input.closesAt, now: input.now, singletonKey: input.orderId });
}

export class OrderWindowStillOpen extends Error {}

export function orderCloseWorker(deps: Pick<Deps, 'database' | 'logger' | 'now'>, provider: Pick<PaymentProvider, 'name' | 'cancelPayment' | 'cancelSubscriptionNow'>) {
  /** The provider told of a closed order; safe to repeat (a job retried after a provider error asks again). */
  async function cancelAtProvider(orderId: string): Promise<void> {
    const order = await repo.findOrderPayment(deps.database.db, orderId);
    if (!order || order.status !== 'canceled' || order.provider !== provider.name) return;
    if (order.subscriptionId) {
      // A membership's payment is its invoice's: ending the subscription voids the invoice and cancels it.
      const sub = await providerSubscriptionOf(deps.database.db, order.subscriptionId);
      if (sub && sub.provider === provider.name) await provider.cancelSubscriptionNow(sub.providerSubscriptionId);
      return;
    }
    if (!order.providerPaymentId) return;
    const outcome = await provider.cancelPayment(order.providerPaymentId);
    if (outcome === 'too_late') deps.logger.warn({ orderId, paymentId: order.providerPaymentId }, 'commande abandonnée payée quand même : elle sera remboursée à la réception du paiement');
  }

  return async (job: Pick<Job<typeof QUEUES.orderAbandon>, 'data'>): Promise<'abandoned' | 'settled'> => {
    const now = deps.now();
    // pg-boss runs it by the database's clock; this instance's may be behind: tried again soon.
    if (now.getTime() < new Date(job.data.closesAt).getTime()) throw new OrderWindowStillOpen(`order ${job.data.orderId} closes at ${job.data.closesAt}`);
    const closed = await deps.database.db.transaction(async (tx) => {
      const row = await repo.closeUnpaidOrder(tx, job.data.orderId, now);
      const order = row ? await repo.findOrderPayment(tx, row.id) : null;
      if (order?.subscriptionId) await expireUnpaidMembership(tx, order.subscriptionId, now);
      // The « Crédit Toque » it took comes back, once (docs/decisions/0038).
      if (row) await reverseOrderPayment(tx, row, now);
      return row;
    });
    // Also when an earlier try closed it and the provider failed then (the job is retried), or when
    // the account's deletion closed it: an error here fails the job, and pg-boss tries again.
    await cancelAtProvider(job.data.orderId);
    return closed ? 'abandoned' : 'settled';
  };
}
