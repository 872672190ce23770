// The upcoming sessions of a live course to choose from (the built-in scheduling that replaces the
// spec's widget): when, in the viewer's own zone with the zone named, how long, seats left. A full
// session reads 'Complet' and cannot be chosen; nor can one without room for the seats asked (its
// seats left, or its « places par réservation »); while one is being held, none can.
import { ArrowRight, CalendarDays, Clock, Users } from 'lucide-react';
import { formatDuration, formatSessionDateTime } from '@shared/format';
import type { SessionSummary } from '@shared/schemas/public';
import { Badge } from '@client/components/ui/Badge';
import { Spinner } from '@client/components/ui/Spinner';
import { cn } from '@client/lib/cn';

export function seatsLeftLabel(seatsLeft: number): string {
  return seatsLeft === 1 ? '1 place restante' : `${seatsLeft} places restantes`;
}

type SessionPickerProps = {
  sessions: SessionSummary[];
  /** The seats the learner asks for in one booking (1 when absent). */
  seats?: number;
  /** The session whose seat is being held right now, if any. */
  pendingId: string | null;
  onChoose: (session: SessionSummary) => void;
};

/** Why a session that is not full cannot take `seats` seats in one booking; null when it can. */
export function tooFewSeats(s: SessionSummary, seats: number): string | null {
  if (seats <= 1 || s.seatsLeft <= 0) return null;
  if (s.maxSeatsPerBooking < seats) return `Au plus ${s.maxSeatsPerBooking} par réservation`;
  if (s.seatsLeft < seats) return `Pas assez de places pour ${seats}`;
  return null;
}

export function SessionPicker({ sessions, seats = 1, pendingId, onChoose }: SessionPickerProps) {
  if (sessions.length === 0) {
    return (
      <p className="rounded-2xl border border-dashed border-line bg-white/60 p-5 text-muted">
        Aucune séance n'est prévue pour le moment. Revenez bientôt !
      </p>
    );
  }
  const busy = pendingId !== null;
  return (
    <ul className="grid gap-3 sm:grid-cols-2" aria-label="Séances à venir">
      {sessions.map((s) => {
        const full = s.seatsLeft <= 0;
        const short = tooFewSeats(s, seats);
        const closed = full || short !== null;
        const pending = s.id === pendingId;
        const when = formatSessionDateTime(s.startsAt);
        const duration = formatDuration(s.durationMinutes);
        return (
          <li key={s.id}>
            <button
              type="button"
              disabled={closed || busy}
              aria-busy={pending || undefined}
              onClick={() => onChoose(s)}
              className={cn(
                'flex h-full w-full flex-col gap-3 rounded-2xl border bg-white p-4 text-left shadow-sm transition-colors sm:p-5',
                closed
                  ? 'cursor-not-allowed border-line bg-cream/70 text-muted shadow-none'
                  : 'border-line hover:border-brand-600 hover:bg-brand-50/60 disabled:cursor-wait',
                pending && 'border-brand-700 ring-2 ring-brand-600/40',
                busy && !pending && !closed && 'opacity-60',
              )}
            >
              <span className="flex items-start gap-2 font-semibold text-ink">
                <CalendarDays aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-brand-700" />
                {/* Read out as 'Choisir la séance du …'; the visible 'Choisir' below is for the eye. */}
                {closed ? null : <span className="sr-only">Choisir la séance du </span>}
                <time dateTime={s.startsAt} className={cn('first-letter:uppercase', closed && 'text-muted')}>
                  {when}
                </time>
              </span>
              <span className="flex flex-wrap items-center gap-x-4 gap-y-1 pl-6 text-sm text-muted">
                <span className="inline-flex items-center gap-1.5">
                  <Clock aria-hidden="true" className="size-3.5 shrink-0" />
                  {duration}
                </span>
                <span className="inline-flex items-center gap-1.5">
                  <Users aria-hidden="true" className="size-3.5 shrink-0" />
                  {full ? `${s.capacity} places, toutes réservées` : seatsLeftLabel(s.seatsLeft)}
                </span>
              </span>
              <span className="mt-auto flex items-center justify-between gap-2 pl-6">
                {full ? <Badge tone="dark">Complet</Badge> : short ? <Badge tone="neutral">{short}</Badge> : s.seatsLeft <= 3 ? <Badge tone="saffron">Presque complet</Badge> : <span />}
                {closed ? null : pending ? (
                  <span className="inline-flex items-center gap-2 text-sm font-semibold text-brand-800">
                    <Spinner className="size-4" />
                    Réservation de votre place…
                  </span>
                ) : (
                  <span aria-hidden="true" className="inline-flex items-center gap-1 text-sm font-semibold text-brand-700">
                    Choisir
                    <ArrowRight aria-hidden="true" className="size-4" />
                  </span>
                )}
              </span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}
