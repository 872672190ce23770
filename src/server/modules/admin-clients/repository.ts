// The « Clients » tab's SQL: the customers found by name or e-mail (accents and case ignored), one
// person's orders, seats, memberships, favourites and the chef's notes about them, and the members'
// figures. Reads only, but for the notes, which only this module writes.
import { and, asc, count, desc, eq, inArray, isNotNull, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { foldedContains, folded } from '../../db/like';
import {
  adminClientNotes,
  courseSessions,
  courses,
  favorites,
  orderLines,
  orders,
  profiles,
  reservations,
  subscriptions,
  users,
} from '../../db/schema';

type Conn = Pick<Db, 'select' | 'insert' | 'update'>;

/** A membership in progress (at most one per person: subscriptions_live_user_uq). */
const LIVE = ['incomplete', 'trialing', 'active', 'past_due'] as const;

const summaryColumns = {
  id: users.id,
  name: sql<string>`coalesce(${profiles.fullName}, ${users.name})`,
  email: users.email,
  province: profiles.province,
  since: users.createdAt,
  role: sql<'learner' | 'chef' | 'admin'>`coalesce(${profiles.role}, 'learner')`,
  paidOrderCount: sql<number>`(select count(*) from orders o where o.user_id = "users"."id" and o.status in ('paid', 'partially_refunded', 'refunded'))`.mapWith(Number),
  liveStatus: sql<string | null>`(select s.status from subscriptions s where s.user_id = "users"."id" and s.status in ('incomplete', 'trialing', 'active', 'past_due') limit 1)`,
  liveCancelAtEnd: sql<boolean | null>`(select s.cancel_at_period_end from subscriptions s where s.user_id = "users"."id" and s.status in ('incomplete', 'trialing', 'active', 'past_due') limit 1)`,
};

export type ClientSummaryRow = {
  id: string;
  name: string;
  email: string;
  province: string | null;
  since: Date;
  role: 'learner' | 'chef' | 'admin';
  paidOrderCount: number;
  liveStatus: string | null;
  liveCancelAtEnd: boolean | null;
};

/** Everyone but the admins, by name (accents and case ignored), a page at a time. */
export async function searchClients(db: Db, query: { q?: string; limit: number; offset: number }): Promise<{ rows: ClientSummaryRow[]; total: number }> {
  const where = and(
    or(ne(profiles.role, 'admin'), sql`${profiles.role} is null`),
    query.q ? foldedContains([users.name, profiles.fullName, users.email], query.q) : undefined,
  );
  const [rows, [counted]] = await Promise.all([
    db
      .select(summaryColumns)
      .from(users)
      .leftJoin(profiles, eq(profiles.userId, users.id))
      .where(where)
      .orderBy(asc(folded(sql`coalesce(${profiles.fullName}, ${users.name})`)), asc(users.email), asc(users.id))
      .limit(query.limit)
      .offset(query.offset),
    db.select({ total: count() }).from(users).leftJoin(profiles, eq(profiles.userId, users.id)).where(where),
  ]);
  return { rows: rows as ClientSummaryRow[], total: counted?.total ?? 0 };
}

export async function findClient(db: Db, userId: string): Promise<ClientSummaryRow | null> {
  const [row] = await db.select(summaryColumns).from(users).leftJoin(profiles, eq(profiles.userId, users.id)).where(eq(users.id, userId));
  return (row as ClientSummaryRow | undefined) ?? null;
}

/** The person's orders, newest first, with their lines and whether a refund is on its way. */
export async function ordersOf(db: Db, userId: string) {
  const rows = await db
    .select({
      id: orders.id,
      number: orders.number,
      status: orders.status,
      totalCents: orders.totalCents,
      createdAt: orders.createdAt,
      paidAt: orders.paidAt,
      // Correlated subqueries name the outer table in full: drizzle writes a lone table's columns unqualified.
      pendingRefunds: sql<number>`(select count(*) from refunds r where r.order_id = "orders"."id" and r.status = 'pending')`.mapWith(Number),
    })
    .from(orders)
    .where(eq(orders.userId, userId))
    .orderBy(desc(orders.createdAt), desc(orders.number));
  const ids = rows.map((r) => r.id);
  const lines = ids.length
    ? await db
        .select({
          id: orderLines.id,
          orderId: orderLines.orderId,
          description: orderLines.description,
          amountCents: orderLines.amountCents,
          refundedCents: orderLines.refundedCents,
          reservationId: orderLines.reservationId,
        })
        .from(orderLines)
        .where(inArray(orderLines.orderId, ids))
        .orderBy(orderLines.orderId, orderLines.position)
    : [];
  return { rows, lines };
}

/** The person's seats, the next session first then the past ones. */
export async function bookingsOf(db: Db, userId: string) {
  return db
    .select({
      id: reservations.id,
      sessionId: reservations.sessionId,
      courseTitle: courses.title,
      startsAt: courseSessions.startsAt,
      status: reservations.status,
      cancelReason: reservations.cancelReason,
    })
    .from(reservations)
    .innerJoin(courseSessions, eq(courseSessions.id, reservations.sessionId))
    .innerJoin(courses, eq(courses.id, courseSessions.courseId))
    .where(eq(reservations.userId, userId))
    .orderBy(desc(courseSessions.startsAt), desc(reservations.createdAt));
}

export async function membershipsOf(db: Db, userId: string) {
  return db
    .select({
      id: subscriptions.id,
      status: subscriptions.status,
      cancelAtPeriodEnd: subscriptions.cancelAtPeriodEnd,
      createdAt: subscriptions.createdAt,
      currentPeriodEnd: subscriptions.currentPeriodEnd,
      endedAt: subscriptions.endedAt,
    })
    .from(subscriptions)
    .where(eq(subscriptions.userId, userId))
    .orderBy(desc(subscriptions.createdAt));
}

export async function favoriteCount(db: Db, userId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(favorites).where(eq(favorites.userId, userId));
  return row?.n ?? 0;
}

// ---- Notes ----

export type NoteRow = typeof adminClientNotes.$inferSelect;

export async function notesOf(db: Db, userId: string): Promise<NoteRow[]> {
  return db.select().from(adminClientNotes).where(eq(adminClientNotes.userId, userId)).orderBy(desc(adminClientNotes.createdAt), desc(adminClientNotes.id));
}

export async function insertNote(tx: Conn, values: { userId: string; body: string; authorId: string; authorEmail: string; createdAt: Date }): Promise<NoteRow> {
  const [row] = await tx.insert(adminClientNotes).values(values).returning();
  return row!;
}

/** The note, locked until the transaction ends; null when it is not this person's. */
export async function lockNote(tx: Db, userId: string, noteId: string): Promise<NoteRow | null> {
  const [row] = await tx
    .select()
    .from(adminClientNotes)
    .where(and(eq(adminClientNotes.id, noteId), eq(adminClientNotes.userId, userId)))
    .for('update');
  return row ?? null;
}

export async function updateNote(tx: Conn, noteId: string, values: { body: string; editedByEmail: string; editedAt: Date }): Promise<NoteRow> {
  const [row] = await tx.update(adminClientNotes).set(values).where(eq(adminClientNotes.id, noteId)).returning();
  return row!;
}

export async function emailOf(db: Pick<Db, 'select'>, userId: string): Promise<string | null> {
  const [row] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  return row?.email ?? null;
}

/** The person's order, if it is theirs: its status and who receives its receipt. */
export async function orderOf(db: Db, userId: string, orderId: string) {
  const [row] = await db
    .select({ id: orders.id, status: orders.status, buyerEmail: orders.buyerEmail, number: orders.number })
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.userId, userId)));
  return row ?? null;
}

// ---- Members ----

/**
 * Memberships being run now, by status, whether they end at their period's end, plan, and price as
 * sold (null: sold before prices were kept, the plan's price then).
 */
export async function liveMembershipCounts(db: Db) {
  return db
    .select({ status: subscriptions.status, cancelAtPeriodEnd: subscriptions.cancelAtPeriodEnd, plan: subscriptions.plan, priceCents: subscriptions.priceCents, n: count() })
    .from(subscriptions)
    .where(inArray(subscriptions.status, [...LIVE, 'unpaid']))
    .groupBy(subscriptions.status, subscriptions.cancelAtPeriodEnd, subscriptions.plan, subscriptions.priceCents);
}

/**
 * Every membership that ever started — a period paid, or a trial or a paid status now — with when it
 * started (its first payment, else its creation) and when it ended.
 */
export async function startedMemberships(db: Db) {
  const firstPaid = sql<Date | string | null>`(select min(o.paid_at) from orders o where o.subscription_id = "subscriptions"."id" and o.status in ('paid', 'partially_refunded', 'refunded'))`;
  return db
    .select({ id: subscriptions.id, status: subscriptions.status, createdAt: subscriptions.createdAt, endedAt: subscriptions.endedAt, firstPaidAt: firstPaid })
    .from(subscriptions)
    .where(or(inArray(subscriptions.status, ['trialing', 'active', 'past_due', 'unpaid']), isNotNull(firstPaid)));
}
