// Mes Achats: one user's purchases that gave access or were refunded, with their course, the
// order that paid them (none for the demo's purchases recorded before orders existed) and, for a
// live class, the session of the confirmed seat that order line paid for; for a recorded course,
// how far the learner watched it.
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { courseProgress, courseSessions, courses, orderLines, orders, purchases, refunds, reservations } from '../../db/schema';

export async function listPurchases(db: Db, userId: string) {
  return db
    .select({
      id: purchases.id,
      status: purchases.status,
      amountCents: purchases.amountCents,
      lineAmountCents: orderLines.amountCents,
      orderTaxLines: orders.taxLines,
      createdAt: purchases.createdAt,
      orderLineId: purchases.orderLineId,
      courseId: courses.id,
      courseTitle: courses.title,
      courseImageUrl: courses.imageUrl,
      courseIsLive: courses.isLive,
      orderId: orders.id,
      orderStatus: orders.status,
      // The owner of the order, checked again: a purchase only ever shows its own user's receipt.
      orderUserId: orders.userId,
      sessionId: courseSessions.id,
      reservationId: reservations.id,
      sessionStartsAt: courseSessions.startsAt,
      recordingUrl: courseSessions.recordingUrl,
      hasRecordingVideo: sql<boolean>`${courseSessions.recordingKey} is not null`.mapWith(Boolean),
      progressPosition: courseProgress.positionSeconds,
      progressDuration: courseProgress.durationSeconds,
      progressCompletedAt: courseProgress.completedAt,
      // A seat of a session the chef cancelled whose learner has not chosen card or credit yet (decision 0043).
      choiceReservationId: sql<string | null>`(select r.id from ${reservations} r where r.id = ${orderLines.reservationId}
        and r.user_id = ${purchases.userId} and r.refund_choice_due_at is not null and r.refund_choice is null)`,
      choiceDueAt: sql<unknown>`(select r.refund_choice_due_at from ${reservations} r where r.id = ${orderLines.reservationId}
        and r.user_id = ${purchases.userId} and r.refund_choice is null)`,
    })
    .from(purchases)
    .innerJoin(courses, eq(courses.id, purchases.courseId))
    .leftJoin(orderLines, eq(orderLines.id, purchases.orderLineId))
    .leftJoin(orders, eq(orders.id, orderLines.orderId))
    // Only a seat confirmed for this very user: a hold, a cancelled or a lost seat (no_seat) shows no
    // session, and so never its recording.
    .leftJoin(
      reservations,
      and(eq(reservations.id, orderLines.reservationId), eq(reservations.userId, purchases.userId), eq(reservations.status, 'confirmed')),
    )
    .leftJoin(courseSessions, eq(courseSessions.id, reservations.sessionId))
    .leftJoin(courseProgress, and(eq(courseProgress.userId, purchases.userId), eq(courseProgress.courseId, purchases.courseId)))
    .where(and(eq(purchases.userId, userId), inArray(purchases.status, ['succeeded', 'refunded'])))
    .orderBy(desc(purchases.createdAt), desc(purchases.id));
}

/** The succeeded refunds of these orders, newest first, with the lines each gave back. */
export async function listSucceededRefunds(db: Db, orderIds: string[]) {
  if (orderIds.length === 0) return [];
  const rows = await db
    .select({ id: refunds.id, orderId: refunds.orderId, lines: refunds.lines, number: refunds.number })
    .from(refunds)
    .where(and(inArray(refunds.orderId, orderIds), eq(refunds.status, 'succeeded')))
    .orderBy(desc(refunds.number));
  return rows.map((r) => ({ ...r, lines: r.lines as { orderLineId: string; amountCents: number }[] }));
}
