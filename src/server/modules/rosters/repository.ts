// The roster's queries: one session with its course and chef, every reservation of it with the
// learner and what their seat's order line was paid and refunded, and the messages sent to it.
import { and, asc, count, desc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { courseSessions, courses, orderLines, orders, profiles, refunds, reservations, sessionMessages, users } from '../../db/schema';
import { holdsSeat } from '../booking/seats';

type Conn = Pick<Db, 'select' | 'insert' | 'update' | 'execute'>;

export type RosterSessionRow = {
  id: string;
  courseId: string;
  courseTitle: string;
  teacherId: string | null;
  teacherName: string | null;
  startsAt: Date;
  sessionMinutes: number | null;
  courseMinutes: number | null;
  capacity: number;
  status: 'scheduled' | 'cancelled';
  videoLink: string | null;
  recordingUrl: string | null;
  recordingKey: string | null;
};

export async function findSession(db: Conn, id: string): Promise<RosterSessionRow | null> {
  const [row] = await db
    .select({
      id: courseSessions.id,
      courseId: courses.id,
      courseTitle: courses.title,
      teacherId: courses.teacherId,
      teacherName: profiles.fullName,
      startsAt: courseSessions.startsAt,
      sessionMinutes: courseSessions.durationMinutes,
      courseMinutes: courses.durationMinutes,
      capacity: courseSessions.capacity,
      status: courseSessions.status,
      videoLink: courseSessions.videoLink,
      recordingUrl: courseSessions.recordingUrl,
      recordingKey: courseSessions.recordingKey,
    })
    .from(courseSessions)
    .innerJoin(courses, eq(courses.id, courseSessions.courseId))
    .leftJoin(profiles, eq(profiles.userId, courses.teacherId))
    .where(eq(courseSessions.id, id));
  return row ?? null;
}

export async function seatsTaken(db: Conn, sessionIds: string[], now: Date): Promise<Map<string, number>> {
  if (sessionIds.length === 0) return new Map();
  const rows = await db
    .select({ sessionId: reservations.sessionId, n: count() })
    .from(reservations)
    .where(and(inArray(reservations.sessionId, sessionIds), holdsSeat(now)))
    .groupBy(reservations.sessionId);
  return new Map(rows.map((r) => [r.sessionId, r.n]));
}

export type RosterReservationRow = {
  id: string;
  userId: string;
  name: string;
  email: string;
  status: 'pending_payment' | 'confirmed' | 'cancelled' | 'expired';
  holdExpiresAt: Date | null;
  cancelReason: string | null;
  cancelledAt: Date | null;
  servings: number | null;
  createdAt: Date;
};

/** Every reservation of the session, in booking order. */
export async function sessionReservations(db: Conn, sessionId: string): Promise<RosterReservationRow[]> {
  return db
    .select({
      id: reservations.id,
      userId: reservations.userId,
      name: reservations.clientName,
      email: users.email,
      status: reservations.status,
      holdExpiresAt: reservations.holdExpiresAt,
      cancelReason: reservations.cancelReason,
      cancelledAt: reservations.cancelledAt,
      servings: reservations.servings,
      createdAt: reservations.createdAt,
    })
    .from(reservations)
    .innerJoin(users, eq(users.id, reservations.userId))
    .where(eq(reservations.sessionId, sessionId))
    .orderBy(asc(reservations.createdAt), asc(reservations.id));
}

export type PaidLineRow = { reservationId: string; orderLineId: string; orderId: string; amountCents: number; refundedCents: number };

/** The order lines that paid for these seats (orders paid, whatever was refunded since). */
export async function paidLines(db: Conn, reservationIds: string[]): Promise<PaidLineRow[]> {
  if (reservationIds.length === 0) return [];
  const rows = await db
    .select({
      reservationId: orderLines.reservationId,
      orderLineId: orderLines.id,
      orderId: orderLines.orderId,
      amountCents: orderLines.amountCents,
      refundedCents: orderLines.refundedCents,
    })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .where(and(inArray(orderLines.reservationId, reservationIds), sql`${orders.paidAt} is not null`));
  return rows.filter((r): r is PaidLineRow => r.reservationId !== null);
}

export type RefundRow = { orderId: string; status: 'pending' | 'succeeded' | 'failed'; lines: { orderLineId: string; amountCents: number }[] };

export async function refundsOf(db: Conn, orderIds: string[]): Promise<RefundRow[]> {
  if (orderIds.length === 0) return [];
  const rows = await db
    .select({ orderId: refunds.orderId, status: refunds.status, lines: refunds.lines })
    .from(refunds)
    .where(inArray(refunds.orderId, orderIds))
    .orderBy(asc(refunds.createdAt));
  return rows.map((r) => ({ ...r, lines: (r.lines as RefundRow['lines']) ?? [] }));
}

export type MessageRow = typeof sessionMessages.$inferSelect;

export async function listMessages(db: Conn, sessionId: string): Promise<MessageRow[]> {
  return db.select().from(sessionMessages).where(eq(sessionMessages.sessionId, sessionId)).orderBy(desc(sessionMessages.createdAt), desc(sessionMessages.id));
}

/** The new message, or null when this key already sent one for the session (a double submit, a retry). */
export async function insertMessageOnce(db: Conn, values: typeof sessionMessages.$inferInsert): Promise<MessageRow | null> {
  const [row] = await db.insert(sessionMessages).values(values).onConflictDoNothing().returning();
  return row ?? null;
}

export async function findMessageByKey(db: Conn, sessionId: string, idempotencyKey: string): Promise<MessageRow | null> {
  const [row] = await db
    .select()
    .from(sessionMessages)
    .where(and(eq(sessionMessages.sessionId, sessionId), eq(sessionMessages.idempotencyKey, idempotencyKey)));
  return row ?? null;
}

/** Locks the session's row: two messages, or a message and a cancellation, go one after the other. */
export async function lockSession(db: Conn, id: string): Promise<{ status: 'scheduled' | 'cancelled' } | null> {
  const [row] = await db.select({ status: courseSessions.status }).from(courseSessions).where(eq(courseSessions.id, id)).for('update');
  return row ?? null;
}

export type ChefSessionRow = {
  id: string;
  courseId: string;
  courseTitle: string;
  startsAt: Date;
  sessionMinutes: number | null;
  courseMinutes: number | null;
  capacity: number;
  status: 'scheduled' | 'cancelled';
  videoLink: string | null;
};

/** The sessions of the courses a chef teaches, in a time range (or all from `from`), soonest first. */
export async function sessionsTaughtBy(db: Conn, teacherId: string, range: { from: Date; to?: Date }): Promise<ChefSessionRow[]> {
  return db
    .select({
      id: courseSessions.id,
      courseId: courses.id,
      courseTitle: courses.title,
      startsAt: courseSessions.startsAt,
      sessionMinutes: courseSessions.durationMinutes,
      courseMinutes: courses.durationMinutes,
      capacity: courseSessions.capacity,
      status: courseSessions.status,
      videoLink: courseSessions.videoLink,
    })
    .from(courseSessions)
    .innerJoin(courses, eq(courses.id, courseSessions.courseId))
    .where(and(eq(courses.teacherId, teacherId), gte(courseSessions.startsAt, range.from), range.to ? lt(courseSessions.startsAt, range.to) : undefined))
    .orderBy(asc(courseSessions.startsAt), asc(courseSessions.id))
    .limit(500);
}

export async function userEmail(db: Conn, userId: string): Promise<string | null> {
  const [row] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  return row?.email ?? null;
}
