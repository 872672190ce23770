// Every membership record, newest first (spec: the history list with status, period start and end).
import { formatLongDate } from '@shared/format';
import type { SubscriptionView } from '@shared/schemas/subscription';
import { StatusBadge } from './StatusBadge';

export function SubscriptionHistory({ history }: { history: SubscriptionView[] }) {
  if (history.length === 0) return <p className="text-muted">Aucun abonnement pour le moment.</p>;
  return (
    <ul className="divide-y divide-line" aria-label="Historique des abonnements">
      {history.map((s) => (
        <li key={s.id} className="flex flex-col gap-2 py-4 first:pt-0 last:pb-0 sm:flex-row sm:items-center sm:justify-between">
          <div>
            <p className="font-semibold text-ink">Abonnement mensuel</p>
            <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-3 text-sm text-muted">
              <dt>Début de période</dt>
              <dd className="whitespace-nowrap text-ink">{formatLongDate(s.currentPeriodStart)}</dd>
              <dt>Fin de période</dt>
              <dd className="whitespace-nowrap text-ink">{formatLongDate(s.currentPeriodEnd)}</dd>
            </dl>
          </div>
          <div className="flex flex-wrap items-center gap-2 sm:flex-col sm:items-end">
            <StatusBadge status={s.status} />
            {s.cancelAtPeriodEnd && s.status !== 'canceled' ? (
              <span className="rounded-full bg-white px-3 py-1 text-sm font-semibold text-ink ring-1 ring-inset ring-line">Annulation programmée</span>
            ) : null}
          </div>
        </li>
      ))}
    </ul>
  );
}
