// Reservations as seat holds. Functions taking `tx` run inside the hold's transaction, after the
// session row is locked: every hold on one session waits its turn there, so seats are counted
// and taken without a race.
import { and, desc, eq, gt, inArray, lte, sql } from 'drizzle-orm';
import type { SeatNeeds } from '@shared/dietary';
import type { Db, Tx } from '../../db/client';
import { courseSessions, courses, profiles, reservations } from '../../db/schema';
import { holdsSeat } from './seats';

type Conn = Db | Tx;

const holdColumns = {
  id: reservations.id,
  userId: reservations.userId,
  sessionId: reservations.sessionId,
  status: reservations.status,
  holdExpiresAt: reservations.holdExpiresAt,
  servings: reservations.servings,
  seats: reservations.seats,
  guestNames: reservations.guestNames,
  dietaryNeeds: reservations.dietaryNeeds,
};
export type HoldRow = {
  id: string;
  userId: string;
  sessionId: string;
  status: (typeof reservations.$inferSelect)['status'];
  holdExpiresAt: Date | null;
  servings: number | null;
  seats: number;
  guestNames: string[];
  dietaryNeeds: SeatNeeds[];
};

/** The session with its course's status, its row locked until the transaction ends; null if unknown. */
export async function lockSession(tx: Tx, sessionId: string) {
  const [row] = await tx
    .select({
      id: courseSessions.id,
      courseId: courseSessions.courseId,
      startsAt: courseSessions.startsAt,
      capacity: courseSessions.capacity,
      maxSeatsPerBooking: courseSessions.maxSeatsPerBooking,
      status: courseSessions.status,
      movedAt: courseSessions.movedAt,
      sequence: courseSessions.sequence,
      courseStatus: courses.status,
      courseTitle: courses.title,
      courseIsPremium: courses.isPremium,
      coursePriceCents: courses.priceCents,
      courseTeacherId: courses.teacherId,
      courseKitServings: courses.prepKitServings,
    })
    .from(courseSessions)
    .innerJoin(courses, eq(courses.id, courseSessions.courseId))
    .where(eq(courseSessions.id, sessionId))
    .for('update', { of: courseSessions });
  return row ?? null;
}

/** Unpaid holds of the session whose time is up are marked expired (their seats are already free). */
export async function expireLapsedHolds(tx: Tx, sessionId: string, now: Date): Promise<void> {
  await tx
    .update(reservations)
    .set({ status: 'expired', updatedAt: now })
    .where(
      and(eq(reservations.sessionId, sessionId), eq(reservations.status, 'pending_payment'), lte(reservations.holdExpiresAt, now)),
    );
}

/** The learner's pending or confirmed reservation on the session (at most one: unique index). */
export async function findLiveReservation(conn: Conn, userId: string, sessionId: string): Promise<HoldRow | null> {
  const [row] = await conn
    .select(holdColumns)
    .from(reservations)
    .where(
      and(
        eq(reservations.userId, userId),
        eq(reservations.sessionId, sessionId),
        inArray(reservations.status, ['pending_payment', 'confirmed']),
      ),
    )
    .limit(1);
  return row ?? null;
}

/**
 * Under the session lock, after lapsed holds are marked: the learner's own live reservation, and
 * how many seats are held (the sum of the bookings' seats). One statement: the seat-holding rows
 * are at most the capacity.
 */
export async function mineAndTaken(tx: Tx, userId: string, sessionId: string, now: Date): Promise<{ mine: HoldRow | null; taken: number }> {
  const rows = await tx
    .select(holdColumns)
    .from(reservations)
    .where(and(eq(reservations.sessionId, sessionId), holdsSeat(now)));
  return { mine: rows.find((r) => r.userId === userId) ?? null, taken: rows.reduce((sum, r) => sum + r.seats, 0) };
}

function seatSnapshotQuery(db: Db) {
  return db
    .select({
      capacity: courseSessions.capacity,
      taken: sql<number>`(select coalesce(sum(${reservations.seats}), 0)::int from ${reservations} where ${reservations.sessionId} = ${courseSessions.id} and ${holdsSeat(sql.placeholder('now'))})`,
      mine: sql<boolean>`exists(select 1 from ${reservations} where ${reservations.sessionId} = ${courseSessions.id} and ${reservations.userId} = ${sql.placeholder('userId')} and ${reservations.status} in ('pending_payment', 'confirmed'))`,
    })
    .from(courseSessions)
    .where(eq(courseSessions.id, sql.placeholder('sessionId')))
    .prepare('toque_seat_snapshot');
}

// Asked by every hold attempt before it queues (a rush's losers mostly stop here): built once per
// database rather than on each attempt, and prepared once per connection by PostgreSQL.
const seatSnapshots = new WeakMap<Db, ReturnType<typeof seatSnapshotQuery>>();

/** The session's capacity and seats held, and whether the learner holds one, read without a lock. */
export async function seatSnapshot(db: Db, sessionId: string, userId: string, now: Date) {
  let query = seatSnapshots.get(db);
  if (!query) {
    query = seatSnapshotQuery(db);
    seatSnapshots.set(db, query);
  }
  // The instant as text: the driver's own Date formatting (local time zone) costs more.
  const [row] = await query.execute({ sessionId, userId, now: now.toISOString() });
  return row ? { capacity: row.capacity, taken: Number(row.taken), mine: !!row.mine } : null;
}

/**
 * The hold, under the learner's profile name as it stands (read by the insert itself: the seat's
 * serialised path makes one round trip fewer per seat).
 */
export async function insertHold(
  tx: Tx,
  values: { userId: string; sessionId: string; holdExpiresAt: Date; servings: number | null; seats: number; guestNames: string[]; dietaryNeeds: SeatNeeds[]; now: Date },
): Promise<HoldRow> {
  const [row] = await tx
    .insert(reservations)
    .values({
      userId: values.userId,
      sessionId: values.sessionId,
      clientName: sql`coalesce((select ${profiles.fullName} from ${profiles} where ${profiles.userId} = ${values.userId}), '')`,
      status: 'pending_payment',
      holdExpiresAt: values.holdExpiresAt,
      servings: values.servings,
      seats: values.seats,
      guestNames: values.guestNames,
      dietaryNeeds: values.dietaryNeeds,
      createdAt: values.now,
      updatedAt: values.now,
    })
    .returning(holdColumns);
  return row!;
}

/** The seats, guests and servings of the learner's unpaid hold, changed (asked again with other answers). */
export async function updateHold(tx: Tx, reservationId: string, values: { servings: number | null; seats: number; guestNames: string[]; dietaryNeeds: SeatNeeds[] }, now: Date): Promise<HoldRow> {
  const [row] = await tx.update(reservations).set({ ...values, updatedAt: now }).where(eq(reservations.id, reservationId)).returning(holdColumns);
  return row!;
}

/** The learner's unpaid hold still in time on a session of this course (the latest), or null. */
export async function findCurrentHold(db: Db, userId: string, courseId: string, now: Date): Promise<HoldRow | null> {
  const [row] = await db
    .select(holdColumns)
    .from(reservations)
    .innerJoin(courseSessions, eq(courseSessions.id, reservations.sessionId))
    .where(
      and(
        eq(reservations.userId, userId),
        eq(courseSessions.courseId, courseId),
        eq(reservations.status, 'pending_payment'),
        gt(reservations.holdExpiresAt, now),
      ),
    )
    .orderBy(desc(reservations.holdExpiresAt))
    .limit(1);
  return row ?? null;
}

/** One reservation of this learner; someone else's is as unknown as a missing one. */
export async function findOwnReservation(db: Db, reservationId: string, userId: string): Promise<HoldRow | null> {
  const [row] = await db
    .select(holdColumns)
    .from(reservations)
    .where(and(eq(reservations.id, reservationId), eq(reservations.userId, userId)))
    .limit(1);
  return row ?? null;
}

/** Marks one unpaid hold expired if its time is up; returns the row as it now stands. */
export async function expireIfLapsed(db: Db, reservationId: string, now: Date): Promise<HoldRow | null> {
  const [row] = await db
    .update(reservations)
    .set({ status: 'expired', updatedAt: now })
    .where(and(eq(reservations.id, reservationId), eq(reservations.status, 'pending_payment'), lte(reservations.holdExpiresAt, now)))
    .returning(holdColumns);
  return row ?? null;
}

/**
 * Gives back an unpaid hold: 'cancelled' (reason 'released') if it still held the seat, 'expired' if
 * its time was up.
 * Returns the released row with whether it held a seat, or null when nothing was pending.
 */
export async function releaseHold(
  db: Db | Tx,
  reservationId: string,
  userId: string,
  now: Date,
): Promise<{ row: HoldRow; heldSeat: boolean } | null> {
  const stillHeld = sql`${reservations.holdExpiresAt} > ${now.toISOString()}::timestamptz`;
  const [row] = await db
    .update(reservations)
    .set({
      status: sql`case when ${stillHeld} then 'cancelled' else 'expired' end::reservation_status`,
      cancelReason: sql`case when ${stillHeld} then 'released' end`,
      cancelledAt: sql`case when ${stillHeld} then ${now.toISOString()}::timestamptz end`,
      updatedAt: now,
    })
    .where(and(eq(reservations.id, reservationId), eq(reservations.userId, userId), eq(reservations.status, 'pending_payment')))
    .returning(holdColumns);
  return row ? { row, heldSeat: row.status === 'cancelled' } : null;
}
