// The period at a glance: sales, taxes charged, refunds, net, the taxes to declare by kind (charged
// less given back) and the members with access today.
import { Fragment, type ReactNode } from 'react';
import { formatPrice } from '@shared/format';
import { TAX_KIND_LABELS, type SalesFigures } from '@shared/schemas/admin-sales';
import { taxKindsUsed } from './SalesTable';

function Figure({ label, value, hint }: { label: string; value: string; hint?: ReactNode }) {
  return (
    <div className="rounded-2xl border border-line bg-white p-4 shadow-sm">
      <dt className="text-sm font-medium text-muted">{label}</dt>
      <dd className="mt-1 text-xl font-semibold text-ink sm:text-2xl">{value}</dd>
      {hint ? <dd className="mt-1 text-sm text-muted">{hint}</dd> : null}
    </div>
  );
}

export function SalesTotals({ totals, activeSubscribers }: { totals: SalesFigures; activeSubscribers: number }) {
  const kinds = taxKindsUsed(totals);
  const orders = totals.orderCount === 1 ? '1 commande payée' : `${totals.orderCount} commandes payées`;
  const refunds = totals.refundCount === 1 ? '1 remboursement' : `${totals.refundCount} remboursements`;
  return (
    <section aria-labelledby="sales-totals" className="space-y-3">
      <h2 id="sales-totals" className="text-xl font-semibold text-ink">
        Totaux de la période
      </h2>
      <dl className="grid grid-cols-1 gap-3 min-[420px]:grid-cols-2 lg:grid-cols-5">
        <Figure label="Ventes avant taxes" value={formatPrice(totals.grossCents)} hint={orders} />
        <Figure
          label="Taxes perçues"
          value={formatPrice(totals.taxCents)}
          hint={kinds.map((k, i) => (
            // A line may break between taxes, never between a tax and its amount.
            <Fragment key={k}>
              {i > 0 ? ' · ' : ''}
              <span className="whitespace-nowrap">
                {TAX_KIND_LABELS[k]} {formatPrice(totals.taxes[k])}
              </span>
            </Fragment>
          ))}
        />
        <Figure label="Remboursements avant taxes" value={formatPrice(totals.refundedCents)} hint={`${refunds} · taxes ${formatPrice(totals.refundedTaxCents)}`} />
        <Figure label="Net avant taxes" value={formatPrice(totals.netCents)} hint={`Encaissé, taxes comprises : ${formatPrice(totals.collectedCents)}`} />
        <Figure
          label="Abonnés actifs"
          value={String(activeSubscribers)}
          hint={activeSubscribers === 1 ? 'Une personne a accès aujourd’hui' : 'Personnes ayant accès aujourd’hui'}
        />
      </dl>
      <div className="rounded-2xl border border-line bg-cream p-4">
        <h3 className="text-sm font-semibold text-ink">Taxes nettes à déclarer (perçues moins remboursées)</h3>
        <ul className="mt-2 flex flex-wrap gap-x-6 gap-y-1 text-ink">
          {kinds.map((k) => (
            <li key={k}>
              <span className="font-medium">{TAX_KIND_LABELS[k]}</span> : {formatPrice(totals.netTaxes[k])}
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
