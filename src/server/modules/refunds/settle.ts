// A refund done: its lines given back, the purchases and seats they paid for ended, the order's
// status from what each line has had back, the learner told. The provider's refund event does it
// (events.ts), and so does a refund that goes wholly to « Crédit Toque » (automatic.ts: no provider).
import type { Db } from '../../db/client';
import { mailRefundIssued } from '../../integrations/mail/transactional';
import { publish } from '../../realtime/publish';
import { notifyRefundIssued, notifyReservationCancelled } from '../notifications/notices';
import { coursesOwnedElsewhere, lockCourseRights } from '../purchases/course-rights';
import { promoteLater } from '../waitlist/jobs';
import * as repo from './repository';

/** A pending refund succeeded: inside the caller's transaction, the order and the refund locked (in that order). */
export async function completeRefund(
  tx: Db,
  order: { id: string; userId: string; status: string },
  refund: { id: string; totalCents: number; lines: repo.RefundLineRecord[] },
  providerRefundId: string,
  now: Date,
  site?: { publicUrl: string; authSecret: string },
): Promise<void> {
  await repo.updateRefund(tx, refund.id, { status: 'succeeded', succeededAt: now, providerRefundId, updatedAt: now });
  for (const line of refund.lines) await repo.addRefundedCents(tx, line.orderLineId, line.amountCents);
  await settleOrder(tx, order, now, false);
  if (order.userId) await notifyRefundIssued(tx, { userId: order.userId, refundId: refund.id, totalCents: refund.totalCents, at: now });
  if (site) await mailRefundIssued(tx, { refundId: refund.id, publicUrl: site.publicUrl, authSecret: site.authSecret });
}

/**
 * From what each line has had back: a fully refunded line's purchase loses its access, and the
 * order is 'refunded' when every line is, 'partially_refunded' when some money went back. Undone:
 * returns the lines whose purchase was NOT given back because the person bought that course again
 * through another order (to be refunded again; never two purchases of one course).
 */
export async function settleOrder(tx: Db, order: { id: string; userId: string; status: string }, now: Date, undone: boolean): Promise<string[]> {
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
    // Their seats go to the session's waitlist after commit (this transaction holds the order's lock first).
    for (const sessionId of new Set(freed.map((r) => r.sessionId))) await promoteLater(tx, sessionId, now);
  }
  let boughtAgain: string[] = [];
  if (undone) {
    const restore = lines.filter((l) => !isBack(l));
    const wasRefunded = await repo.refundedPurchaseLines(tx, restore.map((l) => l.id));
    const owned = await coursesOwnedElsewhere(tx, order.userId, restore.flatMap((l) => (l.courseId && wasRefunded.has(l.id) ? [l.courseId] : [])), orderId);
    boughtAgain = restore.filter((l) => wasRefunded.has(l.id) && l.courseId && owned.has(l.courseId)).map((l) => l.id);
    await repo.setPurchaseStatus(tx, restore.filter((l) => !boughtAgain.includes(l.id)).map((l) => l.id), 'refunded', 'succeeded', now);
  }
  if (!['paid', 'partially_refunded', 'refunded'].includes(status)) return boughtAgain;
  const anyBack = lines.some((l) => l.refundedCents > 0);
  await repo.setOrderStatus(tx, orderId, allBack && anyBack ? 'refunded' : anyBack ? 'partially_refunded' : 'paid', now);
  return boughtAgain;
}
