// The admin adds or edits the session's video link (one link for all its attendees). Spec §8:
// success 'Lien mis à jour !' / 'Le lien de la visioconférence a été sauvegardé.', then the editor
// closes, the calendar reads again and the dialog closes; failure 'Erreur de mise à jour' + message.
// Used by the calendar's 'Détails du cours' and by the dashboard's Réservations tab (which opens it
// straight in its form, and closes its dialog on 'Annuler'). Every query under ['calendar', user]
// is read again after a save, the Réservations list included. The server tells the attendees the
// first link by itself; a changed link is told only when the chef asks: after saving it, « Prévenir
// les N participants » (the count from the session). Once the session has ended, the link shows
// without a button: the recording takes over (the server refuses a change, 409).
import { Link2, Pencil, Send } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Button } from '@client/components/ui/Button';
import { TextField } from '@client/components/ui/TextField';
import { notifyError, notifySuccess } from '@client/lib/notify';
import { useNotifyVideoLink, useUpdateVideoLink } from '../api';
import { runMutation } from '@client/lib/run-mutation';

type VideoLinkEditorProps = {
  sessionId: string;
  /** The session's link now (null: none yet). */
  videoLink: string | null;
  onSaved: () => void;
  /** Open on the form rather than on the link and its 'Modifier' button. */
  startEditing?: boolean;
  /** 'Annuler' hands back to the caller instead of showing the link again. */
  onCancel?: () => void;
  /** When the session ends: after it, the link is no longer edited. */
  endsAt: string;
};

/** « Prévenir les 6 participants » */
export function notifyLabel(n: number): string {
  return n === 1 ? 'Prévenir le participant' : `Prévenir les ${n} participants`;
}

export function VideoLinkEditor({ sessionId, videoLink: current, onSaved, startEditing = false, onCancel, endsAt }: VideoLinkEditorProps) {
  const ended = Date.parse(endsAt) <= Date.now();
  const [editing, setEditing] = useState(startEditing && !ended);
  const [value, setValue] = useState(current ?? '');
  const [fieldError, setFieldError] = useState<string | undefined>();
  // A changed link saved, not told yet: how many attendees the button would tell.
  const [untold, setUntold] = useState<number | null>(null);
  const update = useUpdateVideoLink();
  const notify = useNotifyVideoLink();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFieldError(undefined);
    const videoLink = value.trim() || null;
    runMutation(update,
      { sessionId, videoLink },
      {
        onSuccess: ({ session }) => {
          if (session.videoLinkUntold && session.attendees > 0) {
            notifySuccess('Lien mis à jour !', 'Les participants n’ont pas encore ce nouveau lien.');
            setEditing(false);
            return setUntold(session.attendees);
          }
          notifySuccess('Lien mis à jour !', 'Le lien de la visioconférence a été sauvegardé.');
          setEditing(false);
          onSaved();
        },
        onError: (error) => {
          setFieldError(error.fields?.videoLink);
          notifyError('Erreur de mise à jour', error.fields?.videoLink ?? error.message);
        },
      },
    );
  };

  if (untold !== null) {
    return (
      <div role="group" aria-labelledby={`${sessionId}-untold`} className="space-y-3 rounded-2xl border border-saffron/60 bg-saffron/10 p-4">
        <p id={`${sessionId}-untold`} className="font-semibold text-ink">
          Nouveau lien enregistré
        </p>
        <p className="text-ink">Les participants ont reçu l&apos;ancien lien. Voulez-vous leur envoyer le nouveau par courriel ?</p>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="ghost" size="sm" disabled={notify.isPending} onClick={onSaved}>
            Plus tard
          </Button>
          <Button
            size="sm"
            loading={notify.isPending}
            onClick={() =>
              runMutation(notify, sessionId, {
                onSuccess: ({ notified }) => {
                  notifySuccess('Participants prévenus', notified > 0 ? `Le nouveau lien a été envoyé à ${notified} participant${notified > 1 ? 's' : ''}.` : 'Ils avaient déjà ce lien.');
                  onSaved();
                },
                onError: (error) => notifyError("Erreur d'envoi", error.message),
              })
            }
          >
            <Send aria-hidden="true" className="size-4" />
            {notifyLabel(untold)}
          </Button>
        </div>
      </div>
    );
  }

  if (ended) {
    return (
      <div className="rounded-2xl border border-line bg-white p-4">
        <p className="text-sm font-semibold text-muted">Lien de la visioconférence</p>
        <p className="mt-1 break-all text-ink">{current ?? 'Aucun lien'}</p>
        <p className="mt-2 text-sm text-muted">La séance est terminée : le lien ne se modifie plus, l&apos;enregistrement prend le relais.</p>
      </div>
    );
  }

  if (!editing) {
    return (
      <div className="rounded-2xl border border-line bg-white p-4">
        <p className="text-sm font-semibold text-muted">Lien de la visioconférence</p>
        {current ? (
          <a href={current} target="_blank" rel="noopener noreferrer" className="mt-1 block break-all text-brand-700 underline underline-offset-4">
            {current}
          </a>
        ) : (
          <p className="mt-1 text-muted">Aucun lien pour l&apos;instant : les participants voient « En attente ».</p>
        )}
        <Button variant="secondary" size="sm" className="mt-3" onClick={() => setEditing(true)}>
          {current ? <Pencil aria-hidden="true" className="size-4" /> : <Link2 aria-hidden="true" className="size-4" />}
          {current ? 'Modifier le lien' : 'Ajouter le lien'}
        </Button>
      </div>
    );
  }

  return (
    <form onSubmit={submit} className="space-y-3 rounded-2xl border border-line bg-white p-4">
      <TextField
        label="Lien de la visioconférence"
        type="url"
        inputMode="url"
        autoComplete="off"
        placeholder="https://zoom.us/j/12345678901"
        value={value}
        onChange={(e) => setValue(e.target.value)}
        error={fieldError}
        hint="Le même lien pour tous les participants de cette séance. Laissez vide pour le retirer."
        autoFocus
      />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" size="sm" loading={update.isPending}>
          Enregistrer le lien
        </Button>
        <Button
          variant="ghost"
          size="sm"
          disabled={update.isPending}
          onClick={() => {
            if (onCancel) return onCancel();
            setEditing(false);
            setValue(current ?? '');
            setFieldError(undefined);
          }}
        >
          Annuler
        </Button>
      </div>
    </form>
  );
}
