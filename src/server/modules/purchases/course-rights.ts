// The lock on a person's right to a course. Every transaction that grants a purchase (a payment)
// or takes one back or restores it (a refund's event) takes it for each (person, course) it
// touches, after its order row and in course order (no deadlock): two payments of one course at
// the same moment then see each other, and a refund never crosses a payment unseen. A transaction
// lock: it ends with the transaction, on PostgreSQL and PGlite alike.
import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';

export async function lockCourseRights(tx: Db | Tx, userId: string, courseIds: readonly string[]): Promise<void> {
  for (const courseId of [...new Set(courseIds)].sort()) {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`course-right:${userId}:${courseId}`}, 0))`);
  }
}
