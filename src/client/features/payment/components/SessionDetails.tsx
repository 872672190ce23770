// The live session being paid for, in place of the spec's widget details: when (the viewer's zone,
// named), how long, the time left on the seat held for this payment, and a way to choose another.
import { CalendarDays, Clock, Timer, Users } from 'lucide-react';
import { seatsLine } from '@shared/booking';
import { formatDuration, formatSessionDateTime } from '@shared/format';
import type { SessionSummary } from '@shared/schemas/public';
import { Button } from '@client/components/ui/Button';
import { cn } from '@client/lib/cn';
import { formatCountdown, holdAnnouncement, HOLD_WARNING_MS } from '../hold-countdown';

type SessionDetailsProps = {
  session: SessionSummary | null;
  /** Time left on the hold; null when there is none to count (unknown, or lapsed). */
  remainingMs: number | null;
  onChange?: () => void;
  changing?: boolean;
  /** Seats of the booking and its guests' first names (a booking of several, docs/decisions/0047). */
  seats?: number;
  guests?: string[];
};


export function SessionDetails({ session, remainingMs, onChange, changing = false, seats = 1, guests = [] }: SessionDetailsProps) {
  const urgent = remainingMs !== null && remainingMs <= HOLD_WARNING_MS;
  return (
    <section aria-labelledby="session-title" className="rounded-2xl border border-line bg-white p-5 shadow-sm sm:p-6">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <h2 id="session-title" className="text-xl font-semibold text-ink">
            Votre séance
          </h2>
          {session ? (
            <>
              <p className="mt-3 flex items-start gap-2 font-semibold text-ink">
                <CalendarDays aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-brand-700" />
                <time dateTime={session.startsAt} className="first-letter:uppercase">
                  {formatSessionDateTime(session.startsAt)}
                </time>
              </p>
              <p className="mt-1 flex items-center gap-2 text-sm text-muted">
                <Clock aria-hidden="true" className="size-4 shrink-0" />
                Durée : {formatDuration(session.durationMinutes)}
              </p>
              {seats > 1 ? (
                <p className="mt-1 flex items-center gap-2 text-sm text-muted">
                  <Users aria-hidden="true" className="size-4 shrink-0" />
                  {seatsLine(seats, guests)}
                </p>
              ) : null}
            </>
          ) : (
            <p className="mt-2 text-sm text-muted">La séance choisie figure dans votre commande ci-dessous.</p>
          )}
        </div>
        {onChange ? (
          <Button variant="secondary" size="sm" className="shrink-0 self-start" loading={changing} onClick={onChange}>
            Changer de séance
          </Button>
        ) : null}
      </div>
      {remainingMs !== null ? (
        <p
          className={cn(
            'mt-4 flex items-center gap-2 rounded-xl px-4 py-3 text-sm',
            urgent ? 'border border-red-200 bg-red-50 text-red-900' : 'border border-saffron/60 bg-saffron/10 text-ink',
          )}
        >
          <Timer aria-hidden="true" className="size-4 shrink-0 text-brand-700" />
          <span>
            {seats > 1 ? 'Vos places sont réservées' : 'Votre place est réservée'} pendant encore{' '}
            <span role="timer" aria-live="off" className="font-semibold tabular-nums">
              {formatCountdown(remainingMs)}
            </span>
          </span>
          <span className="sr-only" aria-live="polite">
            {holdAnnouncement(remainingMs)}
          </span>
        </p>
      ) : null}
    </section>
  );
}
