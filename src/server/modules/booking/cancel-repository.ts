// The rows a learner's cancellation reads and writes. Functions taking `tx` run inside the
// cancellation's transaction, after the paying order and the session are locked (lock order:
// orders → course_sessions → reservations).
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { SeatNeeds } from '@shared/dietary';
import type { ReservationCancelReason } from '@shared/schemas/reservations';
import type { Db, Tx } from '../../db/client';
import { courseSessions, orderLines, orders, profiles, refunds, reservations, users } from '../../db/schema';

type Conn = Db | Tx;

/** Orders that received money for a seat: the same states reservation-rows.ts calls "paid". */
export const PAID_ORDER_STATUSES = ['paid', 'partially_refunded', 'refunded'] as const;

/** `amountCents` and `seats`: what the line paid, for how many seats (a seat's share is amountCents / seats). */
export type PaidLine = { orderId: string; orderLineId: string; orderStatus: (typeof orders.$inferSelect)['status']; amountCents: number; seats: number };

/**
 * The order line that paid for the reservation's seat, or null. Two orders may have paid for one
 * hold (two tabs): the payment confirmation refunds the extra one automatically under the key
 * `seat:<orderId>`, so the seat's own payment is the first paid order without that refund.
 */
export async function paidLineOf(conn: Conn, reservationId: string): Promise<PaidLine | null> {
  const refundedAsExtra = sql`exists (select 1 from ${refunds} where ${refunds.orderId} = ${orders.id} and ${refunds.idempotencyKey} = 'seat:' || ${orders.id}::text)`;
  const [row] = await conn
    .select({ orderId: orders.id, orderLineId: orderLines.id, orderStatus: orders.status, amountCents: orderLines.amountCents, seats: orderLines.seats })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .where(and(eq(orderLines.reservationId, reservationId), inArray(orders.status, [...PAID_ORDER_STATUSES])))
    .orderBy(refundedAsExtra, sql`${orders.paidAt} asc nulls last`, asc(orders.createdAt))
    .limit(1);
  return row ?? null;
}

/** The session the reservation is on now (a transfer may move it: docs/decisions/0051). */
export async function sessionIdOf(conn: Conn, reservationId: string): Promise<string | null> {
  const [row] = await conn.select({ sessionId: reservations.sessionId }).from(reservations).where(eq(reservations.id, reservationId));
  return row?.sessionId ?? null;
}

/** The reservation, its row locked until the transaction ends; null if unknown. */
export async function lockReservation(tx: Tx, reservationId: string) {
  const [row] = await tx
    .select({
      id: reservations.id,
      userId: reservations.userId,
      sessionId: reservations.sessionId,
      status: reservations.status,
      cancelReason: reservations.cancelReason,
      bookedAt: reservations.createdAt,
      seats: reservations.seats,
      guestNames: reservations.guestNames,
      servings: reservations.servings,
      dietaryNeeds: reservations.dietaryNeeds,
    })
    .from(reservations)
    .where(eq(reservations.id, reservationId))
    .for('update');
  return row ?? null;
}

export async function markCancelled(tx: Tx, reservationId: string, reason: ReservationCancelReason, now: Date): Promise<void> {
  await tx
    .update(reservations)
    .set({ status: 'cancelled', cancelReason: reason, cancelledAt: now, updatedAt: now })
    .where(eq(reservations.id, reservationId));
}

/**
 * Some of the booking's seats given back (docs/decisions/0047): `seats` left, the guests beyond them
 * dropped, the kit's servings scaled down with them.
 */
export async function markSeatsCancelled(tx: Tx, reservationId: string, values: { seats: number; guestNames: string[]; dietaryNeeds: SeatNeeds[]; servings: number | null }, now: Date): Promise<void> {
  await tx.update(reservations).set({ ...values, updatedAt: now }).where(eq(reservations.id, reservationId));
}

/** The whole refund row (for its RefundView), by id. */
export async function findRefund(conn: Conn, refundId: string) {
  const [row] = await conn.select().from(refunds).where(eq(refunds.id, refundId));
  return row ?? null;
}

/** The refund made on an order under one idempotency key (e.g. `cancel:<reservationId>`). */
export async function findRefundByKey(conn: Conn, orderId: string, idempotencyKey: string) {
  const [row] = await conn
    .select()
    .from(refunds)
    .where(and(eq(refunds.orderId, orderId), eq(refunds.idempotencyKey, idempotencyKey)));
  return row ?? null;
}

export type Contact = { userId: string; email: string; name: string };

/** Where to write to these users: their account e-mail and the name on their profile. */
export async function contactsOf(conn: Conn, userIds: string[]): Promise<Contact[]> {
  if (!userIds.length) return [];
  return conn
    .select({ userId: users.id, email: users.email, name: sql<string>`coalesce(nullif(${profiles.fullName}, ''), ${users.name})` })
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(inArray(users.id, userIds));
}

/** The provider's payment behind an order (what a refund is asked against). */
export async function paymentIdOf(conn: Conn, orderId: string): Promise<string | null> {
  const [row] = await conn.select({ paymentId: orders.providerPaymentId }).from(orders).where(eq(orders.id, orderId));
  return row?.paymentId ?? null;
}

// --- After the chef cancelled the session: the learner's choice of card or credit (refund-choice.ts) ---

/** The refund of a seat of a cancelled session: one per reservation, whatever was chosen. */
export const sessionCancelRefundKey = (reservationId: string) => `session-cancel:${reservationId}`;

/** The seat's choice, its row locked until the transaction ends, with the session's reason; null if unknown. */
export async function lockRefundChoice(tx: Tx, reservationId: string) {
  const [row] = await tx
    .select({
      id: reservations.id,
      userId: reservations.userId,
      cancelReason: reservations.cancelReason,
      refundChoiceDueAt: reservations.refundChoiceDueAt,
      refundChoice: reservations.refundChoice,
      sessionReason: courseSessions.cancelReason,
    })
    .from(reservations)
    .innerJoin(courseSessions, eq(courseSessions.id, reservations.sessionId))
    .where(eq(reservations.id, reservationId))
    .for('update', { of: reservations });
  return row ?? null;
}

export async function setRefundChoice(tx: Tx, reservationId: string, choice: string, now: Date): Promise<void> {
  await tx.update(reservations).set({ refundChoice: choice, updatedAt: now }).where(eq(reservations.id, reservationId));
}

export async function openRefundChoice(tx: Tx, reservationId: string, dueAt: Date): Promise<void> {
  await tx.update(reservations).set({ refundChoiceDueAt: dueAt }).where(eq(reservations.id, reservationId));
}

/**
 * What is still to give back on the seat's line (before tax): its amount less what it has had back
 * and what pending refunds promise. 0: nothing (the admin refunded it by hand, or it cost nothing).
 */
export async function leftOnLine(conn: Conn, orderLineId: string): Promise<number> {
  const [row] = await conn
    .select({
      // Named in full: a one-table select leaves its columns unqualified, which the subquery would take for its own.
      left: sql<number>`"order_lines"."amount_cents" - "order_lines"."refunded_cents" - coalesce((
        select sum((e ->> 'amountCents')::int) from ${refunds} r, jsonb_array_elements(r.lines) e
        where r.order_id = "order_lines"."order_id" and r.status = 'pending' and e ->> 'orderLineId' = "order_lines"."id"::text
      ), 0)`.mapWith(Number),
    })
    .from(orderLines)
    .where(eq(orderLines.id, orderLineId));
  return row?.left ?? 0;
}
