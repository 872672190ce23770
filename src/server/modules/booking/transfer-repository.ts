// The rows a transfer reads and writes (docs/decisions/0051). Functions taking `tx` run inside the
// transfer's transaction, after the paying order, the sessions and the reservation are locked.
import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { courseSessions, courses, orderLines, orders, profiles, reservations, reservationTransfers, users } from '../../db/schema';
import { holdsSeat, seatSum } from './seats';

type Conn = Db | Tx;

export type TransferRow = typeof reservationTransfers.$inferSelect;

export async function findByKey(conn: Conn, reservationId: string, idempotencyKey: string): Promise<TransferRow | null> {
  const [row] = await conn
    .select()
    .from(reservationTransfers)
    .where(and(eq(reservationTransfers.reservationId, reservationId), eq(reservationTransfers.idempotencyKey, idempotencyKey)));
  return row ?? null;
}

export async function findTransfer(conn: Conn, id: string): Promise<TransferRow | null> {
  const [row] = await conn.select().from(reservationTransfers).where(eq(reservationTransfers.id, id));
  return row ?? null;
}

/** The gift of this booking waiting for its recipient, if any. */
export async function pendingGift(conn: Conn, reservationId: string): Promise<TransferRow | null> {
  const [row] = await conn
    .select()
    .from(reservationTransfers)
    .where(and(eq(reservationTransfers.reservationId, reservationId), eq(reservationTransfers.status, 'pending')));
  return row ?? null;
}

/** The gift, its row locked until the transaction ends. */
export async function lockTransfer(tx: Tx, id: string): Promise<TransferRow | null> {
  const [row] = await tx.select().from(reservationTransfers).where(eq(reservationTransfers.id, id)).for('update');
  return row ?? null;
}

export async function insertTransfer(tx: Tx, values: typeof reservationTransfers.$inferInsert): Promise<TransferRow> {
  const [row] = await tx.insert(reservationTransfers).values(values).returning();
  return row!;
}

export async function setTransferStatus(tx: Tx, id: string, values: { status: string; toUserId?: string | null; refundId?: string | null }, now: Date): Promise<void> {
  await tx
    .update(reservationTransfers)
    .set({ ...values, updatedAt: now })
    .where(eq(reservationTransfers.id, id));
}

/** The other scheduled sessions of the course not started yet, with their seats taken (summed). */
export async function otherSessions(conn: Conn, courseId: string, exceptSessionId: string, now: Date) {
  const taken = conn
    .select({ sessionId: reservations.sessionId, seats: seatSum().as('seats') })
    .from(reservations)
    .where(holdsSeat(now))
    .groupBy(reservations.sessionId)
    .as('taken');
  return conn
    .select({ id: courseSessions.id, startsAt: courseSessions.startsAt, capacity: courseSessions.capacity, taken: sql<number>`coalesce(${taken.seats}, 0)`.mapWith(Number) })
    .from(courseSessions)
    .leftJoin(taken, eq(taken.sessionId, courseSessions.id))
    .where(
      and(
        eq(courseSessions.courseId, courseId),
        eq(courseSessions.status, 'scheduled'),
        gt(courseSessions.startsAt, now),
        sql`${courseSessions.id} <> ${exceptSessionId}`,
      ),
    )
    .orderBy(asc(courseSessions.startsAt));
}

/** The list price the line paid per seat (before its discounts: subscriber's, promo code's). */
export async function listPricePerSeat(conn: Conn, orderLineId: string): Promise<number> {
  const [row] = await conn.select({ amount: orderLines.amountCents, discount: orderLines.discountCents, seats: orderLines.seats }).from(orderLines).where(eq(orderLines.id, orderLineId));
  return row ? Math.round((row.amount + row.discount) / Math.max(1, row.seats)) : 0;
}

export async function moveReservation(tx: Tx, reservationId: string, sessionId: string, now: Date): Promise<void> {
  await tx.update(reservations).set({ sessionId, updatedAt: now }).where(eq(reservations.id, reservationId));
}

/** A gift accepted: the booking is the recipient's from now on (the kit and the reminders go to them). */
export async function giveReservation(tx: Tx, reservationId: string, to: { userId: string; clientName: string }, now: Date): Promise<void> {
  await tx.update(reservations).set({ userId: to.userId, clientName: to.clientName, updatedAt: now }).where(eq(reservations.id, reservationId));
}

/** The account behind an e-mail address (the gift's recipient), if there is one. */
export async function userByEmail(conn: Conn, email: string) {
  const [row] = await conn.select({ id: users.id, email: users.email, name: users.name }).from(users).where(sql`lower(${users.email}) = ${email.toLowerCase()}`);
  return row ?? null;
}

export async function userById(conn: Conn, id: string) {
  const [row] = await conn.select({ id: users.id, email: users.email, name: users.name }).from(users).where(eq(users.id, id));
  return row ?? null;
}

/** The recipient already has a live booking of that session (one per learner and session). */
export async function hasLiveBooking(conn: Conn, userId: string, sessionId: string): Promise<boolean> {
  const [row] = await conn
    .select({ id: reservations.id })
    .from(reservations)
    .where(and(eq(reservations.userId, userId), eq(reservations.sessionId, sessionId), inArray(reservations.status, ['pending_payment', 'confirmed'])))
    .limit(1);
  return !!row;
}

/** Transfers a person gave or received (the Law 25 export). */
export async function transfersOf(conn: Conn, userId: string): Promise<TransferRow[]> {
  return conn
    .select()
    .from(reservationTransfers)
    .where(sql`${reservationTransfers.fromUserId} = ${userId} or ${reservationTransfers.toUserId} = ${userId}`)
    .orderBy(asc(reservationTransfers.createdAt));
}

/** The province the order was taxed in: a dearer move's difference is taxed the same way. */
export async function orderProvince(conn: Conn, orderId: string): Promise<string | null> {
  const [row] = await conn.select({ province: orders.province }).from(orders).where(eq(orders.id, orderId));
  return row?.province ?? null;
}

/** The course's list price per seat today. */
export async function coursePrice(conn: Conn, courseId: string): Promise<number> {
  const [row] = await conn.select({ price: courses.priceCents }).from(courses).where(eq(courses.id, courseId));
  return row?.price ?? 0;
}

/** The name on the person's profile ('' when none): the roster's name for a booking. */
export async function profileName(conn: Conn, userId: string): Promise<string> {
  const [row] = await conn.select({ name: profiles.fullName }).from(profiles).where(eq(profiles.userId, userId));
  return row?.name?.trim() ?? '';
}

/** The dearer move an order pays the difference of, if it is one. */
export async function transferByOrder(conn: Conn, orderId: string): Promise<TransferRow | null> {
  const [row] = await conn.select().from(reservationTransfers).where(eq(reservationTransfers.orderId, orderId));
  return row ?? null;
}

/** The booking's dearer move waiting for its payment, if any. */
export async function awaitingPayment(conn: Conn, reservationId: string): Promise<TransferRow | null> {
  const [row] = await conn
    .select()
    .from(reservationTransfers)
    .where(and(eq(reservationTransfers.reservationId, reservationId), eq(reservationTransfers.status, 'awaiting_payment')));
  return row ?? null;
}

/** The target's hold of a dearer move (its row locked with the reservations': after the sessions). */
export async function holdOf(conn: Conn, reservationId: string, lock = true) {
  const query = conn.select({ id: reservations.id, status: reservations.status, holdExpiresAt: reservations.holdExpiresAt }).from(reservations).where(eq(reservations.id, reservationId));
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

/** The one line of a difference's order. */
export async function differenceLineOf(conn: Conn, orderId: string): Promise<string | null> {
  const [row] = await conn.select({ id: orderLines.id }).from(orderLines).where(eq(orderLines.orderId, orderId)).limit(1);
  return row?.id ?? null;
}

/** The original order's buyer and province: the difference is bought by the same person, taxed the same way. */
export async function orderBuyer(conn: Conn, orderId: string) {
  const [row] = await conn
    .select({ userId: orders.userId, province: orders.province, buyerName: orders.buyerName, buyerEmail: orders.buyerEmail })
    .from(orders)
    .where(eq(orders.id, orderId));
  return row ?? null;
}

/** The lines that paid a booking's moves to dearer sessions (paid orders only): a cancellation refunds them too. */
export async function differenceLinesOf(conn: Conn, reservationId: string) {
  return conn
    .select({ orderId: orders.id, orderLineId: orderLines.id, orderStatus: orders.status, amountCents: orderLines.amountCents, seats: orderLines.seats })
    .from(reservationTransfers)
    .innerJoin(orders, eq(orders.id, reservationTransfers.orderId))
    .innerJoin(orderLines, eq(orderLines.orderId, orders.id))
    .where(and(eq(reservationTransfers.reservationId, reservationId), eq(reservationTransfers.status, 'done')))
    .orderBy(asc(orders.id));
}

/** What the school offered per seat on this booking's dearer moves (the admin's « Offrir la différence »), before tax. */
export async function waivedPerSeat(conn: Conn, reservationId: string): Promise<number> {
  const [row] = await conn
    .select({ cents: sql<number>`coalesce(sum(${reservationTransfers.waivedPerSeatCents}), 0)::int`.mapWith(Number) })
    .from(reservationTransfers)
    .where(and(eq(reservationTransfers.reservationId, reservationId), eq(reservationTransfers.status, 'done')));
  return row?.cents ?? 0;
}

/** The difference's order as its payment needs it. */
export async function orderRow(conn: Conn, orderId: string) {
  const [row] = await conn.select().from(orders).where(eq(orders.id, orderId));
  return row ?? null;
}

/** The difference's order and its one line (the checkout's own insert, for an order it does not price). */
export async function insertDifferenceOrder(tx: Tx, order: typeof orders.$inferInsert, lines: (typeof orderLines.$inferInsert)[]): Promise<void> {
  await tx.insert(orders).values(order);
  await tx.insert(orderLines).values(lines);
}

export async function setProviderPayment(conn: Conn, orderId: string, paymentId: string, now: Date): Promise<void> {
  await conn.update(orders).set({ providerPaymentId: paymentId, updatedAt: now }).where(eq(orders.id, orderId));
}
