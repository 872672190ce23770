// What a provider's refund event does to our books, inside the webhook's transaction (the
// dispatcher records the event id in the same one). Replays are harmless: a refund moves
// pending → succeeded or pending → failed once; a 'succeeded' refund that later fails (a card
// refund the bank sends back, as Stripe documents) is undone. 'failed' is final, so a late copy of
// an older 'succeeded' event never brings it back. A live class refunded in full frees its seat; a
// refund undone later does not take a seat back (it may be sold again by then): the order shows paid
// again and the admin books the learner anew if need be. A refund undone gives back only the
// purchases of its own lines, and only where the person has not bought that course again in the
// meantime: then the money the bank sent back pays for a course already had, and that line is
// refunded again, in full, automatically (key `owned-again:<refundId>`; docs/decisions/0028).
import type { PaymentEvent, PaymentProvider } from '../../integrations/payments/port';
import type { Db } from '../../db/client';
import { isUuid } from '../params';
import { planRefund, type PlannedRefund } from './automatic';
import * as repo from './repository';
import { completeRefund, settleOrder } from './settle';

export type RefundEvent = Extract<PaymentEvent, { type: 'refund.succeeded' | 'refund.failed' }>;

/** 'unknown_refund': not one of ours (made outside the site, e.g. in the provider's dashboard). */
export type RefundEventOutcome = 'applied' | 'already_applied' | 'unknown_refund';

export const OWNED_AGAIN_REASON = 'Remboursement refusé par la banque, cours racheté entre-temps : remboursement automatique';

export async function applyRefundEvent(tx: Db, event: RefundEvent, now: Date = new Date(), site?: { publicUrl: string; authSecret: string }): Promise<RefundEventOutcome> {
  return (await applyRefundEventAndPlan(tx, event, now, site)).outcome;
}

/**
 * As applyRefundEvent; with `provider`, an undone refund whose course was bought again plans its
 * line's new refund in this transaction, returned to be asked of the provider after commit.
 */
export async function applyRefundEventAndPlan(
  tx: Db,
  event: RefundEvent,
  now: Date = new Date(),
  site?: { publicUrl: string; authSecret: string },
  provider?: PaymentProvider['name'],
): Promise<{ outcome: RefundEventOutcome; refund: PlannedRefund | null }> {
  const outcome = (o: RefundEventOutcome) => ({ outcome: o, refund: null });
  const ourId = event.refundRecordId && isUuid(event.refundRecordId) ? event.refundRecordId : null;
  const found =
    (ourId ? await repo.findRefundOrderId(tx, { refundId: ourId, providerRefundId: event.refundId }) : null) ??
    (await repo.findRefundOrderId(tx, { refundId: null, providerRefundId: event.refundId }));
  if (!found) return outcome('unknown_refund');

  // The order first, then the refund: the same order as a refund request takes its locks.
  const order = await repo.lockOrder(tx, found.orderId);
  const refund = await repo.lockRefund(tx, found.id);
  if (!order || !refund) return outcome('unknown_refund');
  if (refund.providerRefundId && refund.providerRefundId !== event.refundId) return outcome('unknown_refund');
  const providerRefundId = refund.providerRefundId ?? event.refundId;

  if (event.type === 'refund.succeeded') {
    if (refund.status !== 'pending') return outcome('already_applied');
    await completeRefund(tx, order, refund, providerRefundId, now, site);
    return outcome('applied');
  }

  if (refund.status === 'failed') return outcome('already_applied');
  const undo = refund.status === 'succeeded';
  await repo.updateRefund(tx, refund.id, { status: 'failed', succeededAt: null, providerRefundId, updatedAt: now });
  let again: string[] = [];
  if (undo) {
    for (const line of refund.lines) await repo.addRefundedCents(tx, line.orderLineId, -line.amountCents);
    again = await settleOrder(tx, order, now, true);
  }
  // Paid through another provider than the configured one: the admin refunds it there (a person looks at it).
  if (again.length === 0 || !provider || order.provider !== provider) return outcome('applied');
  const planned = await planRefund(tx, {
    orderId: order.id,
    lines: again.map((orderLineId) => ({ orderLineId })),
    reason: OWNED_AGAIN_REASON,
    createdBy: null,
    idempotencyKey: `owned-again:${refund.id}`,
    now,
    provider,
  });
  return { outcome: 'applied', refund: planned };
}
