// /reservations/:reservationId/difference — paying the difference of a move to a dearer session
// (docs/decisions/0051). The transfer dialog comes here with the order and its payment; opened again
// (a reload), the page asks the server for the difference still waiting. The seats of the new
// session are held until the hold's end. Once the processor has the payment, the learner goes
// to the booking's page: the payment event moves the booking there (its page follows it live).
// The school's processor takes it: the sandbox's card form, or Stripe's Payment Element.
import { useQuery } from '@tanstack/react-query';
import { Suspense } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { formatClock } from '@shared/format';
import type { TransferPayment } from '@shared/schemas/transfers';
import { ButtonLink } from '@client/components/ui/Button';
import { PageHeader } from '@client/components/ui/PageHeader';
import { Skeleton } from '@client/components/ui/Skeleton';
import { notifySuccess } from '@client/lib/notify';
import { sessionWhen } from '@client/lib/session-when';
import { usePageTitle } from '@client/lib/use-page-title';
import { fetchOrder } from '@client/features/payment/api';
import { usePendingDifference } from './transfer-api';
import { OrderSummary, PaymentLoading, SandboxPaymentForm, SecuredFooter, StripePaymentForm } from '@client/features/payment';

export type DifferencePaymentState = { payment: TransferPayment; startsAt: string };

export default function DifferencePaymentPage() {
  const { reservationId = '' } = useParams();
  const state = useLocation().state as DifferencePaymentState | null;
  const navigate = useNavigate();
  usePageTitle('Payer la différence');
  // Opened without the dialog's answer: the difference still waiting, if any.
  const pending = usePendingDifference(reservationId, !state?.payment);
  const found = state?.payment ? state : (pending.data?.difference ?? null);
  const payment = found?.payment ?? null;
  const order = useQuery({ queryKey: ['order', payment?.orderId], queryFn: ({ signal }) => fetchOrder(payment!.orderId, signal), enabled: payment !== null });
  const back = `/reservations/${encodeURIComponent(reservationId)}`;

  return (
    <div className="mx-auto min-h-[60vh] w-full max-w-2xl space-y-6 px-4 py-8 sm:px-6 sm:py-10">
      <PageHeader eyebrow="Changement de séance" title="Payer la différence" />
      {!state?.payment && pending.isPending ? (
        <div role="status" aria-label="Chargement du paiement" className="space-y-4">
          <Skeleton className="h-40 w-full rounded-2xl" />
        </div>
      ) : !payment || !payment.session ? (
        <div className="space-y-4">
          <p className="text-ink">Ce paiement n&apos;est plus disponible. Votre réservation n&apos;a pas changé : vous pouvez demander le changement à nouveau.</p>
          <ButtonLink to={back}>Voir ma réservation</ButtonLink>
        </div>
      ) : (
        <>
          <p className="text-ink">
            Nouvelle séance : <strong>{sessionWhen(found!.startsAt)}</strong>. Vos places y sont réservées jusqu&apos;à {formatClock(payment.holdExpiresAt)} ; sans
            paiement d&apos;ici là, votre réservation reste telle quelle.
          </p>
          {order.data ? (
            <>
              <OrderSummary order={order.data.order} title="La différence" />
              <section aria-labelledby="payment-title" className="rounded-2xl bg-ink p-5 text-white shadow-lg sm:p-6">
                <h2 id="payment-title" className="mb-5 text-xl font-semibold text-white">
                  Paiement
                </h2>
                {payment.session.provider === 'stripe' ? (
                  // Stripe sends the learner back to the booking's page, which follows the move live.
                  <Suspense fallback={<PaymentLoading />}>
                    <StripePaymentForm order={order.data.order} payment={payment.session} returnPath={back} />
                  </Suspense>
                ) : (
                  <SandboxPaymentForm
                    order={order.data.order}
                    payment={payment.session}
                    onAccepted={() => {
                      notifySuccess('Différence payée', 'Votre réservation passe à la nouvelle séance dès la confirmation du paiement.');
                      void navigate(back, { replace: true });
                    }}
                  />
                )}
              </section>
              <SecuredFooter provider={payment.session.provider} />
            </>
          ) : (
            <div role="status" aria-label="Chargement de la commande" className="space-y-4">
              <Skeleton className="h-40 w-full rounded-2xl" />
            </div>
          )}
        </>
      )}
    </div>
  );
}
