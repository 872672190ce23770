// An order's amounts as the tax engine priced them: every kind of order (cart, membership, the demo's)
// records the same figures the same way, and the receipt reads them back.
import type { TaxResult } from './compute';

export function orderAmounts(taxes: TaxResult, discountCents = 0) {
  return {
    taxStatus: taxes.status,
    subtotalCents: taxes.subtotalCents,
    discountCents,
    taxCents: taxes.taxCents,
    totalCents: taxes.totalCents,
    taxLines: taxes.lines,
  };
}
