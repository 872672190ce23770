// One page of reservations: a table on wide screens, cards on phones (five columns do not fit
// 390 px). Each shows the course, the session's date and time with its zone, the client, the
// status ('Cours confirmé' green, 'En attente de paiement' yellow, the ended ones grey), whether
// the session's link is set ('Lien disponible' / 'En attente') and the button to set or change it.
import { Link2, Pencil, Video } from 'lucide-react';
import type { AdminBooking } from '@shared/schemas/admin-bookings';
import { Badge } from '@client/components/ui/Badge';
import { Button } from '@client/components/ui/Button';
import { sessionWhen } from '@client/lib/session-when';
import { BOOKING_STATUS_LABELS, BOOKING_STATUS_TONES, CANCEL_REASON_LABELS } from '../labels';

type ListProps = { bookings: AdminBooking[]; onEditLink: (booking: AdminBooking) => void };

const clockFormat = new Intl.DateTimeFormat('fr-CA', { hour: '2-digit', minute: '2-digit' });

function StatusBadge({ booking }: { booking: AdminBooking }) {
  return <Badge tone={BOOKING_STATUS_TONES[booking.status]}>{BOOKING_STATUS_LABELS[booking.status]}</Badge>;
}

/** Why it ended, or until when an unpaid hold keeps the seat. */
function StatusNote({ booking }: { booking: AdminBooking }) {
  const note =
    booking.status === 'cancelled' && booking.cancelReason
      ? CANCEL_REASON_LABELS[booking.cancelReason]
      : booking.holdExpiresAt
        ? `Place retenue jusqu'à ${clockFormat.format(new Date(booking.holdExpiresAt)).replace(/ /g, '\u00a0')}`
        : null;
  return note ? <span className="mt-1 block text-xs text-muted">{note}</span> : null;
}

function LinkBadge({ booking }: { booking: AdminBooking }) {
  const available = booking.videoLink !== null;
  return (
    <Badge tone={available ? 'brand' : 'neutral'}>
      <Video aria-hidden="true" className="size-3.5" />
      <span className="sr-only">Lien de la visioconférence : </span>
      {available ? 'Lien disponible' : 'En attente'}
    </Badge>
  );
}

/** A cancelled or ended session takes no link (the server refuses it). */
function EditLinkButton({ booking, onEditLink }: { booking: AdminBooking; onEditLink: ListProps['onEditLink'] }) {
  if (booking.sessionStatus !== 'scheduled') return <span className="text-sm text-muted">Séance annulée</span>;
  // Once the session has ended its link is frozen (the server answers 409): the recording takes over.
  if (Date.parse(booking.endsAt) <= Date.now()) return <span className="text-sm text-muted">Séance terminée</span>;
  const has = booking.videoLink !== null;
  return (
    <Button
      variant="secondary"
      size="sm"
      onClick={() => onEditLink(booking)}
      // Several rows share a session: the name says which one the button is for.
      aria-label={`${has ? 'Modifier le lien' : 'Ajouter le lien'} — ${booking.courseTitle}, ${sessionWhen(booking.startsAt)}, ${booking.clientName || 'N/A'}`}
    >
      {has ? <Pencil aria-hidden="true" className="size-4" /> : <Link2 aria-hidden="true" className="size-4" />}
      {has ? 'Modifier le lien' : 'Ajouter le lien'}
    </Button>
  );
}

export function BookingsList({ bookings, onEditLink }: ListProps) {
  return (
    <>
      <div className="hidden overflow-hidden rounded-2xl border border-line bg-white shadow-sm md:block">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Réservations, par date de séance</caption>
          <thead className="border-b border-line bg-cream text-xs uppercase tracking-wide text-muted">
            <tr>
              <th scope="col" className="px-4 py-3 font-semibold">Cours et séance</th>
              <th scope="col" className="px-4 py-3 font-semibold">Client</th>
              <th scope="col" className="px-4 py-3 font-semibold">Statut</th>
              <th scope="col" className="px-4 py-3 font-semibold">Visioconférence</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-line">
            {bookings.map((booking) => (
              <tr key={booking.id} className="align-top hover:bg-brand-50/40">
                <td className="px-4 py-3">
                  <span className="block font-semibold text-ink">{booking.courseTitle}</span>
                  <span className="mt-0.5 block text-muted">{sessionWhen(booking.startsAt)}</span>
                </td>
                <td className="px-4 py-3">
                  <span className="block font-medium text-ink">{booking.clientName || 'N/A'}</span>
                  <span className="block break-all text-muted">{booking.clientEmail}</span>
                </td>
                <td className="px-4 py-3">
                  <StatusBadge booking={booking} />
                  <StatusNote booking={booking} />
                </td>
                <td className="px-4 py-3">
                  <div className="flex flex-col items-start gap-2">
                    <LinkBadge booking={booking} />
                    <EditLinkButton booking={booking} onEditLink={onEditLink} />
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      <ul className="space-y-3 md:hidden" aria-label="Réservations">
        {bookings.map((booking) => (
          <li key={booking.id} className="rounded-2xl border border-line bg-white p-4 shadow-sm">
            <p className="font-semibold text-ink">{booking.courseTitle}</p>
            <p className="mt-0.5 text-sm text-muted">{sessionWhen(booking.startsAt)}</p>
            <p className="mt-3 text-ink">
              {booking.clientName || 'N/A'}
              <span className="block break-all text-sm text-muted">{booking.clientEmail}</span>
            </p>
            <div className="mt-3 flex flex-wrap gap-2">
              <StatusBadge booking={booking} />
              <LinkBadge booking={booking} />
            </div>
            <StatusNote booking={booking} />
            <div className="mt-4">
              <EditLinkButton booking={booking} onEditLink={onEditLink} />
            </div>
          </li>
        ))}
      </ul>
    </>
  );
}
