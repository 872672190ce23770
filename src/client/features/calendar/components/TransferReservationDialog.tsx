// « Transférer ma réservation » (docs/decisions/0051): until the policy's deadline, three ways, each
// saying what happens to the money BEFORE the learner confirms — another session of the same course
// (« Vous paierez 15,00 $ de différence », « 10,00 $ vous seront remboursés »), someone else by
// e-mail (pending until they accept; revocable before), or « Crédit Toque » (« 45,99 $ ajoutés à
// votre Crédit Toque »). The admin opens the same dialog from the roster; to a dearer session, the
// learner pays the difference from their booking, or the admin offers it (« Offrir la différence »).
// One idempotency key per opening: a retry after an unanswered request transfers once.
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { seatsLabel } from '@shared/booking';
import { creditMoneySentence, GIFT_MONEY_SENTENCE, moveMoneySentence, waivedMoneySentence, type TransferOptionsResponse } from '@shared/schemas/transfers';
import { Button } from '@client/components/ui/Button';
import { FormAlert } from '@client/components/ui/FormAlert';
import { Modal } from '@client/components/ui/Modal';
import { TextField } from '@client/components/ui/TextField';
import { notifySuccess } from '@client/lib/notify';
import { runMutation } from '@client/lib/run-mutation';
import { sessionWhen } from '@client/lib/session-when';
import { useRevokeGift, useTransfer, useTransferOptions } from '../transfer-api';
import type { DifferencePaymentState } from '../DifferencePaymentPage';

type Choice = 'move' | 'gift' | 'credit';

type Props = {
  reservation: { id: string; courseTitle: string; startsAt: string; seats: number };
  open: boolean;
  onClose: () => void;
  /** After a transfer: the details dialog closes too. */
  onTransferred: () => void;
  /** The admin, from the roster: the learner's booking, not « ma réservation ». */
  asAdmin?: boolean;
};

export function TransferReservationDialog({ reservation, open, onClose, onTransferred, asAdmin = false }: Props) {
  const transfer = useTransfer();
  return (
    <Modal open={open} onClose={onClose} busy={transfer.isPending} title={asAdmin ? 'Transférer la réservation' : 'Transférer ma réservation'}>
      {open ? <Choose reservation={reservation} transfer={transfer} onClose={onClose} onTransferred={onTransferred} asAdmin={asAdmin} /> : null}
    </Modal>
  );
}

function Choose({ reservation: r, transfer, onClose, onTransferred, asAdmin = false }: Omit<Props, 'open'> & { transfer: ReturnType<typeof useTransfer> }) {
  const options = useTransferOptions(r.id, true);
  const revoke = useRevokeGift();
  const [idempotencyKey] = useState(() => crypto.randomUUID());
  const [choice, setChoice] = useState<Choice>('move');
  const [sessionId, setSessionId] = useState<string | null>(null);
  const [email, setEmail] = useState('');
  const [waive, setWaive] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const navigate = useNavigate();

  if (options.isPending) return <p className="text-muted">Chargement des choix…</p>;
  if (options.error) return <FormAlert>{options.error.message}</FormAlert>;
  const o: TransferOptionsResponse = options.data;

  if (!o.allowed) {
    return <p className="text-ink">Le délai pour transférer cette réservation est passé (au plus tard le {sessionWhen(o.deadline)}).</p>;
  }
  if (o.pendingGift) {
    const gift = o.pendingGift;
    return (
      <div className="space-y-4">
        <p className="text-ink">
          Vous avez offert cette place à <strong>{gift.toEmail}</strong>. Tant que cette personne n&apos;a pas accepté, la place reste à vous et vous pouvez
          reprendre votre offre.
        </p>
        {revoke.error ? <FormAlert>{revoke.error.message}</FormAlert> : null}
        <Button variant="secondary" loading={revoke.isPending} onClick={() => runMutation(revoke, gift.id, { onSuccess: () => notifySuccess('Offre reprise', 'La place est toujours à vous.') })}>
          Reprendre mon offre
        </Button>
      </div>
    );
  }

  const open = o.sessions.filter((s) => s.fits);
  const target = open.find((s) => s.id === sessionId) ?? null;
  const dearer = choice === 'move' && target !== null && target.differenceCents > 0;
  const waived = asAdmin && dearer && waive;
  const money =
    choice === 'move'
      ? target
        ? waived
          ? waivedMoneySentence(target.differenceCents)
          : moveMoneySentence(target.differenceCents)
        : 'Choisissez une séance.'
      : choice === 'credit'
        ? creditMoneySentence(o.creditCents)
        : GIFT_MONEY_SENTENCE;
  const ready = choice === 'move' ? target !== null && (!asAdmin || !dearer || waive) : choice === 'gift' ? email.trim().length > 3 : o.creditCents > 0;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const input =
      choice === 'move' ? { kind: 'move' as const, sessionId: target!.id, idempotencyKey, ...(waived ? { waiveDifference: true } : {}) } : choice === 'gift' ? { kind: 'gift' as const, email: email.trim(), idempotencyKey } : { kind: 'credit' as const, idempotencyKey };
    runMutation(
      transfer,
      { reservationId: r.id, input },
      {
        onSuccess: (answer) => {
          // Dearer: the seats are held; the difference is paid on its own page, then the booking moves.
          if (answer.payment) {
            const state: DifferencePaymentState = { payment: answer.payment, startsAt: target!.startsAt };
            onClose();
            void navigate(`/reservations/${encodeURIComponent(r.id)}/difference`, { state });
            return;
          }
          notifySuccess(
            choice === 'move' ? 'Réservation déplacée' : choice === 'gift' ? 'Place offerte' : 'Crédit Toque ajouté',
            choice === 'gift' ? `Un courriel a été envoyé à ${email.trim()}. La place reste à vous tant qu'elle n'est pas acceptée.` : money,
          );
          onClose();
          onTransferred();
        },
        onError: (error) => setFailure(error.message),
      },
    );
  };

  return (
    <form className="space-y-4" onSubmit={submit} aria-label="Transférer ma réservation">
      <p className="text-ink">
        {r.courseTitle} — {sessionWhen(r.startsAt)}
        {r.seats > 1 ? ` (${seatsLabel(r.seats)})` : ''}
      </p>
      <p className="text-sm text-muted">Possible jusqu&apos;au {sessionWhen(o.deadline)}.</p>
      <fieldset className="space-y-1">
        <legend className="font-semibold text-ink">Que voulez-vous faire ?</legend>
        {(
          [
            ['move', 'Changer de séance (même cours)'],
            ['gift', 'Offrir ma place à quelqu’un'],
            ['credit', 'Recevoir la valeur en crédit Toque'],
          ] as const
        ).map(([value, label]) => (
          <label key={value} className="flex min-h-11 cursor-pointer items-center gap-3">
            <input type="radio" name="transfer-choice" value={value} checked={choice === value} onChange={() => setChoice(value)} className="size-5" />
            {label}
          </label>
        ))}
      </fieldset>

      {choice === 'move' ? (
        open.length === 0 ? (
          <p className="text-muted">Aucune autre séance de ce cours n&apos;a assez de places pour le moment.</p>
        ) : (
          <fieldset className="space-y-1">
            <legend className="text-sm font-semibold text-muted">Nouvelle séance</legend>
            {open.map((s) => (
              <label key={s.id} className="flex min-h-11 cursor-pointer items-center gap-3">
                <input type="radio" name="transfer-session" value={s.id} checked={sessionId === s.id} onChange={() => setSessionId(s.id)} className="size-5 shrink-0" />
                <span>
                  {sessionWhen(s.startsAt)} <span className="text-sm text-muted">({seatsLabel(s.seatsLeft)} libre{s.seatsLeft > 1 ? 's' : ''})</span>
                </span>
              </label>
            ))}
          </fieldset>
        )
      ) : null}

      {choice === 'gift' ? (
        <TextField label="Courriel de la personne" type="email" autoComplete="off" value={email} onChange={(e) => setEmail(e.target.value)} />
      ) : null}

      <p role="status" className="rounded-2xl border border-line bg-brand-50 p-4 font-semibold text-ink">
        {money}
      </p>
      {dearer && asAdmin ? (
        <div className="space-y-2">
          <label className="flex min-h-11 cursor-pointer items-start gap-3 text-ink">
            <input type="checkbox" checked={waive} onChange={(e) => setWaive(e.target.checked)} className="mt-0.5 size-5 shrink-0" />
            <span>
              Offrir la différence
              <span className="block text-sm text-muted">La réservation change tout de suite et la personne ne paie rien. Sinon, elle paie la différence elle-même, depuis sa réservation.</span>
            </span>
          </label>
        </div>
      ) : dearer ? (
        <p className="text-sm text-muted">Vos places y seront réservées 15 minutes, le temps de payer ; votre réservation change une fois la différence payée.</p>
      ) : null}
      {failure ? <FormAlert>{failure}</FormAlert> : null}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={!ready} loading={transfer.isPending}>
          {choice === 'move' ? (dearer && !asAdmin ? 'Payer la différence' : 'Confirmer le changement') : choice === 'gift' ? 'Envoyer l’offre' : 'Confirmer le crédit'}
        </Button>
        <Button type="button" variant="ghost" onClick={onClose}>
          Retour
        </Button>
      </div>
    </form>
  );
}
