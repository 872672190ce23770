// The waitlist's rows (docs/decisions/0050). Functions taking `tx` run with the session row locked
// (booking's lockSession): the line of one session changes one transaction at a time.
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { courseSessions, courses, profiles, reservations, users, waitlistEntries } from '../../db/schema';

type Conn = Db | Tx;
export type EntryStatus = (typeof waitlistEntries.$inferSelect)['status'];
export type EntryRow = typeof waitlistEntries.$inferSelect;

const LIVE: EntryStatus[] = ['waiting', 'offered'];

/** The learner's live place in this session's line (waiting or offered), or null. */
export async function findLiveEntry(conn: Conn, userId: string, sessionId: string): Promise<EntryRow | null> {
  const [row] = await conn
    .select()
    .from(waitlistEntries)
    .where(and(eq(waitlistEntries.userId, userId), eq(waitlistEntries.sessionId, sessionId), inArray(waitlistEntries.status, LIVE)))
    .limit(1);
  return row ?? null;
}

export async function findEntry(conn: Conn, id: string): Promise<EntryRow | null> {
  const [row] = await conn.select().from(waitlistEntries).where(eq(waitlistEntries.id, id)).limit(1);
  return row ?? null;
}

export async function insertEntry(tx: Tx, values: { userId: string; sessionId: string; seats: number; now: Date }): Promise<EntryRow> {
  const [row] = await tx
    .insert(waitlistEntries)
    .values({ userId: values.userId, sessionId: values.sessionId, seats: values.seats, createdAt: values.now, updatedAt: values.now })
    .returning();
  return row!;
}

export async function updateEntry(
  tx: Tx,
  id: string,
  values: Partial<Pick<EntryRow, 'status' | 'seats' | 'reservationId' | 'offeredAt' | 'offerExpiresAt'>>,
  now: Date,
): Promise<EntryRow> {
  const [row] = await tx.update(waitlistEntries).set({ ...values, updatedAt: now }).where(eq(waitlistEntries.id, id)).returning();
  return row!;
}

/** The session's live line, first in line first (join time, then id for a tie), with each offer's hold. */
export async function liveLine(tx: Conn, sessionId: string) {
  return tx
    .select({
      entry: waitlistEntries,
      holdStatus: reservations.status,
      holdExpiresAt: reservations.holdExpiresAt,
    })
    .from(waitlistEntries)
    .leftJoin(reservations, eq(reservations.id, waitlistEntries.reservationId))
    .where(and(eq(waitlistEntries.sessionId, sessionId), inArray(waitlistEntries.status, LIVE)))
    .orderBy(asc(waitlistEntries.lineOrder));
}

/** Every waiting place of a session ends (the session was cancelled or began). */
export async function closeLine(tx: Tx, sessionId: string, now: Date): Promise<number> {
  const rows = await tx
    .update(waitlistEntries)
    .set({ status: 'closed', updatedAt: now })
    .where(and(eq(waitlistEntries.sessionId, sessionId), eq(waitlistEntries.status, 'waiting')))
    .returning({ id: waitlistEntries.id });
  return rows.length;
}

/** What an offer's message says: the course, the date, the person's name and e-mail. */
export async function offerContext(tx: Conn, userId: string, sessionId: string) {
  const [row] = await tx
    .select({
      email: users.email,
      name: sql<string>`coalesce(nullif(${profiles.fullName}, ''), ${users.name})`,
      courseId: courses.id,
      courseTitle: courses.title,
      startsAt: courseSessions.startsAt,
    })
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .innerJoin(courseSessions, eq(courseSessions.id, sessionId))
    .innerJoin(courses, eq(courses.id, courseSessions.courseId))
    .where(eq(users.id, userId));
  return row ?? null;
}

/** The learner's live places in line (all sessions, or one course's), with how many wait ahead of each. */
export async function entriesOf(conn: Conn, userId: string, courseId?: string) {
  const ahead = sql<number>`(select count(*)::int from waitlist_entries w2 where w2.session_id = ${waitlistEntries.sessionId} and w2.status = 'waiting' and w2.line_order < ${waitlistEntries.lineOrder})`.mapWith(Number);
  return conn
    .select({
      entry: waitlistEntries,
      ahead,
      holdStatus: reservations.status,
      courseId: courses.id,
      courseTitle: courses.title,
      startsAt: courseSessions.startsAt,
    })
    .from(waitlistEntries)
    .innerJoin(courseSessions, eq(courseSessions.id, waitlistEntries.sessionId))
    .innerJoin(courses, eq(courses.id, courseSessions.courseId))
    .leftJoin(reservations, eq(reservations.id, waitlistEntries.reservationId))
    .where(and(eq(waitlistEntries.userId, userId), inArray(waitlistEntries.status, LIVE), courseId ? eq(courses.id, courseId) : undefined))
    .orderBy(asc(courseSessions.startsAt));
}

/** A session's live line for its roster: who, how many seats, since when, the offer's end. */
export async function rosterLine(conn: Conn, sessionId: string) {
  return conn
    .select({
      id: waitlistEntries.id,
      name: sql<string>`coalesce(nullif(${profiles.fullName}, ''), ${users.name})`,
      email: users.email,
      seats: waitlistEntries.seats,
      since: waitlistEntries.createdAt,
      status: waitlistEntries.status,
      offerExpiresAt: waitlistEntries.offerExpiresAt,
    })
    .from(waitlistEntries)
    .innerJoin(users, eq(users.id, waitlistEntries.userId))
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(and(eq(waitlistEntries.sessionId, sessionId), inArray(waitlistEntries.status, LIVE)))
    .orderBy(asc(waitlistEntries.lineOrder));
}

/** The offer's hold, while still unpaid, given back (« Céder ma place »): 'cancelled', reason 'released'. */
export async function releaseOfferedHold(tx: Tx, reservationId: string, now: Date): Promise<boolean> {
  const rows = await tx
    .update(reservations)
    .set({ status: 'cancelled', cancelReason: 'released', cancelledAt: now, updatedAt: now })
    .where(and(eq(reservations.id, reservationId), eq(reservations.status, 'pending_payment')))
    .returning({ id: reservations.id });
  return rows.length > 0;
}

export async function deleteEntriesOf(tx: Tx, userId: string): Promise<void> {
  await tx.delete(waitlistEntries).where(eq(waitlistEntries.userId, userId));
}

/** Export: every place in line the person ever had. */
export async function entriesForExport(conn: Conn, userId: string) {
  return conn
    .select({
      sessionId: waitlistEntries.sessionId,
      seats: waitlistEntries.seats,
      status: waitlistEntries.status,
      offeredAt: waitlistEntries.offeredAt,
      offerExpiresAt: waitlistEntries.offerExpiresAt,
      createdAt: waitlistEntries.createdAt,
    })
    .from(waitlistEntries)
    .where(eq(waitlistEntries.userId, userId))
    .orderBy(asc(waitlistEntries.createdAt));
}
