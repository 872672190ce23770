// The period's money records, shared by Ventes (admin-sales) and Comptabilité (books): the receipts
// (orders whose money came in, by paid date) and the credit notes (succeeded refunds, by success
// date). The caller chooses the columns, so each reads only what its page or file shows — the books
// never read the buyer's e-mail, which the accountant's file must not carry.
import { and, asc, eq, gte, inArray, lt } from 'drizzle-orm';
import type { SelectedFields } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client';
import { orders, refunds } from '../db/schema';

/** Orders whose money came in: a refunded order was paid too, and its refunds count on their own date. */
export const PAID_STATUSES = ['paid', 'partially_refunded', 'refunded'] as const;

export type Range = { start: Date; end: Date };

/** Paid orders (columns of `orders`), by paid date then number. */
export function paidOrders<T extends SelectedFields>(db: Db, range: Range, columns: T) {
  return db
    .select(columns)
    .from(orders)
    .where(and(inArray(orders.status, [...PAID_STATUSES]), gte(orders.paidAt, range.start), lt(orders.paidAt, range.end)))
    .orderBy(asc(orders.paidAt), asc(orders.number));
}

/** Succeeded refunds (columns of `refunds` and of their order), by success date then number. */
export function succeededRefunds<T extends SelectedFields>(db: Db, range: Range, columns: T) {
  return db
    .select(columns)
    .from(refunds)
    .innerJoin(orders, eq(orders.id, refunds.orderId))
    .where(and(eq(refunds.status, 'succeeded'), gte(refunds.succeededAt, range.start), lt(refunds.succeededAt, range.end)))
    .orderBy(asc(refunds.succeededAt), asc(refunds.number));
}
