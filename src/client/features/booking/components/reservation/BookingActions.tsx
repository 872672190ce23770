// « Ce que vous pouvez encore faire »: the rule that applies today (a full refund until 48 h before,
// none after — @shared/booking, as the server decides it) and its button; the transfer goes beside it.
import { useState } from 'react';
import type { ReservationView } from '@shared/schemas/reservations';
import { Button } from '@client/components/ui/Button';
import { CancelReservationDialog } from '@client/features/calendar';
import { sessionWhen } from '@client/lib/session-when';

export function BookingActions({ reservation: r }: { reservation: ReservationView }) {
  const [cancelling, setCancelling] = useState(false);
  if (!r.cancellation.allowed) return null;
  return (
    <section aria-labelledby="actions-title" className="rounded-2xl border border-line bg-white p-5 shadow-sm">
      <h2 id="actions-title" className="text-lg font-semibold text-ink">
        Ce que vous pouvez encore faire
      </h2>
      <p className="mt-2 text-ink" data-testid="cancel-rule">
        {r.cancellation.moved
          ? 'La cheffe a déplacé ce cours : vous pouvez annuler avec un remboursement complet jusqu’au début du cours.'
          : r.cancellation.refundable
            ? `Annulation avec remboursement complet jusqu’au ${sessionWhen(r.cancellation.refundDeadline)} (48 heures avant le cours). Ensuite, l’annulation reste possible, sans remboursement.`
            : 'Le cours commence dans moins de 48 heures : vous pouvez encore annuler, mais sans remboursement.'}
      </p>
      <div className="mt-4 flex flex-wrap gap-2">
        {/* « Transférer » (issue 28, point 3) goes here: wired by the transfers work after merge. */}
        <Button variant="ghost" size="sm" className="text-red-800 hover:bg-red-50 hover:text-red-900" onClick={() => setCancelling(true)}>
          Annuler ma réservation
        </Button>
      </div>
      <CancelReservationDialog reservation={r} open={cancelling} onClose={() => setCancelling(false)} onCancelled={() => setCancelling(false)} />
    </section>
  );
}
