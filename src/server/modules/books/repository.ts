// Comptabilité's reads: the period's receipts (paid orders, by paid date) and credit notes (succeeded
// refunds, by success date) with what the accountant's file shows — never the buyer's e-mail, which
// the file must not carry — the orders' lines (product types), the first sale (the oldest period),
// and the books' settings (app_settings).
import { asc, eq, inArray, min } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { appSettings, orderLines, orders, refunds } from '../../db/schema';
import * as records from '../sales-records';
import { PAID_STATUSES, type Range } from '../sales-records';

export type { Range } from '../sales-records';

// What the accountant's file shows of a receipt and of a credit note: never the buyer's e-mail.
const RECEIPT_COLUMNS = {
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
};

const CREDIT_NOTE_COLUMNS = {
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
};

export const paidOrders = (db: Db, range: Range) => db.select(RECEIPT_COLUMNS).from(orders).where(records.paidInRange(range)).orderBy(...records.receiptOrder);
export const succeededRefunds = (db: Db, range: Range) =>
  db.select(CREDIT_NOTE_COLUMNS).from(refunds).innerJoin(orders, records.refundOrder).where(records.succeededInRange(range)).orderBy(...records.creditNoteOrder);

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
