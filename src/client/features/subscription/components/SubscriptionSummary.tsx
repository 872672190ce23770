// The month as the server priced it (spec: 19.99 CAD per month): the course payment page's order
// summary, titled for the membership, with the total per month and the renewal terms.
import type { OrderView } from '@shared/schemas/checkout';
import { OrderSummary } from '@client/features/payment';

export function SubscriptionSummary({ order, annual = false }: { order: OrderView; annual?: boolean }) {
  return (
    <OrderSummary order={order} title="Votre abonnement" totalSuffix={annual ? ' par année' : ' par mois'}>
      <p className="mt-3 text-sm text-muted">
        Renouvelé automatiquement chaque {annual ? 'année' : 'mois'} au même prix. Annulable en tout temps : l'accès reste ouvert
        jusqu'à la fin de la période payée.
      </p>
    </OrderSummary>
  );
}
