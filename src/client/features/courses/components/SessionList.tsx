// The upcoming sessions of a live course: when (in the viewer's own zone, named) and seats left.
import { CalendarDays, Clock } from 'lucide-react';
import { formatDuration, formatSessionDateTime } from '@shared/format';
import type { SessionSummary } from '@shared/schemas/public';
import { Link } from 'react-router';
import { Badge } from '@client/components/ui/Badge';
import { useDisplayTimeZone } from '@client/lib/use-time-zone';

export function seatsLabel(seatsLeft: number): string {
  return seatsLeft === 1 ? '1 place restante' : `${seatsLeft} places restantes`;
}

/** `courseId`: a full session links to the booking page's « Liste d'attente » (signed out: sign in, then back there). */
export function SessionList({ sessions, courseId }: { sessions: SessionSummary[]; courseId?: string }) {
  const timeZone = useDisplayTimeZone();
  if (sessions.length === 0) {
    return <p className="rounded-xl border border-dashed border-line bg-white/60 p-4 text-muted">Aucune séance n'est prévue pour le moment. Revenez bientôt !</p>;
  }
  return (
    <ul className="divide-y divide-line overflow-hidden rounded-2xl border border-line bg-white">
      {sessions.map((s) => {
        const full = s.seatsLeft <= 0;
        return (
          <li key={s.id} className="flex flex-col gap-2 p-4 sm:flex-row sm:items-center sm:justify-between">
            <div className="min-w-0">
              <p className="flex items-start gap-2 font-semibold text-ink">
                <CalendarDays aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-brand-700" />
                {/* Intl formats in the browser's zone and names it (e.g. HNE), as DESIGN.md asks (the server's HTML: the chef's). */}
                <time dateTime={s.startsAt} className="first-letter:uppercase">
                  {formatSessionDateTime(s.startsAt, timeZone)}
                </time>
              </p>
              <p className="mt-1 flex items-center gap-2 pl-6 text-sm text-muted">
                <Clock aria-hidden="true" className="size-3.5 shrink-0" />
                {formatDuration(s.durationMinutes)}
              </p>
            </div>
            <div className="pl-6 sm:pl-0">
              {full ? (
                <span className="flex flex-wrap items-center gap-3">
                  <Badge tone="dark">Complet</Badge>
                  {courseId ? (
                    <Link to={`/booking/${encodeURIComponent(courseId)}#liste-attente`} className="text-sm font-semibold text-brand-700 underline-offset-4 hover:underline">
                      Liste d’attente
                    </Link>
                  ) : null}
                </span>
              ) : (
                <Badge tone={s.seatsLeft <= 3 ? 'saffron' : 'brand'}>{seatsLabel(s.seatsLeft)}</Badge>
              )}
            </div>
          </li>
        );
      })}
    </ul>
  );
}
