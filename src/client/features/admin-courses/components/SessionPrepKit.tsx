// A session's class preparation kit, in the admin's session row: the kit it sends (its own, or the
// course's), the e-mail exactly as a learner gets it for a number of servings (the server renders
// it; shown in a sandboxed frame, no script runs), and 'Renvoyer aux participants' — asked first,
// then sent at once to every confirmed attendee, each with the servings they chose.
import { ClipboardList, Send } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { formatSessionDateTime } from '@shared/format';
import { PREP_KIT_MAX_LENGTH, SERVINGS_MAX, SERVINGS_MIN, servingsLabel } from '@shared/prep-kit';
import { Button } from '@client/components/ui/Button';
import { ErrorPanel } from '@client/components/ui/ErrorPanel';
import { FormAlert } from '@client/components/ui/FormAlert';
import { Modal } from '@client/components/ui/Modal';
import { Select } from '@client/components/ui/Select';
import { Spinner } from '@client/components/ui/Spinner';
import { cn } from '@client/lib/cn';
import { notifyError, notifySuccess } from '@client/lib/notify';
import { useSaveSessionPrepKit, useSendPrepKit, useSessionPrepKit } from '../prep-kit-api';
import { runMutation } from '@client/lib/run-mutation';

const SERVINGS_OPTIONS = Array.from({ length: SERVINGS_MAX - SERVINGS_MIN + 1 }, (_, i) => ({
  value: String(SERVINGS_MIN + i),
  label: servingsLabel(SERVINGS_MIN + i),
}));

const participants = (n: number) => `${n} participant${n > 1 ? 's' : ''}`;

type Props = { sessionId: string; startsAt: string; open: boolean; onClose: () => void };

export function SessionPrepKitDialog({ sessionId, startsAt, open, onClose }: Props) {
  const [servings, setServings] = useState<number | undefined>(undefined);
  const kit = useSessionPrepKit(sessionId, servings, open);
  const save = useSaveSessionPrepKit(sessionId);
  const sendKit = useSendPrepKit(sessionId);
  const [own, setOwn] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const textId = useId();
  const view = kit.data?.prepKit;

  // The text box starts from what is stored, once per opening.
  useEffect(() => {
    if (open && view && own === null) setOwn(view.sessionKit ?? '');
  }, [open, view, own]);
  useEffect(() => {
    if (!open) {
      setOwn(null);
      setConfirming(false);
      setFailure(null);
      setServings(undefined);
    }
  }, [open]);

  const dirty = view !== undefined && own !== null && own.trim() !== (view.sessionKit ?? '').trim();
  const busy = save.isPending || sendKit.isPending;

  const saveOwn = () => {
    setFailure(null);
    runMutation(save,
      { prepKit: own ?? '' },
      {
        onSuccess: ({ prepKit }) => {
          setOwn(prepKit.sessionKit ?? '');
          notifySuccess(prepKit.sessionKit ? 'Trousse de la séance enregistrée.' : 'La séance reprend la trousse du cours.');
        },
        onError: (error) => {
          setFailure(error.fields?.prepKit ?? error.message);
          notifyError("Erreur d'enregistrement", error.fields?.prepKit ?? error.message);
        },
      },
    );
  };

  const resend = () => {
    setFailure(null);
    runMutation(sendKit, undefined, {
      onSuccess: ({ sent }) => {
        setConfirming(false);
        notifySuccess(`Trousse envoyée à ${participants(sent)}.`);
      },
      onError: (error) => {
        setConfirming(false);
        setFailure(error.message);
        notifyError("Erreur d'envoi", error.message);
      },
    });
  };

  return (
    <Modal open={open} onClose={onClose} busy={busy} title="Trousse de préparation" description={formatSessionDateTime(startsAt)} className="sm:max-w-2xl">
      {kit.isPending ? (
        <div role="status" className="flex items-center gap-3 py-8 text-muted">
          <Spinner className="size-5" /> Chargement de la trousse…
        </div>
      ) : kit.isError && !view ? (
        <ErrorPanel title="Impossible de charger la trousse." message={kit.error.message} onRetry={() => void kit.refetch()} />
      ) : view ? (
        <div className="space-y-6">
          <section aria-labelledby={`${textId}-title`} className="space-y-2">
            <h3 id={`${textId}-title`} className="font-semibold text-ink">
              Trousse de cette séance
            </h3>
            <label htmlFor={textId} className="sr-only">
              Trousse de cette séance
            </label>
            <textarea
              id={textId}
              rows={5}
              maxLength={PREP_KIT_MAX_LENGTH}
              value={own ?? ''}
              onChange={(e) => setOwn(e.target.value)}
              placeholder={view.courseKit ?? 'Une ligne par ingrédient, puis « Matériel : » et le matériel.'}
              aria-describedby={`${textId}-hint`}
              className="w-full rounded-xl border border-line bg-white px-3 py-2 text-base text-ink hover:border-brand-600"
            />
            <p id={`${textId}-hint`} className="text-sm text-muted">
              {view.courseKit
                ? 'Vide : la trousse du cours est envoyée. Écrivez-en une ici pour remplacer celle du cours pour cette séance seulement.'
                : "Le cours n'a pas de trousse : écrivez-en une ici pour cette séance, ou sur le cours."}{' '}
              Quantités pour {servingsLabel(view.kitServings)}.
            </p>
            <div className="flex justify-end">
              <Button variant="secondary" size="sm" onClick={saveOwn} loading={save.isPending} disabled={!dirty || sendKit.isPending}>
                Enregistrer la trousse
              </Button>
            </div>
          </section>

          <section aria-labelledby={`${textId}-preview`} className="space-y-3">
            <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
              <h3 id={`${textId}-preview`} className="font-semibold text-ink">
                Aperçu
              </h3>
              <Select
                label="Pour"
                value={String(servings ?? view.preview?.servings ?? view.kitServings)}
                onValueChange={(v) => setServings(v ? Number(v) : undefined)}
                options={SERVINGS_OPTIONS}
                disabled={!view.hasKit}
                className="sm:w-48"
              />
            </div>
            {view.preview && view.substitutions.length > 0 ? (
              <p className="text-sm text-muted" data-testid="kit-substitutions">
                Avec les substitutions que reçoivent les personnes concernées :{' '}
                {view.substitutions.map((sub) => `${sub.label} (${sub.bookings} réservation${sub.bookings > 1 ? 's' : ''})`).join(', ')}.
              </p>
            ) : null}
            {view.preview ? (
              <div className={cn('overflow-hidden rounded-2xl border border-line bg-white', kit.isFetching && 'opacity-70')}>
                <p className="border-b border-line px-4 py-2 text-sm text-muted">
                  <span className="font-semibold text-ink">Objet :</span> {view.preview.subject}
                </p>
                <iframe title="Aperçu du courriel de la trousse" srcDoc={view.preview.html} sandbox="" className="block h-[28rem] w-full" />
              </div>
            ) : (
              <p className="rounded-2xl border border-dashed border-line p-4 text-muted">
                Aucune trousse à envoyer pour cette séance. Écrivez-la ci-dessus ou sur le cours (« Trousse de préparation »).
              </p>
            )}
          </section>

          {failure ? <FormAlert>{failure}</FormAlert> : null}

          <section aria-label="Renvoyer la trousse" className="rounded-2xl border border-line bg-white p-4">
            {confirming ? (
              <div className="space-y-3" role="group" aria-label="Confirmer l'envoi">
                <p className="text-ink">
                  Envoyer la trousse maintenant à {participants(view.attendees)}, chacun pour le nombre de personnes choisi à la réservation ?
                </p>
                <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
                  <Button variant="ghost" onClick={() => setConfirming(false)} disabled={sendKit.isPending}>
                    Annuler
                  </Button>
                  <Button onClick={resend} loading={sendKit.isPending}>
                    <Send aria-hidden="true" className="size-4" />
                    Envoyer maintenant
                  </Button>
                </div>
              </div>
            ) : (
              <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
                <p className="text-sm text-muted">
                  Envoyée automatiquement 72 heures avant la séance. {participants(view.attendees)} confirmé{view.attendees > 1 ? 's' : ''}.
                </p>
                <Button className="shrink-0" onClick={() => setConfirming(true)} disabled={!view.hasKit || view.attendees === 0 || dirty || save.isPending}>
                  <Send aria-hidden="true" className="size-4" />
                  Renvoyer aux participants
                </Button>
              </div>
            )}
          </section>
        </div>
      ) : null}
    </Modal>
  );
}

/** The row's button that opens it. */
export function SessionPrepKitButton({ sessionId, startsAt }: { sessionId: string; startsAt: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="secondary" size="sm" onClick={() => setOpen(true)}>
        <ClipboardList aria-hidden="true" className="size-4" />
        Trousse
      </Button>
      <SessionPrepKitDialog sessionId={sessionId} startsAt={startsAt} open={open} onClose={() => setOpen(false)} />
    </>
  );
}
