// The refunds of an order, newest last as they were made, each with its credit note once it succeeded.
import { FileDown } from 'lucide-react';
import { formatLongDate } from '@shared/format';
import type { RefundView } from '@shared/schemas/checkout';
import { buttonClass } from '@client/components/ui/Button';
import { Card } from '@client/components/ui/Card';
import { RefundStatusBadge } from './OrderStatusBadge';
import { RefundAmounts } from './RefundAmounts';

export function RefundsList({ refunds }: { refunds: RefundView[] }) {
  if (refunds.length === 0) return null;
  return (
    <Card as="section" aria-labelledby="order-refunds" className="p-5 sm:p-6">
      <h3 id="order-refunds" className="text-xl font-semibold text-ink">
        Remboursements
      </h3>
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
            <RefundAmounts subtotalCents={refund.subtotalCents} taxLines={refund.taxLines} totalCents={refund.totalCents} />
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
