// The Réservations tab's rows: one per session, never one per seat — the course, when, the seats
// taken against the capacity (« 8 / 10 », with the confirmed and the holds), the cancellations,
// whether the video link is set, and the way to its roster « Liste des participants » (where the
// link, the recording, the CSV and « Écrire aux participants » are). A table on wide screens,
// cards on phones.
import { ChevronRight, Video } from 'lucide-react';
import { Link } from 'react-router';
import type { AdminBookingSession } from '@shared/schemas/admin-bookings';
import { Badge } from '@client/components/ui/Badge';
import { sessionWhen } from '@client/lib/session-when';

const rosterPath = (s: AdminBookingSession) => `/admin/seances/${encodeURIComponent(s.id)}`;

function Seats({ session: s }: { session: AdminBookingSession }) {
  return (
    <span className="block shrink-0 text-right md:text-left">
      <span className="text-lg font-semibold text-ink">
        {s.seatsTaken} / {s.capacity}
      </span>
      <span className="sr-only"> places prises</span>
      <span className="block text-xs text-muted">
        {s.confirmed} confirmée{s.confirmed > 1 ? 's' : ''}
        {s.holds ? `, ${s.holds} en attente` : ''}
        {s.cancelled ? `, ${s.cancelled} annulée${s.cancelled > 1 ? 's' : ''}` : ''}
      </span>
    </span>
  );
}

function StateBadge({ session: s }: { session: AdminBookingSession }) {
  if (s.status === 'cancelled') return <Badge tone="neutral">Séance annulée</Badge>;
  return (
    <Badge tone={s.hasVideoLink ? 'brand' : 'neutral'}>
      <Video aria-hidden="true" className="size-3.5" />
      <span className="sr-only">Lien de la visioconférence : </span>
      {s.hasVideoLink ? 'Lien disponible' : 'En attente'}
    </Badge>
  );
}

function RosterLink({ session: s }: { session: AdminBookingSession }) {
  return (
    <Link
      to={rosterPath(s)}
      className="inline-flex min-h-11 items-center gap-1 font-semibold text-brand-800 underline-offset-4 hover:underline"
      aria-label={`Liste des participants — ${s.courseTitle}, ${sessionWhen(s.startsAt)}`}
    >
      Liste des participants
      <ChevronRight aria-hidden="true" className="size-4" />
    </Link>
  );
}

export function SessionsList({ sessions }: { sessions: AdminBookingSession[] }) {
  return (
    <>
      <div className="hidden overflow-hidden rounded-2xl border border-line bg-white shadow-sm md:block">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Séances réservées, par date</caption>
          <thead className="border-b border-line bg-cream text-xs uppercase tracking-wide text-muted">
            <tr>
              <th scope="col" className="px-4 py-3 font-semibold">Cours et séance</th>
              <th scope="col" className="px-4 py-3 font-semibold">Places prises</th>
              <th scope="col" className="px-4 py-3 font-semibold">Visioconférence</th>
              <th scope="col" className="px-4 py-3 font-semibold">
                <span className="sr-only">Participants</span>
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-line">
            {sessions.map((s) => (
              <tr key={s.id} className="align-top hover:bg-brand-50/40">
                <td className="px-4 py-3">
                  <span className="block font-semibold text-ink">{s.courseTitle}</span>
                  <span className="mt-0.5 block text-muted">{sessionWhen(s.startsAt)}</span>
                </td>
                <td className="px-4 py-3">
                  <Seats session={s} />
                </td>
                <td className="px-4 py-3">
                  <StateBadge session={s} />
                </td>
                <td className="px-4 py-1 text-right">
                  <RosterLink session={s} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      <ul className="space-y-3 md:hidden" aria-label="Séances réservées">
        {sessions.map((s) => (
          <li key={s.id} className="rounded-2xl border border-line bg-white p-4 shadow-sm">
            <div className="flex items-start justify-between gap-3">
              <div>
                <p className="font-semibold text-ink">{s.courseTitle}</p>
                <p className="mt-0.5 text-sm text-muted">{sessionWhen(s.startsAt)}</p>
              </div>
              <Seats session={s} />
            </div>
            <div className="mt-2 flex flex-wrap items-center justify-between gap-2">
              <StateBadge session={s} />
              <RosterLink session={s} />
            </div>
          </li>
        ))}
      </ul>
    </>
  );
}
