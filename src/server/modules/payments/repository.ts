// What a provider event changes: the processed-events ledger, the order, and the purchases.
import { and, eq, isNull, or } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { orderLines, orders, paymentEvents, purchases } from '../../db/schema';

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
  'id' | 'userId' | 'status' | 'totalCents' | 'providerPaymentId'
>;

/**
 * The order an event is about, locked: by the provider's payment id, or else by the order id the
 * payment carries in its metadata (when the checkout died before linking them).
 */
export async function lockOrderForPayment(tx: Tx, provider: string, paymentId: string, orderId: string | null): Promise<PayableOrder | undefined> {
  const columns = { id: orders.id, userId: orders.userId, status: orders.status, totalCents: orders.totalCents, providerPaymentId: orders.providerPaymentId };
  const [byPayment] = await tx
    .select(columns)
    .from(orders)
    .where(and(eq(orders.provider, provider), eq(orders.providerPaymentId, paymentId)))
    .for('update');
  if (byPayment || !orderId) return byPayment;
  const [byOrder] = await tx
    .select(columns)
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.provider, provider), or(isNull(orders.providerPaymentId), eq(orders.providerPaymentId, paymentId))))
    .for('update');
  return byOrder;
}

export async function setOrder(tx: Tx, orderId: string, values: Partial<typeof orders.$inferInsert>, now: Date): Promise<void> {
  await tx.update(orders).set({ ...values, updatedAt: now }).where(eq(orders.id, orderId));
}

/** One succeeded purchase per course line of the order; a line that has one keeps it (replays grant nothing more). */
export async function grantPurchases(tx: Tx, orderId: string, userId: string, now: Date): Promise<number> {
  const lines = await tx
    .select({ id: orderLines.id, courseId: orderLines.courseId, amountCents: orderLines.amountCents })
    .from(orderLines)
    .where(eq(orderLines.orderId, orderId));
  const courseLines = lines.filter((l): l is typeof l & { courseId: string } => l.courseId !== null);
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
