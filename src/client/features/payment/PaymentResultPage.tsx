// /payment-result (spec: payment result page) — processing, then success or error. The query says
// where the buyer comes from; whether the order is paid is only ever read from the server, which
// knows once the provider's event has been processed. The page never claims success from the URL.
// A live class's seat is read from the order too: confirmed (the calendar is one click away), or lost
// because the payment came after the hold lapsed and the session filled (refunded automatically).
// A single live class whose seat is confirmed goes on to the booking's own page instead.
import { useQueryClient } from '@tanstack/react-query';
import { CalendarX, CircleAlert, CircleCheck, Clock } from 'lucide-react';
import { useEffect, useRef, type ReactNode } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { HOLD_MINUTES } from '@shared/booking';
import { formatPrice } from '@shared/format';
import type { OrderView } from '@shared/schemas/checkout';
import { useAuthDialog } from '@client/app/auth';
import { Button, ButtonLink } from '@client/components/ui/Button';
import { Spinner } from '@client/components/ui/Spinner';
import { notifyError, notifySuccess } from '@client/lib/notify';
import { usePageTitle } from '@client/lib/use-page-title';
import { removeFromCart } from '@client/features/cart';
import { forgetOrder } from './checkout-attempt';
import { paymentMethodLabel } from './payment-method';
import { lostSeatLines, readPaymentResult } from './payment-result';
import { useOrderConfirmation } from './use-order-confirmation';

const CONFIRMATION_ERROR = 'Une erreur est survenue lors de la confirmation de votre paiement. Veuillez contacter le support.';

export default function PaymentResultPage() {
  const [params] = useSearchParams();
  const result = readPaymentResult(params);
  const orderId = result.kind === 'confirm' ? result.orderId : null;
  const { confirmation, askAgain } = useOrderConfirmation(orderId, result.kind === 'confirm' ? result.providerSaid : null);
  const authDialog = useAuthDialog();
  const queryClient = useQueryClient();

  const paidOrder = confirmation.kind === 'paid' ? confirmation.order : null;
  const failedOrder = confirmation.kind === 'failed' ? confirmation.order : null;
  const lost = paidOrder ? lostSeatLines(paidOrder) : [];
  // Every line was a seat that could not be given: nothing was bought, everything is refunded.
  const nothingBought = !!paidOrder && lost.length === paidOrder.lines.length;
  const booked = !!paidOrder && paidOrder.lines.some((l) => l.reservation?.status === 'confirmed');
  // One live class paid and its seat confirmed: the learner lands on the booking's own page
  // (docs/decisions/0052); anything else keeps « Paiement Réussi ! ».
  // The order's id rides along: the page says the payment went through, and its receipt is one click away.
  const seat = paidOrder?.lines.length === 1 ? paidOrder.lines[0]!.reservation : null;
  const bookingPage = paidOrder && seat?.status === 'confirmed' ? `/reservations/${encodeURIComponent(seat.id)}?order_id=${encodeURIComponent(paidOrder.id)}` : null;
  const announced = useRef<string | null>(null);

  // Once per order: the spec's toast, the paid courses out of the cart, the pages that show access
  // read again, and this tab's checkout attempt forgotten.
  useEffect(() => {
    if (!paidOrder || announced.current === paidOrder.id) return;
    announced.current = paidOrder.id;
    if (lostSeatLines(paidOrder).length < paidOrder.lines.length) notifySuccess('Paiement confirmé !', 'Votre achat a été validé avec succès.');
    const courseIds = paidOrder.lines.flatMap((l) => (l.courseId ? [l.courseId] : []));
    removeFromCart(...courseIds);
    forgetOrder(paidOrder.id);
    // A copy of a bought course read before paying would show it locked for a moment: dropped.
    for (const id of courseIds) queryClient.removeQueries({ queryKey: ['api', `/courses/${id}`] });
    void queryClient.invalidateQueries({ queryKey: ['api'] });
  }, [paidOrder, queryClient]);

  useEffect(() => {
    if (!failedOrder || announced.current === failedOrder.id) return;
    announced.current = failedOrder.id;
    notifyError('Erreur de confirmation', failedOrder.failureMessage ?? CONFIRMATION_ERROR);
  }, [failedOrder]);

  const view: 'processing' | 'success' | 'no-seat' | 'error' | 'late' | 'sign-in' =
    result.kind === 'error' || confirmation.kind === 'failed' || confirmation.kind === 'not-found'
      ? 'error'
      : confirmation.kind === 'paid'
        ? nothingBought
          ? 'no-seat'
          : 'success'
        : confirmation.kind === 'late'
          ? 'late'
          : confirmation.kind === 'sign-in'
            ? 'sign-in'
            : 'processing';
  usePageTitle(
    view === 'success' ? 'Paiement Réussi !' : view === 'no-seat' ? 'Séance complète' : view === 'error' ? 'Erreur de Paiement' : 'Traitement de votre paiement',
  );

  if (view === 'success' && bookingPage) return <Navigate to={bookingPage} replace />;

  return (
    <div className="px-4 pb-12">
      <section
        aria-live="polite"
        className="mx-auto mt-8 flex max-w-lg flex-col items-center rounded-[2rem] bg-white px-6 py-10 text-center shadow-sm ring-1 ring-line sm:mt-12 sm:py-12"
      >
        {view === 'success' && paidOrder ? (
          <Outcome icon={<CircleCheck className="size-8" />} tone="success" title="Paiement Réussi !">
            <p className="mt-3 text-lg text-muted">Votre achat a été validé avec succès.</p>
            {booked ? <p className="mt-2 text-muted">Votre place est confirmée : la séance figure dans votre calendrier.</p> : null}
            <PaidSummary order={paidOrder} />
            {lost.length ? <LostSeatNotice lines={lost} className="mt-4 text-left" /> : null}
            <div className="mt-8 flex w-full flex-col flex-wrap gap-3 sm:flex-row sm:justify-center">
              <ButtonLink to="/mes-achats">Voir mes achats</ButtonLink>
              {booked ? (
                <ButtonLink to="/calendrier" variant="secondary">
                  Voir mon calendrier
                </ButtonLink>
              ) : null}
              <ButtonLink to="/cours" variant="secondary">
                Explorer d'autres cours
              </ButtonLink>
            </div>
          </Outcome>
        ) : view === 'no-seat' && paidOrder ? (
          <Outcome icon={<CalendarX className="size-8" />} tone="neutral" title="Séance complète">
            <LostSeatNotice lines={lost} className="mt-4" />
            <div className="mt-8 flex w-full flex-col gap-3 sm:flex-row sm:justify-center">
              {lost[0]?.courseId ? <ButtonLink to={`/booking/${lost[0].courseId}`}>Choisir une autre séance</ButtonLink> : null}
              <ButtonLink to="/cours" variant="secondary">
                Explorer d'autres cours
              </ButtonLink>
            </div>
          </Outcome>
        ) : view === 'error' ? (
          <Outcome icon={<CircleAlert className="size-8" />} tone="error" title="Erreur de Paiement">
            <p role="alert" className="mt-3 text-lg text-muted">
              {result.kind === 'error'
                ? result.message
                : confirmation.kind === 'failed'
                  ? (confirmation.order.failureMessage ?? CONFIRMATION_ERROR)
                  : confirmation.kind === 'not-found'
                    ? confirmation.message
                    : CONFIRMATION_ERROR}
            </p>
            <div className="mt-8 flex w-full flex-col gap-3 sm:flex-row sm:justify-center">
              {failedOrder ? <ButtonLink to={retryPath(failedOrder)}>Réessayer le paiement</ButtonLink> : null}
              <ButtonLink to="/cours" variant={failedOrder ? 'secondary' : 'primary'}>
                Retour aux cours
              </ButtonLink>
            </div>
          </Outcome>
        ) : view === 'late' ? (
          <Outcome icon={<Clock className="size-8" />} tone="neutral" title="Confirmation en attente">
            <p role="alert" className="mt-3 text-lg text-muted">
              La confirmation de votre paiement prend plus de temps que prévu. Rien n'est perdu : dès que le service de
              paiement l'aura confirmé, votre achat apparaîtra dans Mes Achats.
            </p>
            <div className="mt-8 flex w-full flex-col gap-3 sm:flex-row sm:justify-center">
              <Button onClick={askAgain}>Vérifier à nouveau</Button>
              <ButtonLink to="/mes-achats" variant="secondary">
                Voir mes achats
              </ButtonLink>
            </div>
          </Outcome>
        ) : view === 'sign-in' ? (
          <Outcome icon={<Clock className="size-8" />} tone="neutral" title="Traitement de votre paiement...">
            <p role="alert" className="mt-3 text-lg text-muted">Connectez-vous pour voir le résultat de votre paiement.</p>
            <Button className="mt-8" onClick={() => authDialog.open('login', { onSignedIn: askAgain })}>
              Se connecter
            </Button>
          </Outcome>
        ) : (
          <>
            <span className="mb-5 flex size-16 items-center justify-center rounded-full bg-brand-50 text-brand-700">
              <Spinner className="size-8" />
            </span>
            <h1 className="text-3xl font-semibold">Traitement de votre paiement...</h1>
            <p role="status" className="mt-3 text-lg text-muted">
              Nous attendons la confirmation du service de paiement. Cette page se met à jour toute seule.
            </p>
          </>
        )}
      </section>
    </div>
  );
}

const TONES = {
  success: 'bg-herb/15 text-herb',
  error: 'bg-brand-50 text-brand-700',
  neutral: 'bg-saffron/20 text-brand-800',
} as const;

function Outcome({ icon, tone, title, children }: { icon: ReactNode; tone: keyof typeof TONES; title: string; children: ReactNode }) {
  return (
    <>
      <span className={`mb-5 flex size-16 items-center justify-center rounded-full ${TONES[tone]}`} aria-hidden="true">
        {icon}
      </span>
      <h1 className="text-3xl font-semibold">{title}</h1>
      {children}
    </>
  );
}

/** How it was paid: the card, « Crédit Toque » alone, or the credit's part and then the card. */
function paidWith(order: OrderView): string | null {
  const card = paymentMethodLabel(order.paymentMethod);
  if (order.creditAppliedCents <= 0) return card;
  const credit = order.creditAppliedCents >= order.totalCents ? 'Crédit Toque' : `Crédit Toque ${formatPrice(order.creditAppliedCents)}`;
  return card ? `${credit} + ${card}` : credit;
}

/** What was bought, with a way into each course. */
function PaidSummary({ order }: { order: OrderView }) {
  return (
    <div className="mt-6 w-full rounded-2xl border border-line bg-cream/60 p-4 text-left">
      <p className="text-sm text-muted">
        Commande n° {order.number} — {formatPrice(order.totalCents)}
        {paidWith(order) ? ` — ${paidWith(order)}` : ''}
      </p>
      <ul className="mt-3 space-y-2">
        {order.lines.map((line) => (
          <li key={line.id} className="flex flex-wrap items-center justify-between gap-2">
            <span className="font-semibold text-ink">{line.description}</span>
            {line.courseId ? (
              <ButtonLink to={`/cours/${line.courseId}`} variant="link" aria-label={`Voir le cours « ${line.description} »`}>
                Voir le cours
              </ButtonLink>
            ) : null}
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * The seat could not be given (spec's promise kept: the payment is given back in full). Says why,
 * in words a learner reads once: the hold had lapsed and the last seat went to someone else.
 */
function LostSeatNotice({ lines, className }: { lines: OrderView['lines']; className?: string }) {
  return (
    <div role="alert" className={`w-full rounded-2xl border border-saffron/60 bg-saffron/10 p-4 text-ink ${className ?? ''}`}>
      <p className="font-semibold">
        {lines.length === 1 ? `Aucune place n'a pu vous être attribuée pour « ${lines[0]!.description} ».` : "Aucune place n'a pu vous être attribuée pour ces séances :"}
      </p>
      {lines.length > 1 ? (
        <ul className="mt-1 list-disc pl-5">
          {lines.map((l) => (
            <li key={l.id}>{l.description}</li>
          ))}
        </ul>
      ) : null}
      <p className="mt-2 text-ink/85">
        Votre paiement est arrivé après la fin du délai de réservation de {HOLD_MINUTES} minutes, et la dernière place a été prise
        entre-temps.
      </p>
      <p className="mt-2 font-semibold text-herb">Votre paiement vous est remboursé en totalité, automatiquement : vous ne payez rien.</p>
    </div>
  );
}

/** Back to pay again: a live class through its sessions, the same course, or the cart for several. */
function retryPath(order: OrderView): string {
  const courses = order.lines.filter((l) => l.courseId);
  if (courses.length !== 1) return '/panier';
  const line = courses[0]!;
  return line.kind === 'live_class' ? `/booking/${line.courseId}` : `/payment/${line.courseId}`;
}
