// The lock on a person's right to a course. Every transaction that grants a purchase (a payment)
// or takes one back or restores it (a refund's event) takes it for each (person, course) it
// touches, after its order row and in course order (no deadlock): two payments of one course at
// the same moment then see each other, and a refund never crosses a payment unseen. A transaction
// lock: it ends with the transaction, on PostgreSQL and PGlite alike. Also: which of an order's
// courses the person holds through another purchase (a payment does not grant them twice, a refund
// does not take them back).
import { and, eq, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { orderLines, purchases } from '../../db/schema';

export async function lockCourseRights(tx: Db | Tx, userId: string, courseIds: readonly string[]): Promise<void> {
  for (const courseId of [...new Set(courseIds)].sort()) {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`course-right:${userId}:${courseId}`}, 0))`);
  }
}

/** Of these courses, those the person owns through a succeeded purchase that is not this order's (the demo's have no order). */
export async function coursesOwnedElsewhere(tx: Db | Tx, userId: string, courseIds: string[], orderId: string): Promise<Set<string>> {
  if (courseIds.length === 0) return new Set();
  const rows = await tx
    .select({ courseId: purchases.courseId })
    .from(purchases)
    .leftJoin(orderLines, eq(orderLines.id, purchases.orderLineId))
    .where(
      and(
        eq(purchases.userId, userId),
        eq(purchases.status, 'succeeded'),
        inArray(purchases.courseId, courseIds),
        or(isNull(purchases.orderLineId), ne(orderLines.orderId, orderId)),
      ),
    );
  return new Set(rows.map((r) => r.courseId));
}
