// The accountant's books, pure: one row per receipt and per credit note, and per product type of
// each (a receipt that sells a live class and a recorded course gives two rows: the accountant
// books revenue by product type), the period's totals and its summary by province of supply.
//
// A document split by product type keeps its figures exact: each tax (and the processor's fee) is
// shared out between the types in proportion to their base, on running totals rounded half-up, so
// the rows of a document always add up to the document to the cent (the same rule as the credit
// notes' tax, shared/tax/refund.ts). Credit notes are negative and dated when issued (the refund's
// success): the period they fall in deducts them (research/canada-sales-tax.md §7).
import { provinceName } from '@shared/provinces';
import { emptyTaxAmounts, TAX_KINDS, type TaxAmounts, type TaxKind } from '@shared/schemas/admin-sales';
import type { BooksFigures, BooksProvince } from '@shared/schemas/admin-books';
import type { ProductKind } from '@shared/tax';

export const PRODUCT_KINDS: readonly ProductKind[] = ['membership', 'live_class', 'recorded_course', 'gift_card'];
export const PRODUCT_KIND_LABELS: Record<ProductKind, string> = {
  membership: 'Abonnement',
  live_class: 'Cours en direct',
  recorded_course: 'Cours enregistré',
  gift_card: 'Carte-cadeau (non taxable)',
};

export type BookRow = {
  kind: 'receipt' | 'credit_note';
  at: Date;
  /** The receipt's number, or the credit note's. */
  number: number;
  /** The receipt a credit note credits (the receipt's own number for a receipt). */
  receiptNumber: number;
  customer: string;
  productKind: ProductKind;
  province: string;
  /** Before tax; negative for a credit note. */
  subtotalCents: number;
  taxes: TaxAmounts;
  totalCents: number;
  /** The processor's fee (receipts only; Stripe keeps it on a refund). */
  feeCents: number | null;
  payoutReference: string | null;
  transactionId: string | null;
  /** The order's promo code: its amounts above are already net of it (decision 0040). */
  promoCode: string | null;
};

export type DocLine = { id: string; kind: ProductKind; amountCents: number };
export type DocTax = { code: string; amountCents: number; lineIds: string[] | null };

/** Half-up share of `amount` for `part` of `whole` (integers, whole > 0). */
const shareOf = (amount: number, part: number, whole: number) => Math.floor((amount * part * 2 + whole) / (2 * whole));

/** `amount` shared between groups in proportion to their weights, adding up exactly. */
function allocate(amount: number, weights: number[]): number[] {
  const whole = weights.reduce((a, b) => a + b, 0);
  if (whole <= 0) return weights.map((_, i) => (i === 0 ? amount : 0));
  let running = 0;
  let given = 0;
  return weights.map((w) => {
    running += w;
    const upTo = shareOf(amount, running, whole);
    const mine = upTo - given;
    given = upTo;
    return mine;
  });
}

export type DocPart = { productKind: ProductKind; subtotalCents: number; taxes: TaxAmounts; totalCents: number; feeCents: number | null };

/** A document's lines and taxes by product type (types in a fixed order, those it has only). */
export function splitByProductKind(lines: DocLine[], taxes: DocTax[], feeCents: number | null): DocPart[] {
  const kinds = PRODUCT_KINDS.filter((k) => lines.some((l) => l.kind === k));
  if (kinds.length === 0) kinds.push('recorded_course');
  const parts = kinds.map((productKind) => ({
    productKind,
    subtotalCents: lines.filter((l) => l.kind === productKind).reduce((sum, l) => sum + l.amountCents, 0),
    taxes: emptyTaxAmounts(),
    totalCents: 0,
    feeCents: null as number | null,
  }));
  for (const tax of taxes) {
    if (!(TAX_KINDS as readonly string[]).includes(tax.code)) continue;
    const taxed = tax.lineIds ? lines.filter((l) => tax.lineIds!.includes(l.id)) : lines;
    const weights = kinds.map((k) => taxed.filter((l) => l.kind === k).reduce((sum, l) => sum + l.amountCents, 0));
    allocate(tax.amountCents, weights).forEach((amount, i) => (parts[i]!.taxes[tax.code as TaxKind] += amount));
  }
  for (const part of parts) part.totalCents = part.subtotalCents + TAX_KINDS.reduce((sum, k) => sum + part.taxes[k], 0);
  if (feeCents !== null) allocate(feeCents, parts.map((p) => p.totalCents)).forEach((fee, i) => (parts[i]!.feeCents = fee));
  return parts;
}

/** The totals row: every amount column summed. */
export function totalsOf(rows: BookRow[]): { subtotalCents: number; taxes: TaxAmounts; totalCents: number; feeCents: number } {
  const taxes = emptyTaxAmounts();
  let subtotalCents = 0;
  let totalCents = 0;
  let feeCents = 0;
  for (const r of rows) {
    subtotalCents += r.subtotalCents;
    totalCents += r.totalCents;
    feeCents += r.feeCents ?? 0;
    for (const k of TAX_KINDS) taxes[k] += r.taxes[k];
  }
  return { subtotalCents, taxes, totalCents, feeCents };
}

function emptyFigures(): BooksFigures {
  return { receiptCount: 0, creditNoteCount: 0, salesCents: 0, creditedCents: 0, netSalesCents: 0, giftCardSalesCents: 0, taxes: emptyTaxAmounts(), gstHstCents: 0, qstCents: 0, totalCents: 0, feeCents: 0 };
}

function add(f: BooksFigures, row: BookRow, counted: Set<string>, scope: string) {
  const key = `${scope}:${row.kind}:${row.number}`;
  if (!counted.has(key)) {
    counted.add(key);
    if (row.kind === 'receipt') f.receiptCount += 1;
    else f.creditNoteCount += 1;
  }
  // A gift card sold is not a supply (ETA s. 181.2): apart from the sales a return declares.
  if (row.productKind === 'gift_card') f.giftCardSalesCents += row.subtotalCents;
  else {
    if (row.kind === 'receipt') f.salesCents += row.subtotalCents;
    else f.creditedCents -= row.subtotalCents;
    f.netSalesCents += row.subtotalCents;
  }
  for (const k of TAX_KINDS) f.taxes[k] += row.taxes[k];
  f.gstHstCents += row.taxes.GST + row.taxes.HST;
  f.qstCents += row.taxes.QST;
  f.totalCents += row.totalCents;
  f.feeCents += row.feeCents ?? 0;
}

/** The return's figures by province of supply (provinces with activity, Québec first, then by name) and in all. */
export function summarise(rows: BookRow[]): { provinces: BooksProvince[]; totals: BooksFigures } {
  const counted = new Set<string>();
  const byProvince = new Map<string, BooksFigures>();
  const totals = emptyFigures();
  for (const row of rows) {
    if (!byProvince.has(row.province)) byProvince.set(row.province, emptyFigures());
    add(byProvince.get(row.province)!, row, counted, row.province);
    add(totals, row, counted, '*');
  }
  const provinces = [...byProvince.entries()].map(([province, f]) => ({ province, name: provinceName(province) ?? province, ...f }));
  provinces.sort((a, b) => (a.province === 'QC' ? -1 : b.province === 'QC' ? 1 : a.name.localeCompare(b.name, 'fr')));
  return { provinces, totals };
}
