// The one query behind every reservation view (calendar, 'Détails du cours', cancellation answers,
// the admin's calendar): a reservation with its session, its course and the paid order behind it.
import { and, asc, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { courseSessions, courses, orderLines, orders, refunds, reservations, reservationTransfers } from '../../db/schema';

type Conn = Pick<Db, 'select'>;

export type ReservationRow = {
  id: string;
  userId: string;
  sessionId: string;
  clientName: string;
  status: (typeof reservations.$inferSelect)['status'];
  cancelReason: string | null;
  holdExpiresAt: Date | null;
  startsAt: Date;
  sessionMinutes: number | null;
  sessionStatus: 'scheduled' | 'cancelled';
  videoLink: string | null;
  recordingUrl: string | null;
  /** Whether an uploaded recording exists (the storage key itself never leaves the server). */
  hasRecordingVideo: boolean;
  courseId: string;
  courseTitle: string;
  courseMinutes: number | null;
  /** The order that paid for the seat, chosen as cancel-repository.ts `paidLineOf` chooses it. */
  orderId: string | null;
  /** When the seat was booked, and when the chef last moved its session (null: never). */
  bookedAt: Date;
  movedAt: Date | null;
  /** The session's iCalendar SEQUENCE. */
  sequence: number;
  /** After the chef cancelled the session: the learner's choice, its deadline, and what it gives back (docs/decisions/0043). */
  refundChoiceDueAt: Date | null;
  refundChoice: string | null;
  refundChoiceCents: number | null;
  /** Seats the booking holds, its guests' first names, and the seats its order line paid for (null: unpaid). */
  seats: number;
  guestNames: string[];
  paidSeats: number | null;
  paidAmountCents: number | null;
};

export type ReservationFilter = {
  ids?: string[];
  userId?: string;
  sessionId?: string;
  statuses?: ReservationRow['status'][];
  /** Sessions starting in [from, to). */
  from?: Date;
  to?: Date;
  /**
   * Leaves out the seats a dearer move holds while its difference is paid (docs/decisions/0051):
   * the learner's booking is the one they moved, not a second, unpaid one.
   */
  withoutMoveHolds?: boolean;
};

const paidOrderId = sql<string | null>`(
  select ${orders.id} from ${orderLines}
  join ${orders} on ${orders.id} = ${orderLines.orderId}
  where ${orderLines.reservationId} = ${reservations.id}
    and ${orders.status} in ('paid', 'partially_refunded', 'refunded')
  order by exists (
    select 1 from ${refunds} where ${refunds.orderId} = ${orders.id} and ${refunds.idempotencyKey} = 'seat:' || ${orders.id}::text
  ), ${orders.paidAt} asc nulls last, ${orders.createdAt} asc
  limit 1
)`;

/**
 * What the seat gives back after a cancelled session: the refund made under its key once there is
 * one; before, what is left on the seat's line with its taxes in proportion (as refundTaxes gives them).
 */
const refundChoiceCents = sql<number | null>`coalesce(
  (select ${refunds.totalCents} from ${refunds} where ${refunds.idempotencyKey} = 'session-cancel:' || ${reservations.id}::text limit 1),
  (select round((${orderLines.amountCents} - ${orderLines.refundedCents})::numeric * ${orders.totalCents} / nullif(${orders.subtotalCents}, 0))::int
     from ${orderLines} join ${orders} on ${orders.id} = ${orderLines.orderId}
    where ${orderLines.reservationId} = ${reservations.id} and ${orders.id} = ${paidOrderId})
)`;

export async function findReservationRows(conn: Conn, filter: ReservationFilter): Promise<ReservationRow[]> {
  const where: SQL[] = [];
  if (filter.ids) where.push(inArray(reservations.id, filter.ids.length ? filter.ids : ['00000000-0000-0000-0000-000000000000']));
  if (filter.userId) where.push(eq(reservations.userId, filter.userId));
  if (filter.sessionId) where.push(eq(reservations.sessionId, filter.sessionId));
  if (filter.statuses) where.push(inArray(reservations.status, filter.statuses));
  if (filter.from) where.push(gte(courseSessions.startsAt, filter.from));
  if (filter.to) where.push(lt(courseSessions.startsAt, filter.to));
  if (filter.withoutMoveHolds) where.push(sql`not exists (select 1 from ${reservationTransfers} where ${reservationTransfers.holdReservationId} = ${reservations.id})`);
  return conn
    .select({
      id: reservations.id,
      userId: reservations.userId,
      sessionId: reservations.sessionId,
      clientName: reservations.clientName,
      status: reservations.status,
      cancelReason: reservations.cancelReason,
      holdExpiresAt: reservations.holdExpiresAt,
      startsAt: courseSessions.startsAt,
      sessionMinutes: courseSessions.durationMinutes,
      sessionStatus: courseSessions.status,
      videoLink: courseSessions.videoLink,
      recordingUrl: courseSessions.recordingUrl,
      hasRecordingVideo: sql<boolean>`${courseSessions.recordingKey} is not null`.mapWith(Boolean),
      courseId: courses.id,
      courseTitle: courses.title,
      courseMinutes: courses.durationMinutes,
      orderId: paidOrderId,
      bookedAt: reservations.createdAt,
      movedAt: courseSessions.movedAt,
      sequence: courseSessions.sequence,
      refundChoiceDueAt: reservations.refundChoiceDueAt,
      refundChoice: reservations.refundChoice,
      seats: reservations.seats,
      guestNames: reservations.guestNames,
      paidSeats: sql<number | null>`(select ${orderLines.seats} from ${orderLines} where ${orderLines.reservationId} = ${reservations.id} and ${orderLines.orderId} = ${paidOrderId} limit 1)`.mapWith((v: unknown) => (v === null ? null : Number(v))),
      paidAmountCents: sql<number | null>`(select ${orderLines.amountCents} from ${orderLines} where ${orderLines.reservationId} = ${reservations.id} and ${orderLines.orderId} = ${paidOrderId} limit 1)`.mapWith((v: unknown) => (v === null ? null : Number(v))),
      refundChoiceCents: sql<number | null>`case when ${reservations.refundChoiceDueAt} is null then null else ${refundChoiceCents} end`.mapWith((v: unknown) => (v === null ? null : Number(v))),
    })
    .from(reservations)
    .innerJoin(courseSessions, eq(courseSessions.id, reservations.sessionId))
    .innerJoin(courses, eq(courses.id, courseSessions.courseId))
    .where(where.length ? and(...where) : undefined)
    .orderBy(asc(courseSessions.startsAt), asc(reservations.createdAt));
}
