// Reads what a receipt or a credit note prints: the order as charged, its lines (with the live
// session's start), and its refunds. Read-only; columns listed explicitly.
import { asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { courseSessions, orderLines, orders, refunds } from '../../db/schema';

const orderColumns = {
  id: orders.id,
  number: orders.number,
  userId: orders.userId,
  status: orders.status,
  province: orders.province,
  taxStatus: orders.taxStatus,
  subtotalCents: orders.subtotalCents,
  discountCents: orders.discountCents,
  promoCode: orders.promoCode,
  promoPercentOff: orders.promoPercentOff,
  taxCents: orders.taxCents,
  totalCents: orders.totalCents,
  creditAppliedCents: orders.creditAppliedCents,
  taxLines: orders.taxLines,
  buyerName: orders.buyerName,
  buyerEmail: orders.buyerEmail,
  paymentMethodType: orders.paymentMethodType,
  paymentMethodBrand: orders.paymentMethodBrand,
  paymentMethodLast4: orders.paymentMethodLast4,
  paidAt: orders.paidAt,
  createdAt: orders.createdAt,
  /** A membership order's period (null for courses). */
  periodStart: orders.periodStart,
  periodEnd: orders.periodEnd,
};

export type DocumentOrderRow = NonNullable<Awaited<ReturnType<typeof findOrder>>>;
export type DocumentLineRow = Awaited<ReturnType<typeof listLines>>[number];
export type DocumentRefundRow = Awaited<ReturnType<typeof listRefunds>>[number];

export async function findOrder(db: Db, orderId: string) {
  const [row] = await db.select(orderColumns).from(orders).where(eq(orders.id, orderId)).limit(1);
  return row ?? null;
}

export async function listLines(db: Db, orderId: string) {
  return db
    .select({
      id: orderLines.id,
      kind: orderLines.kind,
      description: orderLines.description,
      amountCents: orderLines.amountCents,
      discountCents: orderLines.discountCents,
      promoDiscountCents: orderLines.promoDiscountCents,
      refundedCents: orderLines.refundedCents,
      seats: orderLines.seats,
      sessionStartsAt: courseSessions.startsAt,
    })
    .from(orderLines)
    .leftJoin(courseSessions, eq(courseSessions.id, orderLines.sessionId))
    .where(eq(orderLines.orderId, orderId))
    .orderBy(asc(orderLines.position));
}

const refundColumns = {
  id: refunds.id,
  number: refunds.number,
  orderId: refunds.orderId,
  status: refunds.status,
  lines: refunds.lines,
  subtotalCents: refunds.subtotalCents,
  taxLines: refunds.taxLines,
  taxCents: refunds.taxCents,
  totalCents: refunds.totalCents,
  reason: refunds.reason,
  succeededAt: refunds.succeededAt,
  createdAt: refunds.createdAt,
};

export async function listRefunds(db: Db, orderIds: string[]) {
  if (orderIds.length === 0) return [];
  return db.select(refundColumns).from(refunds).where(inArray(refunds.orderId, orderIds)).orderBy(asc(refunds.number));
}

export async function findRefund(db: Db, refundId: string) {
  const [row] = await db.select(refundColumns).from(refunds).where(eq(refunds.id, refundId)).limit(1);
  return row ?? null;
}
