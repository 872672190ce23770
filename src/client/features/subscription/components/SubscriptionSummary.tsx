// The month as the server priced it (spec: 19.99 CAD per month): the plan, each tax on its own line
// with its rate, and the monthly total renewed at the same price until cancelled.
import { formatPrice } from '@shared/format';
import { provinceName } from '@shared/provinces';
import type { OrderView } from '@shared/schemas/checkout';

export function SubscriptionSummary({ order }: { order: OrderView }) {
  const province = provinceName(order.province);
  return (
    <section aria-labelledby="subscription-summary" className="rounded-2xl border border-line bg-white p-5 shadow-sm sm:p-6">
      <h2 id="subscription-summary" className="text-xl font-semibold text-ink">
        Votre abonnement
      </h2>
      <ul className="mt-4 space-y-3" aria-label="Articles de la commande">
        {order.lines.map((line) => (
          <li key={line.id} className="flex items-baseline justify-between gap-4">
            <span className="min-w-0 text-ink">{line.description}</span>
            <span className="shrink-0 font-semibold tabular-nums text-ink">{formatPrice(line.amountCents)}</span>
          </li>
        ))}
      </ul>
      <dl className="mt-4 space-y-2 border-t border-line pt-4 text-sm">
        <Row label="Sous-total" value={formatPrice(order.subtotalCents)} />
        {order.taxLines.map((tax) => (
          <Row key={tax.code} label={`${tax.label} (${tax.rateLabel})`} value={formatPrice(tax.amountCents)} />
        ))}
        <div className="flex items-baseline justify-between gap-4 border-t border-line pt-3 text-base">
          <dt className="text-lg font-semibold text-ink">Total</dt>
          <dd className="text-right text-lg font-semibold tabular-nums text-brand-800">{formatPrice(order.totalCents)} par mois</dd>
        </div>
      </dl>
      <p className="mt-3 text-sm text-muted">
        Renouvelé automatiquement chaque mois au même prix. Annulable en tout temps : l'accès reste ouvert jusqu'à la fin du
        mois payé.
      </p>
      {province && order.taxStatus === 'taxed' ? (
        <p className="mt-2 text-xs text-muted">Taxes selon votre province de résidence : {province} (modifiable dans Mon Compte).</p>
      ) : null}
    </section>
  );
}

function Row({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex items-baseline justify-between gap-4">
      <dt className="text-muted">{label}</dt>
      <dd className="tabular-nums text-ink">{value}</dd>
    </div>
  );
}
