// The cart's summary (spec §9): subtotal of the prices shown, taxes left to the next step, total
// equal to the subtotal — then how to go on: recorded courses together, live ones one by one.
import { formatPrice } from '@shared/format';
import { ButtonLink } from '@client/components/ui/Button';
import { cartSubtotalCents, type CartItem } from '../cart-item';

export function CartSummary({ items }: { items: CartItem[] }) {
  const subtotal = cartSubtotalCents(items);
  const recorded = items.filter((i) => !i.is_live).length;
  const live = items.length - recorded;
  return (
    <section aria-labelledby="cart-summary" className="space-y-5 rounded-2xl border border-line bg-white p-5 shadow-sm sm:p-6">
      <h2 id="cart-summary" className="text-2xl font-semibold text-ink">
        Récapitulatif
      </h2>
      <dl className="space-y-3">
        <div className="flex items-baseline justify-between gap-4">
          <dt className="text-muted">Sous-total</dt>
          <dd className="font-semibold tabular-nums text-ink">{formatPrice(subtotal)}</dd>
        </div>
        <div className="flex items-baseline justify-between gap-4">
          <dt className="text-muted">Taxes</dt>
          <dd className="text-right text-sm text-muted">Calculées à l'étape suivante</dd>
        </div>
        <div className="flex items-baseline justify-between gap-4 border-t border-line pt-3">
          <dt className="text-lg font-semibold text-ink">Total</dt>
          <dd className="text-lg font-semibold tabular-nums text-brand-800">{formatPrice(subtotal)}</dd>
        </div>
      </dl>
      {recorded > 0 ? (
        <ButtonLink to="/payment/cart" className="h-auto! min-h-11 w-full px-4! py-2.5 text-center leading-tight">
          {recorded === 1 ? 'Payer le cours enregistré' : 'Payer tous les cours enregistrés'}
        </ButtonLink>
      ) : null}
      <ul className="space-y-2 text-sm text-muted">
        {recorded > 1 ? <li>Vos {recorded} vidéos pré-enregistrées peuvent être payées ensemble, en un seul paiement.</li> : null}
        {live > 0 ? <li>Les cours en direct se réservent un par un : choisissez une séance avec « Réserver ».</li> : null}
        <li>Les prix affichés sont indicatifs : le montant exact, taxes comprises, est calculé à l'étape du paiement.</li>
      </ul>
    </section>
  );
}
