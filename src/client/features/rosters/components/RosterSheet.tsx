// The roster itself, on screen and on paper (data-roster-print: styles.css): the session — course,
// date and time, seats taken / capacity — then who comes (name, e-mail, seats, servings, what they
// paid, booked when, dietary needs and their sum), the holds still running and the cancellations with their refund. The guest
// chef's view has names, seats and servings only (docs/decisions/0033-rosters.md). Wide screens
// and paper get tables; phones get cards.
import { Clock, UsersRound } from 'lucide-react';
import type { ReactNode } from 'react';
import { CHEF_TIME_ZONE, formatClock, formatDuration, formatPrice, formatShortDateTime } from '@shared/format';
import type { ReservationCancelReason } from '@shared/schemas/reservations';
import type { RosterRefundState, RosterResponse } from '@shared/schemas/rosters';
import { Badge, type BadgeTone } from '@client/components/ui/Badge';
import { sessionWhen } from '@client/lib/session-when';
import { TransferAction } from './TransferAction';
import { useDisplayTimeZone } from '@client/lib/use-time-zone';
import { AttendeeNeeds, NeedsSummary } from './AttendeeNeeds';

// Times in the zone useDisplayTimeZone gives: the chef's in the server's render (decision 0045) and
// the hydration that adopts it, the viewer's right after; written by hand (no Intl to load).
type Zone = ReturnType<typeof useDisplayTimeZone>;
const asZone = (zone: Zone) => (zone === undefined ? undefined : CHEF_TIME_ZONE);
/** '12 nov., 14 h 05', kept on one line. */
const when = (iso: string | null, zone: Zone) => formatShortDateTime(iso, asZone(zone));

const CANCEL_REASONS: Record<ReservationCancelReason, string> = {
  learner_refunded: 'Annulée par le client',
  learner_no_refund: 'Annulée par le client (moins de 48 h)',
  admin_refunded: 'Remboursée par l’administration',
  session_cancelled: 'Séance annulée',
  no_seat: 'Paiement arrivé trop tard',
  released: 'Place rendue avant paiement',
  transferred_to_credit: 'Transférée en crédit Toque',
};
const REFUNDS: Record<RosterRefundState, { label: string; tone: BadgeTone }> = {
  refunded: { label: 'Remboursée', tone: 'herb' },
  pending: { label: 'Remboursement en cours', tone: 'saffron' },
  failed: { label: 'Remboursement échoué', tone: 'dark' },
  none: { label: 'Aucun remboursement', tone: 'neutral' },
};

const servingsLabel = (n: number | null) => (n === null ? '—' : `${n}`);
/** « avec Marie et Paul », « avec 2 invités » (first names not given count as guests). */
function guestsLabel(guests: string[]): string | null {
  if (guests.length === 0) return null;
  const named = guests.map((g) => g.trim()).filter(Boolean);
  const unnamed = guests.length - named.length;
  const parts = [...named, ...(unnamed ? [`${unnamed} invité${unnamed > 1 ? 's' : ''}`] : [])];
  return `avec ${parts.length > 1 ? `${parts.slice(0, -1).join(', ')} et ${parts[parts.length - 1]}` : parts[0]}`;
}
const bookingsLabel = (bookings: number, seats: number) =>
  `${bookings} réservation${bookings > 1 ? 's' : ''} · ${seats} place${seats > 1 ? 's' : ''}`;
const paidLabel = (cents: number | null) => (cents === null ? 'Inclus' : formatPrice(cents));

export function RosterSummary({ roster }: { roster: RosterResponse }) {
  const s = roster.session;
  const zone = useDisplayTimeZone();
  const minutes = Math.round((Date.parse(s.endsAt) - Date.parse(s.startsAt)) / 60_000);
  return (
    <div className="rounded-3xl border border-line bg-white p-5 shadow-sm sm:p-6 print:rounded-none print:border-0 print:p-0 print:shadow-none">
      <p className="text-sm font-semibold uppercase tracking-wide text-brand-700 print:text-ink">Liste des participants</p>
      <h2 className="mt-1 text-2xl text-ink sm:text-3xl">{s.courseTitle}</h2>
      <div className="mt-2 flex flex-wrap items-center gap-x-5 gap-y-2 text-ink">
        <span>{sessionWhen(s.startsAt, zone)}</span>
        <span className="inline-flex items-center gap-1.5 text-muted print:text-ink">
          <Clock aria-hidden="true" className="size-4" />
          {formatDuration(minutes)}
        </span>
        {s.teacherName ? <span className="text-muted print:text-ink">Avec {s.teacherName}</span> : null}
      </div>
      <div className="mt-4 flex flex-wrap items-center gap-3">
        <p className="inline-flex items-center gap-2 rounded-2xl bg-brand-50 px-4 py-2 text-ink print:bg-transparent print:px-0">
          <UsersRound aria-hidden="true" className="size-5 text-brand-700" />
          <span className="text-xl font-semibold">
            {s.seatsTaken} / {s.capacity}
          </span>
          <span>places prises</span>
        </p>
        {s.status === 'cancelled' ? <Badge tone="dark">Séance annulée</Badge> : null}
      </div>
    </div>
  );
}

function Section({ title, count, children, className }: { title: string; count: number | string; children: ReactNode; className?: string }) {
  return (
    <section aria-label={title} className={className}>
      <h3 className="mb-3 text-xl text-ink">
        {title} <span className="whitespace-nowrap text-base font-normal text-muted print:text-ink">({count})</span>
      </h3>
      {children}
    </section>
  );
}

const th = 'px-4 py-3 font-semibold print:px-2 print:py-1';
const td = 'px-4 py-3 print:px-2 print:py-1';
const tableBox = 'hidden overflow-x-auto rounded-2xl border border-line bg-white shadow-sm md:block print:block print:rounded-none print:border-0 print:shadow-none';
const cards = 'space-y-3 md:hidden print:hidden';

export function Attendees({ roster }: { roster: RosterResponse }) {
  const admin = roster.view === 'admin';
  const list = roster.attendees;
  // The admin transfers a booking from here (docs/decisions/0051); the server says whether it is still in time.
  // Upcoming by the server's clock, as the page was rendered there: the browser's could differ (hydration).
  const transferable = admin && roster.session.upcoming;
  const seatOf = (a: RosterResponse['attendees'][number]) => ({ id: a.reservationId, courseTitle: roster.session.courseTitle, startsAt: roster.session.startsAt, seats: a.seats, name: a.name });
  const zone = useDisplayTimeZone();
  return (
    <Section title="Participants confirmés" count={bookingsLabel(list.length, roster.confirmedSeats)}>
      {list.length > 0 ? <NeedsSummary summary={roster.needsSummary} /> : null}
      {list.length === 0 ? (
        <p className="rounded-2xl border border-dashed border-line bg-white/60 px-5 py-4 text-muted">Aucun participant confirmé pour l’instant.</p>
      ) : (
        <>
          <div className={tableBox}>
            <table className="w-full text-left text-sm print:text-[10.5pt]">
              <caption className="sr-only">Participants confirmés</caption>
              <thead className="border-b border-line bg-cream text-xs uppercase tracking-wide text-muted print:bg-transparent print:text-ink">
                <tr>
                  <th scope="col" className={th}>Nom</th>
                  {admin ? <th scope="col" className={th}>Courriel</th> : null}
                  <th scope="col" className={th}>Places</th>
                  <th scope="col" className={th}>Portions</th>
                  {admin ? <th scope="col" className={th}>Payé (avant taxes)</th> : null}
                  <th scope="col" className={th}>Réservé le</th>
                  <th scope="col" className={`${th} hidden print:table-cell`}>Présent</th>
                </tr>
              </thead>
              <tbody className="divide-y divide-line">
                {list.map((a) => (
                  <tr key={a.reservationId} className="print:break-inside-avoid">
                    <td className={td}>
                      <span className="font-semibold text-ink">{a.name || 'N/A'}</span>
                      {guestsLabel(a.guests) ? <span className="block text-muted print:text-ink">{guestsLabel(a.guests)}</span> : null}
                      {transferable ? <TransferAction reservation={seatOf(a)} /> : null}
                      <AttendeeNeeds attendee={a} />
                    </td>
                    {admin ? <td className={`${td} break-all text-muted print:text-ink`}>{a.email}</td> : null}
                    <td className={td}>{a.seats}</td>
                    <td className={td}>{servingsLabel(a.servings)}</td>
                    {admin ? <td className={td}>{paidLabel(a.paidCents)}</td> : null}
                    <td className={td}>{when(a.bookedAt, zone)}</td>
                    <td className={`${td} hidden print:table-cell`}>☐</td>
                  </tr>
                ))}
              </tbody>
              <tfoot className="border-t border-line bg-cream/60 print:bg-transparent">
                <tr>
                  <th scope="row" className={`${th} text-ink`} colSpan={admin ? 2 : 1}>
                    Total
                  </th>
                  <td className={`${td} font-semibold text-ink`}>{roster.confirmedSeats}</td>
                  <td className={td} colSpan={admin ? 4 : 3} />
                </tr>
              </tfoot>
            </table>
          </div>
          <ul className={cards} aria-label="Participants confirmés">
            {list.map((a) => (
              <li key={a.reservationId} className="rounded-2xl border border-line bg-white p-4 shadow-sm">
                <p className="font-semibold text-ink">{a.name || 'N/A'}</p>
                {guestsLabel(a.guests) ? <p className="text-sm text-ink">{guestsLabel(a.guests)}</p> : null}
                {admin ? <p className="break-all text-sm text-muted">{a.email}</p> : null}
                <AttendeeNeeds attendee={a} />
                <dl className="mt-2 grid grid-cols-2 gap-x-4 gap-y-1 text-sm">
                  <dt className="text-muted">Places</dt>
                  <dd className="text-ink">{a.seats}</dd>
                  <dt className="text-muted">Portions</dt>
                  <dd className="text-ink">{servingsLabel(a.servings)}</dd>
                  {admin ? (
                    <>
                      <dt className="text-muted">Payé (avant taxes)</dt>
                      <dd className="text-ink">{paidLabel(a.paidCents)}</dd>
                    </>
                  ) : null}
                  <dt className="text-muted">Réservé le</dt>
                  <dd className="text-ink">{when(a.bookedAt, zone)}</dd>
                </dl>
                {transferable ? <TransferAction reservation={seatOf(a)} /> : null}
              </li>
            ))}
          </ul>
          <p className="mt-3 rounded-2xl border border-line bg-cream/60 px-4 py-3 text-sm font-semibold text-ink md:hidden print:hidden">
            Total : {roster.confirmedSeats} place{roster.confirmedSeats > 1 ? 's' : ''}
          </p>
        </>
      )}
    </Section>
  );
}

export function Holds({ roster }: { roster: RosterResponse }) {
  const zone = useDisplayTimeZone();
  if (roster.holds.length === 0) return null;
  return (
    <Section title="Places retenues en attente de paiement" count={roster.holds.length} className="print:hidden">
      <ul className="divide-y divide-line rounded-2xl border border-line bg-white shadow-sm">
        {roster.holds.map((h) => (
          <li key={h.reservationId} className="flex flex-col gap-1 px-4 py-3 sm:flex-row sm:items-center sm:justify-between">
            <span>
              <span className="block font-semibold text-ink">
                {h.name || 'N/A'}
                {h.seats > 1 ? <span className="font-normal text-muted"> · {h.seats} places</span> : null}
              </span>
              <span className="block break-all text-sm text-muted">{h.email}</span>
            </span>
            <Badge tone="saffron">Retenue jusqu’à {formatClock(h.expiresAt, asZone(zone))}</Badge>
          </li>
        ))}
      </ul>
    </Section>
  );
}

export function Cancellations({ roster }: { roster: RosterResponse }) {
  const zone = useDisplayTimeZone();
  if (roster.cancellations.length === 0) return null;
  return (
    <Section title="Annulations" count={roster.cancellations.length} className="print:hidden">
      <ul className="divide-y divide-line rounded-2xl border border-line bg-white shadow-sm">
        {roster.cancellations.map((c) => (
          <li key={c.reservationId} className="flex flex-col gap-2 px-4 py-3 sm:flex-row sm:items-center sm:justify-between">
            <span>
              <span className="block font-semibold text-ink">{c.name || 'N/A'}</span>
              <span className="block break-all text-sm text-muted">{c.email}</span>
              <span className="block text-sm text-muted">
                {c.reason ? CANCEL_REASONS[c.reason] : 'Annulée'} · {when(c.cancelledAt, zone)}
              </span>
            </span>
            <span className="flex flex-wrap items-center gap-2">
              <Badge tone={REFUNDS[c.refund].tone}>{REFUNDS[c.refund].label}</Badge>
              {c.refundedCents > 0 ? <span className="text-sm text-muted">{formatPrice(c.refundedCents)} avant taxes</span> : null}
            </span>
          </li>
        ))}
      </ul>
    </Section>
  );
}

/** « Liste d'attente » (docs/decisions/0050): first in line first — who, seats wanted, since when, an offer running. */
export function Waitlist({ roster }: { roster: RosterResponse }) {
  const zone = useDisplayTimeZone();
  if (roster.waitlist.length === 0) return null;
  return (
    <Section title="Liste d’attente" count={roster.waitlist.length} className="print:hidden">
      <ol className="divide-y divide-line rounded-2xl border border-line bg-white shadow-sm">
        {roster.waitlist.map((w, i) => (
          <li key={w.id} className="flex flex-col gap-1 px-4 py-3 sm:flex-row sm:items-center sm:justify-between">
            <span>
              <span className="block font-semibold text-ink">
                {i + 1}. {w.name || 'N/A'}
                <span className="font-normal text-muted"> · {w.seats > 1 ? `${w.seats} places` : '1 place'}</span>
              </span>
              {w.email ? <span className="block break-all text-sm text-muted">{w.email}</span> : null}
              <span className="block text-sm text-muted">Depuis le {when(w.since, zone)}</span>
            </span>
            {w.status === 'offered' && w.offerExpiresAt ? (
              <Badge tone="saffron">Place offerte jusqu’à {formatClock(w.offerExpiresAt, asZone(zone))}</Badge>
            ) : (
              <Badge tone="neutral">En attente</Badge>
            )}
          </li>
        ))}
      </ol>
    </Section>
  );
}
