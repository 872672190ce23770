// The cart's summary (spec: Cart): the « Sous-total » of the prices shown, taxes left to the next
// step (they depend on the buyer's province), and one « Payer » for every recorded course together.
import { formatPrice } from '@shared/format';
import { ButtonLink } from '@client/components/ui/Button';
import { cartSubtotalCents, type CartItem } from '../cart-item';

export function CartSummary({ items, ready }: { items: CartItem[]; ready: boolean }) {
  const subtotal = cartSubtotalCents(items);
  return (
    <section aria-labelledby="cart-summary" className="space-y-5 rounded-2xl border border-line bg-white p-5 shadow-sm sm:p-6">
      <h2 id="cart-summary" className="text-2xl font-semibold text-ink">
        Récapitulatif
      </h2>
      <dl className="space-y-3">
        <div className="flex items-baseline justify-between gap-4">
          <dt className="text-lg font-semibold text-ink">Sous-total</dt>
          <dd className="text-lg font-semibold tabular-nums text-brand-800">{formatPrice(subtotal)}</dd>
        </div>
        <div className="flex items-baseline justify-between gap-4">
          <dt className="text-muted">Taxes</dt>
          <dd className="text-right text-sm text-muted">Calculées à l'étape suivante</dd>
        </div>
      </dl>
      {/* Until every course has answered, the cart may still lose one: paying waits for that. */}
      {ready ? (
        <ButtonLink to="/payment/cart" size="lg" className="w-full">
          Payer
        </ButtonLink>
      ) : (
        <p role="status" className="text-center text-sm text-muted">
          Vérification des prix…
        </p>
      )}
      <ul className="space-y-2 text-sm text-muted">
        {items.length > 1 ? <li>Vos {items.length} cours enregistrés sont payés ensemble, en un seul paiement.</li> : null}
        <li>Les cours en direct se réservent depuis leur page : choisissez une séance avec « Réserver ».</li>
      </ul>
    </section>
  );
}
