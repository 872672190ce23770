// What a provider's refund event does to our books, inside the webhook's transaction (the
// dispatcher records the event id in the same one). Replays are harmless: a refund moves
// pending → succeeded or pending → failed once; a 'succeeded' refund that later fails (a card
// refund the bank sends back, as Stripe documents) is undone. 'failed' is final, so a late copy of
// an older 'succeeded' event never brings it back. A live class refunded in full frees its seat; a
// refund undone later does not take a seat back (it may be sold again by then): the order shows paid
// again and the admin books the learner anew if need be.
import type { PaymentEvent } from '../../integrations/payments/port';
import type { Db } from '../../db/client';
import { mailRefundIssued } from '../../integrations/mail/transactional';
import { publish } from '../../realtime/publish';
import { notifyRefundIssued, notifyReservationCancelled } from '../notifications/notices';
import { isUuid } from '../params';
import { lockCourseRights } from '../purchases/course-rights';
import * as repo from './repository';

export type RefundEvent = Extract<PaymentEvent, { type: 'refund.succeeded' | 'refund.failed' }>;

/** 'unknown_refund': not one of ours (made outside the site, e.g. in the provider's dashboard). */
export type RefundEventOutcome = 'applied' | 'already_applied' | 'unknown_refund';

export async function applyRefundEvent(tx: Db, event: RefundEvent, now: Date = new Date(), site?: { publicUrl: string; authSecret: string }): Promise<RefundEventOutcome> {
  const ourId = event.refundRecordId && isUuid(event.refundRecordId) ? event.refundRecordId : null;
  const found =
    (ourId ? await repo.findRefundOrderId(tx, { refundId: ourId, providerRefundId: event.refundId }) : null) ??
    (await repo.findRefundOrderId(tx, { refundId: null, providerRefundId: event.refundId }));
  if (!found) return 'unknown_refund';

  // The order first, then the refund: the same order as a refund request takes its locks.
  const order = await repo.lockOrder(tx, found.orderId);
  const refund = await repo.lockRefund(tx, found.id);
  if (!order || !refund) return 'unknown_refund';
  if (refund.providerRefundId && refund.providerRefundId !== event.refundId) return 'unknown_refund';
  const providerRefundId = refund.providerRefundId ?? event.refundId;

  if (event.type === 'refund.succeeded') {
    if (refund.status !== 'pending') return 'already_applied';
    await repo.updateRefund(tx, refund.id, { status: 'succeeded', succeededAt: now, providerRefundId, updatedAt: now });
    for (const line of refund.lines) await repo.addRefundedCents(tx, line.orderLineId, line.amountCents);
    await settleOrder(tx, order, now, false);
    if (order.userId) await notifyRefundIssued(tx, { userId: order.userId, refundId: refund.id, totalCents: refund.totalCents, at: now });
    if (site) await mailRefundIssued(tx, { refundId: refund.id, publicUrl: site.publicUrl, authSecret: site.authSecret });
    return 'applied';
  }

  if (refund.status === 'failed') return 'already_applied';
  const undo = refund.status === 'succeeded';
  await repo.updateRefund(tx, refund.id, { status: 'failed', succeededAt: null, providerRefundId, updatedAt: now });
  if (undo) {
    for (const line of refund.lines) await repo.addRefundedCents(tx, line.orderLineId, -line.amountCents);
    await settleOrder(tx, order, now, true);
  }
  return 'applied';
}

/**
 * From what each line has had back: a fully refunded line's purchase loses its access, and the
 * order is 'refunded' when every line is, 'partially_refunded' when some money went back.
 */
async function settleOrder(tx: Db, order: { id: string; userId: string; status: string }, now: Date, undone: boolean) {
  const { id: orderId, status } = order;
  const lines = await repo.listLines(tx, orderId);
  // Purchases change below: the same lock as a payment granting one (purchases/course-rights.ts).
  await lockCourseRights(tx, order.userId, lines.flatMap((l) => (l.courseId ? [l.courseId] : [])));
  const allBack = lines.every((l) => l.refundedCents >= l.amountCents);
  // A free line is "fully refunded" only with the whole order.
  const isBack = (l: (typeof lines)[number]) => allBack || (l.amountCents > 0 && l.refundedCents >= l.amountCents);
  await repo.setPurchaseStatus(tx, lines.filter(isBack).map((l) => l.id), 'succeeded', 'refunded', now);
  if (!undone) {
    // A live class refunded in full gives its seat back (the learner's own and the session's
    // cancellations have already ended theirs: nothing more happens to those).
    const freed = await repo.cancelSeatsOfLines(tx, lines.filter(isBack).map((l) => l.id), now);
    for (const r of freed) await publish(tx, { userId: r.userId }, { type: 'reservation.updated', reservationId: r.id });
    for (const r of freed) await notifyReservationCancelled(tx, { reservationId: r.id, at: now, by: 'admin' });
  }
  if (undone) await repo.setPurchaseStatus(tx, lines.filter((l) => !isBack(l)).map((l) => l.id), 'refunded', 'succeeded', now);
  if (!['paid', 'partially_refunded', 'refunded'].includes(status)) return;
  const anyBack = lines.some((l) => l.refundedCents > 0);
  await repo.setOrderStatus(tx, orderId, allBack && anyBack ? 'refunded' : anyBack ? 'partially_refunded' : 'paid', now);
}
