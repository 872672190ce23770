// The preparation kit's SQL: a seat with what its kit e-mail needs, a session's kit and its
// confirmed attendees, the session's own kit. Functions take the caller's connection or transaction.
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { courseSessions, courses, emailDeliveries, reservations, users } from '../../db/schema';

type Conn = Pick<Db, 'select' | 'update'>;

const kitColumns = {
  sessionId: courseSessions.id,
  courseId: courses.id,
  courseTitle: courses.title,
  startsAt: courseSessions.startsAt,
  sessionStatus: courseSessions.status,
  sessionKit: courseSessions.prepKit,
  courseKit: courses.prepKit,
  kitServings: courses.prepKitServings,
  kitSubstitutions: courses.kitSubstitutions,
};

/**
 * A seat with what its kit e-mail needs, the reservation's row locked until the transaction ends:
 * the kit and a gift's acceptance (which changes who the seat is for) take turns on it.
 */
export async function lockSeat(conn: Conn, reservationId: string) {
  const [row] = await conn
    .select({
      ...kitColumns,
      status: reservations.status,
      userId: reservations.userId,
      servings: reservations.servings,
      needs: reservations.dietaryNeeds,
      email: users.email,
      name: users.name,
    })
    .from(reservations)
    .innerJoin(courseSessions, eq(courseSessions.id, reservations.sessionId))
    .innerJoin(courses, eq(courses.id, courseSessions.courseId))
    .innerJoin(users, eq(users.id, reservations.userId))
    .where(eq(reservations.id, reservationId))
    .for('update', { of: reservations });
  return row ?? null;
}

/** Whether an e-mail was already queued or decided under this key (sent, or kept back by a preference). */
export async function deliveryExists(conn: Conn, dedupeKey: string): Promise<boolean> {
  const [row] = await conn.select({ key: emailDeliveries.dedupeKey }).from(emailDeliveries).where(eq(emailDeliveries.dedupeKey, dedupeKey));
  return row !== undefined;
}

export type SessionKit = NonNullable<Awaited<ReturnType<typeof findSessionKit>>>;

export async function findSessionKit(conn: Conn, sessionId: string) {
  const [row] = await conn
    .select(kitColumns)
    .from(courseSessions)
    .innerJoin(courses, eq(courses.id, courseSessions.courseId))
    .where(eq(courseSessions.id, sessionId));
  return row ?? null;
}

/** The session row locked while its kit is changed or sent (the booking's lock order starts with it). */
export async function lockSession(tx: Pick<Db, 'select'>, sessionId: string): Promise<boolean> {
  const rows = await tx.select({ id: courseSessions.id }).from(courseSessions).where(eq(courseSessions.id, sessionId)).for('update');
  return rows.length > 0;
}

export async function listConfirmed(conn: Conn, sessionId: string) {
  return conn
    .select({ reservationId: reservations.id, userId: reservations.userId, servings: reservations.servings, needs: reservations.dietaryNeeds, email: users.email, name: users.name })
    .from(reservations)
    .innerJoin(users, eq(users.id, reservations.userId))
    .where(and(eq(reservations.sessionId, sessionId), eq(reservations.status, 'confirmed')))
    .orderBy(asc(reservations.createdAt), asc(reservations.id));
}

export async function setSessionKit(conn: Conn, sessionId: string, prepKit: string | null, now: Date): Promise<void> {
  await conn.update(courseSessions).set({ prepKit, updatedAt: now }).where(eq(courseSessions.id, sessionId));
}
