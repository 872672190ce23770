// The Ventes tab's contract: revenue per month (in the chef's time zone), the taxes collected and
// given back by kind, the CSV of orders for the accountant, the subscribers count and the refunds
// of the audit trail. Every route is the admin's alone (401 visitor, 403 anyone else).
import { z } from '../zod';

/** 'YYYY-MM', as a month input gives it. */
export const MONTH_PATTERN = /^\d{4}-(0[1-9]|1[0-2])$/;
const MONTH_ERROR = 'Le mois doit être au format AAAA-MM (par exemple 2026-01).';
/** A range longer than this is refused: a report of five years is already more than a return needs. */
export const MAX_SALES_MONTHS = 60;

const monthField = z.string({ error: MONTH_ERROR }).regex(MONTH_PATTERN, { error: MONTH_ERROR });

/** 'YYYY-MM' → months since year 0, to compare and count months without dates. */
export function monthIndex(month: string): number {
  const [y, m] = month.split('-').map(Number);
  return y! * 12 + (m! - 1);
}

export function monthFromIndex(index: number): string {
  const y = Math.floor(index / 12);
  return `${String(y).padStart(4, '0')}-${String((index % 12) + 1).padStart(2, '0')}`;
}

/** What is wrong with a period of months, in French; null when it is fine. */
export function periodProblem(from: string, to: string): string | null {
  const span = monthIndex(to) - monthIndex(from);
  if (span < 0) return 'Le mois de fin doit suivre le mois de début.';
  if (span >= MAX_SALES_MONTHS) return `La période ne peut pas dépasser ${MAX_SALES_MONTHS} mois.`;
  return null;
}

/**
 * GET /api/admin/sales?from=YYYY-MM&to=YYYY-MM and /api/admin/sales/orders.csv?from&to.
 * Both months inclusive, in America/Toronto. Absent: `to` is the current month, `from` 11 months
 * before `to` (a year of figures).
 */
export const salesQuery = z
  .object({ from: monthField.optional(), to: monthField.optional() })
  .strict()
  .superRefine((q, ctx) => {
    const problem = q.from && q.to ? periodProblem(q.from, q.to) : null;
    if (problem) ctx.addIssue({ code: 'custom', path: ['to'], message: problem });
  });
export type SalesQuery = z.infer<typeof salesQuery>;

/** The kinds of sales tax a return asks for, each on its own line (research/canada-sales-tax.md). */
export const TAX_KINDS = ['GST', 'QST', 'HST', 'PST'] as const;
export type TaxKind = (typeof TAX_KINDS)[number];
export type TaxAmounts = Record<TaxKind, number>;

/** French names as returns and receipts say them. */
export const TAX_KIND_LABELS: Record<TaxKind, string> = { GST: 'TPS', QST: 'TVQ', HST: 'TVH', PST: 'TVP' };

export type SalesFigures = {
  /** Paid orders (paid, partially refunded or refunded) by their paid date. */
  orderCount: number;
  /** Sales before tax, after discounts (the tax base). */
  grossCents: number;
  /** Discounts already taken off grossCents (for information). */
  discountCents: number;
  /** Taxes charged on those sales, by kind, and their sum. */
  taxes: TaxAmounts;
  taxCents: number;
  /** Refunds that succeeded in the period (by their success date): count, before tax, their taxes. */
  refundCount: number;
  refundedCents: number;
  refundedTaxes: TaxAmounts;
  refundedTaxCents: number;
  /** grossCents − refundedCents: revenue before tax. */
  netCents: number;
  /** taxes − refundedTaxes, by kind: what the period's returns owe. */
  netTaxes: TaxAmounts;
  /** What was cashed in: sales with taxes, less refunds with taxes. */
  collectedCents: number;
};

export type SalesMonth = SalesFigures & { month: string };

/** One refund as the audit trail recorded it: who asked, when, for which order, how much. */
export type AuditedRefund = {
  id: string;
  at: string;
  actorEmail: string;
  orderId: string;
  orderNumber: number | null;
  refundId: string | null;
  refundNumber: number | null;
  /** With taxes. */
  totalCents: number | null;
  reason: string | null;
  /** The refund's state now: 'pending' until the provider's event, then 'succeeded' (or 'failed'). */
  status: 'pending' | 'succeeded' | 'failed' | null;
};

/** GET /api/admin/sales */
export type SalesResponse = {
  from: string;
  to: string;
  /** Every month of the range, oldest first, months without sales included (zeros). */
  months: SalesMonth[];
  totals: SalesFigures;
  /** People with access through a membership now (the same rule as shared/access.ts). */
  activeSubscribers: number;
  /** The 10 latest refunds asked by an admin, newest first. */
  recentRefunds: AuditedRefund[];
};

export const emptyTaxAmounts = (): TaxAmounts => ({ GST: 0, QST: 0, HST: 0, PST: 0 });
