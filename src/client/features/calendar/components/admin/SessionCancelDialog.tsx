// The confirmation before the admin cancels a whole session (from the calendar's details or the Cours
// tab): said plainly that every participant is refunded in full (card or credit, their choice) and told by e-mail, that unpaid holds
// are released, and that it cannot be undone; the reason (required) goes into the attendees' e-mail.
// One idempotency key per opening: a retry after an unanswered request cancels, and refunds, once.
// The caller gives the mutation, which refreshes what its own screen shows.
import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { adminSessionCancelSchema } from '@shared/schemas/reservations';
import { Button } from '@client/components/ui/Button';
import { FormAlert } from '@client/components/ui/FormAlert';
import { cn } from '@client/lib/cn';
import { notifyError, notifySuccess } from '@client/lib/notify';
import { cancelledSummary, seatsSummary } from '../../admin-session-state';
import type { useCancelSession } from '../../admin-sessions-api';
import { sessionWhen } from '@client/lib/session-when';
import { Modal } from '@client/components/ui/Modal';
import { runMutation } from '@client/lib/run-mutation';

const reasonSchema = adminSessionCancelSchema.pick({ reason: true });

/** What the confirmation names: the session, its course and, once known, its seats taken. */
export type SessionToCancel = { sessionId: string; courseTitle: string; startsAt: string; seats: { taken: number; capacity: number } | null };

/** POST /api/admin/sessions/:id/cancel, refreshing the caller's screen (useCancelSession or the Cours tab's). */
export type CancelSessionMutation = ReturnType<typeof useCancelSession>;

type SessionCancelDialogProps = {
  target: SessionToCancel;
  cancel: CancelSessionMutation;
  open: boolean;
  onClose: () => void;
  onCancelled?: () => void;
};

export function SessionCancelDialog({ target, cancel, open, onClose, onCancelled }: SessionCancelDialogProps) {
  return (
    <Modal open={open} onClose={onClose} busy={cancel.isPending} title={'Annuler la séance\u00a0?'}>
      {open ? <Confirm target={target} cancel={cancel} onClose={onClose} onCancelled={onCancelled} /> : null}
    </Modal>
  );
}

function Confirm({ target: t, cancel, onClose, onCancelled }: Omit<SessionCancelDialogProps, 'open'>) {
  const ids = useId();
  const [idempotencyKey] = useState(() => crypto.randomUUID());
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm({ resolver: zodResolver(reasonSchema), defaultValues: { reason: '' } });
  const reasonError = form.formState.errors.reason?.message;

  const submit = form.handleSubmit(({ reason }) => {
    setFailure(null);
    runMutation(cancel,
      { sessionId: t.sessionId, input: { reason, idempotencyKey } },
      {
        onSuccess: ({ refundedReservations, releasedHolds, awaitingChoice }) => {
          notifySuccess('Séance annulée', cancelledSummary(refundedReservations, releasedHolds, awaitingChoice));
          onClose();
          onCancelled?.();
        },
        onError: (error) => {
          if (error.fields?.reason) form.setError('reason', { message: error.fields.reason });
          setFailure(error.message);
          notifyError("Erreur d'annulation", error.message);
        },
      },
    );
  });

  return (
    <form noValidate onSubmit={submit} className="space-y-4">
      <div className="text-ink">
        <p className="font-semibold">{t.courseTitle}</p>
        <p>{sessionWhen(t.startsAt)}</p>
        {t.seats ? <p className="text-sm text-muted">{seatsSummary(t.seats.taken, t.seats.capacity)}</p> : null}
      </div>
      <div className="rounded-2xl border border-red-200 bg-red-50 p-4 text-red-900">
        <p className="font-semibold">Tous les participants seront remboursés en entier</p>
        <p className="mt-1">
          Chacun reçoit un courriel qui annonce l&apos;annulation, avec la raison ci-dessous, et choisit entre un remboursement sur sa carte et un
          crédit Toque (sur sa carte s&apos;il ne choisit pas dans les 72&nbsp;heures). Les places retenues en attente de paiement sont libérées.
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
          aria-invalid={reasonError ? true : undefined}
          aria-describedby={reasonError ? `${ids}-reason-error` : `${ids}-reason-hint`}
          className={cn(
            'w-full rounded-xl border bg-white px-3 py-2 text-base text-ink hover:border-brand-600',
            reasonError ? 'border-red-700' : 'border-line',
          )}
          {...form.register('reason')}
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
