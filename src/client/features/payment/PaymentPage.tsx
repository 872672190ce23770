// /payment/:courseId and /payment/cart — 'Finalisez votre réservation' (spec: payment page). The
// server prices the order (lines, taxes, total) from the course ids alone; this page shows it and
// collects the payment: the sandbox's own form, or Stripe's Payment Element when configured. Once
// the processor has the payment, the result page waits for the server to confirm it. A live class
// comes from the booking page with its session and the seat held for it: the session's details and
// the time left on the hold show above the order; once the hold lapses there is nothing to pay.
// Under the order, « Carte-cadeau ou code promo » prices it again with a code (decision 0040), a gift
// card's going to the buyer's credit (0039); « Utiliser mon crédit » lets that credit pay first (0038).
// An order the credit pays wholly is paid at once: the result page comes next, no card form.

import { ArrowLeft } from 'lucide-react';
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { formatPrice } from '@shared/format';
import type { CourseResponse } from '@shared/schemas/public';
import type { CheckoutInput, CheckoutResponse } from '@shared/schemas/checkout';
import type { CreditResponse } from '@shared/schemas/credit';
import { api } from '@client/lib/api';
import { Button, ButtonLink } from '@client/components/ui/Button';
import type { ApiError } from '@client/lib/api';
import { notifyError, notifySuccess } from '@client/lib/notify';
import { useApiQuery } from '@client/lib/use-api-query';
import { usePageTitle } from '@client/lib/use-page-title';
import { getCart, priceCents, removeFromCart, updateCartPrice, useCart } from '@client/features/cart';
import { releaseHold, useCurrentHold, type BookingNavigationState } from '@client/features/booking/api';
import { CheckoutCodeField } from './components/CheckoutCodeField';
import { CheckoutProblem } from './components/CheckoutProblem';
import { CreditChoice } from './components/CreditChoice';
import { HoldExpired } from './components/HoldExpired';
import { LiveSessionWarning } from './components/LiveSessionWarning';
import { OrderSummary } from './components/OrderSummary';
import { PaymentLoading } from './components/PaymentLoading';
import { ProvincePrompt } from './components/ProvincePrompt';
import { SandboxPaymentForm } from './components/SandboxPaymentForm';
import { SecuredFooter } from './components/SecuredFooter';
import { SessionDetails } from './components/SessionDetails';
import { paymentResultUrl } from './payment-result';
import { useCheckout } from './use-checkout';
import { useHold } from './use-hold';

const StripePaymentForm = lazy(() => import('./components/StripePaymentForm'));

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Codes shown on the page with a way out; any other failure to start is the spec's toast. */
const SHOWN_ON_PAGE = new Set([
  'PROVINCE_REQUIRED',
  'SESSION_REQUIRED',
  'SESSION_UNAVAILABLE',
  'SESSION_FULL',
  'HOLD_EXPIRED',
  'ALREADY_BOOKED',
  'COURSE_UNAVAILABLE',
  'ALREADY_PURCHASED',
  'COURSE_FREE',
  // Not for sale to this person (shared/entitlements.ts): already theirs, for subscribers only, not yet on sale.
  'ALREADY_INCLUDED',
  'SUBSCRIBERS_ONLY',
  'COURSE_NOT_READY',
]);

const NOT_FOR_SALE_TITLES: Record<string, string> = {
  ALREADY_PURCHASED: 'Déjà acheté',
  COURSE_FREE: 'Cours gratuit',
  ALREADY_INCLUDED: 'Déjà inclus',
  SUBSCRIBERS_ONLY: 'Réservé aux abonnés',
  COURSE_NOT_READY: 'Bientôt disponible',
};

type Items = CheckoutInput['items'];

/** The navigation state the booking page passes: the live session chosen and the hold on its seat. */
export type PaymentNavigationState = Partial<BookingNavigationState> | null;

export default function PaymentPage() {
  usePageTitle('Finalisez votre réservation');
  const { courseId = '' } = useParams();
  const location = useLocation();
  const navigate = useNavigate();
  const isCart = courseId === 'cart';
  const navigation = location.state as PaymentNavigationState;
  const course = useApiQuery<CourseResponse>(`/courses/${courseId}`, undefined, { enabled: !isCart && UUID.test(courseId), retry: false });
  // Reloaded (or opened again) without the booking page's state: the server says which seat this
  // learner still holds on this live course, and the page goes on with it.
  const restoring = !isCart && !navigation?.reservationId && course.data?.course.isLive === true;
  const restored = useCurrentHold(restoring ? courseId : null);
  const restoredHold = restored.data?.hold ?? null;
  const sessionId = isCart ? undefined : (navigation?.sessionId ?? restoredHold?.sessionId);
  const reservationId = isCart ? undefined : (navigation?.reservationId ?? restoredHold?.id);
  const hold = useHold(reservationId);

  // The recorded courses of the cart are fixed when the page opens; one course takes its session
  // once known (from the booking page, or found again).
  const [cartItems] = useState<Items>(() =>
    isCart
      ? getCart()
          .filter((i) => !i.is_live)
          .map((i) => ({ courseId: i.id }))
      : [],
  );
  const items = useMemo<Items>(
    () => (isCart ? cartItems : UUID.test(courseId) ? [{ courseId, ...(sessionId ? { sessionId } : {}) }] : []),
    [isCart, cartItems, courseId, sessionId],
  );
  const noCourse = items.length === 0;
  const backTo = isCart ? '/panier' : '/cours';

  // Spec §5: paying needs a course.
  useEffect(() => {
    if (!noCourse) return;
    notifyError('Aucun cours sélectionné.');
    navigate(backTo, { replace: true });
  }, [noCourse, backTo, navigate]);

  const restorePending = restoring && restored.isPending;
  const liveWithoutSession = !isCart && course.data?.course.isLive === true && !sessionId && !restorePending;
  // One course: its format is known first, so a live one without a session starts no checkout
  // (a course that fails to load is left to the checkout's own answer).
  const courseKnown = (isCart || course.isSuccess || course.isError) && !restorePending;
  // A hold is read before the order is made: a lapsed one has nothing left to pay for.
  const holdKnown = hold.kind !== 'loading';
  const holdLapsed = hold.kind === 'lapsed';
  const { state, pending, withProvince, retry, codeError, applying, applyCode, useCredit, creditError, applyCredit } = useCheckout(
    noCourse || liveWithoutSession || !courseKnown || !holdKnown || holdLapsed ? null : items,
    reservationId,
  );
  const session = sessionId ? (course.data?.course.sessions.find((s) => s.id === sessionId) ?? null) : null;

  // 'Changer de séance': the seat goes back at once, then the sessions again.
  const change = useMutation<unknown, ApiError>({
    mutationFn: () => (reservationId && hold.kind === 'held' ? releaseHold(reservationId) : Promise.resolve(null)),
    onSuccess: () => navigate(`/booking/${courseId}`),
    onError: (e) => {
      // A hold already gone is as good as given back; a paid seat or no network is said.
      if (e.status === 404) return navigate(`/booking/${courseId}`);
      notifyError('Impossible de changer de séance', e.message);
    },
  });

  const error = state.kind === 'error' ? state.error : null;
  // Any other failure to start: the spec's toast, then back (spec §8, checkout session failure).
  useEffect(() => {
    if (!error || SHOWN_ON_PAGE.has(error.code)) return;
    if (error.status === 401) notifyError('Vous devez être connecté pour payer.');
    else notifyError('Erreur de paiement', `Impossible de démarrer le paiement : ${error.message}`);
    navigate(backTo, { replace: true });
  }, [error, backTo, navigate]);

  const data = state.kind === 'ready' ? state.data : null;
  // Reached again after paying (same key, same order): the result page says where it stands.
  useEffect(() => {
    if (!data || data.payment) return;
    const { order } = data;
    if (order.status === 'paid' || order.status === 'processing' || order.status === 'partially_refunded' || order.status === 'refunded') {
      navigate(paymentResultUrl(order.id, order.id, order.status === 'processing' ? 'processing' : 'succeeded'), { replace: true });
    }
  }, [data, navigate]);

  // The result page comes next: its code is fetched while the buyer types.
  useEffect(() => {
    if (data?.payment) void import('./PaymentResultPage');
  }, [data]);

  const availableCredit = useAvailableCredit(data);
  const cart = useCart();
  const repriced = useRepriced(data, cart);
  const courseTitle = course.data?.course.title ?? cart.find((i) => i.id === courseId)?.title;

  const removeAndLeave = (ids: string[]) => {
    if (removeFromCart(...ids)) notifySuccess('Cours supprimé', 'Le cours a été retiré de votre panier.');
    navigate(isCart ? '/panier' : '/cours', { replace: true });
  };

  return (
    <div className="mx-auto w-full max-w-3xl px-4 pb-12 pt-6 sm:px-6">
      <Link
        to={isCart ? '/panier' : `/cours/${courseId}`}
        className="inline-flex items-center gap-1.5 text-sm font-semibold text-brand-700 underline-offset-4 hover:underline"
      >
        <ArrowLeft aria-hidden="true" className="size-4" />
        {isCart ? 'Retour au panier' : 'Retour au cours'}
      </Link>
      <header className="mb-6 mt-4">
        <h1 className="text-3xl font-semibold text-ink sm:text-4xl">Finalisez votre réservation</h1>
        <p className="mt-2 text-lg text-muted">
          {isCart ? `${items.length} ${items.length > 1 ? 'cours enregistrés' : 'cours enregistré'} en un seul paiement` : courseTitle ? `«\u00a0${courseTitle}\u00a0»` : '\u00a0'}
        </p>
      </header>

      {sessionId && !liveWithoutSession && !noCourse && (course.isSuccess || course.isError) ? (
        <div className="mb-6">
          <SessionDetails
            session={session}
            // The clock runs while the order can still be paid (the province asked first included).
            remainingMs={hold.kind === 'held' && (!error || error.code === 'PROVINCE_REQUIRED') ? hold.remainingMs : null}
            onChange={hold.kind === 'held' ? () => change.mutate() : undefined}
            changing={change.isPending}
            seats={hold.kind === 'held' || hold.kind === 'confirmed' ? hold.hold.seats : 1}
            guests={hold.kind === 'held' || hold.kind === 'confirmed' ? hold.hold.guests : []}
          />
        </div>
      ) : null}

      {noCourse ? null : liveWithoutSession ? (
        <LiveSessionWarning courseId={courseId} />
      ) : holdLapsed || error?.code === 'HOLD_EXPIRED' ? (
        <HoldExpired courseId={courseId} message={error?.code === 'HOLD_EXPIRED' ? error.message : undefined} />
      ) : state.kind === 'loading' || (error && !SHOWN_ON_PAGE.has(error.code)) ? (
        <PaymentLoading />
      ) : error?.code === 'PROVINCE_REQUIRED' ? (
        <ProvincePrompt message={error.message} busy={pending} onSubmit={withProvince} />
      ) : error?.code === 'SESSION_REQUIRED' || error?.code === 'SESSION_UNAVAILABLE' || error?.code === 'SESSION_FULL' ? (
        <LiveSessionWarning courseId={courseId} message={error.message} />
      ) : error?.code === 'ALREADY_BOOKED' ? (
        <CheckoutProblem title="Déjà réservé" message={error.message}>
          <ButtonLink to="/calendrier">Voir mon calendrier</ButtonLink>
          <ButtonLink variant="secondary" to={`/cours/${courseId}`}>
            Voir le cours
          </ButtonLink>
        </CheckoutProblem>
      ) : error?.code === 'COURSE_UNAVAILABLE' ? (
        <CheckoutProblem title="Cours indisponible" message={error.message}>
          {namedCourseIds(error.fields, items).some((id) => cart.some((i) => i.id === id)) ? (
            <Button onClick={() => removeAndLeave(namedCourseIds(error.fields, items))}>Retirer du panier</Button>
          ) : null}
          <ButtonLink variant="secondary" to={backTo}>
            {isCart ? 'Retour au panier' : 'Voir les cours'}
          </ButtonLink>
        </CheckoutProblem>
      ) : error && NOT_FOR_SALE_TITLES[error.code] ? (
        <CheckoutProblem title={NOT_FOR_SALE_TITLES[error.code]!} message={error.message}>
          {error.code === 'SUBSCRIBERS_ONLY' ? <ButtonLink to="/abonnement">S'abonner</ButtonLink> : null}
          <ButtonLink variant={error.code === 'SUBSCRIBERS_ONLY' ? 'secondary' : 'primary'} to={`/cours/${namedCourseIds(error.fields, items)[0]}`}>
            Voir le cours
          </ButtonLink>
          {namedCourseIds(error.fields, items).some((id) => cart.some((i) => i.id === id)) ? (
            <Button variant="secondary" onClick={() => removeAndLeave(namedCourseIds(error.fields, items))}>
              Retirer du panier
            </Button>
          ) : null}
        </CheckoutProblem>
      ) : data?.payment ? (
        <div className="space-y-6">
          {repriced.length ? (
            <div role="status" className="rounded-2xl border border-saffron/60 bg-saffron/10 px-5 py-4 text-sm text-ink">
              <p className="font-semibold">Le prix a changé depuis l'ajout au panier :</p>
              <ul className="mt-1 list-disc pl-5">
                {repriced.map((r) => (
                  <li key={r.courseId}>
                    « {r.title} » : {formatPrice(r.before)} → {formatPrice(r.after)}
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
          <div className="grid gap-6 md:grid-cols-[minmax(0,5fr)_minmax(0,6fr)] md:items-start">
            <div className="space-y-4">
              <OrderSummary order={data.order} />
              {availableCredit > 0 ? (
                <CreditChoice
                  order={data.order}
                  availableCents={availableCredit}
                  // A gift card's code makes the credit pay, ticked or not.
                  checked={useCredit || (!!data.giftCard && data.order.creditAppliedCents > 0)}
                  busy={applying}
                  error={creditError}
                  onChange={(on) => void applyCredit(on)}
                />
              ) : null}
              <CheckoutCodeField order={data.order} giftCard={data.giftCard} error={codeError} busy={applying} onApply={(code) => void applyCode(code)} />
            </div>
            <section aria-labelledby="payment-title" className="rounded-2xl bg-ink p-5 text-white shadow-lg sm:p-6">
              <h2 id="payment-title" className="mb-5 text-xl font-semibold text-white">
                Paiement
              </h2>
              {data.payment.provider === 'stripe' ? (
                <Suspense fallback={<PaymentLoading />}>
                  <StripePaymentForm order={data.order} payment={data.payment} />
                </Suspense>
              ) : (
                <SandboxPaymentForm
                  order={data.order}
                  payment={data.payment}
                  onAccepted={(status) => navigate(paymentResultUrl(data.order.id, data.payment!.paymentId, status), { replace: true })}
                />
              )}
            </section>
          </div>
          <SecuredFooter provider={data.payment.provider} />
        </div>
      ) : data ? (
        <CheckoutProblem title="Paiement indisponible" message="Cette commande ne peut pas être payée pour le moment.">
          <Button onClick={retry}>Réessayer</Button>
        </CheckoutProblem>
      ) : null}
    </div>
  );
}

/** The courses the server's fields point at ('items.2.courseId'), else all of this payment's. */
function namedCourseIds(fields: Record<string, string> | undefined, items: Items): string[] {
  const named = Object.keys(fields ?? {}).flatMap((key) => {
    const index = /^items\.(\d+)\./.exec(key)?.[1];
    const item = index === undefined ? undefined : items[Number(index)];
    return item ? [item.courseId] : [];
  });
  return named.length ? [...new Set(named)] : items.map((i) => i.courseId);
}

/**
 * The « Crédit Toque » this buyer may use on the order shown (GET /api/account/credit, read again with
 * each order): the balance, plus what this order already takes from it. An order priced without the
 * credit keeps the figure first read, since another unpaid order of this page may hold part of it.
 */
function useAvailableCredit(data: CheckoutResponse | null): number {
  const orderId = data?.order.id;
  const applied = data?.order.creditAppliedCents ?? 0;
  const credit = useQuery({
    queryKey: ['api', '/account/credit?limit=1', orderId],
    queryFn: ({ signal }) => api<CreditResponse>('/account/credit', { query: { limit: 1 }, signal }),
    enabled: !!orderId,
    retry: false,
  });
  const [available, setAvailable] = useState(0);
  const balance = credit.data?.balanceCents;
  useEffect(() => {
    if (balance === undefined) return;
    setAvailable((was) => (applied > 0 || was === 0 ? balance + applied : was));
  }, [balance, applied]);
  return available;
}

/** Cart lines whose price moved since they were added; the cart then shows the new one. */
function useRepriced(data: CheckoutResponse | null, cart: ReturnType<typeof useCart>) {
  const repriced = useMemo(() => {
    if (!data) return [];
    return data.order.lines.flatMap((line) => {
      const item = line.courseId ? cart.find((i) => i.id === line.courseId) : undefined;
      // The course's own price for this buyer: a promo code's discount is the order's, not the course's;
      // a booking of several seats pays the seat's price for each.
      const price = Math.round((line.amountCents + line.promoDiscountCents) / Math.max(1, line.seats));
      return item && priceCents(item) !== price ? [{ courseId: item.id, title: item.title, before: priceCents(item), after: price }] : [];
    });
    // Compared once, against the cart as it was when the order came back.
  }, [data]);
  useEffect(() => {
    for (const r of repriced) updateCartPrice(r.courseId, r.after / 100);
  }, [repriced]);
  return repriced;
}
