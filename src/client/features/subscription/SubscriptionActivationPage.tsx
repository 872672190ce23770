// /abonnement-succes (spec: goes to /abonne/tableau-de-bord). Right after paying, the provider's
// event may not have reached the server yet: until it has, the person is not a subscriber and the
// dashboard's guard would send them back to the offer. So this page waits — 'Activation de votre
// abonnement…' — reading the subscription again (every second at first, the realtime event usually
// comes first and refreshes it), and goes to the dashboard once /api/me says subscriber. After a
// minute it says the confirmation is late, without claiming anything. Stripe's return with
// redirect_status=failed says the payment failed.
import { useQueryClient } from '@tanstack/react-query';
import { CircleAlert, Clock } from 'lucide-react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { ME_QUERY_KEY, useAuth } from '@client/app/auth';
import { Button, ButtonLink } from '@client/components/ui/Button';
import { Spinner } from '@client/components/ui/Spinner';
import { usePageTitle } from '@client/lib/use-page-title';
import { useSubscription } from './api';
import { ACTIVATION_PATIENCE_MS, activationPollDelay } from './status';

const PAYMENT_FAILED = 'Le paiement a échoué. Veuillez réessayer ou utiliser un autre moyen de paiement.';

export default function SubscriptionActivationPage() {
  const [params] = useSearchParams();
  const failed = params.get('redirect_status') === 'failed';
  const { user } = useAuth();
  const client = useQueryClient();
  const [startedAt, setStartedAt] = useState(() => Date.now());
  const [late, setLate] = useState(false);
  const subscription = useSubscription({
    refetchInterval: () => (failed || user?.isSubscriber ? false : (activationPollDelay(Date.now() - startedAt) ?? false)),
  });

  // Once the patience is spent, the page says the confirmation is late (the reads stop with it).
  useEffect(() => {
    if (failed) return;
    const timer = setTimeout(() => setLate(true), Math.max(0, startedAt + ACTIVATION_PATIENCE_MS - Date.now()));
    return () => clearTimeout(timer);
  }, [failed, startedAt]);
  const serverSaysSubscriber = subscription.data?.isSubscriber === true;
  const askedMe = useRef(false);

  // The subscription is active: /api/me (what the guards read) is asked again, once.
  useEffect(() => {
    if (!serverSaysSubscriber || user?.isSubscriber || askedMe.current) return;
    askedMe.current = true;
    void client.invalidateQueries({ queryKey: ME_QUERY_KEY });
  }, [serverSaysSubscriber, user?.isSubscriber, client]);

  usePageTitle(failed ? 'Erreur de Paiement' : late ? 'Activation en attente' : 'Activation de votre abonnement');

  if (user?.isSubscriber) return <Navigate to="/abonne/tableau-de-bord" replace />;
  // Nothing started (or only an old, ended subscription): nothing to wait for — the offer.
  const current = subscription.data?.current;
  if (subscription.isSuccess && (!current || current.status === 'canceled')) return <Navigate to="/abonnement" replace />;

  const askAgain = () => {
    setLate(false);
    setStartedAt(Date.now());
    askedMe.current = false;
    void subscription.refetch();
  };

  return (
    <div className="px-4 pb-12">
      <section
        aria-live="polite"
        className="mx-auto mt-8 flex max-w-lg flex-col items-center rounded-[2rem] bg-white px-6 py-10 text-center shadow-sm ring-1 ring-line sm:mt-12 sm:py-12"
      >
        {failed ? (
          <Outcome icon={<CircleAlert className="size-8" />} title="Erreur de Paiement">
            <p role="alert" className="mt-3 text-lg text-muted">
              {PAYMENT_FAILED}
            </p>
            <ButtonLink to="/abonnement" className="mt-8">
              Retour à l'abonnement
            </ButtonLink>
          </Outcome>
        ) : late ? (
          <Outcome icon={<Clock className="size-8" />} title="Activation en attente">
            <p role="alert" className="mt-3 text-lg text-muted">
              La confirmation de votre paiement prend plus de temps que prévu. Rien n'est perdu : votre abonnement sera activé dès que
              le service de paiement l'aura confirmé.
            </p>
            <div className="mt-8 flex w-full flex-col gap-3 sm:flex-row sm:justify-center">
              <Button onClick={askAgain}>Vérifier à nouveau</Button>
              <ButtonLink to="/abonnement" variant="secondary">
                Retour à l'abonnement
              </ButtonLink>
            </div>
          </Outcome>
        ) : (
          <>
            <span className="mb-5 flex size-16 items-center justify-center rounded-full bg-brand-50 text-brand-700">
              <Spinner className="size-8" />
            </span>
            <h1 className="text-3xl font-semibold">Activation de votre abonnement…</h1>
            <p role="status" className="mt-3 text-lg text-muted">
              Votre paiement est reçu. Nous attendons sa confirmation par le service de paiement : votre Espace Abonné s'ouvrira tout
              seul dans un instant.
            </p>
          </>
        )}
      </section>
    </div>
  );
}

function Outcome({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <>
      <span className="mb-5 flex size-16 items-center justify-center rounded-full bg-saffron/20 text-brand-800" aria-hidden="true">
        {icon}
      </span>
      <h1 className="text-3xl font-semibold">{title}</h1>
      {children}
    </>
  );
}
