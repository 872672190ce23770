// The books as a file, in two formats, written by csv-stringify (quoting as RFC 4180 wants):
// - « CSV pour Excel (français) » ('excel-fr'): ';' between cells, decimal comma ('19,99'), UTF-8
//   with a byte-order mark, CRLF: what Excel set to French (Canada) opens by a double click, with
//   accents right and amounts as numbers.
// - « CSV standard » ('standard'): ',' and a decimal point ('19.99'), UTF-8 without a mark, CRLF
//   (RFC 4180): for any import (accounting software, scripts).
// Dates are YYYY-MM-DD in America/Toronto. No e-mail address: the customer is their name only.
// The last column names the order's promo code (amounts are already net of it, decision 0040).
// Text cells go through the CSV-injection guard (modules/csv-cells.ts); amounts are never text cells.
// Last row: « Total », every amount column summed (credit notes are negative, so the totals are
// the period's net figures, equal to the summary's).
import { stringify } from 'csv-stringify/sync';
import { TAX_KIND_LABELS, TAX_KINDS } from '@shared/schemas/admin-sales';
import type { ExportFormat } from '@shared/schemas/admin-books';
import { PRODUCT_KIND_LABELS, totalsOf, type BookRow } from './books';
import { csvAmount, inertText } from '../csv-cells';
import { dayOf } from '../months';

export const BOOKS_HEADERS = [
  'Date',
  'Document',
  'Numéro',
  'Reçu d’origine',
  'Client',
  'Type de produit',
  'Province',
  'Montant avant taxes',
  ...TAX_KINDS.map((k) => TAX_KIND_LABELS[k]),
  'Total',
  'Frais du fournisseur de paiement',
  'Référence de versement',
  'Transaction du fournisseur',
  'Code promo',
] as const;

const DOCUMENT = { receipt: 'Reçu', credit_note: 'Note de crédit' } as const;

export function booksCsv(rows: BookRow[], format: ExportFormat): string {
  const decimal = format === 'excel-fr' ? ',' : '.';
  const money = (cents: number | null) => (cents === null ? '' : csvAmount(cents, decimal));
  const records = rows.map((r) => [
    dayOf(r.at),
    DOCUMENT[r.kind],
    String(r.number),
    String(r.receiptNumber),
    inertText(r.customer),
    PRODUCT_KIND_LABELS[r.productKind],
    inertText(r.province),
    money(r.subtotalCents),
    ...TAX_KINDS.map((k) => money(r.taxes[k])),
    money(r.totalCents),
    money(r.feeCents),
    inertText(r.payoutReference),
    inertText(r.transactionId),
    inertText(r.promoCode),
  ]);
  const totals = totalsOf(rows);
  records.push([
    'Total',
    '',
    '',
    '',
    '',
    '',
    '',
    money(totals.subtotalCents),
    ...TAX_KINDS.map((k) => money(totals.taxes[k])),
    money(totals.totalCents),
    money(totals.feeCents),
    '',
    '',
    '',
  ]);
  return stringify([[...BOOKS_HEADERS], ...records], {
    delimiter: format === 'excel-fr' ? ';' : ',',
    record_delimiter: 'windows',
    bom: format === 'excel-fr',
  });
}
