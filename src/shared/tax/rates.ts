// Canadian sales-tax rates by province, with the dates they apply from (research/canada-sales-tax.md §1).
// A rate is in hundred-thousandths (9,975 % = 9975) so every figure stays an integer.
import type { ProvinceCode } from '../provinces';

export type TaxCode = 'GST' | 'HST' | 'QST' | 'PST';

/** What Toque sells, each with its own provincial-tax treatment. */
export type ProductKind = 'live_class' | 'recorded_course' | 'membership' | 'gift_card';

/**
 * What is sold without any tax: a gift card's sale is not a supply (ETA s. 181.2, QST alike); the
 * course later bought with it is taxed then (research/gift-cards-and-discounts.md).
 */
export const NOT_TAXABLE: readonly ProductKind[] = ['gift_card'];

/** Provinces with a retail sales tax separate from the GST, which needs its own registration. */
export type PstProvince = 'BC' | 'MB' | 'SK';

export type RateEntry = {
  code: TaxCode;
  /** Short French name on receipts: TPS, TVH, TVQ, TVP… */
  label: string;
  ratePer100k: number;
  /** First day (in Québec's time zone) the rate applies, inclusive; until the next entry's start. */
  from: string;
  /** The products it applies to; absent: all of them. */
  appliesTo?: readonly ProductKind[];
};

const ALL_PRODUCTS: readonly ProductKind[] = ['live_class', 'recorded_course', 'membership'];
const GST: RateEntry = { code: 'GST', label: 'TPS', ratePer100k: 5000, from: '2008-01-01' };
const hst = (ratePer100k: number, from = '2016-07-01'): RateEntry => ({ code: 'HST', label: 'TVH', ratePer100k, from });

/**
 * Per province: the federal part (GST, or HST which includes it) and, where there is one, the
 * provincial part. Recreational cooking classes are taxable everywhere (§3); BC and MB exempt a live
 * class as instruction in real time, which is the fact sheet's reading [U].
 */
export const RATES: Record<Exclude<ProvinceCode, 'XX'>, { federal: readonly RateEntry[]; provincial: readonly RateEntry[] }> = {
  QC: { federal: [GST], provincial: [{ code: 'QST', label: 'TVQ', ratePer100k: 9975, from: '2013-01-01' }] },
  ON: { federal: [hst(13000, '2010-07-01')], provincial: [] },
  NB: { federal: [hst(15000)], provincial: [] },
  NL: { federal: [hst(15000)], provincial: [] },
  PE: { federal: [hst(15000)], provincial: [] },
  // SOR/2025-77: 15 % until 31 March 2025, 14 % from 1 April 2025.
  NS: { federal: [hst(15000, '2010-07-01'), hst(14000, '2025-04-01')], provincial: [] },
  AB: { federal: [GST], provincial: [] },
  NT: { federal: [GST], provincial: [] },
  NU: { federal: [GST], provincial: [] },
  YT: { federal: [GST], provincial: [] },
  BC: {
    federal: [GST],
    provincial: [{ code: 'PST', label: 'TVP (C.-B.)', ratePer100k: 7000, from: '2013-04-01', appliesTo: ['recorded_course', 'membership'] }],
  },
  MB: {
    federal: [GST],
    provincial: [{ code: 'PST', label: 'TVD (Man.)', ratePer100k: 7000, from: '2019-07-01', appliesTo: ['recorded_course', 'membership'] }],
  },
  SK: {
    federal: [GST],
    provincial: [{ code: 'PST', label: 'TVP (Sask.)', ratePer100k: 6000, from: '2017-03-23', appliesTo: ALL_PRODUCTS }],
  },
};

/** The entry in force on `day` (YYYY-MM-DD) among entries sorted by start date, or null. */
export function inForce(entries: readonly RateEntry[], day: string): RateEntry | null {
  let found: RateEntry | null = null;
  for (const entry of entries) if (entry.from <= day) found = entry;
  return found;
}
