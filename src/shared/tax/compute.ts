// The tax engine: which taxes an order bears, each on its own line, rounded half-up per invoice
// (research/canada-sales-tax.md §4, §6). Pure and integer-only: amounts are cents.
import type { ProvinceCode } from '../provinces';
import { inForce, NOT_TAXABLE, RATES, type ProductKind, type PstProvince, type TaxCode } from './rates';

/** How the seller is registered (from configuration). */
export type TaxSettings = {
  /** 'not_registered': a small supplier, who must neither charge nor show any tax. */
  mode: 'registered' | 'not_registered';
  /** Provinces whose retail sales tax the seller is registered to collect. */
  pstRegistrations: readonly PstProvince[];
};

export type TaxableLine = { id: string; kind: ProductKind; amountCents: number };

export type TaxLine = {
  code: TaxCode;
  label: string;
  ratePer100k: number;
  /** The rate as receipts print it, e.g. '9,975 %'. */
  rateLabel: string;
  /** The lines this tax applies to, and their sum. */
  lineIds: string[];
  baseCents: number;
  amountCents: number;
};

export type TaxStatus = 'taxed' | 'zero_rated' | 'not_registered';

export type TaxResult = {
  province: ProvinceCode;
  status: TaxStatus;
  lines: TaxLine[];
  subtotalCents: number;
  taxCents: number;
  totalCents: number;
};

/** Half a cent or more rounds up (Revenu Québec); inputs are non-negative integers. */
export function taxOn(baseCents: number, ratePer100k: number): number {
  return Math.floor((baseCents * ratePer100k + 50_000) / 100_000);
}

export function formatRate(ratePer100k: number): string {
  return `${(ratePer100k / 1000).toLocaleString('fr-CA', { maximumFractionDigits: 3 })}\u00a0%`;
}

let quebecDay: Intl.DateTimeFormat | undefined;

/** The calendar day of `date` in Québec, which decides the rate in force. */
export function taxDay(date: Date): string {
  // Built once: a formatter costs ~50 format calls to make, and every tax computation asks.
  quebecDay ??= new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Toronto', year: 'numeric', month: '2-digit', day: '2-digit' });
  return quebecDay.format(date);
}

export class TaxInputError extends Error {}

export function computeTaxes(
  lines: readonly TaxableLine[],
  province: ProvinceCode,
  date: Date,
  settings: TaxSettings,
): TaxResult {
  for (const line of lines) {
    if (!Number.isSafeInteger(line.amountCents) || line.amountCents < 0) {
      throw new TaxInputError(`Montant invalide pour la ligne ${line.id}`);
    }
  }
  const subtotalCents = lines.reduce((sum, l) => sum + l.amountCents, 0);
  const untaxed = (status: TaxStatus): TaxResult => ({ province, status, lines: [], subtotalCents, taxCents: 0, totalCents: subtotalCents });

  if (settings.mode === 'not_registered') return untaxed('not_registered');
  // A buyer outside Canada receives a zero-rated export of intangible property (§5).
  if (province === 'XX') return untaxed('zero_rated');

  const day = taxDay(date);
  const table = RATES[province];
  const provincial = (table.provincial as readonly (typeof table.provincial)[number][]).filter(
    (entry) => entry.code !== 'PST' || settings.pstRegistrations.includes(province as PstProvince),
  );
  const taxLines: TaxLine[] = [];
  for (const entry of [inForce(table.federal, day), inForce(provincial, day)]) {
    if (!entry) continue;
    const applicable = lines.filter((l) => !NOT_TAXABLE.includes(l.kind) && (!entry.appliesTo || entry.appliesTo.includes(l.kind)));
    if (applicable.length === 0) continue;
    const baseCents = applicable.reduce((sum, l) => sum + l.amountCents, 0);
    taxLines.push({
      code: entry.code,
      label: entry.label,
      ratePer100k: entry.ratePer100k,
      rateLabel: formatRate(entry.ratePer100k),
      lineIds: applicable.map((l) => l.id),
      baseCents,
      // QST is on the price before GST (since 2013), like every other tax here: never tax on tax.
      amountCents: taxOn(baseCents, entry.ratePer100k),
    });
  }
  const taxCents = taxLines.reduce((sum, t) => sum + t.amountCents, 0);
  return { province, status: 'taxed', lines: taxLines, subtotalCents, taxCents, totalCents: subtotalCents + taxCents };
}
