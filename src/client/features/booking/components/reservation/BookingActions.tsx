// « Ce que vous pouvez encore faire »: the rules that apply today, as the server decided them with the
// school's « Politique d'annulation » (a full refund until its hours before, none after; a transfer
// until its own deadline), and their buttons.
import { useState } from 'react';
import type { ReservationView } from '@shared/schemas/reservations';
import { Button } from '@client/components/ui/Button';
import { CancelReservationDialog, TransferReservationDialog } from '@client/features/calendar';
import { sessionWhen } from '@client/lib/session-when';

export function BookingActions({ reservation: r }: { reservation: ReservationView }) {
  const [cancelling, setCancelling] = useState(false);
  const [transferring, setTransferring] = useState(false);
  if (!r.cancellation.allowed && !r.transfer.allowed) return null;
  const hours = r.cancellation.noticeHours;
  return (
    <section aria-labelledby="actions-title" className="rounded-2xl border border-line bg-white p-5 shadow-sm">
      <h2 id="actions-title" className="text-lg font-semibold text-ink">
        Ce que vous pouvez encore faire
      </h2>
      {r.transfer.allowed ? (
        <p className="mt-2 text-ink" data-testid="transfer-rule">
          {`Transfert vers une autre séance, à une autre personne ou en Crédit Toque possible jusqu’au ${sessionWhen(r.transfer.deadline)}.`}
        </p>
      ) : null}
      <p className="mt-2 text-ink" data-testid="cancel-rule" hidden={!r.cancellation.allowed}>
        {r.cancellation.moved
          ? 'La cheffe a déplacé ce cours : vous pouvez annuler avec un remboursement complet jusqu’au début du cours.'
          : r.cancellation.refundable
            ? `Annulation avec remboursement complet jusqu’au ${sessionWhen(r.cancellation.refundDeadline)} (${hours} heures avant le cours). Ensuite, l’annulation reste possible, sans remboursement.`
            : `Le cours commence dans moins de ${hours} heures : vous pouvez encore annuler, mais sans remboursement.`}
      </p>
      <div className="mt-4 flex flex-wrap gap-2">
        {r.transfer.allowed ? (
          <Button variant="secondary" size="sm" onClick={() => setTransferring(true)}>
            Transférer
          </Button>
        ) : null}
        {r.cancellation.allowed ? (
          <Button variant="ghost" size="sm" className="text-red-800 hover:bg-red-50 hover:text-red-900" onClick={() => setCancelling(true)}>
            Annuler ma réservation
          </Button>
        ) : null}
      </div>
      <TransferReservationDialog reservation={r} open={transferring} onClose={() => setTransferring(false)} onTransferred={() => setTransferring(false)} />
      <CancelReservationDialog reservation={r} open={cancelling} onClose={() => setCancelling(false)} onCancelled={() => setCancelling(false)} />
    </section>
  );
}
