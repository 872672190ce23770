// What a non-subscriber sees in place of a premium recipe's ingredients and steps (spec: recipe detail).
import { Lock } from 'lucide-react';
import { SUBSCRIPTION_PRICE_CENTS } from '@shared/catalog';
import { formatPrice } from '@shared/format';
import { ButtonLink } from '@client/components/ui/Button';

export function RecipeLocked() {
  return (
    <div className="rounded-2xl border border-saffron/60 bg-gradient-to-br from-brand-50 via-white to-saffron/15 p-6 text-center shadow-sm sm:p-10">
      <span className="mx-auto mb-4 inline-flex size-14 items-center justify-center rounded-full bg-saffron text-ink">
        <Lock aria-hidden="true" className="size-6" />
      </span>
      <h2 className="text-2xl font-semibold text-ink">Recette réservée aux abonnés</h2>
      <p className="mx-auto mt-3 max-w-lg text-muted">
        Abonnez-vous pour découvrir les ingrédients et la préparation de cette recette exclusive, ainsi que toutes nos recettes
        premium et nos cours enregistrés, pour {formatPrice(SUBSCRIPTION_PRICE_CENTS)} par mois.
      </p>
      <ButtonLink to="/abonnement" size="lg" className="mt-6">
        Devenir Abonné
      </ButtonLink>
    </div>
  );
}
