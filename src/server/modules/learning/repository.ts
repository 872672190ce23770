// Learning reads and writes: the course or session a video belongs to (with what the access rules
// need), whether the viewer bought the course or attended the session, and the saved progress.
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { courseProgress, courseSessions, courses, reservations } from '../../db/schema';
import type { ProgressRecord } from './progress';

/**
 * A course as the watch rules see it, published or archived (a course ever sold is archived rather
 * than deleted: its buyers keep their video); the storage key stays on the server.
 */
export async function findWatchableCourse(db: Db, courseId: string) {
  const [row] = await db
    .select({
      id: courses.id,
      isLive: courses.isLive,
      isPremium: courses.isPremium,
      priceCents: courses.priceCents,
      teacherId: courses.teacherId,
      videoKey: courses.videoKey,
      videoContentType: courses.videoContentType,
      status: courses.status,
    })
    .from(courses)
    .where(and(eq(courses.id, courseId), inArray(courses.status, ['published', 'archived'])))
    .limit(1);
  return row ?? null;
}

export type WatchableCourse = NonNullable<Awaited<ReturnType<typeof findWatchableCourse>>>;

export type StoredProgress = ProgressRecord & { updatedAt: Date };

export async function findProgress(db: Db, userId: string, courseId: string): Promise<StoredProgress | null> {
  const [row] = await db
    .select({
      positionSeconds: courseProgress.positionSeconds,
      durationSeconds: courseProgress.durationSeconds,
      completedAt: courseProgress.completedAt,
      updatedAt: courseProgress.updatedAt,
    })
    .from(courseProgress)
    .where(and(eq(courseProgress.userId, userId), eq(courseProgress.courseId, courseId)));
  return row ?? null;
}

/**
 * Saves the position in one statement. The first completion date is kept whatever arrives later
 * (two tabs saving at once cannot clear it): the row's own value wins over the new one.
 */
export async function saveProgress(db: Db, userId: string, courseId: string, record: ProgressRecord, now: Date): Promise<StoredProgress> {
  const [row] = await db
    .insert(courseProgress)
    .values({ userId, courseId, ...record, updatedAt: now })
    .onConflictDoUpdate({
      target: [courseProgress.userId, courseProgress.courseId],
      set: {
        positionSeconds: record.positionSeconds,
        durationSeconds: record.durationSeconds,
        completedAt: sql`coalesce(${courseProgress.completedAt}, excluded.completed_at)`,
        updatedAt: now,
      },
    })
    .returning({
      positionSeconds: courseProgress.positionSeconds,
      durationSeconds: courseProgress.durationSeconds,
      completedAt: courseProgress.completedAt,
      updatedAt: courseProgress.updatedAt,
    });
  return row!;
}

/** A live session with its course, for its recording page and its video. */
export async function findSessionRecording(db: Db, sessionId: string) {
  const [row] = await db
    .select({
      sessionId: courseSessions.id,
      courseId: courses.id,
      courseTitle: courses.title,
      teacherId: courses.teacherId,
      startsAt: courseSessions.startsAt,
      sessionMinutes: courseSessions.durationMinutes,
      courseMinutes: courses.durationMinutes,
      recordingUrl: courseSessions.recordingUrl,
      recordingKey: courseSessions.recordingKey,
      recordingContentType: courseSessions.recordingContentType,
    })
    .from(courseSessions)
    .innerJoin(courses, eq(courses.id, courseSessions.courseId))
    .where(eq(courseSessions.id, sessionId));
  return row ?? null;
}

/** Whether this person holds a confirmed seat of the session (a hold, a cancelled seat: no). */
export async function isConfirmedAttendee(db: Db, sessionId: string, userId: string): Promise<boolean> {
  const rows = await db
    .select({ id: reservations.id })
    .from(reservations)
    .where(and(eq(reservations.sessionId, sessionId), eq(reservations.userId, userId), eq(reservations.status, 'confirmed')))
    .limit(1);
  return rows.length > 0;
}
