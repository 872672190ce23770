// /reservations/:reservationId/remboursement — after the chef cancelled a session (docs/decisions/0043):
// the learner chooses « Être remboursé sur ma carte » or « Recevoir un crédit Toque » before the
// deadline (the card after it, said here and in the e-mail). Choosing does it at once; the page then
// says what was done. Opened from the e-mail, the notification and Mes Achats.
import { CreditCard, ShoppingBag, Wallet } from 'lucide-react';
import { useParams } from 'react-router';
import { formatPrice } from '@shared/format';
import type { RefundChoice, ReservationView } from '@shared/schemas/reservations';
import { Button, ButtonLink } from '@client/components/ui/Button';
import { ErrorPanel } from '@client/components/ui/ErrorPanel';
import { FormAlert } from '@client/components/ui/FormAlert';
import { PageHeader } from '@client/components/ui/PageHeader';
import { Skeleton } from '@client/components/ui/Skeleton';
import { notifySuccess } from '@client/lib/notify';
import { sessionWhen } from '@client/lib/session-when';
import { usePageTitle } from '@client/lib/use-page-title';
import { useRefundChoice, useReservation } from './api';
import { runMutation } from '@client/lib/run-mutation';

const DONE: Record<RefundChoice, (amount: string) => string> = {
  credit: (amount) => `${amount} ont été ajoutés à votre crédit Toque. Vous pouvez les utiliser dès maintenant.`,
  card: (amount) => `Le remboursement de ${amount} sur votre carte est demandé : il paraîtra sur votre relevé d'ici quelques jours ouvrables.`,
  card_by_default: (amount) => `Sans choix de votre part avant l'échéance, ${amount} vous ont été remboursés sur votre carte.`,
};

export default function RefundChoicePage() {
  const { reservationId = '' } = useParams();
  const query = useReservation(reservationId);
  const reservation = query.data?.reservation;
  usePageTitle('Choisir mon remboursement');

  return (
    <div className="mx-auto min-h-[60vh] w-full max-w-2xl px-4 py-8 sm:px-6 sm:py-10">
      <PageHeader eyebrow="Séance annulée" title="Choisir mon remboursement" />
      {query.isPending ? (
        <div role="status" aria-label="Chargement de la réservation" className="space-y-4">
          <Skeleton className="h-6 w-3/4" />
          <Skeleton className="h-32 w-full rounded-2xl" />
        </div>
      ) : query.isError ? (
        <ErrorPanel title="Impossible de charger cette réservation." message={query.error.message} onRetry={() => void query.refetch()} />
      ) : reservation ? (
        <Choice reservation={reservation} />
      ) : null}
    </div>
  );
}

function Choice({ reservation: r }: { reservation: ReservationView }) {
  const choose = useRefundChoice();
  const choice = r.refundChoice;
  const amount = choice?.amountCents != null ? formatPrice(choice.amountCents) : 'Le montant de votre place';

  const pick = (refundTo: 'card' | 'credit') =>
    runMutation(choose,
      { reservationId: r.id, input: { refundTo } },
      {
        onSuccess: ({ reservation }) => {
          const chosen = reservation.refundChoice?.chosen;
          if (chosen) notifySuccess(chosen === 'credit' ? 'Crédit Toque ajouté' : 'Remboursement demandé', DONE[chosen](amount));
        },
      },
    );

  return (
    <section aria-labelledby="refund-course" className="space-y-5">
      <div className="rounded-2xl border border-line bg-white p-5 shadow-sm">
        <h2 id="refund-course" className="text-lg font-semibold text-ink">
          {r.courseTitle}
        </h2>
        <p className="text-muted">{sessionWhen(r.startsAt)}</p>
        <p className="mt-3 text-ink">Cette séance a été annulée par la cheffe. Votre place vous est remboursée en entier.</p>
      </div>

      {!choice ? (
        <p className="rounded-2xl border border-line bg-white p-5 text-ink">Il n&apos;y a pas de remboursement à choisir pour cette réservation.</p>
      ) : choice.chosen ? (
        <div role="status" className="rounded-2xl border border-green-200 bg-green-50 p-5 text-green-950">
          <p className="font-semibold">{choice.chosen === 'credit' ? 'Crédit Toque reçu' : 'Remboursement sur votre carte'}</p>
          <p className="mt-1">{DONE[choice.chosen](amount)}</p>
          <p className="mt-1 text-sm">La note de crédit est dans Mes Achats.</p>
        </div>
      ) : (
        <>
          <p className="text-ink">
            Comment voulez-vous recevoir <strong>{amount}</strong>&nbsp;? Sans choix de votre part d&apos;ici le{' '}
            <time dateTime={choice.dueAt}>{sessionWhen(choice.dueAt)}</time>, nous vous rembourserons sur votre carte.
          </p>
          <div className="grid gap-3 sm:grid-cols-2">
            <Button variant="secondary" className="h-auto min-h-14 justify-start py-3 text-left" loading={choose.isPending && choose.variables?.input.refundTo === 'card'} disabled={choose.isPending} onClick={() => pick('card')}>
              <CreditCard aria-hidden="true" className="size-5 shrink-0" />
              <span>
                Être remboursé sur ma carte
                <span className="block text-sm font-normal text-muted">D&apos;ici quelques jours ouvrables</span>
              </span>
            </Button>
            <Button className="h-auto min-h-14 justify-start py-3 text-left" loading={choose.isPending && choose.variables?.input.refundTo === 'credit'} disabled={choose.isPending} onClick={() => pick('credit')}>
              <Wallet aria-hidden="true" className="size-5 shrink-0" />
              <span>
                Recevoir un crédit Toque
                <span className="block text-sm font-normal opacity-90">Immédiat, sans expiration</span>
              </span>
            </Button>
          </div>
          {choose.error ? <FormAlert>{choose.error.message}</FormAlert> : null}
        </>
      )}

      <div className="flex flex-wrap gap-3">
        <ButtonLink to="/mes-achats" variant="ghost" size="sm">
          <ShoppingBag aria-hidden="true" className="size-4" />
          Mes Achats
        </ButtonLink>
        <ButtonLink to="/reserver-un-cours" variant="ghost" size="sm">
          Choisir une autre séance
        </ButtonLink>
      </div>
    </section>
  );
}
