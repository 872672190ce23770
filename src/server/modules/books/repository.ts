// Comptabilité's reads: the period's receipts (paid orders, by paid date) and credit notes (succeeded
// refunds, by success date) with what the accountant's file shows — never the buyer's e-mail, which
// the file must not carry — the orders' lines (product types), the first sale (the oldest period),
// and the books' settings (app_settings).
import { and, asc, eq, gte, inArray, lt, min } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { appSettings, orderLines, orders, refunds } from '../../db/schema';

/** Orders whose money came in: a refunded order was paid too, and its refunds count on their own date. */
const PAID_STATUSES = ['paid', 'partially_refunded', 'refunded'] as const;

export type Range = { start: Date; end: Date };

export async function paidOrders(db: Db, range: Range) {
  return db
    .select({
      id: orders.id,
      number: orders.number,
      paidAt: orders.paidAt,
      province: orders.province,
      taxLines: orders.taxLines,
      buyerName: orders.buyerName,
      processorFeeCents: orders.processorFeeCents,
      processorTransactionId: orders.processorTransactionId,
      payoutReference: orders.payoutReference,
      promoCode: orders.promoCode,
    })
    .from(orders)
    .where(and(inArray(orders.status, [...PAID_STATUSES]), gte(orders.paidAt, range.start), lt(orders.paidAt, range.end)))
    .orderBy(asc(orders.paidAt), asc(orders.number));
}

export async function succeededRefunds(db: Db, range: Range) {
  return db
    .select({
      id: refunds.id,
      number: refunds.number,
      succeededAt: refunds.succeededAt,
      taxLines: refunds.taxLines,
      /** [{ orderLineId, amountCents }] refunded before tax. */
      lines: refunds.lines,
      orderTaxLines: orders.taxLines,
      orderId: orders.id,
      orderNumber: orders.number,
      promoCode: orders.promoCode,
      province: orders.province,
      buyerName: orders.buyerName,
    })
    .from(refunds)
    .innerJoin(orders, eq(orders.id, refunds.orderId))
    .where(and(eq(refunds.status, 'succeeded'), gte(refunds.succeededAt, range.start), lt(refunds.succeededAt, range.end)))
    .orderBy(asc(refunds.succeededAt), asc(refunds.number));
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
