// Shown instead of a premium course's content to a viewer who has not unlocked it (spec: course detail).
import { Crown } from 'lucide-react';
import { SUBSCRIPTION_PRICE_CENTS } from '@shared/catalog';
import { formatPrice } from '@shared/format';
import { ButtonLink } from '@client/components/ui/Button';

export function PremiumPanel() {
  return (
    <section
      aria-labelledby="premium-panel-title"
      className="rounded-2xl border border-saffron/60 bg-gradient-to-br from-brand-50 via-white to-saffron/15 p-6 text-center shadow-sm sm:p-8"
    >
      <span className="mx-auto mb-3 inline-flex size-12 items-center justify-center rounded-full bg-saffron text-ink">
        <Crown aria-hidden="true" className="size-6" />
      </span>
      <h2 id="premium-panel-title" className="text-2xl font-semibold text-ink">
        Contenu Exclusif pour Abonnés
      </h2>
      <p className="mx-auto mt-2 max-w-md text-muted">
        Ce cours fait partie de l'offre premium. Abonnez-vous pour y accéder, ainsi qu'à toutes les recettes exclusives, pour{' '}
        {formatPrice(SUBSCRIPTION_PRICE_CENTS)} par mois.
      </p>
      <ButtonLink to="/abonnement" className="mt-5">
        Devenir Abonné
      </ButtonLink>
    </section>
  );
}
