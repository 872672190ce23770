// The Ventes and Comptabilité tabs' reads: paid orders by paid date, succeeded refunds by their
// success date, the orders' lines (product types), the subscriptions that give access, the refunds
// the audit trail names, and the books' settings.
import { and, asc, desc, eq, gte, inArray, lt, min } from 'drizzle-orm';
import { ACCESS_STATUSES } from '@shared/access';
import type { Db } from '../../db/client';
import { appSettings, orderLines, orders, refunds, subscriptions } from '../../db/schema';

/** Orders whose money came in: a refunded order was paid too, and its refunds count on their own date. */
export const PAID_STATUSES = ['paid', 'partially_refunded', 'refunded'] as const;

export type Range = { start: Date; end: Date };

export async function paidOrders(db: Db, range: Range) {
  return db
    .select({
      id: orders.id,
      number: orders.number,
      status: orders.status,
      paidAt: orders.paidAt,
      province: orders.province,
      taxStatus: orders.taxStatus,
      subtotalCents: orders.subtotalCents,
      discountCents: orders.discountCents,
      promoCode: orders.promoCode,
      taxCents: orders.taxCents,
      totalCents: orders.totalCents,
      taxLines: orders.taxLines,
      buyerName: orders.buyerName,
      buyerEmail: orders.buyerEmail,
      provider: orders.provider,
      providerPaymentId: orders.providerPaymentId,
      paymentMethodType: orders.paymentMethodType,
      paymentMethodBrand: orders.paymentMethodBrand,
      paymentMethodLast4: orders.paymentMethodLast4,
      processorFeeCents: orders.processorFeeCents,
      processorTransactionId: orders.processorTransactionId,
      payoutReference: orders.payoutReference,
    })
    .from(orders)
    .where(and(inArray(orders.status, [...PAID_STATUSES]), gte(orders.paidAt, range.start), lt(orders.paidAt, range.end)))
    .orderBy(asc(orders.paidAt), asc(orders.number));
}

export type PaidOrderRow = Awaited<ReturnType<typeof paidOrders>>[number];

export async function succeededRefunds(db: Db, range: Range) {
  return db
    .select({
      id: refunds.id,
      number: refunds.number,
      succeededAt: refunds.succeededAt,
      subtotalCents: refunds.subtotalCents,
      taxCents: refunds.taxCents,
      totalCents: refunds.totalCents,
      taxLines: refunds.taxLines,
      providerRefundId: refunds.providerRefundId,
      reason: refunds.reason,
      /** [{ orderLineId, amountCents }] refunded before tax. */
      lines: refunds.lines,
      orderTaxLines: orders.taxLines,
      orderId: orders.id,
      orderNumber: orders.number,
      promoCode: orders.promoCode,
      province: orders.province,
      buyerName: orders.buyerName,
      buyerEmail: orders.buyerEmail,
      provider: orders.provider,
      paymentMethodType: orders.paymentMethodType,
      paymentMethodBrand: orders.paymentMethodBrand,
      paymentMethodLast4: orders.paymentMethodLast4,
    })
    .from(refunds)
    .innerJoin(orders, eq(orders.id, refunds.orderId))
    .where(and(eq(refunds.status, 'succeeded'), gte(refunds.succeededAt, range.start), lt(refunds.succeededAt, range.end)))
    .orderBy(asc(refunds.succeededAt), asc(refunds.number));
}

export type SucceededRefundRow = Awaited<ReturnType<typeof succeededRefunds>>[number];

/**
 * Per person, the subscription record that decides access — the latest with an access status, as
 * auth/repository.ts findAccount reads it — for the caller to apply isActiveSubscription.
 */
export async function accessSubscriptions(db: Db) {
  return db
    .selectDistinctOn([subscriptions.userId], {
      userId: subscriptions.userId,
      status: subscriptions.status,
      currentPeriodEnd: subscriptions.currentPeriodEnd,
    })
    .from(subscriptions)
    .where(inArray(subscriptions.status, [...ACCESS_STATUSES]))
    .orderBy(subscriptions.userId, desc(subscriptions.createdAt));
}

/** The refunds named by audit rows, with their order's number, as they stand now. */
export async function refundsByIds(db: Db, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .select({ id: refunds.id, number: refunds.number, status: refunds.status, orderNumber: orders.number })
    .from(refunds)
    .innerJoin(orders, eq(orders.id, refunds.orderId))
    .where(inArray(refunds.id, ids));
}

/** The lines of these orders (their product type and amounts before tax), in order. */
export async function linesOfOrders(db: Db, orderIds: string[]) {
  if (orderIds.length === 0) return [];
  return db
    .select({ id: orderLines.id, orderId: orderLines.orderId, kind: orderLines.kind, amountCents: orderLines.amountCents, discountCents: orderLines.discountCents })
    .from(orderLines)
    .where(inArray(orderLines.orderId, orderIds))
    .orderBy(asc(orderLines.orderId), asc(orderLines.position));
}

/** When the first paid order was paid (null before any sale): the books' oldest period. */
export async function firstPaidAt(db: Db): Promise<Date | null> {
  const [row] = await db
    .select({ first: min(orders.paidAt) })
    .from(orders)
    .where(inArray(orders.status, [...PAID_STATUSES]));
  return row?.first ?? null;
}

export async function readSetting(db: Pick<Db, 'select'>, key: string): Promise<unknown> {
  const [row] = await db.select({ value: appSettings.value }).from(appSettings).where(eq(appSettings.key, key));
  return row?.value;
}

export async function writeSetting(tx: Pick<Db, 'insert'>, key: string, value: unknown, now: Date): Promise<void> {
  await tx
    .insert(appSettings)
    .values({ key, value, updatedAt: now })
    .onConflictDoUpdate({ target: appSettings.key, set: { value, updatedAt: now } });
}
