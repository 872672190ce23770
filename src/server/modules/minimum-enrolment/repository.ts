// Minimum enrolment's SQL (docs/decisions/0048): who is asked (the admins, and the guest chef whose
// course it is), the question's state on the session's row, and the questions still open for
// « Aperçu ». Seats are counted by the booking's own rule (sessions/service.ts sessionReads).
import { and, asc, eq, gt, isNotNull, isNull, or } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { courseSessions, courses, profiles, users } from '../../db/schema';

type Conn = Db | Tx;

export type Chef = { userId: string; email: string; name: string };

/** The admins, and the course's guest chef when the course has one who is not an admin: whoever may answer. */
export async function chefsToAsk(conn: Conn, teacherId: string | null): Promise<Chef[]> {
  const rows = await conn
    .select({ userId: users.id, email: users.email, name: profiles.fullName })
    .from(profiles)
    .innerJoin(users, eq(users.id, profiles.userId))
    .where(teacherId ? or(eq(profiles.role, 'admin'), and(eq(profiles.userId, teacherId), eq(profiles.role, 'chef'))) : eq(profiles.role, 'admin'))
    .orderBy(asc(users.id));
  return rows;
}

/** Whether this person may answer for this session: an admin, or the guest chef who teaches it. */
export async function mayAnswer(conn: Conn, userId: string, teacherId: string | null): Promise<boolean> {
  return (await chefsToAsk(conn, teacherId)).some((c) => c.userId === userId);
}

/** The chef was asked now; the answer is due at `dueAt`. */
export async function markAsked(tx: Tx, sessionId: string, askedAt: Date, dueAt: Date): Promise<void> {
  await tx.update(courseSessions).set({ minimumAskedAt: askedAt, minimumAnswerDueAt: dueAt, updatedAt: askedAt }).where(eq(courseSessions.id, sessionId));
}

/** « Maintenir la séance ». */
export async function markKept(tx: Tx, sessionId: string, now: Date): Promise<void> {
  await tx.update(courseSessions).set({ minimumKeptAt: now, updatedAt: now }).where(eq(courseSessions.id, sessionId));
}

/**
 * Scheduled sessions with a minimum whose chef was never asked, starting more than `after` from now:
 * those whose 96-hour check a start-up plans again (rows from before minimum enrolment, the seed's).
 */
export async function sessionsToCheck(conn: Conn, after: Date) {
  return conn
    .select({ sessionId: courseSessions.id, startsAt: courseSessions.startsAt, minSeats: courseSessions.minSeats })
    .from(courseSessions)
    .where(and(eq(courseSessions.status, 'scheduled'), gt(courseSessions.minSeats, 0), isNull(courseSessions.minimumAskedAt), gt(courseSessions.startsAt, after)))
    .orderBy(asc(courseSessions.startsAt));
}

/** The questions still open at `now` (asked, not kept, the session scheduled and not started), the most urgent first. */
export async function openQuestions(conn: Conn, now: Date) {
  return conn
    .select({
      sessionId: courseSessions.id,
      courseId: courseSessions.courseId,
      courseTitle: courses.title,
      startsAt: courseSessions.startsAt,
      minSeats: courseSessions.minSeats,
      capacity: courseSessions.capacity,
      askedAt: courseSessions.minimumAskedAt,
      answerDueAt: courseSessions.minimumAnswerDueAt,
    })
    .from(courseSessions)
    .innerJoin(courses, eq(courses.id, courseSessions.courseId))
    .where(
      and(
        eq(courseSessions.status, 'scheduled'),
        isNotNull(courseSessions.minimumAskedAt),
        isNull(courseSessions.minimumKeptAt),
        gt(courseSessions.startsAt, now),
      ),
    )
    .orderBy(asc(courseSessions.minimumAnswerDueAt), asc(courseSessions.id))
    .limit(100);
}
