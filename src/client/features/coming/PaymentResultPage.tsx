// /payment-result (spec: reads payment_intent and redirect_status from the query). Payments arrive
// with a later issue, but the checks that need no server already hold: missing parameters and a
// failed payment are errors. Nothing here ever claims a payment succeeded.
import { CircleAlert, Construction } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { ButtonLink } from '@client/components/ui/Button';
import { usePageTitle } from '@client/lib/use-page-title';
import { readPaymentResult } from './payment-result';

export default function PaymentResultPage() {
  const [params] = useSearchParams();
  const state = readPaymentResult(params);
  usePageTitle(state.kind === 'error' ? 'Erreur de Paiement' : 'Paiement');

  return (
    <div className="px-4">
    <section className="mx-auto mt-10 flex max-w-lg flex-col items-center rounded-[2rem] bg-white px-6 py-12 text-center shadow-sm ring-1 ring-line sm:mt-16">
      {state.kind === 'error' ? (
        <>
          <span className="mb-5 flex size-16 items-center justify-center rounded-full bg-brand-50 text-brand-700" aria-hidden="true">
            <CircleAlert className="size-8" />
          </span>
          <h1 className="text-3xl font-semibold">Erreur de Paiement</h1>
          <p role="alert" className="mt-4 text-lg text-muted">
            {state.message}
          </p>
        </>
      ) : (
        <>
          <span className="mb-5 flex size-16 items-center justify-center rounded-full bg-saffron/20 text-brand-800" aria-hidden="true">
            <Construction className="size-8" />
          </span>
          <h1 className="text-3xl font-semibold">Paiement</h1>
          <p className="mt-4 text-lg text-muted">
            « Cette page arrive bientôt : la confirmation de vos paiements par carte. » Aucun paiement n'a été traité.
          </p>
        </>
      )}
      <ButtonLink to="/cours" className="mt-8">
        Retour aux cours
      </ButtonLink>
    </section>
    </div>
  );
}
