// A live course's sessions: the upcoming ones (seats taken out of capacity), adding one, changing
// one's capacity, time or length, and cancelling one through the live-classes flow (every attendee
// refunded in full and told by e-mail). A capacity below the seats already taken is refused by the
// server under the session's lock; its message is shown under the field.
import { Ban, CalendarPlus, Pencil } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { formatSessionDateTime } from '@shared/format';
import {
  adminSessionCreateSchema,
  type AdminCourseDetail,
  type AdminCourseSessionView,
  type AdminSessionCreateInput,
} from '@shared/schemas/admin-courses';
import { Badge } from '@client/components/ui/Badge';
import { Button } from '@client/components/ui/Button';
import { FormAlert } from '@client/components/ui/FormAlert';
import { TextField } from '@client/components/ui/TextField';
import type { ApiError } from '@client/lib/api';
import { notifyError, notifySuccess } from '@client/lib/notify';
import { useAddSession, useCancelCourseSession, useEditSession } from '../api';
import { seatsLabel } from '../labels';
import { SessionPrepKitButton } from './SessionPrepKit';
import { SessionCancelDialog } from '@client/features/calendar';
import { viewerTimeZoneName } from '@client/lib/use-time-zone';

type Fields = { startsAt: string; capacity: string; duration: string };
type Errors = Partial<Record<keyof Fields, string>>;

const pad = (n: number) => String(n).padStart(2, '0');

/** An instant as a datetime-local value in the viewer's zone ('2026-12-01T18:30'). */
export function toLocalInput(iso: string): string {
  const d = new Date(iso);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** A datetime-local value (the viewer's zone) as an ISO instant; null when empty or invalid. */
export function fromLocalInput(value: string): string | null {
  if (!value) return null;
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
}


function toInput(f: Fields): { input: AdminSessionCreateInput } | { errors: Errors } {
  const errors: Errors = {};
  const startsAt = fromLocalInput(f.startsAt);
  if (!startsAt) errors.startsAt = 'Choisissez une date et une heure.';
  const capacity = /^\d+$/.test(f.capacity.trim()) ? Number(f.capacity.trim()) : NaN;
  if (Number.isNaN(capacity)) errors.capacity = 'Entrez le nombre de places.';
  const d = f.duration.trim();
  const duration = d === '' ? null : /^\d+$/.test(d) ? Number(d) : NaN;
  if (Number.isNaN(duration)) errors.duration = 'Entrez une durée en minutes, ou laissez vide.';
  if (Object.keys(errors).length) return { errors };
  const input = { startsAt: startsAt!, capacity, durationMinutes: duration };
  const parsed = adminSessionCreateSchema.safeParse(input);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const key = issue.path[0] === 'durationMinutes' ? 'duration' : (issue.path[0] as keyof Fields);
      errors[key] ??= issue.message;
    }
    return { errors };
  }
  if (new Date(input.startsAt).getTime() <= Date.now()) return { errors: { startsAt: 'La séance doit commencer dans le futur.' } };
  return { input };
}

function serverErrors(error: ApiError): Errors {
  const f = error.fields ?? {};
  return { startsAt: f.startsAt, capacity: f.capacity, duration: f.durationMinutes };
}

function SessionFields({ fields, errors, onChange, idPrefix }: { fields: Fields; errors: Errors; onChange: (f: Fields) => void; idPrefix: string }) {
  return (
    <div className="grid gap-4 sm:grid-cols-3">
      <TextField
        label="Date et heure"
        type="datetime-local"
        name={`${idPrefix}-startsAt`}
        value={fields.startsAt}
        onChange={(e) => onChange({ ...fields, startsAt: e.target.value })}
        error={errors.startsAt}
        hint={`Heure de votre fuseau (${viewerTimeZoneName()}).`}
      />
      <TextField
        label="Places"
        type="number"
        inputMode="numeric"
        min={1}
        name={`${idPrefix}-capacity`}
        value={fields.capacity}
        onChange={(e) => onChange({ ...fields, capacity: e.target.value })}
        error={errors.capacity}
      />
      <TextField
        label="Durée (minutes)"
        type="number"
        inputMode="numeric"
        min={5}
        name={`${idPrefix}-duration`}
        value={fields.duration}
        onChange={(e) => onChange({ ...fields, duration: e.target.value })}
        error={errors.duration}
        hint="Vide : la durée du cours."
      />
    </div>
  );
}

function AddSession({ courseId }: { courseId: string }) {
  const add = useAddSession(courseId);
  const [fields, setFields] = useState<Fields>({ startsAt: '', capacity: '10', duration: '' });
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const result = toInput(fields);
    if ('errors' in result) return setErrors(result.errors);
    setErrors({});
    setFailure(null);
    add.mutate(result.input, {
      onSuccess: ({ session }) => {
        notifySuccess('Séance ajoutée !', formatSessionDateTime(session.startsAt));
        setFields({ startsAt: '', capacity: fields.capacity, duration: fields.duration });
      },
      onError: (error) => {
        setErrors(serverErrors(error));
        setFailure(error.message);
        notifyError("Erreur d'ajout de la séance", error.message);
      },
    });
  };

  return (
    <form noValidate onSubmit={submit} aria-label="Ajouter une séance" className="space-y-4 rounded-2xl border border-line bg-white p-4 sm:p-5">
      <h3 className="font-semibold text-ink">Ajouter une séance</h3>
      <SessionFields idPrefix="new" fields={fields} errors={errors} onChange={setFields} />
      {failure ? <FormAlert>{failure}</FormAlert> : null}
      <div className="flex justify-end">
        <Button type="submit" loading={add.isPending} className="w-full sm:w-auto">
          <CalendarPlus aria-hidden="true" className="size-4" />
          Ajouter la séance
        </Button>
      </div>
    </form>
  );
}

function EditSession({ courseId, session, onDone }: { courseId: string; session: AdminCourseSessionView; onDone: () => void }) {
  const edit = useEditSession(courseId);
  const [fields, setFields] = useState<Fields>({
    startsAt: toLocalInput(session.startsAt),
    capacity: String(session.capacity),
    duration: session.durationMinutes === null ? '' : String(session.durationMinutes),
  });
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const result = toInput(fields);
    if ('errors' in result) return setErrors(result.errors);
    setErrors({});
    setFailure(null);
    edit.mutate(
      { sessionId: session.id, input: result.input },
      {
        onSuccess: () => {
          notifySuccess('Séance mise à jour !');
          onDone();
        },
        onError: (error) => {
          const errs = serverErrors(error);
          // The seats-taken refusal belongs under the capacity field.
          if (error.code === 'CAPACITY_BELOW_SEATS') errs.capacity = error.message;
          setErrors(errs);
          setFailure(error.code === 'CAPACITY_BELOW_SEATS' ? null : error.message);
          notifyError('Erreur de mise à jour', error.message);
        },
      },
    );
  };

  return (
    <form noValidate onSubmit={submit} aria-label="Modifier la séance" className="mt-3 space-y-4 border-t border-line pt-4">
      <SessionFields idPrefix={session.id} fields={fields} errors={errors} onChange={setFields} />
      <p className="text-sm text-muted">{seatsLabel(session.seatsTaken, session.capacity)} prises : la capacité ne peut pas descendre plus bas.</p>
      {failure ? <FormAlert>{failure}</FormAlert> : null}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="ghost" onClick={onDone} disabled={edit.isPending}>
          Annuler
        </Button>
        <Button type="submit" loading={edit.isPending}>
          Enregistrer
        </Button>
      </div>
    </form>
  );
}

function SessionItem({ course, session }: { course: AdminCourseDetail; session: AdminCourseSessionView }) {
  const [editing, setEditing] = useState(false);
  const [cancelling, setCancelling] = useState(false);
  const cancelSession = useCancelCourseSession(course.id);
  const headingId = useId();
  const upcoming = session.status === 'scheduled' && new Date(session.startsAt).getTime() > Date.now();
  return (
    <li aria-labelledby={headingId} className="rounded-2xl border border-line bg-white p-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <p id={headingId} className="font-semibold text-ink">
            {formatSessionDateTime(session.startsAt)}
          </p>
          <p className="text-sm text-muted">
            {seatsLabel(session.seatsTaken, session.capacity)} prises
            {session.durationMinutes !== null ? ` · ${session.durationMinutes} min` : ''}
          </p>
          {session.status === 'cancelled' ? (
            <p className="mt-1 text-sm">
              <Badge tone="neutral">Annulée</Badge>
              {session.cancelReason ? <span className="ml-2 break-words text-muted">Raison : {session.cancelReason}</span> : null}
            </p>
          ) : !upcoming ? (
            <p className="mt-1">
              <Badge tone="neutral">Passée</Badge>
            </p>
          ) : null}
        </div>
        {upcoming && !editing ? (
          <div className="flex shrink-0 flex-wrap gap-2">
            <Button variant="secondary" size="sm" onClick={() => setEditing(true)}>
              <Pencil aria-hidden="true" className="size-4" />
              Modifier
            </Button>
            <SessionPrepKitButton sessionId={session.id} startsAt={session.startsAt} />
            <Button variant="ghost" size="sm" className="text-red-800 hover:bg-red-50 hover:text-red-900" onClick={() => setCancelling(true)}>
              <Ban aria-hidden="true" className="size-4" />
              Annuler la séance
            </Button>
          </div>
        ) : null}
      </div>
      {editing ? <EditSession courseId={course.id} session={session} onDone={() => setEditing(false)} /> : null}
      <SessionCancelDialog
        target={{ sessionId: session.id, courseTitle: course.title, startsAt: session.startsAt, seats: { taken: session.seatsTaken, capacity: session.capacity } }}
        cancel={cancelSession}
        open={cancelling}
        onClose={() => setCancelling(false)}
      />
    </li>
  );
}

export function CourseSessions({ course }: { course: AdminCourseDetail }) {
  const now = Date.now();
  const upcoming = course.sessions.filter((s) => s.status === 'scheduled' && new Date(s.startsAt).getTime() > now);
  const others = course.sessions.filter((s) => !upcoming.includes(s)).reverse();
  return (
    <div className="space-y-5">
      {upcoming.length === 0 ? (
        <p className="rounded-2xl border border-dashed border-line p-4 text-muted">Aucune séance à venir. Ajoutez-en une ci-dessous.</p>
      ) : (
        <ul className="space-y-3" aria-label="Séances à venir">
          {upcoming.map((s) => (
            <SessionItem key={s.id} course={course} session={s} />
          ))}
        </ul>
      )}
      <AddSession courseId={course.id} />
      {others.length > 0 ? (
        <details className="rounded-2xl border border-line bg-white p-4">
          <summary className="cursor-pointer font-semibold text-ink">Séances passées ou annulées ({others.length})</summary>
          <ul className="mt-3 space-y-3">
            {others.map((s) => (
              <SessionItem key={s.id} course={course} session={s} />
            ))}
          </ul>
        </details>
      ) : null}
    </div>
  );
}
