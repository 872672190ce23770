// What a provider event changes: the processed-events ledger, the order, and the purchases.
import { and, eq, isNull, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { orderLines, orders, paymentEvents, purchases, users } from '../../db/schema';

/**
 * Records the event as processed; false when it already was. Written in the transaction of its
 * effects: if they fail, the record goes too and the provider's retry is processed afresh. Two
 * deliveries at once: the second waits on the primary key, then finds the row (or, if the first
 * rolled back, takes its place).
 */
export async function recordEvent(tx: Tx, provider: string, eventId: string, type: string, now: Date): Promise<boolean> {
  const rows = await tx
    .insert(paymentEvents)
    .values({ provider, eventId, type, processedAt: now })
    .onConflictDoNothing()
    .returning({ eventId: paymentEvents.eventId });
  return rows.length === 1;
}

export async function isEventRecorded(db: Db, provider: string, eventId: string): Promise<boolean> {
  const rows = await db
    .select({ eventId: paymentEvents.eventId })
    .from(paymentEvents)
    .where(and(eq(paymentEvents.provider, provider), eq(paymentEvents.eventId, eventId)));
  return rows.length === 1;
}

export type PayableOrder = Pick<
  typeof orders.$inferSelect,
  'id' | 'number' | 'userId' | 'status' | 'totalCents' | 'creditAppliedCents' | 'providerPaymentId'
> & { email: string; name: string; accountEmail: string };

/**
 * The order an event is about, locked: by the provider's payment id, or else by the order id the
 * payment carries in its metadata (when the checkout died before linking them).
 */
export async function lockOrderForPayment(tx: Tx, provider: string, paymentId: string, orderId: string | null): Promise<PayableOrder | undefined> {
  const columns = {
    id: orders.id,
    number: orders.number,
    userId: orders.userId,
    status: orders.status,
    totalCents: orders.totalCents,
    creditAppliedCents: orders.creditAppliedCents,
    providerPaymentId: orders.providerPaymentId,
    email: orders.buyerEmail,
    name: orders.buyerName,
    accountEmail: users.email,
  };
  const [byPayment] = await tx
    .select(columns)
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(and(eq(orders.provider, provider), eq(orders.providerPaymentId, paymentId)))
    .for('update', { of: orders });
  if (byPayment || !orderId) return byPayment;
  const [byOrder] = await tx
    .select(columns)
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(and(eq(orders.id, orderId), eq(orders.provider, provider), or(isNull(orders.providerPaymentId), eq(orders.providerPaymentId, paymentId))))
    .for('update', { of: orders });
  return byOrder;
}

export async function setOrder(tx: Tx, orderId: string, values: Partial<typeof orders.$inferInsert>, now: Date): Promise<void> {
  await tx.update(orders).set({ ...values, updatedAt: now }).where(eq(orders.id, orderId));
}

export type CourseLine = { id: string; courseId: string; amountCents: number; kind: string; description: string };

/** The order's lines that sell a course (recorded or live). */
export async function courseLinesOf(tx: Tx, orderId: string): Promise<CourseLine[]> {
  const lines = await tx
    .select({ id: orderLines.id, courseId: orderLines.courseId, amountCents: orderLines.amountCents, kind: orderLines.kind, description: orderLines.description })
    .from(orderLines)
    .where(eq(orderLines.orderId, orderId))
    .orderBy(orderLines.position);
  return lines.filter((l): l is typeof l & { courseId: string } => l.courseId !== null);
}

export { coursesOwnedElsewhere, lockCourseRights } from '../purchases/course-rights';

/**
 * One succeeded purchase per course line of the order but those skipped (lines refunded as
 * duplicates); a line that has one keeps it (replays grant nothing more).
 */
export async function grantPurchases(tx: Tx, orderId: string, userId: string, now: Date, skip: ReadonlySet<string> = new Set()): Promise<number> {
  const courseLines = (await courseLinesOf(tx, orderId)).filter((l) => !skip.has(l.id));
  if (courseLines.length === 0) return 0;
  const inserted = await tx
    .insert(purchases)
    .values(
      courseLines.map((l) => ({
        userId,
        courseId: l.courseId,
        status: 'succeeded' as const,
        amountCents: l.amountCents,
        orderLineId: l.id,
        createdAt: now,
        updatedAt: now,
      })),
    )
    .onConflictDoNothing({ target: purchases.orderLineId })
    .returning({ id: purchases.id });
  return inserted.length;
}

/** The ids of every line of the order (for a refund of all of it). */
export async function lineIdsOf(tx: Tx, orderId: string): Promise<string[]> {
  const rows = await tx.select({ id: orderLines.id }).from(orderLines).where(eq(orderLines.orderId, orderId)).orderBy(orderLines.position);
  return rows.map((r) => r.id);
}

/**
 * The processor's fee, balance transaction and payout on the order(s) of this payment, once: an
 * order that has its fee keeps it (a repeated or late event changes nothing).
 */
export async function recordSettlement(
  tx: Tx,
  provider: string,
  paymentId: string,
  settlement: { feeCents: number; transactionId: string; payoutReference: string | null },
  now: Date,
): Promise<void> {
  await tx
    .update(orders)
    .set({ processorFeeCents: settlement.feeCents, processorTransactionId: settlement.transactionId, payoutReference: settlement.payoutReference, updatedAt: now })
    .where(and(eq(orders.provider, provider), eq(orders.providerPaymentId, paymentId), isNull(orders.processorFeeCents)));
}

/**
 * A payout paid: its reference on the orders whose payments it carried (matched by the payment, or
 * by the balance transaction stored when the payment succeeded), and the fee and transaction where
 * none was stored then (the provider could not say yet). Only orders without a payout yet: a
 * repeated or second event (payout.reconciliation_completed) writes nothing twice.
 */
export async function recordPayout(
  tx: Tx,
  provider: string,
  payoutId: string,
  transactions: { transactionId: string; paymentId: string | null; feeCents: number }[],
  now: Date,
): Promise<number> {
  let written = 0;
  for (const txn of transactions) {
    if (!txn.paymentId) continue;
    const rows = await tx
      .update(orders)
      .set({
        payoutReference: payoutId,
        processorFeeCents: sql`coalesce(${orders.processorFeeCents}, ${txn.feeCents})`,
        processorTransactionId: sql`coalesce(${orders.processorTransactionId}, ${txn.transactionId})`,
        updatedAt: now,
      })
      .where(
        and(
          eq(orders.provider, provider),
          or(eq(orders.providerPaymentId, txn.paymentId), eq(orders.processorTransactionId, txn.transactionId)),
          isNull(orders.payoutReference),
        ),
      )
      .returning({ id: orders.id });
    written += rows.length;
  }
  return written;
}
