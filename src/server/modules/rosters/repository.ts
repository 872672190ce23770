// The roster's queries: every reservation of a session with the learner and what their seat's order
// line was paid and refunded, and the messages sent to it. The session itself (its course, its chef,
// its seats taken, its lock) is the sessions slice's, asked through its service.
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { SeatNeeds } from '@shared/dietary';
import type { Db } from '../../db/client';
import { orderLines, orders, refunds, reservations, sessionMessages, users } from '../../db/schema';

type Conn = Pick<Db, 'select' | 'insert' | 'update' | 'execute'>;

export type RosterReservationRow = {
  id: string;
  userId: string;
  name: string;
  email: string;
  status: 'pending_payment' | 'confirmed' | 'cancelled' | 'expired';
  holdExpiresAt: Date | null;
  cancelReason: string | null;
  cancelledAt: Date | null;
  servings: number | null;
  seats: number;
  guestNames: string[];
  dietaryNeeds: SeatNeeds[];
  createdAt: Date;
};

/** Every reservation of the session, in booking order. */
export async function sessionReservations(db: Conn, sessionId: string): Promise<RosterReservationRow[]> {
  return db
    .select({
      id: reservations.id,
      userId: reservations.userId,
      name: reservations.clientName,
      email: users.email,
      status: reservations.status,
      holdExpiresAt: reservations.holdExpiresAt,
      cancelReason: reservations.cancelReason,
      cancelledAt: reservations.cancelledAt,
      servings: reservations.servings,
      seats: reservations.seats,
      guestNames: reservations.guestNames,
      dietaryNeeds: reservations.dietaryNeeds,
      createdAt: reservations.createdAt,
    })
    .from(reservations)
    .innerJoin(users, eq(users.id, reservations.userId))
    .where(eq(reservations.sessionId, sessionId))
    .orderBy(asc(reservations.createdAt), asc(reservations.id));
}

export type PaidLineRow = { reservationId: string; orderLineId: string; orderId: string; amountCents: number; refundedCents: number };

/** The order lines that paid for these seats (orders paid, whatever was refunded since). */
export async function paidLines(db: Conn, reservationIds: string[]): Promise<PaidLineRow[]> {
  if (reservationIds.length === 0) return [];
  const rows = await db
    .select({
      reservationId: orderLines.reservationId,
      orderLineId: orderLines.id,
      orderId: orderLines.orderId,
      amountCents: orderLines.amountCents,
      refundedCents: orderLines.refundedCents,
    })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .where(and(inArray(orderLines.reservationId, reservationIds), sql`${orders.paidAt} is not null`));
  return rows.filter((r): r is PaidLineRow => r.reservationId !== null);
}

export type RefundRow = { orderId: string; status: 'pending' | 'succeeded' | 'failed'; lines: { orderLineId: string; amountCents: number }[] };

export async function refundsOf(db: Conn, orderIds: string[]): Promise<RefundRow[]> {
  if (orderIds.length === 0) return [];
  const rows = await db
    .select({ orderId: refunds.orderId, status: refunds.status, lines: refunds.lines })
    .from(refunds)
    .where(inArray(refunds.orderId, orderIds))
    .orderBy(asc(refunds.createdAt));
  return rows.map((r) => ({ ...r, lines: (r.lines as RefundRow['lines']) ?? [] }));
}

export type MessageRow = typeof sessionMessages.$inferSelect;

export async function listMessages(db: Conn, sessionId: string): Promise<MessageRow[]> {
  return db.select().from(sessionMessages).where(eq(sessionMessages.sessionId, sessionId)).orderBy(desc(sessionMessages.createdAt), desc(sessionMessages.id));
}

/** The new message, or null when this key already sent one for the session (a double submit, a retry). */
export async function insertMessageOnce(db: Conn, values: typeof sessionMessages.$inferInsert): Promise<MessageRow | null> {
  const [row] = await db.insert(sessionMessages).values(values).onConflictDoNothing().returning();
  return row ?? null;
}

export async function findMessageByKey(db: Conn, sessionId: string, idempotencyKey: string): Promise<MessageRow | null> {
  const [row] = await db
    .select()
    .from(sessionMessages)
    .where(and(eq(sessionMessages.sessionId, sessionId), eq(sessionMessages.idempotencyKey, idempotencyKey)));
  return row ?? null;
}

export async function userEmail(db: Conn, userId: string): Promise<string | null> {
  const [row] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  return row?.email ?? null;
}
