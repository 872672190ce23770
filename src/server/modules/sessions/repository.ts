// The admin's session SQL. Functions taking `tx` run inside the caller's transaction; the orders
// paying for the session's seats are locked before the session, the session before its
// reservations (lock order: orders → course_sessions → reservations), as the webhook does.
import { and, asc, count, eq, gte, inArray, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { courseSessions, courses, orderLines, orders, profiles, refunds, reservations, users } from '../../db/schema';
import { PAID_ORDER_STATUSES } from '../booking/service';
import { holdsSeat, seatSum } from '../booking/seats';

type Conn = Db | Tx;

const sessionColumns = {
  id: courseSessions.id,
  courseId: courseSessions.courseId,
  courseTitle: courses.title,
  teacherId: courses.teacherId,
  startsAt: courseSessions.startsAt,
  sessionMinutes: courseSessions.durationMinutes,
  courseMinutes: courses.durationMinutes,
  capacity: courseSessions.capacity,
  minSeats: courseSessions.minSeats,
  status: courseSessions.status,
  videoLink: courseSessions.videoLink,
  recordingUrl: courseSessions.recordingUrl,
  recordingKey: courseSessions.recordingKey,
  cancelReason: courseSessions.cancelReason,
  sequence: courseSessions.sequence,
  videoLinkNotified: courseSessions.videoLinkNotified,
  videoLinkVersion: courseSessions.videoLinkVersion,
  minimumAskedAt: courseSessions.minimumAskedAt,
  minimumAnswerDueAt: courseSessions.minimumAnswerDueAt,
  minimumKeptAt: courseSessions.minimumKeptAt,
};

export type SessionRow = {
  id: string;
  courseId: string;
  courseTitle: string;
  /** The course's chef (null: the admin's own course). */
  teacherId: string | null;
  startsAt: Date;
  sessionMinutes: number | null;
  courseMinutes: number | null;
  capacity: number;
  /** Confirmed seats under which the session is flagged (0: no minimum). */
  minSeats: number;
  status: 'scheduled' | 'cancelled';
  videoLink: string | null;
  recordingUrl: string | null;
  /** Storage key of the uploaded recording (never sent as-is). */
  recordingKey: string | null;
  cancelReason: string | null;
  sequence: number;
  /** The link the attendees were last told of, and how many tellings there were. */
  videoLinkNotified: string | null;
  videoLinkVersion: number;
  /** Minimum enrolment (docs/decisions/0048): when the chef was asked, by when to answer, when kept. */
  minimumAskedAt: Date | null;
  minimumAnswerDueAt: Date | null;
  minimumKeptAt: Date | null;
};

/**
 * The session with its course, its chef's name and the seats taken at `now` (the booking's own
 * holdsSeat rule).
 */
export async function findSession(conn: Conn, sessionId: string, now: Date): Promise<(SessionRow & { teacherName: string | null; seatsTaken: number }) | null> {
  const [row] = await conn
    .select({ ...sessionColumns, teacherName: profiles.fullName })
    .from(courseSessions)
    .innerJoin(courses, eq(courses.id, courseSessions.courseId))
    .leftJoin(profiles, eq(profiles.userId, courses.teacherId))
    .where(eq(courseSessions.id, sessionId));
  if (!row) return null;
  const taken = await seatsTaken(conn, [sessionId], now);
  return { ...row, seatsTaken: taken.get(sessionId) ?? 0 };
}

/** Seats taken at `now` (confirmed, or held and unpaid) of each session asked. */
export async function seatsTaken(conn: Conn, sessionIds: string[], now: Date): Promise<Map<string, number>> {
  if (sessionIds.length === 0) return new Map();
  const rows = await conn
    .select({ sessionId: reservations.sessionId, n: seatSum() })
    .from(reservations)
    .where(and(inArray(reservations.sessionId, sessionIds), holdsSeat(now)))
    .groupBy(reservations.sessionId);
  return new Map(rows.map((r) => [r.sessionId, r.n]));
}

/** The sessions of the courses a chef teaches, from `from` (and before `to`), soonest first. */
export async function sessionsTaughtBy(conn: Conn, teacherId: string, range: { from: Date; to?: Date }): Promise<SessionRow[]> {
  return conn
    .select(sessionColumns)
    .from(courseSessions)
    .innerJoin(courses, eq(courses.id, courseSessions.courseId))
    .where(and(eq(courses.teacherId, teacherId), gte(courseSessions.startsAt, range.from), range.to ? lt(courseSessions.startsAt, range.to) : undefined))
    .orderBy(asc(courseSessions.startsAt), asc(courseSessions.id))
    .limit(500);
}

/** The session, its row locked until the transaction ends; null if unknown. */
export async function lockSession(tx: Tx, sessionId: string): Promise<SessionRow | null> {
  const [row] = await tx
    .select(sessionColumns)
    .from(courseSessions)
    .innerJoin(courses, eq(courses.id, courseSessions.courseId))
    .where(eq(courseSessions.id, sessionId))
    .for('update', { of: courseSessions });
  return row ?? null;
}

export async function updateSession(
  tx: Tx,
  sessionId: string,
  values: Partial<
    Pick<
      typeof courseSessions.$inferInsert,
      | 'videoLink'
      | 'recordingUrl'
      | 'recordingKey'
      | 'recordingContentType'
      | 'recordingBytes'
      | 'status'
      | 'cancelReason'
      | 'videoLinkNotified'
      | 'videoLinkVersion'
      | 'minimumAskedAt'
      | 'minimumAnswerDueAt'
      | 'minimumKeptAt'
    >
  >,
  now: Date,
): Promise<void> {
  await tx
    .update(courseSessions)
    .set({ ...values, updatedAt: now })
    .where(eq(courseSessions.id, sessionId));
}

/** The session's seats (confirmed, or held at `now`): whose open calendars show its link state. */
export async function seatHolders(conn: Conn, sessionId: string, now: Date) {
  return conn
    .select({ id: reservations.id, userId: reservations.userId })
    .from(reservations)
    .where(and(eq(reservations.sessionId, sessionId), holdsSeat(now)));
}

/** Ids of the paid orders behind the session's confirmed seats, in id order (the order to lock them in). */
export async function paidOrderIds(conn: Conn, sessionId: string): Promise<string[]> {
  const rows = await conn
    .selectDistinct({ orderId: orders.id })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .innerJoin(reservations, eq(reservations.id, orderLines.reservationId))
    .where(
      and(
        eq(reservations.sessionId, sessionId),
        eq(reservations.status, 'confirmed'),
        inArray(orders.status, [...PAID_ORDER_STATUSES]),
      ),
    )
    .orderBy(asc(orders.id));
  return rows.map((r) => r.orderId);
}

/** Pending and confirmed reservations of the session, their rows locked. */
export async function lockLiveReservations(tx: Tx, sessionId: string) {
  return tx
    .select({ id: reservations.id, userId: reservations.userId, status: reservations.status, holdExpiresAt: reservations.holdExpiresAt })
    .from(reservations)
    .where(and(eq(reservations.sessionId, sessionId), inArray(reservations.status, ['pending_payment', 'confirmed'])))
    .orderBy(asc(reservations.id))
    .for('update');
}

export async function cancelReservations(tx: Tx, ids: string[], now: Date): Promise<void> {
  if (!ids.length) return;
  await tx
    .update(reservations)
    .set({ status: 'cancelled', cancelReason: 'session_cancelled', cancelledAt: now, updatedAt: now })
    .where(inArray(reservations.id, ids));
}

/**
 * What cancelling the session did, read back from the rows (the same answer for the first call
 * and any repeat): refunds made under its keys, paid seats whose learner has not chosen card or
 * credit yet, and the unpaid holds it released (a hold keeps its
 * expiry; the payment confirmation clears it when a seat is confirmed).
 */
export async function cancellationCounts(conn: Conn, sessionId: string): Promise<{ refundedReservations: number; awaitingChoice: number; releasedHolds: number }> {
  const cancelled = and(eq(reservations.sessionId, sessionId), eq(reservations.cancelReason, 'session_cancelled'));
  const [refunded] = await conn
    .select({ n: count() })
    .from(refunds)
    .innerJoin(reservations, eq(refunds.idempotencyKey, sql`'session-cancel:' || ${reservations.id}::text`))
    .where(cancelled);
  const [released] = await conn
    .select({ n: count() })
    .from(reservations)
    .where(and(cancelled, isNotNull(reservations.holdExpiresAt)));
  const [waiting] = await conn
    .select({ n: count() })
    .from(reservations)
    .where(and(cancelled, isNotNull(reservations.refundChoiceDueAt), isNull(reservations.refundChoice)));
  return { refundedReservations: refunded?.n ?? 0, awaitingChoice: waiting?.n ?? 0, releasedHolds: released?.n ?? 0 };
}

/** The refunds made when the session was cancelled (one per refunded seat). */
export async function sessionCancelRefundIds(conn: Conn, sessionId: string): Promise<string[]> {
  const rows = await conn
    .select({ id: refunds.id })
    .from(refunds)
    .innerJoin(reservations, eq(refunds.idempotencyKey, sql`'session-cancel:' || ${reservations.id}::text`))
    .where(and(eq(reservations.sessionId, sessionId), eq(reservations.cancelReason, 'session_cancelled')));
  return rows.map((r) => r.id);
}

/** The session's confirmed attendees with what their e-mails need (id order). */
export async function confirmedAttendees(conn: Conn, sessionId: string) {
  return conn
    .select({ reservationId: reservations.id, userId: reservations.userId, email: users.email, name: users.name })
    .from(reservations)
    .innerJoin(users, eq(users.id, reservations.userId))
    .where(and(eq(reservations.sessionId, sessionId), eq(reservations.status, 'confirmed')))
    .orderBy(asc(reservations.id));
}

export async function countConfirmed(conn: Conn, sessionId: string): Promise<number> {
  const [row] = await conn
    .select({ n: count() })
    .from(reservations)
    .where(and(eq(reservations.sessionId, sessionId), eq(reservations.status, 'confirmed')));
  return row?.n ?? 0;
}

/**
 * Serialises the writes to one chef's schedule (her courses' sessions, or one course's when it has
 * no chef — the scope the overlap check reads) until the transaction ends: a transaction-level
 * advisory lock keyed on the chef. Two creates or moves for the same chef at once take turns, so the
 * second one's overlap check sees the first one's session (committed) and is refused in its turn.
 */
export async function lockChefSchedule(tx: Tx, s: { teacherId: string | null; courseId: string }): Promise<void> {
  const key = s.teacherId ? `chef-schedule:${s.teacherId}` : `chef-schedule:course:${s.courseId}`;
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`);
}

/**
 * Scheduled sessions of courses taught by `teacherId` (or, with no teacher, of this course only) that
 * overlap [startsAt, endsAt), other than `exceptId`. Durations as sessionMinutes() reads them.
 */
export async function overlappingSessions(
  conn: Conn,
  s: { teacherId: string | null; courseId: string; startsAt: Date; endsAt: Date; exceptId?: string; defaultMinutes: number },
) {
  const minutes = sql`coalesce(${courseSessions.durationMinutes}, ${courses.durationMinutes}, ${s.defaultMinutes})`;
  return conn
    .select({ id: courseSessions.id, courseTitle: courses.title, startsAt: courseSessions.startsAt })
    .from(courseSessions)
    .innerJoin(courses, eq(courses.id, courseSessions.courseId))
    .where(
      and(
        s.teacherId ? eq(courses.teacherId, s.teacherId) : eq(courses.id, s.courseId),
        eq(courseSessions.status, 'scheduled'),
        s.exceptId ? sql`${courseSessions.id} <> ${s.exceptId}` : undefined,
        sql`${courseSessions.startsAt} < ${s.endsAt.toISOString()}::timestamptz`,
        sql`${courseSessions.startsAt} + make_interval(mins => ${minutes}::int) > ${s.startsAt.toISOString()}::timestamptz`,
      ),
    )
    .orderBy(asc(courseSessions.startsAt));
}
