// /abonnement (spec: a monthly plan card with five benefits; subscribers are told they already are;
// subscribing while signed out opens the login dialog — and the dialog opens on arrival when the
// navigation state asks for it, which the layout does for every page). Signed in, 'S'abonner' starts
// the first month's checkout and goes on to /payment/subscription.
import { Check, PartyPopper } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { SUBSCRIPTION_PRICE_CENTS } from '@shared/catalog';
import { formatAmount } from '@shared/format';
import { Button, ButtonLink } from '@client/components/ui/Button';
import { PageSpinner } from '@client/components/ui/Spinner';
import { usePageTitle } from '@client/lib/use-page-title';
import { useAuth, useAuthDialog } from '@client/app/auth';
import { SUBSCRIPTION_BENEFITS } from './benefits';
import { useSubscribe } from './use-subscribe';

// Asked of few people (a province the account lacks): the dialog's code (Radix, ~12 kB) comes then.
const ProvinceDialog = lazy(() => import('./components/ProvinceDialog').then((m) => ({ default: m.ProvinceDialog })));

export default function SubscriptionOfferPage() {
  usePageTitle('Abonnement mensuel à 19,99 CAD');
  const { status, user } = useAuth();
  const authDialog = useAuthDialog();

  const { subscribe, pending, provinceNeeded, closeProvince } = useSubscribe({ onSignedOut: () => authDialog.open('login') });

  const onSubscribe = () => {
    if (!user) return authDialog.open('login');
    // The payment page's code is fetched while the checkout starts.
    void import('./SubscriptionPaymentPage');
    void subscribe();
  };

  if (status === 'loading') return <PageSpinner />;

  return (
    <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6 sm:py-14">
      <div className="grid items-start gap-10 lg:grid-cols-[1fr_26rem]">
        <div>
          <p className="mb-3 text-sm font-semibold uppercase tracking-wider text-brand-700">Abonnement Toque</p>
          <h1 className="text-4xl font-semibold leading-tight sm:text-5xl">Toute notre cuisine, sans limites.</h1>
          <p className="mt-4 max-w-xl text-lg leading-relaxed text-muted">
            Un seul abonnement mensuel pour cuisiner toute l'année avec nos chefs : la bibliothèque complète de recettes,
            tous les cours en vidéo et des rabais sur les cours en direct.
          </p>
          <ul className="mt-8 grid gap-4 sm:grid-cols-2">
            {SUBSCRIPTION_BENEFITS.map(({ title, detail, icon: Icon }) => (
              <li key={title} className="flex gap-3 rounded-2xl border border-line bg-white p-4">
                <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-700" aria-hidden="true">
                  <Icon className="size-5" />
                </span>
                <span>
                  <span className="block font-semibold">{title}</span>
                  <span className="block text-sm text-muted">{detail}</span>
                </span>
              </li>
            ))}
          </ul>
        </div>

        <section aria-labelledby="plan-title" className="relative rounded-[2rem] bg-white p-7 shadow-lg ring-1 ring-line lg:sticky lg:top-24">
          <span className="absolute -top-3 right-6 rounded-full bg-saffron px-3 py-1 text-xs font-bold text-ink">Sans engagement</span>
          <h2 id="plan-title" className="text-2xl font-semibold">
            Mensuel
          </h2>
          <p className="mt-4 flex items-baseline gap-2">
            <span className="font-display text-5xl font-semibold text-brand-800">{formatAmount(SUBSCRIPTION_PRICE_CENTS)}</span>
            <span className="text-lg font-semibold text-ink">CAD / mois</span>
          </p>
          <p className="mt-1 text-sm text-muted">+ taxes</p>
          <ul className="mt-6 space-y-3">
            {SUBSCRIPTION_BENEFITS.map(({ title }) => (
              <li key={title} className="flex items-center gap-3">
                <Check aria-hidden="true" className="size-5 shrink-0 text-herb" />
                {title}
              </li>
            ))}
          </ul>
          {user?.isSubscriber ? (
            <div role="status" className="mt-7 rounded-2xl bg-herb/10 p-4 text-center">
              <p className="flex items-center justify-center gap-2 font-semibold text-herb">
                <PartyPopper aria-hidden="true" className="size-5" />
                Vous êtes déjà abonné !
              </p>
              <ButtonLink to="/abonne/tableau-de-bord" variant="link" className="mt-2">
                Voir mon tableau de bord
              </ButtonLink>
            </div>
          ) : (
            <Button size="lg" className="mt-7 w-full" onClick={onSubscribe} loading={pending && provinceNeeded === null}>
              S'abonner
            </Button>
          )}
          <p className="mt-4 text-center text-sm text-muted">
            Annulable en tout temps : l'accès reste ouvert jusqu'à la fin du mois payé.{' '}
            <Link to="/terms-of-service" className="font-semibold text-brand-700 underline underline-offset-4">
              Conditions
            </Link>
          </p>
        </section>
      </div>
      {provinceNeeded !== null && (
        <Suspense fallback={null}>
          <ProvinceDialog message={provinceNeeded} busy={pending} onClose={closeProvince} onSubmit={(province) => void subscribe(province)} />
        </Suspense>
      )}
    </div>
  );
}
