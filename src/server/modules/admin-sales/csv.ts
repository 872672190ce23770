// The orders CSV for the accountant (GST/QST returns). Choices, and why:
//
// - One row per paid order ('Vente', dated by its paid date) and one NEGATIVE row per refund that
//   succeeded in the period ('Remboursement', dated by its success date, with its credit note number).
//   A return declares the tax collected in the period and deducts the tax given back in the period
//   the credit note is issued (research/canada-sales-tax.md §7): summing a column over the file gives
//   the period's net figure for it, with no 'refunded' column to subtract by hand. A refund of an
//   order paid in an earlier period appears in this period with its order's receipt number.
// - Columns: Type, Date, N° de reçu, N° de note de crédit, Acheteur, Courriel, Province, Sous-total
//   avant taxes (after discounts: the tax base), Rabais (already taken off, for information: the
//   subscriber's and the promo code's), Code promo (the order's code, on its sale and refunds), TPS,
//   TVQ, TVH, TVP, Total des taxes, Total, Statut de la commande, Mode de paiement, Fournisseur,
//   Identifiant chez le fournisseur (the payment's id for a sale, the refund's for a refund).
// - Machine-readable first: RFC 4180 (comma separator, fields with a comma, quote or line break in
//   double quotes, quotes doubled, CRLF line ends), dates as YYYY-MM-DD in America/Toronto, amounts
//   in dollars with a dot and two decimals ('19.99', '-5.75') and no currency sign. A spreadsheet set
//   to French may show the dot as is; the columns stay exact numbers for any import.
// - UTF-8 with a byte-order mark so Excel reads accents (é, è, ç) right; French headers.
// - A text cell that starts with = + - @ or a tab is prefixed with an apostrophe so a spreadsheet
//   never runs a buyer's name as a formula (CSV injection); amounts are never text cells
//   (modules/csv-cells.ts, shared with the accountant's books, books/csv.ts).
import { TAX_KINDS, type TaxAmounts } from '@shared/schemas/admin-sales';
import { csvAmount, inertText } from '../csv-cells';
import { dayOf } from '../months';
import type { PaidOrderRow, SucceededRefundRow } from './repository';

export const CSV_BOM = '\uFEFF';

export const CSV_HEADERS = [
  'Type',
  'Date',
  'N° de reçu',
  'N° de note de crédit',
  'Acheteur',
  'Courriel',
  'Province',
  'Sous-total avant taxes',
  'Rabais',
  'Code promo',
  'TPS',
  'TVQ',
  'TVH',
  'TVP',
  'Total des taxes',
  'Total',
  'Statut de la commande',
  'Mode de paiement',
  'Fournisseur',
  'Identifiant chez le fournisseur',
] as const;

const ORDER_STATUS: Record<string, string> = { paid: 'Payée', partially_refunded: 'Partiellement remboursée', refunded: 'Remboursée' };

/** A text cell: neutralised if a spreadsheet would read it as a formula, quoted when it must be. */
export function csvText(value: string | number | null | undefined): string {
  const text = inertText(value);
  return /[",\r\n]/.test(text) || text !== text.trim() ? `"${text.replace(/"/g, '""')}"` : text;
}

function paymentMethod(row: { paymentMethodType: string | null; paymentMethodBrand: string | null; paymentMethodLast4: string | null }): string {
  if (!row.paymentMethodType) return '';
  if (row.paymentMethodType === 'wallet') return 'Portefeuille numérique';
  const brand = row.paymentMethodBrand ? row.paymentMethodBrand.charAt(0).toUpperCase() + row.paymentMethodBrand.slice(1) : 'Carte';
  return row.paymentMethodLast4 ? `${brand} ${row.paymentMethodLast4}` : brand;
}

type Line = {
  type: 'Vente' | 'Remboursement';
  at: Date;
  orderNumber: number;
  creditNoteNumber: number | null;
  buyerName: string;
  buyerEmail: string;
  province: string;
  subtotalCents: number;
  discountCents: number;
  promoCode: string | null;
  taxes: TaxAmounts;
  taxCents: number;
  totalCents: number;
  status: string;
  method: string;
  provider: string;
  providerId: string | null;
};

function render(line: Line): string {
  return [
    csvText(line.type),
    dayOf(line.at),
    String(line.orderNumber),
    line.creditNoteNumber == null ? '' : String(line.creditNoteNumber),
    csvText(line.buyerName),
    csvText(line.buyerEmail),
    csvText(line.province),
    csvAmount(line.subtotalCents),
    csvAmount(line.discountCents),
    csvText(line.promoCode),
    ...TAX_KINDS.map((k) => csvAmount(line.taxes[k])),
    csvAmount(line.taxCents),
    csvAmount(line.totalCents),
    csvText(line.status),
    csvText(line.method),
    csvText(line.provider),
    csvText(line.providerId),
  ].join(',');
}

/** The file, BOM and header row included; sales and refunds in date order. */
export function salesCsv(
  orders: (PaidOrderRow & { taxes: TaxAmounts })[],
  refunds: (SucceededRefundRow & { taxes: TaxAmounts })[],
): string {
  const lines: Line[] = [
    ...orders.map(
      (o): Line => ({
        type: 'Vente',
        at: o.paidAt!,
        orderNumber: o.number,
        creditNoteNumber: null,
        buyerName: o.buyerName,
        buyerEmail: o.buyerEmail,
        province: o.province,
        subtotalCents: o.subtotalCents,
        discountCents: o.discountCents,
        promoCode: o.promoCode,
        taxes: o.taxes,
        taxCents: o.taxCents,
        totalCents: o.totalCents,
        status: ORDER_STATUS[o.status] ?? o.status,
        method: paymentMethod(o),
        provider: o.provider,
        providerId: o.providerPaymentId,
      }),
    ),
    ...refunds.map(
      (r): Line => ({
        type: 'Remboursement',
        at: r.succeededAt!,
        orderNumber: r.orderNumber,
        creditNoteNumber: r.number,
        buyerName: r.buyerName,
        buyerEmail: r.buyerEmail,
        province: r.province,
        subtotalCents: -r.subtotalCents,
        discountCents: 0,
        promoCode: r.promoCode,
        taxes: Object.fromEntries(TAX_KINDS.map((k) => [k, -r.taxes[k]])) as TaxAmounts,
        taxCents: -r.taxCents,
        totalCents: -r.totalCents,
        status: '',
        method: paymentMethod(r),
        provider: r.provider,
        providerId: r.providerRefundId,
      }),
    ),
  ].sort((a, b) => a.at.getTime() - b.at.getTime() || a.orderNumber - b.orderNumber);
  return CSV_BOM + [CSV_HEADERS.map(csvText).join(','), ...lines.map(render)].join('\r\n') + '\r\n';
}
