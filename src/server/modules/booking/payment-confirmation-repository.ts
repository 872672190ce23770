// The rows a payment event reads and writes to confirm (or give up) the seats an order pays for.
// Every function runs inside the webhook's transaction, after the order row is locked; sessions
// and reservations are locked in that order (orders → course_sessions → reservations).
import { and, asc, eq, inArray, isNotNull, ne } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { courseSessions, courses, orderLines, orders, reservations } from '../../db/schema';
import { holdsSeat, seatSum } from './seats';

/** `seats`: how many seats the line paid for (the booking's count when the order was made). */
export type SeatLine = { lineId: string; reservationId: string; sessionId: string; courseId: string | null; seats: number };

/** The order's lines that pay for a seat, by session (the order sessions are locked in). */
export async function seatLines(tx: Tx, orderId: string): Promise<SeatLine[]> {
  const rows = await tx
    .select({ lineId: orderLines.id, reservationId: orderLines.reservationId, sessionId: reservations.sessionId, courseId: orderLines.courseId, seats: orderLines.seats })
    .from(orderLines)
    .innerJoin(reservations, eq(reservations.id, orderLines.reservationId))
    .where(and(eq(orderLines.orderId, orderId), isNotNull(orderLines.reservationId)))
    .orderBy(asc(reservations.sessionId), asc(orderLines.position));
  return rows.map((r) => ({ ...r, reservationId: r.reservationId! }));
}

export async function buyerOf(tx: Tx, orderId: string) {
  const [row] = await tx.select({ number: orders.number, name: orders.buyerName, email: orders.buyerEmail }).from(orders).where(eq(orders.id, orderId));
  return row ?? null;
}

/** The session with its course's title, its row locked until the transaction ends. */
export async function lockSession(tx: Tx, sessionId: string) {
  const [row] = await tx
    .select({
      id: courseSessions.id,
      courseId: courseSessions.courseId,
      courseTitle: courses.title,
      startsAt: courseSessions.startsAt,
      capacity: courseSessions.capacity,
      status: courseSessions.status,
    })
    .from(courseSessions)
    .innerJoin(courses, eq(courses.id, courseSessions.courseId))
    .where(eq(courseSessions.id, sessionId))
    .for('update', { of: courseSessions });
  return row ?? null;
}

const reservationColumns = {
  id: reservations.id,
  userId: reservations.userId,
  sessionId: reservations.sessionId,
  status: reservations.status,
  holdExpiresAt: reservations.holdExpiresAt,
  cancelReason: reservations.cancelReason,
  seats: reservations.seats,
  guestNames: reservations.guestNames,
};
export type SeatReservation = { id: string; userId: string; sessionId: string; status: string; holdExpiresAt: Date | null; cancelReason: string | null; seats: number; guestNames: string[] };

/** The learner's reservations on the session (the paid one and any other live one), locked. */
export async function lockLearnerReservations(tx: Tx, sessionId: string, userId: string): Promise<SeatReservation[]> {
  return tx
    .select(reservationColumns)
    .from(reservations)
    .where(and(eq(reservations.sessionId, sessionId), eq(reservations.userId, userId)))
    .orderBy(asc(reservations.id))
    .for('update');
}

/** Seats of the session held at `now` by other learners (the session row being locked, the count stays true). */
export async function seatsTakenByOthers(tx: Tx, sessionId: string, userId: string, now: Date): Promise<number> {
  const [row] = await tx
    .select({ taken: seatSum() })
    .from(reservations)
    .where(and(eq(reservations.sessionId, sessionId), ne(reservations.userId, userId), holdsSeat(now)));
  return row?.taken ?? 0;
}

/** Confirmed with the seats its line paid for (the guests beyond them dropped). */
export async function confirmReservation(tx: Tx, reservationId: string, seats: { seats: number; guestNames: string[] }, now: Date): Promise<void> {
  await tx
    .update(reservations)
    .set({ status: 'confirmed', holdExpiresAt: null, cancelReason: null, cancelledAt: null, seats: seats.seats, guestNames: seats.guestNames, updatedAt: now })
    .where(eq(reservations.id, reservationId));
}

export async function cancelReservations(tx: Tx, ids: string[], cancelReason: string, now: Date): Promise<void> {
  if (ids.length === 0) return;
  await tx
    .update(reservations)
    .set({ status: 'cancelled', cancelReason, cancelledAt: now, holdExpiresAt: null, updatedAt: now })
    .where(inArray(reservations.id, ids));
}
