// The month as the server priced it (spec: 19.99 CAD per month): the course payment page's order
// summary, titled for the membership, with the total per month and the renewal terms. With a promo
// code (decision 0040) the total is the first payment's: the renewals are at the plan's price.
import { formatPrice } from '@shared/format';
import { listPriceCents } from '@shared/order-discounts';
import type { OrderView } from '@shared/schemas/checkout';
import { OrderSummary } from '@client/features/payment';

export function SubscriptionSummary({ order, annual = false }: { order: OrderView; annual?: boolean }) {
  const period = annual ? 'année' : 'mois';
  const planCents = order.lines[0] ? listPriceCents(order.lines[0]) : null;
  return (
    <OrderSummary order={order} title="Votre abonnement" totalSuffix={order.promo ? ' (premier paiement)' : annual ? ' par année' : ' par mois'}>
      <p className="mt-3 text-sm text-muted">
        {order.promo && planCents !== null
          ? `Code ${order.promo.code} sur le premier paiement. Ensuite, renouvelé automatiquement chaque ${period} au prix de la formule (${formatPrice(planCents)} + taxes).`
          : `Renouvelé automatiquement chaque ${period} au même prix.`}{' '}
        Annulable en tout temps : l'accès reste ouvert jusqu'à la fin de la période payée.
      </p>
    </OrderSummary>
  );
}
