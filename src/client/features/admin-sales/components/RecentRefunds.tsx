// The latest refunds from the audit trail: who asked, when, for which order, how much, and where
// the refund stands now.
import { RotateCcw } from 'lucide-react';
import { Link } from 'react-router';
import { CHEF_TIME_ZONE, formatPrice, formatSessionDateTime } from '@shared/format';
import type { AuditedRefund } from '@shared/schemas/admin-sales';
import { RefundStatusBadge } from '@client/features/admin-orders';

export function RecentRefunds({ refunds }: { refunds: AuditedRefund[] }) {
  return (
    <section aria-labelledby="recent-refunds" className="rounded-2xl border border-line bg-white p-4 shadow-sm sm:p-6">
      <h2 id="recent-refunds" className="text-xl font-semibold text-ink">
        Derniers remboursements
      </h2>
      <p className="mt-1 text-sm text-muted">D'après le journal des actions de l'administration.</p>
      {refunds.length === 0 ? (
        <p className="mt-4 flex items-center gap-2 text-muted">
          <RotateCcw aria-hidden="true" className="size-4" />
          Aucun remboursement pour le moment.
        </p>
      ) : (
        <ul className="mt-3 divide-y divide-line">
          {refunds.map((r) => (
            <li key={r.id} className="flex flex-col gap-1 py-3 sm:flex-row sm:items-center sm:justify-between sm:gap-4">
              <div className="min-w-0">
                <p className="font-medium text-ink">
                  {r.totalCents !== null ? formatPrice(r.totalCents) : 'Montant inconnu'}
                  {' — '}
                  <Link to={`/admin/commandes/${r.orderId}`} className="text-brand-700 underline underline-offset-4 hover:text-brand-800">
                    {r.orderNumber !== null ? `Commande n° ${r.orderNumber}` : 'Voir la commande'}
                  </Link>
                </p>
                <p className="text-sm text-muted">
                  Par <span className="break-all">{r.actorEmail}</span>, le {formatSessionDateTime(r.at, CHEF_TIME_ZONE)}
                </p>
                {r.reason ? <p className="text-sm text-ink">Motif : {r.reason}</p> : null}
              </div>
              {r.status ? (
                <div className="shrink-0">
                  <RefundStatusBadge status={r.status} />
                </div>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
