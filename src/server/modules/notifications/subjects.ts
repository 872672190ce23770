// What a notification about a reservation names: its course and when it takes place. Read inside
// the caller's transaction, for the modules whose event carries only the reservation id.
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { courseSessions, courses, reservations } from '../../db/schema';

export type ReservationSubject = { reservationId: string; userId: string; sessionId: string; courseTitle: string; startsAt: Date };

export async function reservationSubject(conn: Pick<Db, 'select'>, reservationId: string): Promise<ReservationSubject | null> {
  const [row] = await conn
    .select({
      reservationId: reservations.id,
      userId: reservations.userId,
      sessionId: courseSessions.id,
      courseTitle: courses.title,
      startsAt: courseSessions.startsAt,
    })
    .from(reservations)
    .innerJoin(courseSessions, eq(courseSessions.id, reservations.sessionId))
    .innerJoin(courses, eq(courses.id, courseSessions.courseId))
    .where(eq(reservations.id, reservationId))
    .limit(1);
  return row ?? null;
}

/** The session's confirmed seats (paid or free), the people told about its links and recording. */
export async function confirmedSeats(conn: Pick<Db, 'select'>, sessionId: string): Promise<ReservationSubject[]> {
  return conn
    .select({
      reservationId: reservations.id,
      userId: reservations.userId,
      sessionId: courseSessions.id,
      courseTitle: courses.title,
      startsAt: courseSessions.startsAt,
    })
    .from(reservations)
    .innerJoin(courseSessions, eq(courseSessions.id, reservations.sessionId))
    .innerJoin(courses, eq(courses.id, courseSessions.courseId))
    .where(and(eq(reservations.sessionId, sessionId), eq(reservations.status, 'confirmed')));
}
