// What the order costs, as the server priced it: each line at its list price, a discount if any,
// the subtotal after it, each tax on its own line with its rate, the total (as the receipt reads);
// then « Crédit Toque − X » and what the card pays, when the buyer's credit pays part of it.
import { formatPrice } from '@shared/format';
import { discountRows, formatDiscount, listPriceCents } from '@shared/order-discounts';
import { provinceName } from '@shared/provinces';
import type { ReactNode } from 'react';
import type { OrderView } from '@shared/schemas/checkout';

const TAX_STATUS_NOTES: Partial<Record<OrderView['taxStatus'], string>> = {
  zero_rated: "Aucune taxe : vente à une personne résidant à l'extérieur du Canada.",
};

type OrderSummaryProps = {
  order: OrderView;
  title?: string;
  /** After the total, e.g. ' par mois' for the membership. */
  totalSuffix?: string;
  /** Said under the totals (the membership's renewal terms). */
  children?: ReactNode;
};

export function OrderSummary({ order, title = 'Votre commande', totalSuffix = '', children }: OrderSummaryProps) {
  const province = provinceName(order.province);
  return (
    <section aria-labelledby="order-summary" className="rounded-2xl border border-line bg-white p-5 shadow-sm sm:p-6">
      <h2 id="order-summary" className="text-xl font-semibold text-ink">
        {title}
      </h2>
      <ul className="mt-4 space-y-3" aria-label="Articles de la commande">
        {order.lines.map((line) => (
          <li key={line.id} className="flex items-baseline justify-between gap-4">
            <span className="min-w-0 text-ink">{line.description}</span>
            <span className="shrink-0 font-semibold tabular-nums text-ink">{formatPrice(listPriceCents(line))}</span>
          </li>
        ))}
      </ul>
      <dl className="mt-4 space-y-2 border-t border-line pt-4 text-sm">
        {discountRows(order.lines, order.promo).map((d) => (
          <Row key={d.label} label={d.label} value={formatDiscount(d.cents)} />
        ))}
        <Row label="Sous-total" value={formatPrice(order.subtotalCents)} />
        {order.taxLines.map((tax) => (
          <Row key={tax.code} label={`${tax.label} (${tax.rateLabel})`} value={formatPrice(tax.amountCents)} />
        ))}
        <div className="flex items-baseline justify-between gap-4 border-t border-line pt-3 text-base">
          <dt className="text-lg font-semibold text-ink">Total</dt>
          <dd className="text-right text-lg font-semibold tabular-nums text-brand-800">
            {formatPrice(order.totalCents)}
            {totalSuffix}
          </dd>
        </div>
        {order.creditAppliedCents > 0 ? (
          <>
            <Row label="Crédit Toque" value={`− ${formatPrice(order.creditAppliedCents)}`} />
            <div className="flex items-baseline justify-between gap-4 font-semibold">
              <dt className="text-ink">Reste à payer par carte</dt>
              <dd className="tabular-nums text-ink">{formatPrice(order.totalCents - order.creditAppliedCents)}</dd>
            </div>
          </>
        ) : null}
      </dl>
      {children}
      {province && order.taxStatus === 'taxed' ? (
        <p className="mt-3 text-xs text-muted">Taxes selon votre province de résidence : {province} (modifiable dans Mon Compte).</p>
      ) : TAX_STATUS_NOTES[order.taxStatus] ? (
        <p className="mt-3 text-xs text-muted">{TAX_STATUS_NOTES[order.taxStatus]}</p>
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
