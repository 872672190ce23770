// What a notification about a reservation names: its course and when it takes place. Read inside
// the caller's transaction, for the modules whose event carries only the reservation id.
import { and, eq, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { courseSessions, courses, reservations } from '../../db/schema';

export type ReservationSubject = { reservationId: string; userId: string; sessionId: string; courseTitle: string; startsAt: Date };

function subjects(conn: Pick<Db, 'select'>, where: SQL | undefined) {
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
    .where(where);
}

export async function reservationSubject(conn: Pick<Db, 'select'>, reservationId: string): Promise<ReservationSubject | null> {
  const [row] = await subjects(conn, eq(reservations.id, reservationId)).limit(1);
  return row ?? null;
}

/** The session's confirmed seats (paid or free), the people told about its links and recording. */
export function confirmedSeats(conn: Pick<Db, 'select'>, sessionId: string): Promise<ReservationSubject[]> {
  return subjects(conn, and(eq(reservations.sessionId, sessionId), eq(reservations.status, 'confirmed')));
}
