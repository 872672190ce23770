// What every CSV of the back office writes in its cells, shared by the Ventes CSV
// (admin-sales/csv.ts) and the accountant's books (books/csv.ts):
// - amounts from integer cents, never through a float: '19.99', '-5.75' (or '19,99' with a
//   decimal comma for a French spreadsheet);
// - a text cell that starts with = + - @ or a tab/return is prefixed with an apostrophe, so a
//   spreadsheet never runs a buyer's name as a formula (CSV injection); amounts are never text cells.

/** 1999 → '19.99'; −575 → '-5.75' (or '19,99' / '-5,75' with a decimal comma). */
export function csvAmount(cents: number, decimal: '.' | ',' = '.'): string {
  const abs = Math.abs(cents);
  return `${cents < 0 ? '-' : ''}${Math.floor(abs / 100)}${decimal}${String(abs % 100).padStart(2, '0')}`;
}

/** A text value a spreadsheet could take for a formula, made inert (unquoted: the writer quotes). */
export function inertText(value: string | number | null | undefined): string {
  const text = value == null ? '' : String(value);
  return typeof value === 'string' && /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}
