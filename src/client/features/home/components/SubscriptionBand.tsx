import { Check } from 'lucide-react';
import { SUBSCRIPTION_PRICE_CENTS } from '@shared/catalog';
import { formatPrice } from '@shared/format';
import { ButtonLink } from '@client/components/ui/Button';

/** Home: the membership in one line, leading to /abonnement. */
export function SubscriptionBand() {
  return (
    <section aria-labelledby="home-subscription" className="mx-auto max-w-6xl px-4 pt-12 sm:px-6">
      <div className="flex flex-col gap-6 rounded-[2rem] border border-brand-100 bg-brand-50 p-7 sm:p-10 md:flex-row md:items-center md:justify-between">
        <div>
          <h2 id="home-subscription" className="text-2xl font-semibold sm:text-3xl">
            Toute la cuisine de Toque, pour {formatPrice(SUBSCRIPTION_PRICE_CENTS)} par mois
          </h2>
          <ul className="mt-4 grid gap-2 text-ink sm:grid-cols-2">
            {['Recettes illimitées', 'Tous les cours enregistrés', 'Rabais sur les cours en direct', 'Sans engagement'].map((b) => (
              <li key={b} className="flex items-center gap-2">
                <Check aria-hidden="true" className="size-4 shrink-0 text-herb" />
                {b}
              </li>
            ))}
          </ul>
        </div>
        <ButtonLink to="/abonnement" className="w-full shrink-0 whitespace-nowrap sm:h-13 sm:w-auto sm:px-7 sm:text-lg">
          Découvrir l'abonnement
        </ButtonLink>
      </div>
    </section>
  );
}
