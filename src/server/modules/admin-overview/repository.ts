// « Aperçu »'s own reads: the coming sessions with their seats and what they lack, the members who
// joined, left or failed to renew, and the counts of what waits for the admin (e-mails not sent,
// payments and refunds the provider has not settled). Revenue and active members come from the
// Ventes service (service.ts), so the two pages never disagree.
import { and, asc, count, eq, gte, inArray, isNotNull, isNull, lt, ne, notInArray, or } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { courseSessions, courses, emailDeliveries, orders, refunds, reservations, subscriptions } from '../../db/schema';
import { holdsSeat, seatSum } from '../booking/seats';

export type Range = { start: Date; end: Date };

/** Scheduled sessions starting in the range, soonest first, with their seats taken at `now` and their confirmed seats. */
export async function comingSessions(db: Db, range: Range, now: Date) {
  const rows = await db
    .select({
      id: courseSessions.id,
      courseId: courseSessions.courseId,
      courseTitle: courses.title,
      startsAt: courseSessions.startsAt,
      sessionMinutes: courseSessions.durationMinutes,
      courseMinutes: courses.durationMinutes,
      capacity: courseSessions.capacity,
      minSeats: courseSessions.minSeats,
      videoLink: courseSessions.videoLink,
      sessionKit: courseSessions.prepKit,
      courseKit: courses.prepKit,
    })
    .from(courseSessions)
    .innerJoin(courses, eq(courses.id, courseSessions.courseId))
    .where(and(eq(courseSessions.status, 'scheduled'), gte(courseSessions.startsAt, range.start), lt(courseSessions.startsAt, range.end)))
    .orderBy(asc(courseSessions.startsAt), asc(courseSessions.id));
  if (!rows.length) return [];
  const ids = rows.map((r) => r.id);
  const [taken, confirmed] = await Promise.all([
    db
      .select({ sessionId: reservations.sessionId, n: seatSum() })
      .from(reservations)
      .where(and(inArray(reservations.sessionId, ids), holdsSeat(now)))
      .groupBy(reservations.sessionId),
    db
      .select({ sessionId: reservations.sessionId, n: seatSum() })
      .from(reservations)
      .where(and(inArray(reservations.sessionId, ids), eq(reservations.status, 'confirmed')))
      .groupBy(reservations.sessionId),
  ]);
  const takenOf = new Map(taken.map((t) => [t.sessionId, t.n]));
  const confirmedOf = new Map(confirmed.map((t) => [t.sessionId, t.n]));
  return rows.map((r) => ({ ...r, seatsTaken: takenOf.get(r.id) ?? 0, confirmedSeats: confirmedOf.get(r.id) ?? 0 }));
}

/** Memberships started in the range (one never paid, 'incomplete', is not a member). */
export async function membersStarted(db: Db, range: Range): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(subscriptions)
    .where(and(gte(subscriptions.createdAt, range.start), lt(subscriptions.createdAt, range.end), ne(subscriptions.status, 'incomplete')));
  return row?.n ?? 0;
}

/** Memberships that ended in the range. */
export async function membersEnded(db: Db, range: Range): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(subscriptions)
    .where(and(eq(subscriptions.status, 'canceled'), isNotNull(subscriptions.endedAt), gte(subscriptions.endedAt, range.start), lt(subscriptions.endedAt, range.end)));
  return row?.n ?? 0;
}

/** Memberships whose renewal payment failed and is still owed. */
export async function failedRenewals(db: Db): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(subscriptions)
    .where(and(inArray(subscriptions.status, ['past_due', 'unpaid']), isNull(subscriptions.endedAt)));
  return row?.n ?? 0;
}

/** E-mails whose last try failed (a turned-off preference is a choice, not a failure). */
export async function failedEmails(db: Db): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(emailDeliveries)
    .where(and(isNull(emailDeliveries.sentAt), isNotNull(emailDeliveries.skippedReason), notInArray(emailDeliveries.skippedReason, ['preference'])));
  return row?.n ?? 0;
}

/** Orders the provider is still processing since before `before`. */
export async function paymentsProcessingSince(db: Db, before: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(orders)
    .where(and(eq(orders.status, 'processing'), lt(orders.updatedAt, before)));
  return row?.n ?? 0;
}

/** Refunds not settled by the provider: pending, and failed. */
export async function unsettledRefunds(db: Db): Promise<{ pending: number; failed: number }> {
  const rows = await db
    .select({ status: refunds.status, n: count() })
    .from(refunds)
    .where(or(eq(refunds.status, 'pending'), eq(refunds.status, 'failed')))
    .groupBy(refunds.status);
  const of = (s: string) => rows.find((r) => r.status === s)?.n ?? 0;
  return { pending: of('pending'), failed: of('failed') };
}
