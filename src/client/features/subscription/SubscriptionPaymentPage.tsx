// /payment/subscription (spec: reached with the payment session in navigation state): the first
// month's order as the server priced it, and the same payment forms as a course — the sandbox's card
// form, or Stripe's Payment Element when configured. Once the processor has the payment, the
// activation page waits for the server to say the subscription is active. No state (a typed URL, a
// new tab) → back to the offer; someone already subscribed → their dashboard.
import { ArrowLeft } from 'lucide-react';
import { Suspense, useEffect } from 'react';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import { useAuth } from '@client/app/auth';
import { usePageTitle } from '@client/lib/use-page-title';
import { PaymentLoading, SandboxPaymentForm, SecuredFooter, StripePaymentForm } from '@client/features/payment';
import { SubscriptionSummary } from './components/SubscriptionSummary';
import type { SubscriptionPaymentState } from './use-subscribe';

/** Where the buyer goes once the processor has the payment (the spec's /abonnement-succes). */
export const ACTIVATION_PATH = '/abonnement-succes';

function readState(state: unknown): SubscriptionPaymentState | null {
  const s = state as Partial<SubscriptionPaymentState> | null;
  return s?.order && s.payment && typeof s.payment.clientSecret === 'string' ? (s as SubscriptionPaymentState) : null;
}

export default function SubscriptionPaymentPage() {
  usePageTitle("Paiement de l'abonnement");
  const location = useLocation();
  const navigate = useNavigate();
  const { user } = useAuth();
  const data = readState(location.state);

  // The activation page comes next: its code is fetched while the buyer types.
  useEffect(() => {
    if (data) void import('./SubscriptionActivationPage');
  }, [data]);

  if (user?.isSubscriber) return <Navigate to="/abonne/tableau-de-bord" replace />;
  if (!data) return <Navigate to="/abonnement" replace />;
  const { order, payment } = data;
  const annual = data.plan === 'annual';
  const trialDays = data.trialDays ?? 0;
  const trialLabel = trialDays > 0 ? `Commencer l'essai gratuit de ${trialDays} jours` : undefined;

  return (
    <div className="mx-auto w-full max-w-3xl px-4 pb-12 pt-6 sm:px-6">
      <Link to="/abonnement" className="inline-flex items-center gap-1.5 text-sm font-semibold text-brand-700 underline-offset-4 hover:underline">
        <ArrowLeft aria-hidden="true" className="size-4" />
        Retour à l'abonnement
      </Link>
      <header className="mb-6 mt-4">
        <h1 className="text-3xl font-semibold text-ink sm:text-4xl">Finalisez votre abonnement</h1>
        <p className="mt-2 text-lg text-muted">
          {annual ? 'Abonnement annuel Toque' : 'Abonnement mensuel Toque'} — tout le contenu Premium, sans engagement.
        </p>
        {trialDays > 0 ? (
          <p role="note" className="mt-3 rounded-2xl bg-herb/10 p-3 font-semibold text-ink">
            Essai gratuit de {trialDays} jours : votre carte est enregistrée, rien n'est prélevé aujourd'hui. Premier paiement à la fin de
            l'essai, avec un courriel de rappel 2 jours avant ; annulable sans frais d'ici là.
          </p>
        ) : null}
      </header>
      <div className="space-y-6">
        <div className="grid gap-6 md:grid-cols-[minmax(0,5fr)_minmax(0,6fr)] md:items-start">
          <SubscriptionSummary order={order} annual={annual} />
          <section aria-labelledby="payment-title" className="rounded-2xl bg-ink p-5 text-white shadow-lg sm:p-6">
            <h2 id="payment-title" className="mb-5 text-xl font-semibold text-white">
              Paiement
            </h2>
            {payment.provider === 'stripe' ? (
              <Suspense fallback={<PaymentLoading />}>
                <StripePaymentForm order={order} payment={payment} returnPath={ACTIVATION_PATH} {...(trialLabel ? { setup: { submitLabel: trialLabel } } : {})} />
              </Suspense>
            ) : (
              <SandboxPaymentForm order={order} payment={payment} submitLabel={trialLabel} onAccepted={() => navigate(ACTIVATION_PATH, { replace: true })} />
            )}
          </section>
        </div>
        {payment.provider === 'sandbox' ? (
          // The sandbox's card for trying a renewal that fails (Stripe's test card of the same number).
          <p className="text-center text-sm text-muted">
            Pour essayer un renouvellement refusé : la carte <span className="whitespace-nowrap font-mono text-ink">4000 0000 0000 0341</span> est
            acceptée aujourd'hui, puis refusée aux renouvellements.
          </p>
        ) : null}
        <SecuredFooter provider={payment.provider} />
      </div>
    </div>
  );
}
