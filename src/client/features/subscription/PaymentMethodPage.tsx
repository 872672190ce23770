// /abonne/paiement — « Gérer mon abonnement » with the sandbox processor (with Stripe, its customer
// portal does this): the card the membership renews with, the next charge (date and amount, taxes
// included), and a form to save another card (the sandbox's test numbers).
import { ArrowLeft, CreditCard } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { CHEF_TIME_ZONE, formatLongDate, formatPrice } from '@shared/format';
import { Button } from '@client/components/ui/Button';
import { ErrorPanel } from '@client/components/ui/ErrorPanel';
import { FormAlert } from '@client/components/ui/FormAlert';
import { PageHeader } from '@client/components/ui/PageHeader';
import { Skeleton } from '@client/components/ui/Skeleton';
import { notifySuccess } from '@client/lib/notify';
import { usePageTitle } from '@client/lib/use-page-title';
import { CardFields, TestCards, validateCard, type CardErrors, type CardValues } from '@client/features/payment';
import { useChangeCard, usePaymentMethod } from './api';
import { runMutation } from '@client/lib/run-mutation';

const BRANDS: Record<string, string> = { visa: 'Visa', mastercard: 'Mastercard', amex: 'American Express', discover: 'Discover', jcb: 'JCB', diners: 'Diners Club', unionpay: 'UnionPay' };

export default function PaymentMethodPage() {
  usePageTitle('Gérer mon abonnement');
  const method = usePaymentMethod();
  return (
    <div className="mx-auto w-full max-w-2xl px-4 py-8 sm:px-6 sm:py-10">
      <Link to="/abonne/tableau-de-bord" className="mb-4 inline-flex items-center gap-1.5 text-sm font-semibold text-brand-700 underline-offset-4 hover:underline">
        <ArrowLeft aria-hidden="true" className="size-4" />
        Retour à mon Espace Abonné
      </Link>
      <PageHeader title="Gérer mon abonnement" subtitle="La carte de vos renouvellements et votre prochain prélèvement." />
      {method.isPending ? (
        <Skeleton className="h-40 w-full rounded-3xl" />
      ) : method.isError ? (
        <ErrorPanel title="Impossible de charger votre moyen de paiement." message={method.error.message} onRetry={() => void method.refetch()} />
      ) : (
        <div className="space-y-6">
          <section aria-labelledby="billing-heading" className="rounded-3xl border border-line bg-white p-5 shadow-sm sm:p-7">
            <h2 id="billing-heading" className="text-xl font-semibold text-ink">
              Votre abonnement
            </h2>
            <dl className="mt-4 grid gap-x-6 gap-y-3 sm:grid-cols-[auto_1fr]">
              <dt className="text-muted">Carte enregistrée</dt>
              <dd className="font-semibold text-ink" data-testid="saved-card">
                {method.data.card?.last4 ? `${BRANDS[method.data.card.brand ?? ''] ?? 'Carte'} se terminant par ${method.data.card.last4}` : 'Aucune carte enregistrée'}
              </dd>
              <dt className="text-muted">Prochain prélèvement</dt>
              <dd className="font-semibold text-ink">
                {method.data.nextCharge
                  ? `${formatPrice(method.data.nextCharge.amountCents)} (taxes comprises), le ${formatLongDate(method.data.nextCharge.at, CHEF_TIME_ZONE)}`
                  : 'Aucun : votre abonnement ne sera pas renouvelé.'}
              </dd>
            </dl>
          </section>
          <ChangeCardForm />
        </div>
      )}
    </div>
  );
}

function ChangeCardForm() {
  const change = useChangeCard();
  const [fields, setFields] = useState<CardValues>({ number: '', expiry: '', cvc: '' });
  const [errors, setErrors] = useState<CardErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const set = (name: keyof CardValues, value: string) => {
    setFields((f) => ({ ...f, [name]: value }));
    setErrors((e) => ({ ...e, [name]: undefined }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const found = validateCard(fields);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    runMutation(change, fields, {
      onSuccess: (data) => {
        setFields({ number: '', expiry: '', cvc: '' });
        notifySuccess('Carte enregistrée', `Vos prochains prélèvements se feront sur la carte se terminant par ${data.card?.last4 ?? ''}.`);
      },
      onError: (error) => {
        if (error.fields) setErrors(error.fields as CardErrors);
        setFailure(error.message);
      },
    });
  };

  return (
    <section aria-labelledby="card-heading" className="rounded-3xl bg-ink p-5 text-white shadow-sm sm:p-7">
      <h2 id="card-heading" className="text-xl font-semibold">
        Changer de carte
      </h2>
      <form onSubmit={submit} noValidate aria-label="Nouvelle carte" className="mt-4 space-y-4">
        <CardFields values={fields} errors={errors} disabled={change.isPending} onChange={set} />
        {failure ? <FormAlert>{failure}</FormAlert> : null}
        <Button type="submit" size="lg" className="w-full" loading={change.isPending}>
          <CreditCard aria-hidden="true" className="size-5" />
          Enregistrer cette carte
        </Button>
      </form>
      <TestCards className="mt-5" extra={[{ number: '4000 0000 0000 0341', outcome: 'acceptée, puis refusée au renouvellement' }]} />
    </section>
  );
}
