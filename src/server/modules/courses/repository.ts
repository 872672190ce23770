// Course reads for the public site. The only place touching the courses, sessions,
// reservations and purchases tables for these reads; columns are listed explicitly.
import { and, asc, desc, eq, gt, inArray, isNotNull, min, sql, type SQL } from 'drizzle-orm';
import type { DietaryFilter } from '@shared/dietary';
import type { CourseSummary } from '@shared/schemas/public';
import type { Db } from '../../db/client';
import { courseSessions, courses, profiles, purchases, reservations } from '../../db/schema';
import { holdsSeat, seatSum } from '../booking/seats';
import { dietarySql } from '../dietary';

export type CourseFilters = {
  cuisine?: string;
  difficulty?: 'beginner' | 'intermediate' | 'advanced';
  teacherId?: string;
  isLive?: boolean;
  diet?: DietaryFilter;
};

/** Seats taken per session at `now` (the booking's own rule, holdsSeat). */
function seatsTaken(db: Db, now: Date) {
  return db
    .select({ sessionId: reservations.sessionId, taken: seatSum().as('taken') })
    .from(reservations)
    .where(holdsSeat(now))
    .groupBy(reservations.sessionId)
    .as('seats_taken');
}

/**
 * Earliest session of each course open for booking: scheduled, still ahead, not full. A full or
 * cancelled session is nothing a person can book, so it is never the "next session" shown.
 */
function nextSessions(db: Db, now: Date) {
  const taken = seatsTaken(db, now);
  return db
    .select({ courseId: courseSessions.courseId, nextAt: min(courseSessions.startsAt).as('next_at') })
    .from(courseSessions)
    .leftJoin(taken, eq(taken.sessionId, courseSessions.id))
    .where(
      and(
        eq(courseSessions.status, 'scheduled'),
        gt(courseSessions.startsAt, now),
        sql`coalesce(${taken.taken}, 0) < ${courseSessions.capacity}`,
      ),
    )
    .groupBy(courseSessions.courseId)
    .as('next_sessions');
}

/** One query: the course, its teacher's public name (never other profile fields), its next session. */
function selectSummaries(db: Db, now: Date) {
  const next = nextSessions(db, now);
  const query = db
    .select({
      id: courses.id,
      title: courses.title,
      description: courses.description,
      imageUrl: courses.imageUrl,
      priceCents: courses.priceCents,
      isLive: courses.isLive,
      isPremium: courses.isPremium,
      difficulty: courses.difficulty,
      durationMinutes: courses.durationMinutes,
      cuisineType: courses.cuisineType,
      dietaryInfo: courses.dietaryInfo,
      allergens: courses.allergens,
      diets: courses.diets,
      prepKitServings: courses.prepKitServings,
      hasPrepKit: sql<boolean>`coalesce(btrim(${courses.prepKit}), '') <> ''`,
      hasVideo: sql<boolean>`${courses.videoKey} is not null`,
      teacherId: courses.teacherId,
      teacherName: profiles.fullName,
      nextSessionAt: next.nextAt,
      createdAt: courses.createdAt,
      updatedAt: courses.updatedAt,
    })
    .from(courses)
    .leftJoin(profiles, eq(profiles.userId, courses.teacherId))
    .leftJoin(next, eq(next.courseId, courses.id));
  return { query, next };
}

/** A summary as read from the database: the API's columns, the teacher flat, dates not yet serialised. */
export type CourseSummaryRow = Omit<CourseSummary, 'teacher' | 'nextSessionAt' | 'createdAt' | 'entitlement'> & {
  prepKitServings: number | null;
  hasPrepKit: boolean;
  hasVideo: boolean;
  teacherId: string | null;
  teacherName: string | null;
  /** A Date or the driver's timestamp text, depending on the driver (see toIso). */
  nextSessionAt: Date | string | null;
  createdAt: Date;
  updatedAt: Date;
};

const published = eq(courses.status, 'published');

/** 'catalogue': live first, then newest (the catalogue page); 'newest': by date only (a chef's page). */
export type CourseOrder = 'catalogue' | 'newest';

export async function listPublishedCourses(
  db: Db,
  filters: CourseFilters,
  now: Date,
  order: CourseOrder = 'catalogue',
): Promise<CourseSummaryRow[]> {
  const where: SQL[] = [published];
  if (filters.cuisine) where.push(sql`lower(${courses.cuisineType}) = lower(${filters.cuisine})`);
  if (filters.difficulty) where.push(eq(courses.difficulty, filters.difficulty));
  if (filters.teacherId) where.push(eq(courses.teacherId, filters.teacherId));
  if (filters.isLive !== undefined) where.push(eq(courses.isLive, filters.isLive));
  if (filters.diet) where.push(dietarySql(courses, filters.diet));
  const { query } = selectSummaries(db, now);
  const byDate = [desc(courses.createdAt), desc(courses.id)];
  return query.where(and(...where)).orderBy(...(order === 'catalogue' ? [desc(courses.isLive), ...byDate] : byDate));
}

/** Live courses that have a session open for booking, the soonest first. */
export async function listUpcomingLiveCourses(db: Db, now: Date, limit: number): Promise<CourseSummaryRow[]> {
  const { query, next } = selectSummaries(db, now);
  return query
    .where(and(published, eq(courses.isLive, true), isNotNull(next.nextAt)))
    .orderBy(asc(next.nextAt), desc(courses.createdAt))
    .limit(limit);
}

export async function findPublishedCourse(db: Db, id: string, now: Date): Promise<CourseSummaryRow | null> {
  const { query } = selectSummaries(db, now);
  const rows = await query.where(and(published, eq(courses.id, id))).limit(1);
  return rows[0] ?? null;
}

/** An archived course (ever sold, no longer offered): its page stays open to its buyers. */
export async function findArchivedCourse(db: Db, id: string, now: Date): Promise<CourseSummaryRow | null> {
  const { query } = selectSummaries(db, now);
  const rows = await query.where(and(eq(courses.status, 'archived'), eq(courses.id, id))).limit(1);
  return rows[0] ?? null;
}

/** Scheduled future sessions of a course with the seats taken (holdsSeat: confirmed, or held and not expired). */
export async function listUpcomingSessions(db: Db, courseId: string, now: Date) {
  return db
    .select({
      id: courseSessions.id,
      startsAt: courseSessions.startsAt,
      durationMinutes: courseSessions.durationMinutes,
      capacity: courseSessions.capacity,
      maxSeatsPerBooking: courseSessions.maxSeatsPerBooking,
      hasOwnKit: sql<boolean>`coalesce(btrim(${courseSessions.prepKit}), '') <> ''`,
      taken: seatSum(),
    })
    .from(courseSessions)
    .leftJoin(
      reservations,
      and(eq(reservations.sessionId, courseSessions.id), holdsSeat(now)),
    )
    .where(and(eq(courseSessions.courseId, courseId), eq(courseSessions.status, 'scheduled'), gt(courseSessions.startsAt, now)))
    .groupBy(courseSessions.id)
    .orderBy(asc(courseSessions.startsAt));
}

export async function hasSucceededPurchase(db: Db, userId: string, courseId: string): Promise<boolean> {
  const rows = await db
    .select({ id: purchases.id })
    .from(purchases)
    .where(and(eq(purchases.userId, userId), eq(purchases.courseId, courseId), eq(purchases.status, 'succeeded')))
    .limit(1);
  return rows.length > 0;
}

/** Of these courses (all when none named), the ones the user bought and still holds (a succeeded purchase). */
export async function purchasedCourseIds(db: Db, userId: string, courseIds?: string[]): Promise<Set<string>> {
  const rows = await db
    .select({ courseId: purchases.courseId })
    .from(purchases)
    .where(and(eq(purchases.userId, userId), eq(purchases.status, 'succeeded'), courseIds ? inArray(purchases.courseId, courseIds) : undefined));
  return new Set(rows.map((r) => r.courseId));
}

/** Every published course, for the sitemap. */
export async function listPublishedCourseStamps(db: Db) {
  return db
    .select({ id: courses.id, updatedAt: courses.updatedAt })
    .from(courses)
    .where(published)
    .orderBy(desc(courses.createdAt));
}
