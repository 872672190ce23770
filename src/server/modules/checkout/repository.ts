// Orders and what a checkout reads to price them: courses, sessions, the buyer, earlier purchases.
import { and, asc, desc, eq, gt, inArray, isNull, ne } from 'drizzle-orm';
import { ACCESS_STATUSES } from '@shared/access';
import type { Db, Tx } from '../../db/client';
import { courseSessions, courses, orderLines, orders, profiles, promoCodes, purchases, refunds, reservations, subscriptions, users } from '../../db/schema';

type Conn = Db | Tx;

export type OrderRow = typeof orders.$inferSelect;
export type OrderLineRow = typeof orderLines.$inferSelect;
export type RefundRow = typeof refunds.$inferSelect;
export type LineReservation = { id: string; status: (typeof reservations.$inferSelect)['status']; cancelReason: string | null };
export type OrderLineDetail = OrderLineRow & { reservation: LineReservation | null };
/** The promo code an order used, as its scope reads now (the order keeps its own text and rate). */
export type OrderPromo = { kinds: string[]; courseIds: string[]; amountOffCents: number | null };
export type OrderDetail = { order: OrderRow; lines: OrderLineDetail[]; refunds: RefundRow[]; promo?: OrderPromo | null };

export async function findOrderByKey(db: Conn, userId: string, idempotencyKey: string): Promise<OrderRow | undefined> {
  const [row] = await db.select().from(orders).where(and(eq(orders.userId, userId), eq(orders.idempotencyKey, idempotencyKey)));
  return row;
}

/** The order with its lines (in order) and refunds (oldest first); undefined if absent. */
export async function loadOrderDetail(db: Conn, orderId: string): Promise<OrderDetail | undefined> {
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  if (!order) return undefined;
  const [lineRows, refundRows, promoRows] = await Promise.all([
    db
      .select({
        line: orderLines,
        reservation: { id: reservations.id, status: reservations.status, cancelReason: reservations.cancelReason },
      })
      .from(orderLines)
      .leftJoin(reservations, eq(reservations.id, orderLines.reservationId))
      .where(eq(orderLines.orderId, orderId))
      .orderBy(asc(orderLines.position)),
    db.select().from(refunds).where(eq(refunds.orderId, orderId)).orderBy(asc(refunds.createdAt), asc(refunds.number)),
    order.promoCodeId
      ? db.select({ kinds: promoCodes.kinds, courseIds: promoCodes.courseIds, amountOffCents: promoCodes.amountOffCents }).from(promoCodes).where(eq(promoCodes.id, order.promoCodeId))
      : Promise.resolve([]),
  ]);
  const lines = lineRows.map((r) => ({ ...r.line, reservation: r.reservation?.id ? (r.reservation as LineReservation) : null }));
  return { order, lines, refunds: refundRows, promo: promoRows[0] ?? null };
}

export type CourseForSale = {
  id: string;
  title: string;
  priceCents: number;
  isLive: boolean;
  isPremium: boolean;
  teacherId: string | null;
  videoKey: string | null;
  status: string;
};

export async function findCourses(db: Conn, ids: string[]): Promise<CourseForSale[]> {
  if (ids.length === 0) return [];
  return db
    .select({
      id: courses.id,
      title: courses.title,
      priceCents: courses.priceCents,
      isLive: courses.isLive,
      isPremium: courses.isPremium,
      teacherId: courses.teacherId,
      videoKey: courses.videoKey,
      status: courses.status,
    })
    .from(courses)
    .where(inArray(courses.id, ids));
}

export async function findSessions(db: Conn, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .select({ id: courseSessions.id, courseId: courseSessions.courseId, startsAt: courseSessions.startsAt, status: courseSessions.status })
    .from(courseSessions)
    .where(inArray(courseSessions.id, ids));
}

/** Of these courses, the ones the user already owns (a succeeded purchase). */
export async function purchasedCourseIds(db: Conn, userId: string, courseIds: string[]): Promise<Set<string>> {
  if (courseIds.length === 0) return new Set();
  const rows = await db
    .select({ courseId: purchases.courseId })
    .from(purchases)
    .where(and(eq(purchases.userId, userId), eq(purchases.status, 'succeeded'), inArray(purchases.courseId, courseIds)));
  return new Set(rows.map((r) => r.courseId));
}

export async function findBuyer(db: Conn, userId: string) {
  const [row] = await db
    .select({ email: users.email, name: users.name, fullName: profiles.fullName, province: profiles.province, role: profiles.role })
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(eq(users.id, userId));
  return row;
}

/** The subscription record that decides whether the buyer is a subscriber (spec §4): the latest with an access status. */
export async function latestSubscription(db: Conn, userId: string) {
  const [row] = await db
    .select({ status: subscriptions.status, currentPeriodEnd: subscriptions.currentPeriodEnd })
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, userId), inArray(subscriptions.status, [...ACCESS_STATUSES])))
    .orderBy(desc(subscriptions.createdAt))
    .limit(1);
  return row ?? null;
}

export async function saveProvince(db: Conn, userId: string, province: string, now: Date): Promise<void> {
  await db.update(profiles).set({ province, updatedAt: now }).where(eq(profiles.userId, userId));
}

export async function insertOrder(tx: Tx, order: typeof orders.$inferInsert, lines: (typeof orderLines.$inferInsert)[]): Promise<OrderRow> {
  const [row] = await tx.insert(orders).values(order).returning();
  await tx.insert(orderLines).values(lines);
  return row!;
}

/** Links the order to its provider payment (once; a retried checkout finds it linked). */
export async function setProviderPayment(db: Conn, orderId: string, paymentId: string, now: Date): Promise<void> {
  await db.update(orders).set({ providerPaymentId: paymentId, updatedAt: now }).where(eq(orders.id, orderId));
}

/** Statuses of an order still waiting for its money: the ones its window's end closes. */
export const UNPAID_STATUSES = ['pending', 'failed'] as const;

/**
 * Closes the order if it is still unpaid ('canceled', shown « Abandonnée »); null if it was not
 * (paid, under way, or closed already). One conditional UPDATE: a payment committing first wins.
 */
export async function closeUnpaidOrder(db: Conn, orderId: string, now: Date): Promise<{ id: string; userId: string } | null> {
  const [row] = await db
    .update(orders)
    .set({ status: 'canceled', updatedAt: now })
    .where(and(eq(orders.id, orderId), inArray(orders.status, [...UNPAID_STATUSES])))
    .returning({ id: orders.id, userId: orders.userId });
  return row ?? null;
}

/**
 * The buyer's other unpaid orders that hold « Crédit Toque », with the courses they name (sorted):
 * an attempt with « Utiliser mon crédit » the buyer left for another (docs/decisions/0038).
 */
export async function unpaidOrdersHoldingCredit(db: Conn, userId: string, exceptOrderId: string | null) {
  const rows = await db
    .select({ id: orders.id, providerPaymentId: orders.providerPaymentId, provider: orders.provider, courseId: orderLines.courseId })
    .from(orders)
    .innerJoin(orderLines, eq(orderLines.orderId, orders.id))
    .where(
      and(
        eq(orders.userId, userId),
        inArray(orders.status, [...UNPAID_STATUSES]),
        gt(orders.creditAppliedCents, 0),
        isNull(orders.subscriptionId),
        ...(exceptOrderId ? [ne(orders.id, exceptOrderId)] : []),
      ),
    )
    .orderBy(asc(orders.id), asc(orderLines.position));
  const byOrder = new Map<string, { id: string; providerPaymentId: string | null; provider: string; courseIds: string[] }>();
  for (const r of rows) {
    const o = byOrder.get(r.id) ?? { id: r.id, providerPaymentId: r.providerPaymentId, provider: r.provider, courseIds: [] };
    if (r.courseId) o.courseIds.push(r.courseId);
    byOrder.set(r.id, o);
  }
  return [...byOrder.values()].map((o) => ({ ...o, courseIds: o.courseIds.sort() }));
}

/** What the provider must be told of a closed order: its payment, or its membership. */
export async function findOrderPayment(db: Conn, orderId: string) {
  const [row] = await db
    .select({ status: orders.status, provider: orders.provider, providerPaymentId: orders.providerPaymentId, subscriptionId: orders.subscriptionId })
    .from(orders)
    .where(eq(orders.id, orderId));
  return row ?? null;
}
