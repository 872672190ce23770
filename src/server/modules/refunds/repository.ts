// The refunds' SQL: the admin's order list, and the rows a refund reads and writes. Functions that
// take `tx` run inside the caller's transaction; the order row is locked before its refunds are
// read, by both the refund request and the refund event, so the two never interleave.
import { and, count, desc, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { OrderStatus } from '@shared/schemas/checkout';
import type { TaxLine } from '@shared/tax';
import type { Db } from '../../db/client';
import { foldedContains } from '../../db/like';
import { orderLines, orders, purchases, refunds, reservations } from '../../db/schema';

/** The refund row's `lines`: what each order line gets back, before tax. */
export type RefundLineRecord = { orderLineId: string; amountCents: number };

export async function listOrders(db: Db, query: { limit: number; offset: number; status?: OrderStatus; q?: string }) {
  const number = query.q && /^(n°\s*)?\d{1,9}$/i.test(query.q) ? Number(query.q.replace(/\D/g, '')) : null;
  const where = and(
    query.status ? eq(orders.status, query.status) : undefined,
    // A number alone is an order's number; anything else, part of the buyer's name or e-mail.
    number !== null ? eq(orders.number, number) : query.q ? foldedContains([orders.buyerName, orders.buyerEmail], query.q) : undefined,
  );
  const [rows, [counted]] = await Promise.all([
    db
      .select({
        id: orders.id,
        number: orders.number,
        status: orders.status,
        totalCents: orders.totalCents,
        createdAt: orders.createdAt,
        paidAt: orders.paidAt,
        buyerName: orders.buyerName,
        buyerEmail: orders.buyerEmail,
      })
      .from(orders)
      .where(where)
      .orderBy(desc(orders.createdAt), desc(orders.number))
      .limit(query.limit)
      .offset(query.offset),
    db.select({ total: count() }).from(orders).where(where),
  ]);
  const ids = rows.map((r) => r.id);
  const lines = ids.length
    ? await db
        .select({ orderId: orderLines.orderId, description: orderLines.description, position: orderLines.position })
        .from(orderLines)
        .where(inArray(orderLines.orderId, ids))
        .orderBy(orderLines.orderId, orderLines.position)
    : [];
  return { rows, lines, total: counted?.total ?? 0 };
}

/** The order, locked until the transaction ends. */
export async function lockOrder(tx: Db, orderId: string) {
  const [row] = await tx
    .select({
      id: orders.id,
      userId: orders.userId,
      status: orders.status,
      province: orders.province,
      taxStatus: orders.taxStatus,
      subtotalCents: orders.subtotalCents,
      taxCents: orders.taxCents,
      totalCents: orders.totalCents,
      creditAppliedCents: orders.creditAppliedCents,
      taxLines: orders.taxLines,
      buyerName: orders.buyerName,
      buyerEmail: orders.buyerEmail,
      provider: orders.provider,
      providerPaymentId: orders.providerPaymentId,
    })
    .from(orders)
    .where(eq(orders.id, orderId))
    .for('update');
  return row ?? null;
}

/** The taxes the order was charged (null: no such order). A read, without a lock. */
export async function orderTaxLines(db: Db, orderId: string) {
  const [row] = await db.select({ taxLines: orders.taxLines }).from(orders).where(eq(orders.id, orderId));
  return row ? (row.taxLines as TaxLine[]) : null;
}

export async function listLines(tx: Db, orderId: string) {
  return tx
    .select({
      id: orderLines.id,
      description: orderLines.description,
      amountCents: orderLines.amountCents,
      refundedCents: orderLines.refundedCents,
      courseId: orderLines.courseId,
    })
    .from(orderLines)
    .where(eq(orderLines.orderId, orderId))
    .orderBy(orderLines.position);
}

/**
 * Frees the seats that order lines paid for, once those lines are refunded in full: their reservations
 * still holding a seat end 'cancelled' ('admin_refunded') — unless another line still pays for the
 * same seat (two orders for one hold: the refund of either never takes the seat the other holds).
 * Returns whose they were, to tell them.
 */
export async function cancelSeatsOfLines(tx: Db, lineIds: string[], now: Date): Promise<{ id: string; userId: string; sessionId: string }[]> {
  if (lineIds.length === 0) return [];
  const paidFor = tx.select({ id: orderLines.reservationId }).from(orderLines).where(inArray(orderLines.id, lineIds));
  return tx
    .update(reservations)
    .set({ status: 'cancelled', cancelReason: 'admin_refunded', cancelledAt: now, holdExpiresAt: null, updatedAt: now })
    .where(
      and(
        inArray(reservations.id, paidFor),
        inArray(reservations.status, ['pending_payment', 'confirmed']),
        sql`not exists (${otherHolder(lineIds)})`,
      ),
    )
    .returning({ id: reservations.id, userId: reservations.userId, sessionId: reservations.sessionId });
}

/**
 * Another order line that still pays for the reservation being updated: its order received the
 * money, and what it has had back, or is promised by a pending refund, is less than its amount (an
 * extra payment refunded automatically holds nothing; a line refunded in part still holds its seat).
 */
function otherHolder(lineIds: string[]) {
  const others = sql.join(lineIds.map((id) => sql`${id}::uuid`), sql`, `);
  return sql`select 1 from order_lines holder
    join orders holder_order on holder_order.id = holder.order_id
    where holder.reservation_id = ${reservations.id}
      and holder.id not in (${others})
      and holder_order.status in ('paid', 'partially_refunded')
      and holder.refunded_cents + coalesce((
        select sum((e ->> 'amountCents')::int) from refunds r, jsonb_array_elements(r.lines) e
        where r.order_id = holder.order_id and r.status = 'pending' and e ->> 'orderLineId' = holder.id::text
      ), 0) < holder.amount_cents`;
}

const refundColumns = {
  id: refunds.id,
  orderId: refunds.orderId,
  status: refunds.status,
  lines: refunds.lines,
  totalCents: refunds.totalCents,
  creditCents: refunds.creditCents,
  providerRefundId: refunds.providerRefundId,
};

export async function findRefundByKey(tx: Db, orderId: string, idempotencyKey: string) {
  const [row] = await tx
    .select(refundColumns)
    .from(refunds)
    .where(and(eq(refunds.orderId, orderId), eq(refunds.idempotencyKey, idempotencyKey)))
    .limit(1);
  return row ? { ...row, lines: row.lines as RefundLineRecord[] } : null;
}

/** Refunds that count against what is left: done, or asked and not yet answered. */
export async function listOpenRefunds(tx: Db, orderId: string) {
  const rows = await tx
    .select({ status: refunds.status, lines: refunds.lines, totalCents: refunds.totalCents, creditCents: refunds.creditCents })
    .from(refunds)
    .where(and(eq(refunds.orderId, orderId), inArray(refunds.status, ['pending', 'succeeded'])));
  return rows.map((r) => ({ status: r.status, lines: r.lines as RefundLineRecord[], totalCents: r.totalCents, creditCents: r.creditCents }));
}

export async function insertRefund(
  tx: Db,
  values: Omit<typeof refunds.$inferInsert, 'id' | 'number' | 'status' | 'lines'> & { lines: RefundLineRecord[]; createdAt: Date },
) {
  const [row] = await tx
    .insert(refunds)
    .values({ ...values, status: 'pending', updatedAt: values.createdAt })
    .returning(refundColumns);
  return { ...row!, lines: row!.lines as RefundLineRecord[] };
}

export type RefundRecord = Awaited<ReturnType<typeof insertRefund>>;

/** Pending refunds the provider was never told about, planned before `createdBefore`, with their order's payment. */
export async function listUnsubmittedRefunds(db: Db, provider: string, createdBefore: Date) {
  return db
    .select({ ...refundColumns, paymentId: orders.providerPaymentId })
    .from(refunds)
    .innerJoin(orders, eq(orders.id, refunds.orderId))
    .where(
      and(
        eq(refunds.status, 'pending'),
        isNull(refunds.providerRefundId),
        eq(orders.provider, provider),
        lte(refunds.createdAt, createdBefore),
      ),
    )
    .orderBy(refunds.createdAt)
    .limit(100);
}

/** Records the provider's id for the refund, unless an event already did. */
export async function setProviderRefundId(db: Db, refundId: string, providerRefundId: string, now: Date) {
  await db
    .update(refunds)
    .set({ providerRefundId, updatedAt: now })
    .where(and(eq(refunds.id, refundId), sql`${refunds.providerRefundId} is null`));
}

/** The part of the refund given to the buyer's « Crédit Toque » instead of the card. */
export async function setRefundCredit(tx: Db, refundId: string, creditCents: number) {
  await tx.update(refunds).set({ creditCents }).where(eq(refunds.id, refundId));
}

/** A refund the provider refused outright: it no longer counts against what is left. */
export async function failPendingRefund(db: Db, refundId: string, now: Date) {
  await db
    .update(refunds)
    .set({ status: 'failed', updatedAt: now })
    .where(and(eq(refunds.id, refundId), eq(refunds.status, 'pending')));
}

// --- Refund events -------------------------------------------------------------------------------

/** Which order a refund belongs to, found by our id (metadata) or by the provider's. */
export async function findRefundOrderId(tx: Db, by: { refundId: string | null; providerRefundId: string }) {
  const where = by.refundId ? eq(refunds.id, by.refundId) : eq(refunds.providerRefundId, by.providerRefundId);
  const [row] = await tx.select({ id: refunds.id, orderId: refunds.orderId }).from(refunds).where(where).limit(1);
  return row ?? null;
}

export type RefundRow = NonNullable<Awaited<ReturnType<typeof lockRefund>>>;

export async function lockRefund(tx: Db, refundId: string) {
  const [row] = await tx.select(refundColumns).from(refunds).where(eq(refunds.id, refundId)).for('update');
  return row ? { ...row, lines: row.lines as RefundLineRecord[] } : null;
}

export async function updateRefund(tx: Db, refundId: string, values: Partial<typeof refunds.$inferInsert>) {
  await tx.update(refunds).set(values).where(eq(refunds.id, refundId));
}

/** Adds (or, negative, takes back) a refunded amount on a line; the table's check keeps it within the line. */
export async function addRefundedCents(tx: Db, orderLineId: string, deltaCents: number) {
  await tx
    .update(orderLines)
    .set({ refundedCents: sql`${orderLines.refundedCents} + ${deltaCents}` })
    .where(eq(orderLines.id, orderLineId));
}

/** Of these lines, the ones whose purchase is 'refunded' (what undoing a refund would give back). */
export async function refundedPurchaseLines(tx: Db, orderLineIds: string[]): Promise<Set<string>> {
  if (orderLineIds.length === 0) return new Set();
  const rows = await tx
    .select({ orderLineId: purchases.orderLineId })
    .from(purchases)
    .where(and(inArray(purchases.orderLineId, orderLineIds), eq(purchases.status, 'refunded')));
  return new Set(rows.flatMap((r) => (r.orderLineId ? [r.orderLineId] : [])));
}

export async function setPurchaseStatus(tx: Db, orderLineIds: string[], from: 'succeeded' | 'refunded', to: 'succeeded' | 'refunded', now: Date) {
  if (orderLineIds.length === 0) return;
  await tx
    .update(purchases)
    .set({ status: to, updatedAt: now })
    .where(and(inArray(purchases.orderLineId, orderLineIds), eq(purchases.status, from)));
}

export async function setOrderStatus(tx: Db, orderId: string, status: OrderStatus, now: Date) {
  await tx.update(orders).set({ status, updatedAt: now }).where(eq(orders.id, orderId));
}
