// A membership period's amounts after the first: the plan's price (the annual one after a switch),
// less an accepted « save » offer once, taxed at the first order's rates (the buyer's province and
// the seller's registrations as at checkout: "taxes as today"). The provider is told the same total
// (a switch's new price, a coupon's amount off), so its invoice and our order always agree.
import { taxOn, type TaxLine } from '@shared/tax';

type FirstOrder = { taxLines: unknown };

export type PeriodAmounts = {
  amountCents: number;
  discountCents: number;
  subtotalCents: number;
  taxCents: number;
  totalCents: number;
  taxLines: TaxLine[];
};

/** `priceCents` before tax, `discountCents` off it; one membership line, its id `lineId`. */
export function periodAmounts(first: FirstOrder, priceCents: number, discountCents: number, lineId: string): PeriodAmounts {
  const discount = Math.min(Math.max(discountCents, 0), priceCents);
  const base = priceCents - discount;
  const taxLines = (first.taxLines as TaxLine[]).map((t) => ({ ...t, lineIds: [lineId], baseCents: base, amountCents: taxOn(base, t.ratePer100k) }));
  const taxCents = taxLines.reduce((sum, t) => sum + t.amountCents, 0);
  return { amountCents: base, discountCents: discount, subtotalCents: base, taxCents, totalCents: base + taxCents, taxLines };
}

/** The save offer's discount before tax: `percent` of the plan's price, half a cent up. */
export const offerDiscountCents = (priceCents: number, percent: number) => Math.floor((priceCents * percent + 50) / 100);
