// Under a learner's calendar: the confirmed classes of the period shown, each with a way to its
// booking's own page (docs/decisions/0052) — « Détails du cours » stays one click on the event.
import { ChevronRight } from 'lucide-react';
import { Link } from 'react-router';
import { seatsLabel } from '@shared/booking';
import type { ReservationView } from '@shared/schemas/reservations';
import { sessionWhen } from '@client/lib/session-when';

export function BookingLinks({ reservations }: { reservations: ReservationView[] }) {
  const confirmed = reservations.filter((r) => r.status === 'confirmed' && r.sessionStatus === 'scheduled');
  if (confirmed.length === 0) return null;
  return (
    <section aria-labelledby="booking-links-title" className="mt-6">
      <h2 id="booking-links-title" className="mb-3 text-xl text-ink">
        Mes réservations de cette période
      </h2>
      <ul className="divide-y divide-line overflow-hidden rounded-2xl border border-line bg-white shadow-sm">
        {confirmed.map((r) => (
          <li key={r.id}>
            <Link to={`/reservations/${encodeURIComponent(r.id)}`} className="flex min-h-14 items-center gap-3 px-4 py-3 hover:bg-cream focus-visible:bg-cream">
              <span className="min-w-0 flex-1">
                <span className="block font-semibold text-ink">{r.courseTitle}</span>
                <span className="block text-sm text-muted">
                  {sessionWhen(r.startsAt)}
                  {r.seats > 1 ? ` · ${seatsLabel(r.seats)}` : ''}
                </span>
              </span>
              <span className="hidden text-sm font-semibold text-brand-700 sm:inline">Voir ma réservation</span>
              <ChevronRight aria-hidden="true" className="size-5 shrink-0 text-brand-700" />
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
