// /abonnement (spec: a monthly plan card with five benefits; subscribers are told they already are;
// subscribing while signed out opens the login dialog — and the dialog opens on arrival when the
// navigation state asks for it, which the layout does for every page). Signed in, 'S'abonner' starts
// the first month's checkout and goes on to /payment/subscription. Two plans (monthly; annual, its
// price an admin setting, « 2 mois gratuits ») and, for whoever never had one, the free trial; an
// optional « Code promo » for the first payment (decision 0040).
import { Check, PartyPopper } from 'lucide-react';
import { lazy, Suspense, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { SUBSCRIPTION_PRICE_CENTS } from '@shared/catalog';
import { formatAmount } from '@shared/format';
import { Button, ButtonLink } from '@client/components/ui/Button';
import { PageSpinner } from '@client/components/ui/Spinner';
import { TextField } from '@client/components/ui/TextField';
import { usePageTitle } from '@client/lib/use-page-title';
import { useAuth, useAuthDialog } from '@client/app/auth';
import type { MembershipPlan } from '@shared/schemas/subscription';
import { useMembershipPlans } from './api';
import { SUBSCRIPTION_BENEFITS } from './benefits';
import { useSubscribe } from './use-subscribe';

/** The defaults, shown until the settings come (same figures, no layout shift). */
const DEFAULT_ANNUAL_CENTS = 19_990;
const DEFAULT_TRIAL_DAYS = 7;

// Asked of few people (a province the account lacks): the dialog's code (Radix, ~12 kB) comes then.
const ProvinceDialog = lazy(() => import('./components/ProvinceDialog').then((m) => ({ default: m.ProvinceDialog })));

export default function SubscriptionOfferPage() {
  usePageTitle('Abonnement mensuel à 19,99 CAD');
  const { status, user } = useAuth();
  const authDialog = useAuthDialog();

  const plans = useMembershipPlans().data;
  const [plan, setPlan] = useState<MembershipPlan>('monthly');
  const [wantsTrial, setWantsTrial] = useState(true);
  // « Code promo » for the first payment (decision 0040): sent with the checkout, refused under the field.
  const [code, setCode] = useState('');
  const monthly = plans?.monthlyPriceCents ?? SUBSCRIPTION_PRICE_CENTS;
  const annualCents = plans?.annualPriceCents ?? DEFAULT_ANNUAL_CENTS;
  const trialDays = plans?.trialDays ?? DEFAULT_TRIAL_DAYS;
  const trialAvailable = (plans?.trialAvailable ?? true) && trialDays > 0;
  const trial = trialAvailable && wantsTrial;
  const choice = useMemo(() => ({ plan, trial, code }), [plan, trial, code]);
  const { subscribe, pending, provinceNeeded, closeProvince, codeError } = useSubscribe({ onSignedOut: () => authDialog.open('login'), choice });

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
            Choisissez votre formule
          </h2>
          <fieldset className="mt-4 grid gap-3">
            <legend className="sr-only">Formule</legend>
            <PlanOption value="monthly" checked={plan === 'monthly'} onSelect={setPlan} title="Mensuel" price={formatAmount(monthly)} per="CAD / mois" />
            <PlanOption
              value="annual"
              checked={plan === 'annual'}
              onSelect={setPlan}
              title="Annuel"
              price={formatAmount(annualCents)}
              per="CAD / an"
              badge="2 mois gratuits"
            />
          </fieldset>
          <p className="mt-2 text-sm text-muted">+ taxes</p>
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
            <>
              {trialAvailable ? (
                <label className="mt-6 flex items-start gap-3 rounded-2xl bg-brand-50 p-3 text-sm text-ink">
                  <input type="checkbox" className="mt-0.5 size-5 accent-brand-700" checked={wantsTrial} onChange={(e) => setWantsTrial(e.target.checked)} />
                  <span>
                    <span className="block font-semibold">Commencer par {trialDays} jours d'essai gratuit</span>
                    <span className="block text-muted">Carte requise, aucun prélèvement avant la fin de l'essai ; courriel de rappel 2 jours avant.</span>
                  </span>
                </label>
              ) : null}
              <TextField
                className="mt-5"
                label="Code promo"
                name="code"
                autoComplete="off"
                autoCapitalize="characters"
                spellCheck={false}
                maxLength={40}
                value={code}
                onChange={(e) => setCode(e.target.value)}
                error={codeError ?? undefined}
                hint={trialAvailable ? "Sur le premier paiement, avant taxes ; ne se combine pas avec l'essai gratuit." : 'Sur le premier paiement, avant taxes.'}
              />
              <Button size="lg" className="mt-5 w-full" onClick={onSubscribe} loading={pending && provinceNeeded === null}>
                S'abonner
              </Button>
            </>
          )}
          <p className="mt-4 text-center text-sm text-muted">
            Annulable en tout temps : l'accès reste ouvert jusqu'à la fin de la période payée.{' '}
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

function PlanOption(props: { value: MembershipPlan; checked: boolean; onSelect: (plan: MembershipPlan) => void; title: string; price: string; per: string; badge?: string }) {
  return (
    <label
      className={`flex cursor-pointer items-center gap-3 rounded-2xl border-2 p-4 ${props.checked ? 'border-brand-700 bg-brand-50' : 'border-line bg-white'}`}
    >
      <input type="radio" name="plan" value={props.value} checked={props.checked} onChange={() => props.onSelect(props.value)} className="size-5 accent-brand-700" />
      <span className="flex-1">
        <span className="flex flex-wrap items-center gap-2 font-semibold">
          {props.title}
          {props.badge ? <span className="rounded-full bg-saffron px-2 py-0.5 text-xs font-bold text-ink">{props.badge}</span> : null}
        </span>
        <span className="mt-1 flex items-baseline gap-1">
          <span className="font-display text-3xl font-semibold text-brand-800">{props.price}</span>
          <span className="text-sm font-semibold text-ink">{props.per}</span>
        </span>
      </span>
    </label>
  );
}
