// A live course's sessions: the upcoming ones (seats taken out of capacity), adding one, changing
// one's capacity, time or length, and cancelling one through the live-classes flow (every attendee
// refunded in full and told by e-mail). A capacity below the seats already taken is refused by the
// server under the session's lock; its message is shown under the field. Moving a session that has
// attendees asks first, saying how many will be told by e-mail; a session at the same time as another
// of the chef's is refused by the server (SESSION_OVERLAP) until the chef confirms; a new session can
// repeat weekly for N weeks, created all at once or not at all.
import { Ban, CalendarPlus, Pencil } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { MAX_REPEAT_WEEKS, MAX_SEATS_PER_BOOKING, MINIMUM_CHECK_HOURS } from '@shared/booking';
import { useMinimumPolicy } from '@client/features/admin-bookings/api';
import { formatSessionDateTime } from '@shared/format';
import {
  adminSessionCreateSchema,
  MIN_SEATS_ABOVE_CAPACITY,
  type AdminCourseDetail,
  type AdminCourseSessionView,
  type AdminSessionCreateInput,
  type AdminSessionEditInput,
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
import { runMutation } from '@client/lib/run-mutation';

type Fields = { startsAt: string; capacity: string; minSeats: string; maxPerBooking: string; duration: string; weeks?: string };
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
  const m = f.minSeats.trim();
  const minSeats = m === '' ? 0 : /^\d+$/.test(m) ? Number(m) : NaN;
  if (Number.isNaN(minSeats)) errors.minSeats = "Entrez le minimum d'inscriptions (0 = aucun minimum).";
  else if (!errors.capacity && minSeats > capacity) errors.minSeats = MIN_SEATS_ABOVE_CAPACITY;
  const mp = f.maxPerBooking.trim();
  const maxSeatsPerBooking = /^\d+$/.test(mp) ? Number(mp) : NaN;
  if (Number.isNaN(maxSeatsPerBooking)) errors.maxPerBooking = `Entrez un nombre de places par réservation (1 à ${MAX_SEATS_PER_BOOKING}).`;
  const d = f.duration.trim();
  const duration = d === '' ? null : /^\d+$/.test(d) ? Number(d) : NaN;
  if (Number.isNaN(duration)) errors.duration = 'Entrez une durée en minutes, ou laissez vide.';
  const w = (f.weeks ?? '1').trim();
  const weeks = /^\d+$/.test(w) ? Number(w) : NaN;
  if (Number.isNaN(weeks)) errors.weeks = 'Entrez un nombre de semaines.';
  if (Object.keys(errors).length) return { errors };
  const input: AdminSessionCreateInput = { startsAt: startsAt!, capacity, minSeats, maxSeatsPerBooking, durationMinutes: duration, ...(weeks > 1 || weeks < 1 ? { repeatWeeks: weeks } : {}) };
  const parsed = adminSessionCreateSchema.safeParse(input);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const key = issue.path[0] === 'durationMinutes' ? 'duration' : issue.path[0] === 'repeatWeeks' ? 'weeks' : issue.path[0] === 'maxSeatsPerBooking' ? 'maxPerBooking' : (issue.path[0] as keyof Fields);
      errors[key] ??= issue.message;
    }
    return { errors };
  }
  if (new Date(input.startsAt).getTime() <= Date.now()) return { errors: { startsAt: 'La séance doit commencer dans le futur.' } };
  return { input };
}

function serverErrors(error: ApiError): Errors {
  const f = error.fields ?? {};
  return { startsAt: f.startsAt, capacity: f.capacity, minSeats: f.minSeats, maxPerBooking: f.maxSeatsPerBooking, duration: f.durationMinutes, weeks: f.repeatWeeks };
}

/** « 6 participants seront prévenus par courriel » */
export function toldLabel(n: number): string {
  return n === 1 ? '1 participant sera prévenu par courriel' : `${n} participants seront prévenus par courriel`;
}

/** A question the chef answers before the save goes on: a move that tells people, an overlap. */
function ConfirmPanel({ title, text, confirmLabel, pending, onConfirm, onBack }: { title: string; text: string; confirmLabel: string; pending: boolean; onConfirm: () => void; onBack: () => void }) {
  const titleId = useId();
  return (
    <div role="group" aria-labelledby={titleId} className="space-y-3 rounded-2xl border border-saffron/60 bg-saffron/10 p-4">
      <p id={titleId} className="font-semibold text-ink">
        {title}
      </p>
      <p className="text-ink">{text}</p>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="ghost" onClick={onBack} disabled={pending}>
          Revenir
        </Button>
        <Button onClick={onConfirm} loading={pending}>
          {confirmLabel}
        </Button>
      </div>
    </div>
  );
}

function SessionFields({ fields, errors, onChange, idPrefix }: { fields: Fields; errors: Errors; onChange: (f: Fields) => void; idPrefix: string }) {
  // The school's setting (Réservations › « Minimum d'inscriptions »); its default until it is read.
  const checkHours = useMinimumPolicy().data?.checkHours ?? MINIMUM_CHECK_HOURS;
  return (
    <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
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
        label="Minimum d'inscriptions"
        type="number"
        inputMode="numeric"
        min={0}
        name={`${idPrefix}-minSeats`}
        value={fields.minSeats}
        onChange={(e) => onChange({ ...fields, minSeats: e.target.value })}
        error={errors.minSeats}
        hint={`0 = aucun minimum. S’il n’est pas atteint ${checkHours} h avant, on vous demandera de maintenir ou d’annuler la séance.`}
      />
      <TextField
        label="Maximum par réservation"
        type="number"
        inputMode="numeric"
        min={1}
        max={MAX_SEATS_PER_BOOKING}
        name={`${idPrefix}-maxPerBooking`}
        value={fields.maxPerBooking}
        onChange={(e) => onChange({ ...fields, maxPerBooking: e.target.value })}
        error={errors.maxPerBooking}
        hint={`Places qu’une même réservation peut prendre (1 à ${MAX_SEATS_PER_BOOKING}).`}
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
      {fields.weeks !== undefined ? (
        <TextField
          label="Chaque semaine, pendant"
          type="number"
          inputMode="numeric"
          min={1}
          max={MAX_REPEAT_WEEKS}
          name={`${idPrefix}-weeks`}
          value={fields.weeks}
          onChange={(e) => onChange({ ...fields, weeks: e.target.value })}
          error={errors.weeks}
          hint={`Semaines (1 : une seule séance ; au plus ${MAX_REPEAT_WEEKS}).`}
        />
      ) : null}
    </div>
  );
}

function AddSession({ courseId }: { courseId: string }) {
  const add = useAddSession(courseId);
  const [fields, setFields] = useState<Fields>({ startsAt: '', capacity: '10', minSeats: '0', maxPerBooking: String(MAX_SEATS_PER_BOOKING), duration: '', weeks: '1' });
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [overlap, setOverlap] = useState<{ message: string; input: AdminSessionCreateInput } | null>(null);

  const save = (input: AdminSessionCreateInput) => {
    setErrors({});
    setFailure(null);
    runMutation(add, input, {
      onSuccess: ({ session, sessions }) => {
        setOverlap(null);
        const n = sessions?.length ?? 1;
        notifySuccess(n > 1 ? `${n} séances ajoutées !` : 'Séance ajoutée !', n > 1 ? `Chaque semaine à partir du ${formatSessionDateTime(session.startsAt)}` : formatSessionDateTime(session.startsAt));
        setFields({ startsAt: '', capacity: fields.capacity, minSeats: fields.minSeats, maxPerBooking: fields.maxPerBooking, duration: fields.duration, weeks: '1' });
      },
      onError: (error) => {
        if (error.code === 'SESSION_OVERLAP') return setOverlap({ message: error.message, input });
        setOverlap(null);
        setErrors(serverErrors(error));
        setFailure(error.message);
        notifyError("Erreur d'ajout de la séance", error.message);
      },
    });
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const result = toInput(fields);
    if ('errors' in result) return setErrors(result.errors);
    save(result.input);
  };

  return (
    <form noValidate onSubmit={submit} aria-label="Ajouter une séance" className="space-y-4 rounded-2xl border border-line bg-white p-4 sm:p-5">
      <h3 className="font-semibold text-ink">Ajouter une séance</h3>
      <SessionFields idPrefix="new" fields={fields} errors={errors} onChange={setFields} />
      {failure ? <FormAlert>{failure}</FormAlert> : null}
      {overlap ? (
        <ConfirmPanel
          title="Une autre séance au même moment"
          text={overlap.message}
          confirmLabel="Programmer quand même"
          pending={add.isPending}
          onConfirm={() => save({ ...overlap.input, confirmOverlap: true })}
          onBack={() => setOverlap(null)}
        />
      ) : (
        <div className="flex justify-end">
          <Button type="submit" loading={add.isPending} className="w-full sm:w-auto">
            <CalendarPlus aria-hidden="true" className="size-4" />
            {Number(fields.weeks) > 1 ? `Ajouter ${fields.weeks} séances` : 'Ajouter la séance'}
          </Button>
        </div>
      )}
    </form>
  );
}

type EditInput = AdminSessionEditInput;

function EditSession({ courseId, session, onDone }: { courseId: string; session: AdminCourseSessionView; onDone: () => void }) {
  const edit = useEditSession(courseId);
  const [fields, setFields] = useState<Fields>({
    startsAt: toLocalInput(session.startsAt),
    capacity: String(session.capacity),
    minSeats: String(session.minSeats),
    maxPerBooking: String(session.maxSeatsPerBooking),
    duration: session.durationMinutes === null ? '' : String(session.durationMinutes),
  });
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<string | null>(null);
  // What waits for the chef's yes: a move that tells the attendees, or an overlap.
  const [question, setQuestion] = useState<{ kind: 'move' | 'overlap'; message: string; input: EditInput } | null>(null);

  const save = (input: EditInput) => {
    setErrors({});
    setFailure(null);
    runMutation(edit,
      { sessionId: session.id, input },
      {
        onSuccess: () => {
          const moved = input.startsAt !== undefined && session.attendees > 0;
          notifySuccess('Séance mise à jour !', moved ? `${toldLabel(session.attendees).replace('seront prévenus', 'ont été prévenus').replace('sera prévenu', 'a été prévenu')}.` : undefined);
          setQuestion(null);
          onDone();
        },
        onError: (error) => {
          if (error.code === 'SESSION_OVERLAP') return setQuestion({ kind: 'overlap', message: error.message, input });
          setQuestion(null);
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

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const result = toInput(fields);
    if ('errors' in result) return setErrors(result.errors);
    // The field shows minutes: an untouched field keeps the start as it is (to the second), not a move.
    const moves = fields.startsAt !== toLocalInput(session.startsAt);
    const { repeatWeeks: _weeks, startsAt, ...rest } = result.input;
    const input: EditInput = moves ? { ...rest, startsAt } : rest;
    if (moves && session.attendees > 0) {
      return setQuestion({
        kind: 'move',
        message: `${toldLabel(session.attendees)} : le nouvel horaire, l’invitation de calendrier mise à jour et la possibilité d’annuler avec un remboursement complet. ${session.attendees > 1 ? 'Leurs rappels suivront' : 'Ses rappels suivront'} la nouvelle heure.`,
        input,
      });
    }
    save(input);
  };

  return (
    <form noValidate onSubmit={submit} aria-label="Modifier la séance" className="mt-3 space-y-4 border-t border-line pt-4">
      <SessionFields idPrefix={session.id} fields={fields} errors={errors} onChange={setFields} />
      <p className="text-sm text-muted">{seatsLabel(session.seatsTaken, session.capacity)} prises : la capacité ne peut pas descendre plus bas.</p>
      {failure ? <FormAlert>{failure}</FormAlert> : null}
      {question ? (
        <ConfirmPanel
          title={question.kind === 'move' ? 'Déplacer la séance ?' : 'Une autre séance au même moment'}
          text={question.message}
          confirmLabel={question.kind === 'move' ? 'Déplacer et prévenir' : 'Enregistrer quand même'}
          pending={edit.isPending}
          onConfirm={() => save(question.kind === 'overlap' ? { ...question.input, confirmOverlap: true } : question.input)}
          onBack={() => setQuestion(null)}
        />
      ) : (
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="ghost" onClick={onDone} disabled={edit.isPending}>
            Annuler
          </Button>
          <Button type="submit" loading={edit.isPending}>
            Enregistrer
          </Button>
        </div>
      )}
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
            {/* Bookings, not seats: a booking may hold several (docs/decisions/0047). */}
            {session.attendees > 0 ? ` · ${session.attendees} réservation${session.attendees > 1 ? 's' : ''} confirmée${session.attendees > 1 ? 's' : ''}` : ''}
            {session.minSeats > 0 ? ` · minimum ${session.minSeats}` : ''}
            {session.maxSeatsPerBooking < MAX_SEATS_PER_BOOKING ? ` · au plus ${session.maxSeatsPerBooking} par réservation` : ''}
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
