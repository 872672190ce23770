// What a refund gives back: before tax, each tax that gives something back, the total.
import { formatPrice } from '@shared/format';
import type { TaxRefundLine } from '@shared/tax';
import { cn } from '@client/lib/cn';

export type RefundAmountsProps = {
  subtotalCents: number;
  taxLines: readonly Pick<TaxRefundLine, 'code' | 'label' | 'rateLabel' | 'amountCents'>[];
  totalCents: number;
  className?: string;
  /** A rule above the total (the dialog's estimate stands alone, without a card around it). */
  ruledTotal?: boolean;
};

export function RefundAmounts({ subtotalCents, taxLines, totalCents, className, ruledTotal = false }: RefundAmountsProps) {
  return (
    <dl className={cn('space-y-1 text-sm', className)}>
      <div className="flex justify-between gap-3">
        <dt className="text-muted">Avant taxes</dt>
        <dd className="text-ink">{formatPrice(subtotalCents)}</dd>
      </div>
      {taxLines
        .filter((t) => t.amountCents > 0)
        .map((t) => (
          <div key={t.code} className="flex justify-between gap-3">
            <dt className="text-muted">
              {t.label} ({t.rateLabel})
            </dt>
            <dd className="text-ink">{formatPrice(t.amountCents)}</dd>
          </div>
        ))}
      <div className={cn('flex justify-between gap-3 font-semibold', ruledTotal && 'border-t border-line pt-1')}>
        <dt className="text-ink">Total remboursé</dt>
        <dd className="text-ink">{formatPrice(totalCents)}</dd>
      </div>
    </dl>
  );
}
