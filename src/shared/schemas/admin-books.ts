// Comptabilité's contract: the books as the accountant receives them, by GST/QST filing period
// (monthly, quarterly or yearly: a setting), a summary per province of supply with the figures
// the GST/HST and QST returns ask for, and the export in two CSV formats. Admin only.
import { z } from '../zod';
import { monthFromIndex, monthIndex, type TaxAmounts } from './admin-sales';

export const FILING_FREQUENCIES = ['monthly', 'quarterly', 'yearly'] as const;
export type FilingFrequency = (typeof FILING_FREQUENCIES)[number];
export const DEFAULT_FILING_FREQUENCY: FilingFrequency = 'quarterly';

export const FILING_FREQUENCY_LABELS: Record<FilingFrequency, string> = { monthly: 'Mensuelle', quarterly: 'Trimestrielle', yearly: 'Annuelle' };

/** 'YYYY-MM' (a month), 'YYYY-Qn' (a quarter) or 'YYYY' (a year), in America/Toronto. */
export const PERIOD_PATTERN = /^\d{4}(-(0[1-9]|1[0-2])|-Q[1-4])?$/;
const PERIOD_ERROR = 'La période doit être un mois (2026-07), un trimestre (2026-Q3) ou une année (2026).';
const periodField = z.string({ error: PERIOD_ERROR }).regex(PERIOD_PATTERN, { error: PERIOD_ERROR });

export const EXPORT_FORMATS = ['excel-fr', 'standard'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];
export const EXPORT_FORMAT_LABELS: Record<ExportFormat, string> = { 'excel-fr': 'CSV pour Excel (français)', standard: 'CSV standard' };

/** GET /api/admin/books/summary?period= */
export const booksSummaryQuery = z.object({ period: periodField }).strict();
/** GET /api/admin/books/export?period=&format= */
export const booksExportQuery = z
  .object({
    period: periodField,
    format: z.enum(EXPORT_FORMATS, { error: 'Le format doit être « excel-fr » (CSV pour Excel en français) ou « standard ».' }),
  })
  .strict();
/** PUT /api/admin/books/filing-frequency */
export const filingFrequencyInput = z
  .object({ filingFrequency: z.enum(FILING_FREQUENCIES, { error: 'Choisissez une période de déclaration : mensuelle, trimestrielle ou annuelle.' }) })
  .strict();
export type FilingFrequencyInput = z.infer<typeof filingFrequencyInput>;

/** The months a period covers, first and last ('YYYY-MM', inclusive). */
export function periodMonths(period: string): { from: string; to: string } {
  const year = Number(period.slice(0, 4));
  if (period.length === 4) return { from: `${period}-01`, to: `${period}-12` };
  if (period[5] === 'Q') {
    const first = year * 12 + (Number(period[6]) - 1) * 3;
    return { from: monthFromIndex(first), to: monthFromIndex(first + 2) };
  }
  return { from: period, to: period };
}

/** The period of this frequency that holds the month 'YYYY-MM'. */
export function periodOfMonth(month: string, frequency: FilingFrequency): string {
  if (frequency === 'monthly') return month;
  const year = month.slice(0, 4);
  if (frequency === 'yearly') return year;
  return `${year}-Q${Math.floor((Number(month.slice(5, 7)) - 1) / 3) + 1}`;
}

/** The periods from the one holding `firstMonth` to the one holding `lastMonth`, newest first. */
export function periodsBetween(firstMonth: string, lastMonth: string, frequency: FilingFrequency): string[] {
  const out: string[] = [];
  for (let i = monthIndex(lastMonth); i >= monthIndex(firstMonth); i--) {
    const p = periodOfMonth(monthFromIndex(i), frequency);
    if (out[out.length - 1] !== p) out.push(p);
  }
  return out;
}

const MONTHS = ['janvier', 'février', 'mars', 'avril', 'mai', 'juin', 'juillet', 'août', 'septembre', 'octobre', 'novembre', 'décembre'];

/** 'juillet 2026', '3e trimestre 2026 (juillet à septembre)', 'année 2026'. */
export function periodLabel(period: string): string {
  const year = period.slice(0, 4);
  if (period.length === 4) return `Année ${year}`;
  if (period[5] === 'Q') {
    const q = Number(period[6]);
    return `${q === 1 ? '1er' : `${q}e`} trimestre ${year} (${MONTHS[(q - 1) * 3]} à ${MONTHS[(q - 1) * 3 + 2]})`;
  }
  const name = MONTHS[Number(period.slice(5, 7)) - 1]!;
  return `${name.charAt(0).toUpperCase()}${name.slice(1)} ${year}`;
}

export type BooksPeriod = { id: string; label: string; current: boolean };

/** GET /api/admin/books */
export type BooksOverview = {
  filingFrequency: FilingFrequency;
  /** The current period first, then the past ones back to the first sale (six years at most). */
  periods: BooksPeriod[];
};

/** A province's (or all provinces') figures for a period; credit notes counted when issued. */
export type BooksFigures = {
  receiptCount: number;
  creditNoteCount: number;
  /** Receipts before tax, after discounts (taxable supplies). */
  salesCents: number;
  /** Credit notes before tax (positive: to subtract). */
  creditedCents: number;
  /** salesCents − creditedCents: the sales a return declares. */
  netSalesCents: number;
  /** Gift cards sold, net of their refunds: not a supply, so in none of the figures above (nor taxed). */
  giftCardSalesCents: number;
  /** Net of credit notes, by kind (TPS, TVQ, TVH, TVP). */
  taxes: TaxAmounts;
  /** TPS + TVH: the GST/HST return's tax collected. */
  gstHstCents: number;
  /** TVQ: the QST return's tax collected. */
  qstCents: number;
  /** With taxes, net of credit notes. */
  totalCents: number;
  /** The processor's fees on the period's receipts. */
  feeCents: number;
};

export type BooksProvince = BooksFigures & { province: string; name: string };

/** GET /api/admin/books/summary?period= */
export type BooksSummary = {
  period: BooksPeriod & { firstDay: string; lastDay: string };
  provinces: BooksProvince[];
  totals: BooksFigures;
};
