// The learner's cancellation, said plainly before they confirm (FAQ and terms): at least 48 h
// before the class, the seat is freed and the payment refunded in full; later, the cancellation
// gives no refund at all, and the request says the learner accepted that (acceptNoRefund). One
// idempotency key per dialog opening: a retry after an unanswered request cancels (and refunds) once.
// A booking of several seats offers « Une place » or « Toutes les places » (docs/decisions/0047): one
// seat keeps seats − 1 (asking again to keep as many does nothing more), refunded its share ≥ 48 h;
// the learner says which guest no longer comes (their name and dietary needs leave with the seat).
import { useState } from 'react';
import { seatsLabel } from '@shared/booking';
import { formatPrice } from '@shared/format';
import type { ReservationView } from '@shared/schemas/reservations';
import { Button } from '@client/components/ui/Button';
import { FormAlert } from '@client/components/ui/FormAlert';
import { notifyError, notifySuccess } from '@client/lib/notify';
import { useCancelReservation } from '../api';
import { cancelTerms } from '../cancel-terms';
import { sessionWhen } from '@client/lib/session-when';
import { Modal } from '@client/components/ui/Modal';
import { runMutation } from '@client/lib/run-mutation';

type CancelReservationDialogProps = {
  reservation: ReservationView;
  open: boolean;
  onClose: () => void;
  /** After the cancellation: the details dialog closes too. */
  onCancelled: () => void;
};

export function CancelReservationDialog({ reservation, open, onClose, onCancelled }: CancelReservationDialogProps) {
  const cancel = useCancelReservation();
  return (
    <Modal open={open} onClose={onClose} busy={cancel.isPending} title={'Annuler ma réservation\u00a0?'}>
      {open ? <Confirm reservation={reservation} cancel={cancel} onClose={onClose} onCancelled={onCancelled} /> : null}
    </Modal>
  );
}

function Confirm({
  reservation: r,
  cancel,
  onClose,
  onCancelled,
}: Omit<CancelReservationDialogProps, 'open'> & { cancel: ReturnType<typeof useCancelReservation> }) {
  const [idempotencyKey] = useState(() => crypto.randomUUID());
  // The server may find the 48 h passed while the dialog was open: from then on, the no-refund terms.
  const [lateNotice, setLateNotice] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const terms = cancelTerms(r, new Date(), lateNotice !== null);
  const refundable = terms.refundable;
  // « Recevoir un crédit Toque » instead of the card: immediate (docs/decisions/0038).
  const [refundTo, setRefundTo] = useState<'card' | 'credit'>('card');
  // Several seats: one of them (the booking keeps the others), or all of them.
  const [which, setWhich] = useState<'one' | 'all'>('one');
  // The seats kept, fixed when the dialog opened: a retry asks the same.
  const [keepSeats] = useState(() => r.seats - 1);
  const oneSeat = r.seats > 1 && which === 'one';
  // Which guest no longer comes (seat 1 … seats − 1; the learner's own is kept): the last by default.
  const [dropGuest, setDropGuest] = useState(() => r.seats - 1);
  const guestName = (seat: number) => r.guests[seat - 1]?.trim() || `Invité ${seat}`;

  const confirm = () => {
    setFailure(null);
    runMutation(
      cancel,
      { reservationId: r.id, input: { idempotencyKey, ...(oneSeat ? { keepSeats, dropGuests: [dropGuest] } : {}), ...(refundable ? { refundTo } : { acceptNoRefund: true }) } },
      {
        onSuccess: ({ refund }) => {
          if (oneSeat) {
            notifySuccess(
              'Une place annulée',
              `${guestName(dropGuest)} ne vient plus : il vous reste ${seatsLabel(keepSeats)}.${refund ? ` Remboursement de ${formatPrice(refund.totalCents)} ${refund.creditCents >= refund.totalCents && refund.totalCents > 0 ? 'ajouté à votre crédit Toque' : 'en cours'}.` : ''}`,
            );
            onClose();
            onCancelled();
            return;
          }
          notifySuccess(
            'Réservation annulée',
            refund && refund.creditCents >= refund.totalCents && refund.totalCents > 0
              ? `Votre place est libérée. ${formatPrice(refund.totalCents)} ont été ajoutés à votre crédit Toque.`
              : refund
              ? `Votre place est libérée. Remboursement complet de ${formatPrice(refund.totalCents)} en cours.`
              : 'Votre place est libérée, sans remboursement.',
          );
          onClose();
          onCancelled();
        },
        onError: (error) => {
          if (error.code === 'NO_REFUND_NOT_ACCEPTED') {
            setLateNotice(error.message);
            return;
          }
          setFailure(error.message);
          notifyError("Erreur d'annulation", error.message);
        },
      },
    );
  };

  return (
    <div className="space-y-4">
      <p className="text-ink">
        {r.courseTitle} — {sessionWhen(r.startsAt)}
      </p>
      {r.seats > 1 ? (
        <fieldset className="space-y-2">
          <legend className="font-semibold text-ink">Que voulez-vous annuler ? ({seatsLabel(r.seats)} réservées)</legend>
          <label className="flex min-h-11 cursor-pointer items-center gap-3">
            <input type="radio" name="cancel-which" value="one" checked={which === 'one'} onChange={() => setWhich('one')} className="size-5" />
            Une place (vous en garderez {keepSeats})
          </label>
          <label className="flex min-h-11 cursor-pointer items-center gap-3">
            <input type="radio" name="cancel-which" value="all" checked={which === 'all'} onChange={() => setWhich('all')} className="size-5" />
            Toutes les places ({r.seats})
          </label>
        </fieldset>
      ) : null}
      {oneSeat ? (
        <fieldset className="space-y-2">
          <legend className="font-semibold text-ink">Qui ne vient plus ?</legend>
          {Array.from({ length: r.seats - 1 }, (_, i) => i + 1).map((seat) => (
            <label key={seat} className="flex min-h-11 cursor-pointer items-center gap-3">
              <input type="radio" name="cancel-guest" value={seat} checked={dropGuest === seat} onChange={() => setDropGuest(seat)} className="size-5" />
              {guestName(seat)}
            </label>
          ))}
        </fieldset>
      ) : null}
      <div
        className={
          refundable ? 'rounded-2xl border border-green-200 bg-green-50 p-4 text-green-950' : 'rounded-2xl border border-red-200 bg-red-50 p-4 text-red-900'
        }
      >
        <p className="font-semibold">{oneSeat && refundable ? 'Remboursement de cette place' : terms.heading}</p>
        <p className="mt-1">
          {oneSeat && refundable
            ? `Le cours commence dans plus de ${r.cancellation.noticeHours} heures : une place sera libérée et sa part du paiement${r.cancellation.seatShareCents !== null ? ` (${formatPrice(r.cancellation.seatShareCents)} avant taxes)` : ''} vous sera remboursée, taxes comprises.`
            : oneSeat
            ? terms.text.replace('Votre place sera libérée.', 'Une place sera libérée.')
            : terms.text}
        </p>
      </div>
      {refundable ? (
        <fieldset className="space-y-2">
          <legend className="font-semibold text-ink">Comment voulez-vous être remboursé ?</legend>
          <label className="flex min-h-11 cursor-pointer items-center gap-3">
            <input type="radio" name="refund-to" value="card" checked={refundTo === 'card'} onChange={() => setRefundTo('card')} className="size-5" />
            Sur ma carte (quelques jours ouvrables)
          </label>
          <label className="flex min-h-11 cursor-pointer items-center gap-3">
            <input type="radio" name="refund-to" value="credit" checked={refundTo === 'credit'} onChange={() => setRefundTo('credit')} className="size-5" />
            Recevoir un crédit Toque (immédiat, sans expiration)
          </label>
        </fieldset>
      ) : null}
      {lateNotice ? <FormAlert>{lateNotice}</FormAlert> : null}
      {failure ? <FormAlert>{failure}</FormAlert> : null}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="ghost" disabled={cancel.isPending} onClick={onClose}>
          Garder ma réservation
        </Button>
        <Button className="bg-red-800 hover:bg-red-900 active:bg-red-900" loading={cancel.isPending} onClick={confirm}>
          {oneSeat ? (refundable ? 'Annuler une place' : 'Annuler une place sans remboursement') : terms.confirmLabel}
        </Button>
      </div>
    </div>
  );
}
