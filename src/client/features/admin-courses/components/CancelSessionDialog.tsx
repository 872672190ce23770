// The confirmation before the admin cancels a session from the Cours tab — the same live-classes
// flow as the calendar's (POST /api/admin/sessions/:id/cancel): every participant refunded in full
// and told by e-mail with the reason, unpaid holds released, no undo. The calendar's dialog is
// built around a reservation; this one around the course's session. One idempotency key per
// opening: a retry after an unanswered request cancels, and refunds, once.
import { useId, useState, type FormEvent } from 'react';
import { formatSessionDateTime } from '@shared/format';
import type { AdminCourseSessionView } from '@shared/schemas/admin-courses';
import { adminSessionCancelSchema } from '@shared/schemas/reservations';
import { Button } from '@client/components/ui/Button';
import { FormAlert } from '@client/components/ui/FormAlert';
import { Modal } from '@client/components/ui/Modal';
import { cn } from '@client/lib/cn';
import { notifyError, notifySuccess } from '@client/lib/notify';
import { useCancelCourseSession } from '../api';

const reasonSchema = adminSessionCancelSchema.pick({ reason: true });

const plural = (n: number, one: string, many: string) => `${n} ${n > 1 ? many : one}`;

type Props = { courseId: string; courseTitle: string; session: AdminCourseSessionView; open: boolean; onClose: () => void };

export function CancelSessionDialog({ courseId, courseTitle, session, open, onClose }: Props) {
  const cancel = useCancelCourseSession(courseId);
  return (
    <Modal open={open} onClose={onClose} busy={cancel.isPending} title={'Annuler la séance\u00a0?'}>
      {open ? <Confirm courseTitle={courseTitle} session={session} cancel={cancel} onClose={onClose} /> : null}
    </Modal>
  );
}

function Confirm({
  courseTitle,
  session,
  cancel,
  onClose,
}: Omit<Props, 'open' | 'courseId'> & { cancel: ReturnType<typeof useCancelCourseSession> }) {
  const ids = useId();
  const [idempotencyKey] = useState(() => crypto.randomUUID());
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = reasonSchema.safeParse({ reason });
    if (!parsed.success) return setReasonError(parsed.error.issues[0]?.message);
    setReasonError(undefined);
    setFailure(null);
    cancel.mutate(
      { sessionId: session.id, input: { reason: parsed.data.reason, idempotencyKey } },
      {
        onSuccess: ({ refundedReservations, releasedHolds }) => {
          const people = refundedReservations === 0 ? 'Aucun participant à rembourser' : plural(refundedReservations, 'participant remboursé', 'participants remboursés');
          const holds = releasedHolds > 0 ? `, ${plural(releasedHolds, 'place retenue libérée', 'places retenues libérées')}` : '';
          notifySuccess('Séance annulée', `${people}${holds}.`);
          onClose();
        },
        onError: (error) => {
          if (error.fields?.reason) setReasonError(error.fields.reason);
          setFailure(error.message);
          notifyError("Erreur d'annulation", error.message);
        },
      },
    );
  };

  return (
    <form noValidate onSubmit={submit} className="space-y-4">
      <div className="text-ink">
        <p className="font-semibold">{courseTitle}</p>
        <p>{formatSessionDateTime(session.startsAt)}</p>
        <p className="text-sm text-muted">
          {session.seatsTaken === 0 ? 'Aucune place occupée.' : `${plural(session.seatsTaken, 'place occupée', 'places occupées')} sur ${session.capacity}.`}
        </p>
      </div>
      <div className="rounded-2xl border border-red-200 bg-red-50 p-4 text-red-900">
        <p className="font-semibold">Tous les participants seront remboursés en entier</p>
        <p className="mt-1">
          Chacun reçoit un courriel qui annonce l&apos;annulation, avec la raison ci-dessous. Les places retenues en attente de paiement sont libérées.
          Cette annulation est définitive.
        </p>
      </div>
      <div className="flex flex-col gap-1.5">
        <label htmlFor={`${ids}-reason`} className="text-sm font-semibold text-ink">
          Raison de l&apos;annulation
        </label>
        <textarea
          id={`${ids}-reason`}
          rows={3}
          maxLength={500}
          required
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          aria-invalid={reasonError ? true : undefined}
          aria-describedby={reasonError ? `${ids}-reason-error` : `${ids}-reason-hint`}
          className={cn(
            'w-full rounded-xl border bg-white px-3 py-2 text-base text-ink hover:border-brand-600',
            reasonError ? 'border-red-700' : 'border-line',
          )}
        />
        {reasonError ? (
          <p id={`${ids}-reason-error`} className="text-sm font-medium text-red-800">
            {reasonError}
          </p>
        ) : (
          <p id={`${ids}-reason-hint`} className="text-sm text-muted">
            Les participants la liront dans le courriel.
          </p>
        )}
      </div>
      {failure ? <FormAlert>{failure}</FormAlert> : null}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="ghost" disabled={cancel.isPending} onClick={onClose}>
          Garder la séance
        </Button>
        <Button type="submit" className="bg-red-800 hover:bg-red-900 active:bg-red-900" loading={cancel.isPending}>
          Annuler la séance
        </Button>
      </div>
    </form>
  );
}
