// Espace Abonné, /abonne and /abonne/tableau-de-bord (spec: subscriber dashboard): the status
// (green while active, yellow otherwise), 'Valide jusqu'au', the notice of a scheduled cancellation
// or of a failed renewal, 'Gérer sur le fournisseur de paiement' (Stripe's customer portal, or the
// spec's 'coming soon' notice in the sandbox), the cancellation behind its irreversible confirmation,
// the history and the receipt of each paid period. The expiry warning (spec §9) is toasted once per
// visit. The page reads the subscription again when the realtime event says it changed
// (cancellation, renewal paid or refused, end).
import { AlertTriangle, BookOpenCheck, CalendarClock, CreditCard, ExternalLink, UtensilsCrossed } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { SUBSCRIPTION_PRICE_CENTS } from '@shared/catalog';
import { formatLongDate, formatPrice } from '@shared/format';
import type { SubscriptionResponse } from '@shared/schemas/subscription';
import { Button, ButtonLink } from '@client/components/ui/Button';
import { ErrorPanel } from '@client/components/ui/ErrorPanel';
import { PageHeader } from '@client/components/ui/PageHeader';
import { Skeleton } from '@client/components/ui/Skeleton';
import { notifyError, notifyInfo } from '@client/lib/notify';
import { toast } from '@client/lib/toast';
import { usePageTitle } from '@client/lib/use-page-title';
import { GiftedMembershipNotice } from '@client/features/gift-cards';
import { useChangePlan, useSubscription, useSubscriptionPortal } from './api';
import { CancelSubscriptionDialog } from './components/CancelSubscriptionDialog';
import { MembershipReceipts } from './components/MembershipReceipts';
import { StatusBadge } from './components/StatusBadge';
import { SubscriptionHistory } from './components/SubscriptionHistory';
import { expiryWarningDays, expiryWarningText } from './status';
import { runMutation } from '@client/lib/run-mutation';

export default function SubscriberDashboardPage() {
  usePageTitle('Espace Abonné');
  const query = useSubscription();
  const data = query.data;
  useExpiryWarning(data);

  return (
    <div className="mx-auto min-h-[60vh] w-full max-w-5xl px-4 py-8 sm:px-6 sm:py-10">
      <PageHeader eyebrow="Espace Abonné" title="Mon abonnement" subtitle="Votre abonnement Toque, son renouvellement et son historique." />
      {query.isPending ? (
        <DashboardSkeleton />
      ) : query.isError ? (
        <ErrorPanel
          title="Impossible de charger l'historique des abonnements."
          message={query.error.message}
          onRetry={() => void query.refetch()}
        />
      ) : (
        <div className="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)] lg:items-start">
          <div className="space-y-6">
            {data!.gifted ? <GiftedMembershipNotice showLink={false} /> : null}
            {data!.gifted && !data!.current ? null : <CurrentSubscription data={data!} />}
            <section aria-labelledby="history-title" className="rounded-3xl border border-line bg-white p-5 shadow-sm sm:p-7">
              <h2 id="history-title" className="mb-4 text-xl font-semibold text-ink">
                Historique
              </h2>
              <SubscriptionHistory history={data!.history} />
            </section>
            <section aria-labelledby="receipts-title" className="rounded-3xl border border-line bg-white p-5 shadow-sm sm:p-7">
              <h2 id="receipts-title" className="mb-4 text-xl font-semibold text-ink">
                Reçus
              </h2>
              <MembershipReceipts receipts={data!.receipts} />
            </section>
          </div>
          <Benefits />
        </div>
      )}
    </div>
  );
}

function CurrentSubscription({ data }: { data: SubscriptionResponse }) {
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState(false);
  const portal = useSubscriptionPortal();
  const current = data.current;
  if (!current) {
    return (
      <section className="rounded-3xl border border-line bg-white p-5 shadow-sm sm:p-7">
        <p className="text-muted">Aucun abonnement en cours.</p>
        <ButtonLink to="/abonnement" className="mt-4">
          Voir l'abonnement
        </ButtonLink>
      </section>
    );
  }
  const scheduled = current.cancelAtPeriodEnd && current.status !== 'canceled';
  const pastDue = current.status === 'past_due';
  const trialing = current.status === 'trialing';
  const annual = current.plan === 'annual';
  const price = current.priceCents ?? SUBSCRIPTION_PRICE_CENTS;

  const manage = () => {
    // The sandbox has no customer portal: our own page changes the card and shows the next charge.
    if (!data.portalAvailable) {
      navigate('/abonne/paiement');
      return;
    }
    runMutation(portal, undefined, {
      onSuccess: ({ url }) => window.location.assign(url),
      onError: (error) => {
        if (error.code === 'PORTAL_UNAVAILABLE') notifyInfo(error.message);
        else notifyError('Erreur', error.message);
      },
    });
  };

  return (
    <section aria-labelledby="current-title" className="rounded-3xl border border-line bg-white p-5 shadow-sm sm:p-7">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id="current-title" className="text-xl font-semibold text-ink">
            {annual ? 'Abonnement annuel' : 'Abonnement mensuel'}
          </h2>
          <p className="mt-1 text-muted">
            {formatPrice(price)} / {annual ? 'an' : 'mois'} + taxes
          </p>
        </div>
        <StatusBadge status={current.status} />
      </div>

      <p className="mt-5 flex items-center gap-2 text-lg text-ink">
        <CalendarClock aria-hidden="true" className="size-5 shrink-0 text-brand-700" />
        <span>
          Valide jusqu'au <strong className="font-semibold">{formatLongDate(current.currentPeriodEnd)}</strong>
        </span>
      </p>

      {trialing && current.trialEnd && !scheduled ? (
        <Notice title="Essai gratuit en cours">
          Aucun montant n'a été prélevé. Le premier paiement aura lieu le {formatLongDate(current.trialEnd)} ; annulez d'ici là, sans frais, si
          vous ne souhaitez pas continuer.
        </Notice>
      ) : null}
      {current.nextDiscountCents ? (
        <p role="status" className="mt-5 rounded-2xl border border-herb/30 bg-herb/10 p-4 text-ink">
          Offre appliquée : {formatPrice(current.nextDiscountCents)} de rabais sur votre prochaine facture.
        </p>
      ) : null}
      {scheduled ? (
        <Notice title="Annulation programmée">
          Votre abonnement ne sera pas renouvelé. Vous gardez l'accès à tout le contenu Premium jusqu'au{' '}
          {formatLongDate(current.currentPeriodEnd)}.
        </Notice>
      ) : null}
      {pastDue ? (
        <Notice title="Paiement en retard">
          Le dernier renouvellement de votre abonnement a été refusé. Nous réessaierons le paiement automatiquement dans les prochains
          jours ; votre accès reste ouvert d'ici là.
          {data.portalAvailable ? ' Vous pouvez mettre à jour votre carte chez le fournisseur de paiement.' : ' Vous pouvez changer de carte dans « Gérer mon abonnement ».'}
        </Notice>
      ) : null}

      <div className="mt-6 flex flex-col gap-3 sm:flex-row sm:flex-wrap">
        <Button variant="secondary" className="h-auto! min-h-11 py-2 text-center leading-snug" onClick={manage} loading={portal.isPending}>
          {data.portalAvailable ? <ExternalLink aria-hidden="true" className="size-4" /> : <CreditCard aria-hidden="true" className="size-4" />}
          {data.portalAvailable ? 'Gérer sur le fournisseur de paiement' : 'Gérer mon abonnement'}
        </Button>
        {data.canCancel ? (
          <Button variant="ghost" className="text-brand-800 underline underline-offset-4" onClick={() => setConfirming(true)}>
            Annuler mon abonnement
          </Button>
        ) : null}
      </div>
      {data.canCancel && !trialing ? <PlanSwitch plan={current.plan} pendingPlan={current.pendingPlan} periodEnd={current.currentPeriodEnd} /> : null}
      <CancelSubscriptionDialog open={confirming} periodEnd={current.currentPeriodEnd} onClose={() => setConfirming(false)} />
    </section>
  );
}

/** Monthly ↔ annual, from the next period on (the current one stays as paid). */
function PlanSwitch({ plan, pendingPlan, periodEnd }: { plan: 'monthly' | 'annual'; pendingPlan: 'monthly' | 'annual' | null; periodEnd: string | null }) {
  const change = useChangePlan();
  const next = pendingPlan ?? plan;
  const other = next === 'annual' ? 'monthly' : 'annual';
  const label = (p: string) => (p === 'annual' ? 'annuelle' : 'mensuelle');
  return (
    <div className="mt-6 rounded-2xl border border-line bg-cream/40 p-4">
      <p className="text-ink">
        {pendingPlan && pendingPlan !== plan
          ? `À partir du ${formatLongDate(periodEnd)}, votre abonnement passera à la formule ${label(pendingPlan)}.`
          : `Formule ${label(plan)}. Vous pouvez changer de formule : le changement prendra effet au prochain renouvellement, le ${formatLongDate(periodEnd)}.`}
      </p>
      <Button
        variant="secondary"
        className="mt-3"
        loading={change.isPending}
        onClick={() =>
          runMutation(change, other, {
            onSuccess: () => notifyInfo(other === plan ? 'Changement de formule annulé.' : `Formule ${label(other)} au prochain renouvellement.`),
            onError: (error) => notifyError('Erreur', error.message),
          })
        }
      >
        {pendingPlan && pendingPlan !== plan ? `Rester en formule ${label(plan)}` : other === 'annual' ? 'Passer à la formule annuelle (2 mois gratuits)' : 'Passer à la formule mensuelle'}
      </Button>
    </div>
  );
}

function Notice({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <div role="status" className="mt-5 flex gap-3 rounded-2xl border border-amber-300 bg-amber-50 p-4 text-amber-950">
      <AlertTriangle aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
      <div>
        <p className="font-semibold">{title}</p>
        <p className="mt-1">{children}</p>
      </div>
    </div>
  );
}

function Benefits() {
  return (
    <aside aria-labelledby="benefits-title" className="rounded-3xl bg-ink p-5 text-white shadow-lg sm:p-7">
      <h2 id="benefits-title" className="text-xl font-semibold text-white">
        Profitez de vos avantages
      </h2>
      <ul className="mt-4 space-y-3 text-white/90">
        <li>Toutes les recettes, y compris les recettes Premium.</li>
        <li>Tous les cours enregistrés, à votre rythme.</li>
        <li>Un rabais sur chaque cours en direct.</li>
      </ul>
      <div className="mt-6 flex flex-col gap-3">
        <ButtonLink to="/recettes" variant="secondary" className="border-white bg-white! text-ink! hover:bg-cream!">
          <UtensilsCrossed aria-hidden="true" className="size-4" />
          Explorer les recettes
        </ButtonLink>
        <ButtonLink to="/cours" variant="secondary" className="border-white! bg-transparent! text-white! hover:bg-white/10!">
          <BookOpenCheck aria-hidden="true" className="size-4" />
          Voir les cours
        </ButtonLink>
      </div>
    </aside>
  );
}

/** Spec §9: the period ends 0 to 7 days from now → the warning, once per visit of the page. */
function useExpiryWarning(data: SubscriptionResponse | undefined) {
  const warned = useRef(false);
  const current = data?.current;
  useEffect(() => {
    // A trial that goes on is not expiring: its end is the first charge (the notice says so).
    if (warned.current || !current || (current.status === 'trialing' && !current.cancelAtPeriodEnd)) return;
    const days = expiryWarningDays(current);
    if (days === null) return;
    warned.current = true;
    toast.info(expiryWarningText(days), { id: `expiry-${current.id}` });
  }, [current]);
}

function DashboardSkeleton() {
  return (
    <div role="status" aria-label="Chargement de votre abonnement" className="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
      <div className="space-y-6">
        <Skeleton className="h-64 rounded-3xl" />
        <Skeleton className="h-40 rounded-3xl" />
      </div>
      <Skeleton className="h-64 rounded-3xl" />
    </div>
  );
}
