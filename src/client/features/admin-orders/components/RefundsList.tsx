// The refunds of an order, newest last as they were made, each with its credit note once it succeeded.
import { FileDown } from 'lucide-react';
import { formatLongDate, formatPrice } from '@shared/format';
import type { RefundView } from '@shared/schemas/checkout';
import { buttonClass } from '@client/components/ui/Button';
import { Card } from '@client/components/ui/Card';
import { RefundStatusBadge } from './OrderStatusBadge';

export function RefundsList({ refunds }: { refunds: RefundView[] }) {
  if (refunds.length === 0) return null;
  return (
    <Card as="section" aria-labelledby="order-refunds" className="p-5 sm:p-6">
      <h2 id="order-refunds" className="text-xl font-semibold text-ink">
        Remboursements
      </h2>
      <ul className="mt-3 divide-y divide-line">
        {refunds.map((refund) => (
          <li key={refund.id} className="space-y-2 py-4">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <p className="font-semibold text-ink">Remboursement n°&nbsp;{refund.number}</p>
              <RefundStatusBadge status={refund.status} />
            </div>
            <p className="text-sm text-muted">
              Demandé le {formatLongDate(refund.createdAt)}
              {refund.succeededAt ? ` · effectué le ${formatLongDate(refund.succeededAt)}` : ''}
            </p>
            <dl className="space-y-1 text-sm">
              <div className="flex justify-between gap-3">
                <dt className="text-muted">Avant taxes</dt>
                <dd className="text-ink">{formatPrice(refund.subtotalCents)}</dd>
              </div>
              {refund.taxLines
                .filter((t) => t.amountCents > 0)
                .map((t) => (
                  <div key={t.code} className="flex justify-between gap-3">
                    <dt className="text-muted">
                      {t.label} ({t.rateLabel})
                    </dt>
                    <dd className="text-ink">{formatPrice(t.amountCents)}</dd>
                  </div>
                ))}
              <div className="flex justify-between gap-3 font-semibold">
                <dt className="text-ink">Total remboursé</dt>
                <dd className="text-ink">{formatPrice(refund.totalCents)}</dd>
              </div>
            </dl>
            {refund.reason ? <p className="text-sm text-ink">Motif : {refund.reason}</p> : null}
            {refund.creditNoteUrl ? (
              <a href={refund.creditNoteUrl} download className={buttonClass({ variant: 'secondary', size: 'sm' })}>
                <FileDown aria-hidden="true" className="size-4" />
                Note de crédit<span className="sr-only"> du remboursement n° {refund.number}</span>
              </a>
            ) : null}
          </li>
        ))}
      </ul>
    </Card>
  );
}
