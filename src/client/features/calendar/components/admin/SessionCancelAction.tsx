// The admin cancels a whole session that has not started (issue 5, point 6): a destructive button
// under the details, then a confirmation (SessionCancelDialog). A cancelled session says so, with
// the reason the attendees were given.
import { Ban } from 'lucide-react';
import { useState } from 'react';
import type { ReservationView } from '@shared/schemas/reservations';
import { Button } from '@client/components/ui/Button';
import { adminSessionState } from '../../admin-session-state';
import { useAdminSession, useCancelSession } from '../../admin-sessions-api';
import { SessionCancelDialog } from './SessionCancelDialog';

type SessionCancelActionProps = {
  reservation: ReservationView;
  /** After the cancellation: the details dialog closes too. */
  onCancelled: () => void;
};

export function SessionCancelAction({ reservation: r, onCancelled }: SessionCancelActionProps) {
  const [confirming, setConfirming] = useState(false);
  const session = useAdminSession(r.sessionId, true).data?.session;
  const cancel = useCancelSession();

  // The realtime stream may say 'cancelled' before this tab's own request answers: the confirmation
  // stays until then, so its toast and closing still happen.
  const state = adminSessionState(r, session, new Date());
  if (state.kind === 'cancelled' && !confirming) {
    return (
      <div role="status" className="rounded-2xl border border-red-200 bg-red-50 p-4 text-red-900">
        <p className="flex items-center gap-2 font-semibold">
          <Ban aria-hidden="true" className="size-4" />
          Séance annulée
        </p>
        {state.reason ? <p className="mt-1 break-words">Raison : {state.reason}</p> : null}
      </div>
    );
  }
  if (state.kind !== 'upcoming' && !confirming) return null;

  return (
    <div className="border-t border-line pt-4">
      <Button variant="ghost" size="sm" className="text-red-800 hover:bg-red-50 hover:text-red-900" onClick={() => setConfirming(true)}>
        <Ban aria-hidden="true" className="size-4" />
        Annuler la séance
      </Button>
      <p className="mt-1 px-3 text-sm text-muted">Pour tous les participants : chacun est remboursé en entier et averti par courriel.</p>
      <SessionCancelDialog
        target={{
          sessionId: r.sessionId,
          courseTitle: r.courseTitle,
          startsAt: r.startsAt,
          seats: session ? { taken: session.seatsTaken, capacity: session.capacity } : null,
        }}
        cancel={cancel}
        open={confirming}
        onClose={() => setConfirming(false)}
        onCancelled={onCancelled}
      />
    </div>
  );
}
