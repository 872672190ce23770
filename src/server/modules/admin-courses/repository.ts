// The admin's course SQL. Functions taking `tx` run inside the caller's transaction. Locks: the
// course row first (it serialises the admin's writes on one course and waits for any order line
// being inserted for it), then its sessions in id order, then reservations are only counted —
// orders are never locked here, so the global order orders → course_sessions → reservations holds.
import { and, asc, count, desc, eq, gt, inArray, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { courseSessions, courses, orderLines, profiles, purchases, reservations } from '../../db/schema';
import { holdsSeat, seatSum } from '../booking/seats';

type Conn = Db | Tx;

export type CourseRow = typeof courses.$inferSelect & { teacherName: string | null };

const courseColumns = {
  id: courses.id,
  title: courses.title,
  description: courses.description,
  imageUrl: courses.imageUrl,
  priceCents: courses.priceCents,
  isLive: courses.isLive,
  isPremium: courses.isPremium,
  teacherId: courses.teacherId,
  difficulty: courses.difficulty,
  durationMinutes: courses.durationMinutes,
  cuisineType: courses.cuisineType,
  dietaryInfo: courses.dietaryInfo,
  allergens: courses.allergens,
  diets: courses.diets,
  videoKey: courses.videoKey,
  videoContentType: courses.videoContentType,
  videoBytes: courses.videoBytes,
  prepKit: courses.prepKit,
  prepKitServings: courses.prepKitServings,
  kitSubstitutions: courses.kitSubstitutions,
  status: courses.status,
  createdAt: courses.createdAt,
  updatedAt: courses.updatedAt,
  teacherName: profiles.fullName,
};

/** Every course, whatever its status: published first, then drafts, then archived; newest first within. */
export async function listCourses(conn: Conn): Promise<CourseRow[]> {
  return conn
    .select(courseColumns)
    .from(courses)
    .leftJoin(profiles, eq(profiles.userId, courses.teacherId))
    .orderBy(sql`case ${courses.status} when 'published' then 0 when 'draft' then 1 else 2 end`, desc(courses.createdAt), asc(courses.id));
}

export async function findCourse(conn: Conn, id: string): Promise<CourseRow | null> {
  const [row] = await conn.select(courseColumns).from(courses).leftJoin(profiles, eq(profiles.userId, courses.teacherId)).where(eq(courses.id, id));
  return row ?? null;
}

/** The course row locked until the transaction ends; null if unknown. */
export async function lockCourse(tx: Tx, id: string) {
  const [row] = await tx.select().from(courses).where(eq(courses.id, id)).for('update');
  return row ?? null;
}

/** The course row locked against other changes, not against rows that point at it (FOR NO KEY UPDATE). */
export async function lockCourseForChange(tx: Tx, id: string) {
  const [row] = await tx.select().from(courses).where(eq(courses.id, id)).for('no key update');
  return row ?? null;
}

export type UpcomingStats = {
  sessions: number;
  capacity: number;
  seatsTaken: number;
  nextAt: Date | null;
  /** Sessions still ahead that are not full: open for booking (a live course is on sale only with one). */
  openSessions: number;
};

/** Per course: scheduled sessions still ahead at `now`, their capacity, seats taken, the next start and how many are open. */
export async function upcomingStats(conn: Conn, now: Date, courseIds?: string[]): Promise<Map<string, UpcomingStats>> {
  const ahead = and(
    eq(courseSessions.status, 'scheduled'),
    gt(courseSessions.startsAt, now),
    courseIds ? inArray(courseSessions.courseId, courseIds) : undefined,
  );
  const sessionRows = await conn
    .select({ id: courseSessions.id, courseId: courseSessions.courseId, capacity: courseSessions.capacity, startsAt: courseSessions.startsAt })
    .from(courseSessions)
    .where(ahead);
  const seatRows = await conn
    .select({ sessionId: reservations.sessionId, n: seatSum() })
    .from(reservations)
    .innerJoin(courseSessions, eq(courseSessions.id, reservations.sessionId))
    .where(and(ahead, holdsSeat(now)))
    .groupBy(reservations.sessionId);
  const seats = new Map(seatRows.map((r) => [r.sessionId, r.n]));
  const stats = new Map<string, UpcomingStats>();
  for (const s of sessionRows) {
    const taken = seats.get(s.id) ?? 0;
    const st = stats.get(s.courseId) ?? { sessions: 0, capacity: 0, seatsTaken: 0, nextAt: null, openSessions: 0 };
    st.sessions += 1;
    st.capacity += s.capacity;
    st.seatsTaken += taken;
    if (taken < s.capacity) st.openSessions += 1;
    if (!st.nextAt || s.startsAt < st.nextAt) st.nextAt = s.startsAt;
    stats.set(s.courseId, st);
  }
  return stats;
}

/** Succeeded purchases per course. */
export async function purchaseCounts(conn: Conn, courseIds?: string[]): Promise<Map<string, number>> {
  const rows = await conn
    .select({ courseId: purchases.courseId, n: count() })
    .from(purchases)
    .where(and(eq(purchases.status, 'succeeded'), courseIds ? inArray(purchases.courseId, courseIds) : undefined))
    .groupBy(purchases.courseId);
  return new Map(rows.map((r) => [r.courseId, r.n]));
}

export type SessionRow = {
  id: string;
  startsAt: Date;
  durationMinutes: number | null;
  capacity: number;
  minSeats: number;
  maxSeatsPerBooking: number;
  status: 'scheduled' | 'cancelled';
  cancelReason: string | null;
  seatsTaken: number;
  /** Confirmed seats: the people a move tells. */
  attendees: number;
};

/** Every session of the course, soonest first, with the seats taken at `now`. */
export async function listSessions(conn: Conn, courseId: string, now: Date): Promise<SessionRow[]> {
  const taken = conn
    .select({ sessionId: reservations.sessionId, n: seatSum().as('n') })
    .from(reservations)
    .where(holdsSeat(now))
    .groupBy(reservations.sessionId)
    .as('taken');
  const confirmed = conn
    .select({ sessionId: reservations.sessionId, n: count().as('confirmed_n') })
    .from(reservations)
    .where(eq(reservations.status, 'confirmed'))
    .groupBy(reservations.sessionId)
    .as('confirmed');
  const rows = await conn
    .select({
      id: courseSessions.id,
      startsAt: courseSessions.startsAt,
      durationMinutes: courseSessions.durationMinutes,
      capacity: courseSessions.capacity,
      minSeats: courseSessions.minSeats,
      maxSeatsPerBooking: courseSessions.maxSeatsPerBooking,
      status: courseSessions.status,
      cancelReason: courseSessions.cancelReason,
      seatsTaken: taken.n,
      attendees: confirmed.n,
    })
    .from(courseSessions)
    .leftJoin(taken, eq(taken.sessionId, courseSessions.id))
    .leftJoin(confirmed, eq(confirmed.sessionId, courseSessions.id))
    .where(eq(courseSessions.courseId, courseId))
    .orderBy(asc(courseSessions.startsAt), asc(courseSessions.id));
  return rows.map((r) => ({ ...r, seatsTaken: Number(r.seatsTaken ?? 0), attendees: Number(r.attendees ?? 0) }));
}

/** One session with its seats taken at `now` (read inside the transaction that locked it). */
export async function findSession(conn: Conn, courseId: string, sessionId: string, now: Date): Promise<SessionRow | null> {
  return (await listSessions(conn, courseId, now)).find((s) => s.id === sessionId) ?? null;
}

/** The session row locked until the transaction ends, if it belongs to the course. */
export async function lockSession(tx: Tx, courseId: string, sessionId: string) {
  const [row] = await tx
    .select()
    .from(courseSessions)
    .where(and(eq(courseSessions.id, sessionId), eq(courseSessions.courseId, courseId)))
    .for('update');
  return row ?? null;
}

/** Seats held now in the session (confirmed, or held and unpaid). */
export async function seatsTaken(conn: Conn, sessionId: string, now: Date): Promise<number> {
  const [row] = await conn
    .select({ n: seatSum() })
    .from(reservations)
    .where(and(eq(reservations.sessionId, sessionId), holdsSeat(now)));
  return row?.n ?? 0;
}

/** The course's sessions locked in id order (the same order everywhere: no deadlock between two admins). */
export async function lockSessionsOf(tx: Tx, courseId: string): Promise<void> {
  await tx
    .select({ id: courseSessions.id })
    .from(courseSessions)
    .where(eq(courseSessions.courseId, courseId))
    .orderBy(asc(courseSessions.id))
    .for('update');
}

/** Seats taken now in the course's scheduled sessions that have not started. */
export async function bookedFutureSeats(conn: Conn, courseId: string, now: Date): Promise<number> {
  const [row] = await conn
    .select({ n: seatSum() })
    .from(reservations)
    .innerJoin(courseSessions, eq(courseSessions.id, reservations.sessionId))
    .where(and(eq(courseSessions.courseId, courseId), eq(courseSessions.status, 'scheduled'), gt(courseSessions.startsAt, now), holdsSeat(now)));
  return row?.n ?? 0;
}

/**
 * Whether anything was ever sold or booked for the course: a purchase (any status), an order
 * line (any order), or a reservation (any status) on one of its sessions. Those rows keep the
 * course (foreign keys restrict), and the buyers' history and receipts keep naming it.
 */
export async function hasHistory(conn: Conn, courseId: string): Promise<boolean> {
  const [purchase] = await conn.select({ id: purchases.id }).from(purchases).where(eq(purchases.courseId, courseId)).limit(1);
  if (purchase) return true;
  const [line] = await conn.select({ id: orderLines.id }).from(orderLines).where(eq(orderLines.courseId, courseId)).limit(1);
  if (line) return true;
  const [seat] = await conn
    .select({ id: reservations.id })
    .from(reservations)
    .innerJoin(courseSessions, eq(courseSessions.id, reservations.sessionId))
    .where(eq(courseSessions.courseId, courseId))
    .limit(1);
  return seat !== undefined;
}

export type CourseValues = Partial<
  Pick<
    typeof courses.$inferInsert,
    | 'title'
    | 'description'
    | 'priceCents'
    | 'isLive'
    | 'isPremium'
    | 'difficulty'
    | 'durationMinutes'
    | 'cuisineType'
    | 'dietaryInfo'
    | 'allergens'
    | 'diets'
    | 'teacherId'
    | 'status'
    | 'imageUrl'
    | 'videoKey'
    | 'videoContentType'
    | 'videoBytes'
    | 'prepKit'
    | 'prepKitServings'
    | 'kitSubstitutions'
  >
>;

export async function insertCourse(tx: Tx, values: Required<Pick<CourseValues, 'title' | 'description' | 'priceCents' | 'isLive'>> & CourseValues, now: Date) {
  const [row] = await tx
    .insert(courses)
    .values({ ...values, createdAt: now, updatedAt: now })
    .returning({ id: courses.id });
  return row!.id;
}

export async function updateCourse(tx: Tx, id: string, values: CourseValues, now: Date): Promise<void> {
  await tx
    .update(courses)
    .set({ ...values, updatedAt: now })
    .where(eq(courses.id, id));
}

export async function deleteCourse(tx: Tx, id: string): Promise<void> {
  // Its sessions go with it (cascade); hasHistory() said none has a reservation.
  await tx.delete(courses).where(eq(courses.id, id));
}

/** Whether the user may teach: a chef or the admin. */
export async function isTeacher(conn: Conn, userId: string): Promise<boolean> {
  const [row] = await conn
    .select({ userId: profiles.userId })
    .from(profiles)
    .where(and(eq(profiles.userId, userId), or(eq(profiles.role, 'chef'), eq(profiles.role, 'admin'))));
  return row !== undefined;
}

/** The chefs and the admin, by name: who may be chosen as a course's teacher. */
export async function listTeachers(conn: Conn) {
  return conn
    .select({ id: profiles.userId, fullName: profiles.fullName })
    .from(profiles)
    .where(inArray(profiles.role, ['chef', 'admin']))
    .orderBy(asc(profiles.fullName), asc(profiles.userId));
}

export async function insertSession(
  tx: Tx,
  values: { courseId: string; startsAt: Date; capacity: number; minSeats: number; maxSeatsPerBooking?: number; durationMinutes: number | null },
  now: Date,
): Promise<string> {
  const [row] = await tx
    .insert(courseSessions)
    .values({ ...values, createdAt: now, updatedAt: now })
    .returning({ id: courseSessions.id });
  return row!.id;
}

export async function updateSession(
  tx: Tx,
  sessionId: string,
  values: Partial<
    Pick<
      typeof courseSessions.$inferInsert,
      'startsAt' | 'capacity' | 'minSeats' | 'maxSeatsPerBooking' | 'durationMinutes' | 'sequence' | 'movedAt' | 'minimumAskedAt' | 'minimumAnswerDueAt' | 'minimumKeptAt'
    >
  >,
  now: Date,
): Promise<void> {
  await tx
    .update(courseSessions)
    .set({ ...values, updatedAt: now })
    .where(eq(courseSessions.id, sessionId));
}

/** Who holds a seat in the session now: their open calendars are told when its time changes. */
export async function seatHolders(conn: Conn, sessionId: string, now: Date) {
  return conn
    .select({ id: reservations.id, userId: reservations.userId })
    .from(reservations)
    .where(and(eq(reservations.sessionId, sessionId), holdsSeat(now)));
}
