// The Ventes tab's reads: paid orders by paid date, succeeded refunds by their success date, the
// subscriptions that give access, and the refunds the audit trail names. (The receipts and credit notes
// are read by ../sales-records.ts with the columns Ventes shows, as Comptabilité reads them with its own.)
import { desc, eq, inArray } from 'drizzle-orm';
import { ACCESS_STATUSES } from '@shared/access';
import type { Db } from '../../db/client';
import { orders, refunds, subscriptions } from '../../db/schema';
import * as records from '../sales-records';
import type { Range } from '../sales-records';

export type { Range } from '../sales-records';

// What Ventes shows of a receipt and a credit note (its CSV names the buyer's e-mail and the payment).
const RECEIPT_COLUMNS = {
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
};

const CREDIT_NOTE_COLUMNS = {
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
};

export const paidOrders = (db: Db, range: Range) => db.select(RECEIPT_COLUMNS).from(orders).where(records.paidInRange(range)).orderBy(...records.receiptOrder);

export type PaidOrderRow = Awaited<ReturnType<typeof paidOrders>>[number];

export const succeededRefunds = (db: Db, range: Range) =>
  db.select(CREDIT_NOTE_COLUMNS).from(refunds).innerJoin(orders, records.refundOrder).where(records.succeededInRange(range)).orderBy(...records.creditNoteOrder);

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
