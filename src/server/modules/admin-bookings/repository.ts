// The admin's reservation list: every reservation with its session, course and the learner's
// e-mail, filtered and paged in SQL (the site's whole history can be long), and the sessions the
// filter offers.
import { and, asc, count, desc, eq, gt, inArray, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import { DEFAULT_SESSION_MINUTES } from '@shared/booking';
import type { AdminBookingPeriod, AdminBookingStatus, AdminBookingsQuery } from '@shared/schemas/admin-bookings';
import type { Db } from '../../db/client';
import { courseSessions, courses, reservations, users } from '../../db/schema';
import { holdsSeat } from '../booking/seats';

/** The same rule as sessionMinutes (@shared/booking): the session's length, else the course's, else the default. */
const sessionEnd = sql`${courseSessions.startsAt} + make_interval(mins => coalesce(${courseSessions.durationMinutes}, ${courses.durationMinutes}, ${DEFAULT_SESSION_MINUTES}))`;

function periodIs(period: AdminBookingPeriod, now: Date): SQL {
  const at = sql`${now.toISOString()}::timestamptz`;
  return period === 'upcoming' ? sql`${sessionEnd} > ${at}` : sql`${sessionEnd} <= ${at}`;
}

/** A hold whose time is up is 'expired' for the admin even before the booking module marks it. */
function statusIs(status: AdminBookingStatus, now: Date): SQL {
  switch (status) {
    case 'confirmed':
      return eq(reservations.status, 'confirmed');
    case 'cancelled':
      return eq(reservations.status, 'cancelled');
    case 'pending_payment':
      return and(eq(reservations.status, 'pending_payment'), gt(reservations.holdExpiresAt, now))!;
    case 'expired':
      return or(
        eq(reservations.status, 'expired'),
        and(eq(reservations.status, 'pending_payment'), or(isNull(reservations.holdExpiresAt), lte(reservations.holdExpiresAt, now))),
      )!;
  }
}

export type AdminBookingRow = {
  id: string;
  sessionId: string;
  courseId: string;
  courseTitle: string;
  startsAt: Date;
  sessionMinutes: number | null;
  courseMinutes: number | null;
  clientName: string;
  clientEmail: string;
  status: (typeof reservations.$inferSelect)['status'];
  cancelReason: string | null;
  holdExpiresAt: Date | null;
  sessionStatus: 'scheduled' | 'cancelled';
  videoLink: string | null;
};

export async function listBookings(db: Db, query: AdminBookingsQuery, now: Date): Promise<{ rows: AdminBookingRow[]; total: number }> {
  const where: SQL[] = [query.sessionId ? eq(reservations.sessionId, query.sessionId) : periodIs(query.period, now)];
  if (query.status) where.push(statusIs(query.status, now));
  const filter = and(...where);
  // Upcoming: what comes next first; past: the latest first. Within a session, in booking order.
  const byStart = query.period === 'past' && !query.sessionId ? desc(courseSessions.startsAt) : asc(courseSessions.startsAt);
  const [rows, [counted]] = await Promise.all([
    db
      .select({
        id: reservations.id,
        sessionId: reservations.sessionId,
        courseId: courses.id,
        courseTitle: courses.title,
        startsAt: courseSessions.startsAt,
        sessionMinutes: courseSessions.durationMinutes,
        courseMinutes: courses.durationMinutes,
        clientName: reservations.clientName,
        clientEmail: users.email,
        status: reservations.status,
        cancelReason: reservations.cancelReason,
        holdExpiresAt: reservations.holdExpiresAt,
        sessionStatus: courseSessions.status,
        videoLink: courseSessions.videoLink,
      })
      .from(reservations)
      .innerJoin(courseSessions, eq(courseSessions.id, reservations.sessionId))
      .innerJoin(courses, eq(courses.id, courseSessions.courseId))
      .innerJoin(users, eq(users.id, reservations.userId))
      .where(filter)
      .orderBy(byStart, asc(courseSessions.id), asc(reservations.createdAt), asc(reservations.id))
      .limit(query.limit)
      .offset(query.offset),
    db
      .select({ total: count() })
      .from(reservations)
      .innerJoin(courseSessions, eq(courseSessions.id, reservations.sessionId))
      .innerJoin(courses, eq(courses.id, courseSessions.courseId))
      .where(filter),
  ]);
  return { rows, total: counted?.total ?? 0 };
}

/** At most this many sessions in the filter's list (a year of classes at several a week). */
const SESSION_OPTIONS_LIMIT = 200;

export type BookedSessionRow = {
  id: string;
  courseTitle: string;
  startsAt: Date;
  status: 'scheduled' | 'cancelled';
  capacity: number;
  hasVideoLink: boolean;
};

type SessionCounts = { seatsTaken: number; confirmed: number; holds: number; cancelled: number };

/**
 * The sessions of the period that have at least one reservation, in the list's order, and the
 * chosen one even when it is of the other period (the filter must still name it).
 */
export async function listBookedSessions(
  db: Db,
  period: AdminBookingPeriod,
  selected: string | undefined,
  now: Date,
  status?: AdminBookingStatus,
): Promise<(BookedSessionRow & SessionCounts)[]> {
  // With a status: the sessions that have a reservation of that status (the list's rows are sessions).
  const booked = sql`exists (select 1 from ${reservations} where ${reservations.sessionId} = ${courseSessions.id}${status ? sql` and ${statusIs(status, now)}` : sql``})`;
  const inPeriod = and(periodIs(period, now), booked)!;
  const sessions: BookedSessionRow[] = await db
    .select({
      id: courseSessions.id,
      courseTitle: courses.title,
      startsAt: courseSessions.startsAt,
      status: courseSessions.status,
      capacity: courseSessions.capacity,
      hasVideoLink: sql<boolean>`${courseSessions.videoLink} is not null`.mapWith(Boolean),
    })
    .from(courseSessions)
    .innerJoin(courses, eq(courses.id, courseSessions.courseId))
    .where(selected ? or(inPeriod, eq(courseSessions.id, selected)) : inPeriod)
    .orderBy(period === 'past' ? desc(courseSessions.startsAt) : asc(courseSessions.startsAt), asc(courseSessions.id))
    .limit(SESSION_OPTIONS_LIMIT);
  if (sessions.length === 0) return [];
  const counted = await db
    .select({
      sessionId: reservations.sessionId,
      // Seats, not bookings: a booking holds 1 to 6 (docs/decisions/0047).
      confirmed: sql<number>`coalesce(sum(${reservations.seats}) filter (where ${reservations.status} = 'confirmed'), 0)`.mapWith(Number),
      holds: sql<number>`coalesce(sum(${reservations.seats}) filter (where ${holdsSeat(now)} and ${reservations.status} = 'pending_payment'), 0)`.mapWith(Number),
      cancelled: sql<number>`count(*) filter (where ${reservations.status} = 'cancelled')`.mapWith(Number),
    })
    .from(reservations)
    .where(
      inArray(
        reservations.sessionId,
        sessions.map((s) => s.id),
      ),
    )
    .groupBy(reservations.sessionId);
  const countsBy = new Map(counted.map((t) => [t.sessionId, t]));
  return sessions.map((s) => {
    const c = countsBy.get(s.id);
    const confirmed = c?.confirmed ?? 0;
    const holds = c?.holds ?? 0;
    return { ...s, seatsTaken: confirmed + holds, confirmed, holds, cancelled: c?.cancelled ?? 0 };
  });
}
