// The chef's private notes about a customer: the newest first, each with who wrote it and when (and
// who changed it last); one form to add, one per note to edit. Never shown to the customer.
import { Pencil, StickyNote } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { formatLongDate } from '@shared/format';
import { NOTE_MAX_LENGTH, type AdminClientNote } from '@shared/schemas/admin-clients';
import { Button } from '@client/components/ui/Button';
import { Card } from '@client/components/ui/Card';
import { notifySuccess } from '@client/lib/notify';
import { useSaveNote } from '../api';
import { runMutation } from '@client/lib/run-mutation';

export function ClientNotes({ userId, notes }: { userId: string; notes: AdminClientNote[] }) {
  const titleId = useId();
  return (
    <Card as="section" aria-labelledby={titleId} className="p-5 sm:p-6">
      <h2 id={titleId} className="flex items-center gap-2 text-xl font-semibold text-ink">
        <StickyNote aria-hidden="true" className="size-5 text-brand-700" />
        Notes privées
      </h2>
      <p className="mt-1 text-sm text-muted">Visibles par l’administration seulement.</p>
      <NoteForm userId={userId} />
      {notes.length === 0 ? (
        <p className="mt-4 text-sm text-muted">Aucune note pour le moment.</p>
      ) : (
        <ul className="mt-4 space-y-3">
          {notes.map((note) => (
            <NoteItem key={note.id} userId={userId} note={note} />
          ))}
        </ul>
      )}
    </Card>
  );
}

function NoteForm({ userId, note, onDone }: { userId: string; note?: AdminClientNote; onDone?: () => void }) {
  const id = useId();
  const save = useSaveNote(userId);
  const [body, setBody] = useState(note?.body ?? '');
  const [error, setError] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    runMutation(save,
      { body, noteId: note?.id },
      {
        onSuccess: () => {
          if (!note) setBody('');
          notifySuccess(note ? 'Note modifiée' : 'Note ajoutée');
          onDone?.();
        },
        onError: (e) => setError(e.fields?.body ?? e.message),
      },
    );
  };
  return (
    <form onSubmit={submit} className="mt-4 flex flex-col gap-2" noValidate>
      <label htmlFor={id} className={note ? 'sr-only' : 'text-sm font-semibold text-ink'}>
        {note ? 'Texte de la note' : 'Nouvelle note'}
      </label>
      <textarea
        id={id}
        rows={note ? 3 : 2}
        maxLength={NOTE_MAX_LENGTH}
        value={body}
        onChange={(e) => setBody(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className={`w-full rounded-xl border bg-white px-3 py-2 text-base text-ink hover:border-brand-600 ${error ? 'border-red-700' : 'border-line'}`}
      />
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-sm font-medium text-red-800">
          {error}
        </p>
      ) : null}
      <div className="flex flex-wrap justify-end gap-2">
        {note ? (
          <Button variant="ghost" size="sm" onClick={onDone} disabled={save.isPending}>
            Annuler
          </Button>
        ) : null}
        <Button type="submit" size="sm" loading={save.isPending}>
          {note ? 'Enregistrer la note' : 'Ajouter la note'}
        </Button>
      </div>
    </form>
  );
}

function NoteItem({ userId, note }: { userId: string; note: AdminClientNote }) {
  const [editing, setEditing] = useState(false);
  return (
    <li className="rounded-xl border border-line bg-cream/60 px-4 py-3">
      {editing ? (
        <NoteForm userId={userId} note={note} onDone={() => setEditing(false)} />
      ) : (
        <>
          <p className="whitespace-pre-line text-ink">{note.body}</p>
          <div className="mt-2 flex flex-wrap items-center justify-between gap-2">
            <p className="text-sm text-muted">
              {note.authorEmail}, le {formatLongDate(note.createdAt)}
              {note.editedAt ? ` · modifiée par ${note.editedByEmail ?? '?'} le ${formatLongDate(note.editedAt)}` : ''}
            </p>
            <Button variant="ghost" size="sm" onClick={() => setEditing(true)} aria-label={`Modifier la note du ${formatLongDate(note.createdAt)}`}>
              <Pencil aria-hidden="true" className="size-4" />
              Modifier
            </Button>
          </div>
        </>
      )}
    </li>
  );
}
