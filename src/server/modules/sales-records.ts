// The period's money records as Ventes (admin-sales) and Comptabilité (books) both read them: the
// receipts (orders whose money came in, by paid date) and the credit notes (succeeded refunds, by
// success date). Each repository selects its own columns with these conditions and this order — the
// books never read the buyer's e-mail, which the accountant's file must not carry.
import { and, asc, eq, gte, inArray, lt } from 'drizzle-orm';
import { orders, refunds } from '../db/schema';

/** Orders whose money came in: a refunded order was paid too, and its refunds count on their own date. */
export const PAID_STATUSES = ['paid', 'partially_refunded', 'refunded'] as const;

export type Range = { start: Date; end: Date };

/** Receipts: orders paid in the range (select from `orders`). */
export const paidInRange = (range: Range) => and(inArray(orders.status, [...PAID_STATUSES]), gte(orders.paidAt, range.start), lt(orders.paidAt, range.end));
export const receiptOrder = [asc(orders.paidAt), asc(orders.number)] as const;

/** Credit notes: refunds that succeeded in the range (select from `refunds`, joined to their order with `refundOrder`). */
export const succeededInRange = (range: Range) => and(eq(refunds.status, 'succeeded'), gte(refunds.succeededAt, range.start), lt(refunds.succeededAt, range.end));
export const refundOrder = eq(orders.id, refunds.orderId);
export const creditNoteOrder = [asc(refunds.succeededAt), asc(refunds.number)] as const;
