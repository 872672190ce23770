// Refunds give back each tax in proportion to the part of its base refunded (§7). Shares are taken
// on the running total of what has been refunded so far, so successive partial refunds add up to
// exactly what was charged, never a cent more, whatever the rounding.
import type { TaxLine, TaxResult } from './compute';

export type RefundedLine = { id: string; amountCents: number };

export type TaxRefundLine = Pick<TaxLine, 'code' | 'label' | 'rateLabel' | 'ratePer100k'> & {
  baseCents: number;
  amountCents: number;
};

export type TaxRefund = { lines: TaxRefundLine[]; subtotalCents: number; taxCents: number; totalCents: number };

const sumFor = (tax: TaxLine, lines: readonly RefundedLine[]) =>
  lines.filter((l) => tax.lineIds.includes(l.id)).reduce((sum, l) => sum + l.amountCents, 0);

/** The tax owed back once `refundedBase` of the tax's base has been refunded in all; half-up. */
function share(tax: TaxLine, refundedBase: number): number {
  if (tax.baseCents === 0) return 0;
  if (refundedBase >= tax.baseCents) return tax.amountCents;
  return Math.floor((tax.amountCents * refundedBase * 2 + tax.baseCents) / (2 * tax.baseCents));
}

/**
 * The taxes to give back for `refunded`, given what earlier refunds of the same order already
 * covered (`earlier`, the lines and amounts they refunded).
 */
export function refundTaxes(charged: Pick<TaxResult, 'lines'>, refunded: readonly RefundedLine[], earlier: readonly RefundedLine[] = []): TaxRefund {
  const subtotalCents = refunded.reduce((sum, l) => sum + l.amountCents, 0);
  const lines = charged.lines.map((tax): TaxRefundLine => {
    const before = sumFor(tax, earlier);
    const baseCents = sumFor(tax, refunded);
    const amountCents = share(tax, before + baseCents) - share(tax, before);
    return { code: tax.code, label: tax.label, rateLabel: tax.rateLabel, ratePer100k: tax.ratePer100k, baseCents, amountCents };
  });
  const taxCents = lines.reduce((sum, l) => sum + l.amountCents, 0);
  return { lines, subtotalCents, taxCents, totalCents: subtotalCents + taxCents };
}

/** What one order line cost its buyer, taxes included: its amount and its share of each tax. */
export function lineTotalCents(taxLines: readonly TaxLine[], line: RefundedLine): number {
  return refundTaxes({ lines: [...taxLines] }, [line]).totalCents;
}
