// The calendar_feeds rows: one live feed per user, found by the SHA-256 of its token (the token
// itself is never stored, so a copy of the database does not hand out working feed URLs).
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { calendarFeeds, profiles } from '../../db/schema';

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
