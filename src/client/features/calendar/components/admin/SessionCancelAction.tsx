// The admin cancels a whole session that has not started (issue 5, point 6): a destructive button
// under the details, then a confirmation (SessionCancelDialog). A cancelled session says so, with
// the reason the attendees were given.
import { Ban } from 'lucide-react';
import { useState } from 'react';
import type { ReservationView } from '@shared/schemas/reservations';
import { Button } from '@client/components/ui/Button';
import { useAdminSession } from '../../admin-sessions-api';
import { SessionCancelDialog } from './SessionCancelDialog';

type SessionCancelActionProps = {
  reservation: ReservationView;
  /** After the cancellation: the details dialog closes too. */
  onCancelled: () => void;
};

export function SessionCancelAction({ reservation: r, onCancelled }: SessionCancelActionProps) {
  const [confirming, setConfirming] = useState(false);
  const session = useAdminSession(r.sessionId, true).data?.session;

  if ((session?.status ?? r.sessionStatus) === 'cancelled') {
    return (
      <div role="status" className="rounded-2xl border border-red-200 bg-red-50 p-4 text-red-900">
        <p className="flex items-center gap-2 font-semibold">
          <Ban aria-hidden="true" className="size-4" />
          Séance annulée
        </p>
        {session?.cancelReason ? <p className="mt-1 break-words">Raison : {session.cancelReason}</p> : null}
      </div>
    );
  }
  if (Date.parse(r.startsAt) <= Date.now()) return null;

  return (
    <div className="border-t border-line pt-4">
      <Button variant="ghost" size="sm" className="text-red-800 hover:bg-red-50 hover:text-red-900" onClick={() => setConfirming(true)}>
        <Ban aria-hidden="true" className="size-4" />
        Annuler la séance
      </Button>
      <p className="mt-1 px-3 text-sm text-muted">Pour tous les participants : chacun est remboursé en entier et averti par courriel.</p>
      <SessionCancelDialog
        reservation={r}
        session={session}
        open={confirming}
        onClose={() => setConfirming(false)}
        onCancelled={onCancelled}
      />
    </div>
  );
}
