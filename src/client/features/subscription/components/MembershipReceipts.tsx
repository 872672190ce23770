// The receipt of every paid membership period, newest first (a renewal adds one): the period, the
// total paid, the receipt's number, and the receipt itself (a page of the server, opened aside) or
// its PDF. Dates in the chef's time zone, as the receipt states the period.
import { ExternalLink, FileDown, RotateCcw } from 'lucide-react';
import { CHEF_TIME_ZONE, formatLongDate, formatPrice } from '@shared/format';
import type { MembershipReceiptView } from '@shared/schemas/subscription';
import { Badge } from '@client/components/ui/Badge';
import { buttonClass } from '@client/components/ui/Button';

const date = (value: string | null) => formatLongDate(value, CHEF_TIME_ZONE);

/** A date kept on one line, so a narrow row breaks between the two dates, not inside one. */
function Day({ value }: { value: string | null }) {
  return (
    <time dateTime={value ?? undefined} className="whitespace-nowrap">
      {date(value)}
    </time>
  );
}

/** 'Du 22 novembre 2026 au 22 décembre 2026'; a period not yet confirmed by the provider: the day paid. */
function Period({ receipt: r }: { receipt: MembershipReceiptView }) {
  if (r.periodStart && r.periodEnd) {
    return (
      <>
        Du <Day value={r.periodStart} /> au <Day value={r.periodEnd} />
      </>
    );
  }
  return (
    <>
      Payé le <Day value={r.paidAt} />
    </>
  );
}

export function MembershipReceipts({ receipts }: { receipts: MembershipReceiptView[] }) {
  if (receipts.length === 0) return <p className="text-muted">Aucun reçu pour le moment.</p>;
  return (
    <ul className="divide-y divide-line" aria-label="Reçus de l'abonnement">
      {receipts.map((r) => (
        <li key={r.orderId} className="flex flex-col gap-3 py-4 first:pt-0 last:pb-0 sm:flex-row sm:items-center sm:justify-between sm:gap-4">
          <div className="min-w-0">
            <p className="font-semibold text-ink">
              <Period receipt={r} />
            </p>
            <p className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-muted">
              <span className="font-semibold text-ink">{formatPrice(r.totalCents)}</span>
              <span>Reçu n° {r.number}</span>
              {r.status === 'refunded' ? (
                <Badge tone="brand">
                  <RotateCcw aria-hidden="true" className="size-3.5" />
                  Remboursé
                </Badge>
              ) : r.status === 'partially_refunded' ? (
                <Badge tone="brand">
                  <RotateCcw aria-hidden="true" className="size-3.5" />
                  Remboursé en partie
                </Badge>
              ) : null}
            </p>
          </div>
          <div className="flex shrink-0 flex-wrap gap-2">
            <a href={r.receiptUrl} target="_blank" rel="noopener" className={buttonClass({ variant: 'secondary', size: 'sm' })}>
              <ExternalLink aria-hidden="true" className="size-4" />
              Voir le reçu<span className="sr-only"> n° {r.number} (nouvel onglet)</span>
            </a>
            <a href={r.receiptPdfUrl} download className={buttonClass({ variant: 'secondary', size: 'sm' })}>
              <FileDown aria-hidden="true" className="size-4" />
              PDF<span className="sr-only"> du reçu n° {r.number}</span>
            </a>
          </div>
        </li>
      ))}
    </ul>
  );
}
