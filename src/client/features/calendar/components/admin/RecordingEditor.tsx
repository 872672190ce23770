// The admin attaches the recording of a session that has ended (FAQ: every live class is recorded
// and found in Mes Achats). The server refuses one before the end (SESSION_NOT_OVER), so the editor
// only shows once the session is over. Success: 'Enregistrement ajouté !' / 'Les participants le
// trouveront dans Mes Achats.'; failure: 'Erreur de mise à jour' + the message. Beside the link,
// the admin can upload the recording itself, which attendees then play on the site.
import { Film, Pencil } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { adminSessionUpdateSchema, type ReservationView } from '@shared/schemas/reservations';
import { Button } from '@client/components/ui/Button';
import { TextField } from '@client/components/ui/TextField';
import { RecordingVideoUpload } from './RecordingVideoUpload';
import { notifyError, notifySuccess } from '@client/lib/notify';
import { adminSessionState } from '../../admin-session-state';
import { useAdminSession, useUpdateRecording } from '../../admin-sessions-api';
import { runMutation } from '@client/lib/run-mutation';

type RecordingEditorProps = { reservation: ReservationView; onSaved: () => void };

/** The field's message for what the server would refuse, checked by the same schema before sending. */
function invalidUrl(value: string | null): string | undefined {
  const parsed = adminSessionUpdateSchema.safeParse({ recordingUrl: value });
  return parsed.success ? undefined : parsed.error.issues[0]?.message;
}

/** For the admin: nothing before the session's end, nor for a cancelled session (the server refuses both). */
export function RecordingEditor({ reservation, onSaved }: RecordingEditorProps) {
  const session = useAdminSession(reservation.sessionId, true).data?.session;
  const state = adminSessionState(reservation, session, new Date());
  if (state.kind !== 'over') return null;
  return (
    <>
      <RecordingVideoUpload sessionId={reservation.sessionId} hasVideo={reservation.hasRecordingVideo} />
      <Editor reservation={reservation} current={state.recordingUrl} onSaved={onSaved} />
    </>
  );
}

function Editor({ reservation, current, onSaved }: RecordingEditorProps & { current: string | null }) {
  const [editing, setEditing] = useState(false);
  const [value, setValue] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const update = useUpdateRecording();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const recordingUrl = value.trim() || null;
    const invalid = invalidUrl(recordingUrl);
    setFieldError(invalid);
    if (invalid) return;
    runMutation(update,
      { sessionId: reservation.sessionId, recordingUrl },
      {
        onSuccess: () => {
          if (recordingUrl) notifySuccess('Enregistrement ajouté !', 'Les participants le trouveront dans Mes Achats.');
          else notifySuccess('Enregistrement retiré', 'Les participants ne le verront plus dans Mes Achats.');
          setEditing(false);
          onSaved();
        },
        onError: (error) => {
          setFieldError(error.fields?.recordingUrl);
          notifyError('Erreur de mise à jour', error.fields?.recordingUrl ?? error.message);
        },
      },
    );
  };

  if (!editing) {
    return (
      <div className="rounded-2xl border border-line bg-white p-4">
        <p className="text-sm font-semibold text-muted">Enregistrement de la séance</p>
        {current ? (
          <a href={current} target="_blank" rel="noopener noreferrer" className="mt-1 block break-all text-brand-700 underline underline-offset-4">
            {current}
          </a>
        ) : (
          <p className="mt-1 text-muted">Aucun enregistrement pour l&apos;instant. Les participants le trouveront dans Mes Achats dès qu&apos;il sera ajouté.</p>
        )}
        <Button variant="secondary" size="sm" className="mt-3" onClick={() => {
            setValue(current ?? '');
            setEditing(true);
          }}
        >
          {current ? <Pencil aria-hidden="true" className="size-4" /> : <Film aria-hidden="true" className="size-4" />}
          {current ? "Modifier l'enregistrement" : "Ajouter l'enregistrement"}
        </Button>
      </div>
    );
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-3 rounded-2xl border border-line bg-white p-4">
      <TextField
        label="Adresse de l'enregistrement"
        type="url"
        inputMode="url"
        autoComplete="off"
        placeholder="https://…"
        value={value}
        onChange={(e) => {
          setValue(e.target.value);
          setFieldError(undefined);
        }}
        error={fieldError}
        hint="Les participants confirmés le verront dans Mes Achats. Laissez vide pour le retirer."
        autoFocus
      />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" size="sm" loading={update.isPending}>
          Enregistrer
        </Button>
        <Button
          variant="ghost"
          size="sm"
          disabled={update.isPending}
          onClick={() => {
            setEditing(false);
            setFieldError(undefined);
          }}
        >
          Annuler
        </Button>
      </div>
    </form>
  );
}
