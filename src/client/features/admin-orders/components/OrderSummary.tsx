// An order's lines (each with what is left to refund and its 'Rembourser' button), then its
// discount, subtotal after it, each tax with its rate, and total (as the receipt reads).
import { formatPrice } from '@shared/format';
import { discountRows, formatDiscount, listPriceCents } from '@shared/order-discounts';
import type { OrderView } from '@shared/schemas/checkout';
import { Button } from '@client/components/ui/Button';
import { Card } from '@client/components/ui/Card';
import { PRODUCT_KIND_LABELS } from '../labels';
import { remainingCents } from '../refund-plan';

const TAX_STATUS_NOTES: Record<OrderView['taxStatus'], string | null> = {
  taxed: null,
  zero_rated: "Détaxé : acheteur à l'extérieur du Canada.",
  not_registered: 'Aucune taxe : petit fournisseur non inscrit.',
};

export function OrderSummary({
  order,
  refundable,
  onRefundLine,
}: {
  order: OrderView;
  refundable: boolean;
  onRefundLine: (lineId: string) => void;
}) {
  const note = TAX_STATUS_NOTES[order.taxStatus];
  return (
    <Card as="section" aria-labelledby="order-lines" className="p-5 sm:p-6">
      <h3 id="order-lines" className="text-xl font-semibold text-ink">
        Articles
      </h3>
      <ul className="mt-3 divide-y divide-line">
        {order.lines.map((line) => {
          const left = remainingCents(line);
          return (
            <li key={line.id} className="flex flex-col gap-3 py-4 sm:flex-row sm:items-start sm:justify-between">
              <div className="min-w-0">
                <p className="font-semibold text-ink">{line.description}</p>
                <p className="text-sm text-muted">{PRODUCT_KIND_LABELS[line.kind]}</p>
                {line.refundedCents > 0 ? (
                  <p className="mt-1 text-sm text-brand-800">
                    Remboursé : {formatPrice(line.refundedCents)}
                    {left > 0 ? ` · reste ${formatPrice(left)}` : ''}
                  </p>
                ) : null}
              </div>
              <div className="flex items-center justify-between gap-4 sm:flex-col sm:items-end sm:gap-2">
                <p className="whitespace-nowrap font-semibold text-ink">{formatPrice(listPriceCents(line))}</p>
                {refundable && left > 0 ? (
                  <Button variant="secondary" size="sm" onClick={() => onRefundLine(line.id)}>
                    Rembourser<span className="sr-only"> « {line.description} »</span>
                  </Button>
                ) : null}
              </div>
            </li>
          );
        })}
      </ul>
      <dl className="mt-2 space-y-1.5 border-t border-line pt-4 text-sm">
        {discountRows(order.lines, order.promo).map((d) => (
          <Row key={d.label} label={d.label} value={formatDiscount(d.cents)} />
        ))}
        <Row label="Sous-total" value={formatPrice(order.subtotalCents)} />
        {order.taxLines.map((tax) => (
          <Row key={tax.code} label={`${tax.label} (${tax.rateLabel})`} value={formatPrice(tax.amountCents)} />
        ))}
        <div className="flex justify-between gap-3 border-t border-line pt-2 text-base font-semibold">
          <dt className="text-ink">Total</dt>
          <dd className="text-ink">{formatPrice(order.totalCents)}</dd>
        </div>
      </dl>
      {note ? <p className="mt-3 text-sm text-muted">{note}</p> : null}
    </Card>
  );
}

function Row({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex justify-between gap-3">
      <dt className="text-muted">{label}</dt>
      <dd className="text-ink">{value}</dd>
    </div>
  );
}
