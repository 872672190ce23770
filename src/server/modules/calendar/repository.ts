// The calendar_feeds rows: one live feed per user, found by the SHA-256 of its token (the token
// itself is never stored, so a copy of the database does not hand out working feed URLs).
import { and, asc, eq, gte, inArray, lt, ne, sql, type SQL } from 'drizzle-orm';
import { DEFAULT_SESSION_MINUTES } from '@shared/booking';
import type { Db } from '../../db/client';
import { calendarFeeds, courseSessions, courses, profiles, reservations } from '../../db/schema';
import { holdsSeat, seatSum } from '../booking/seats';

export type FeedRow = { userId: string; createdAt: Date; lastFetchedAt: Date | null };
export type FeedOwner = {
  userId: string;
  role: 'learner' | 'chef' | 'admin';
  /** Made in a verified admin session to list every booked session (calendar_feeds.every_session). */
  everySession: boolean;
};

const feedColumns = { userId: calendarFeeds.userId, createdAt: calendarFeeds.createdAt, lastFetchedAt: calendarFeeds.lastFetchedAt };

export async function findFeed(db: Db, userId: string): Promise<FeedRow | null> {
  const [row] = await db.select(feedColumns).from(calendarFeeds).where(eq(calendarFeeds.userId, userId));
  return row ?? null;
}

/** Creates the user's feed or gives it a new token: the previous token stops matching at once. */
export async function replaceFeed(db: Db, userId: string, tokenHash: string, now: Date, everySession: boolean): Promise<FeedRow> {
  const [row] = await db
    .insert(calendarFeeds)
    .values({ userId, tokenHash, createdAt: now, everySession })
    .onConflictDoUpdate({ target: calendarFeeds.userId, set: { tokenHash, createdAt: now, lastFetchedAt: null, everySession } })
    .returning(feedColumns);
  return row!;
}

/** The feed keeps working, narrowed to its owner's own classes (see narrowFeedAfterPasswordChange). */
export async function clearEverySession(db: Db, userId: string): Promise<void> {
  await db.update(calendarFeeds).set({ everySession: false }).where(eq(calendarFeeds.userId, userId));
}

export async function deleteFeed(db: Db, userId: string): Promise<void> {
  await db.delete(calendarFeeds).where(eq(calendarFeeds.userId, userId));
}

/** Whose feed a token hash opens, with their role as it is now and the feed's scope. */
export async function findFeedOwner(db: Db, tokenHash: string): Promise<FeedOwner | null> {
  const [row] = await db
    .select({ userId: calendarFeeds.userId, role: profiles.role, everySession: calendarFeeds.everySession })
    .from(calendarFeeds)
    .innerJoin(profiles, eq(profiles.userId, calendarFeeds.userId))
    .where(eq(calendarFeeds.tokenHash, tokenHash));
  return row ?? null;
}

export async function markFetched(db: Db, userId: string, now: Date): Promise<void> {
  await db.update(calendarFeeds).set({ lastFetchedAt: now }).where(eq(calendarFeeds.userId, userId));
}

export type SessionSummaryRow = {
  id: string;
  courseTitle: string;
  startsAt: Date;
  minutes: number;
  capacity: number;
  status: 'scheduled' | 'cancelled';
  hasVideoLink: boolean;
  seatsTaken: number;
};

/**
 * Sessions with their seats taken at `now`: those given by id (the admin's, of the reservations
 * shown), or a teacher's scheduled ones starting in [from, to) (the guest chef's calendar).
 */
export async function sessionSummaries(
  db: Db,
  which: { ids: string[] } | { teacherId: string; from: Date; to: Date },
  now: Date,
): Promise<SessionSummaryRow[]> {
  let where: SQL;
  if ('ids' in which) {
    if (which.ids.length === 0) return [];
    where = inArray(courseSessions.id, which.ids);
  } else {
    where = and(eq(courses.teacherId, which.teacherId), ne(courseSessions.status, 'cancelled'), gte(courseSessions.startsAt, which.from), lt(courseSessions.startsAt, which.to))!;
  }
  const rows = await db
    .select({
      id: courseSessions.id,
      courseTitle: courses.title,
      startsAt: courseSessions.startsAt,
      minutes: sql<number>`coalesce(${courseSessions.durationMinutes}, ${courses.durationMinutes}, ${DEFAULT_SESSION_MINUTES})`.mapWith(Number),
      capacity: courseSessions.capacity,
      status: courseSessions.status,
      hasVideoLink: sql<boolean>`${courseSessions.videoLink} is not null`.mapWith(Boolean),
    })
    .from(courseSessions)
    .innerJoin(courses, eq(courses.id, courseSessions.courseId))
    .where(where)
    .orderBy(asc(courseSessions.startsAt), asc(courseSessions.id))
    .limit(500);
  if (rows.length === 0) return [];
  const taken = await db
    .select({ sessionId: reservations.sessionId, n: seatSum() })
    .from(reservations)
    .where(and(inArray(reservations.sessionId, rows.map((r) => r.id)), holdsSeat(now)))
    .groupBy(reservations.sessionId);
  const takenBy = new Map(taken.map((t) => [t.sessionId, t.n]));
  return rows.map((r) => ({ ...r, seatsTaken: takenBy.get(r.id) ?? 0 }));
}
