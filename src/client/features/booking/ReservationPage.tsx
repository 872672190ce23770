// /reservations/:reservationId — the booking's own page (issue 28, point 6; docs/decisions/0052).
// Where a learner lands after paying a live class, and what Mon Calendrier and Mes Achats open: the
// date and time in their zone, the seats and guests, « Ajouter à mon agenda », the way into the
// class (a countdown, then the join button), the kit's preview, the seats' dietary needs, and what
// they may still do. Its owner's (or the admin's): the server answers 404 to anyone else.
import { CalendarDays, CalendarPlus, CircleCheck, Clock, Download, ExternalLink, ShoppingBag, UsersRound } from 'lucide-react';
import { useParams, useSearchParams } from 'react-router';
import { seatsLine } from '@shared/booking';
import { googleEventUrl } from '@shared/calendar-links';
import { formatDuration } from '@shared/format';
import type { BookingPageView } from '@shared/schemas/booking-page';
import type { ReservationView } from '@shared/schemas/reservations';
import { Badge } from '@client/components/ui/Badge';
import { ButtonLink, buttonClass } from '@client/components/ui/Button';
import { ErrorPanel } from '@client/components/ui/ErrorPanel';
import { Skeleton } from '@client/components/ui/Skeleton';
import { icsPath } from '@client/features/calendar';
import { sessionWhen } from '@client/lib/session-when';
import { usePageTitle } from '@client/lib/use-page-title';
import { viewerTimeZoneName } from '@client/lib/use-time-zone';
import { useBookingPage } from './api';
import { BookingActions } from './components/reservation/BookingActions';
import { BookingNeeds } from './components/reservation/BookingNeeds';
import { JoinCountdown } from './components/reservation/JoinCountdown';
import { KitPreview } from './components/reservation/KitPreview';
import { DetailRow } from '@client/components/ui/DetailRow';

export default function ReservationPage() {
  const { reservationId = '' } = useParams();
  const query = useBookingPage(reservationId);
  const page = query.data?.page;
  usePageTitle(page ? `Ma réservation — ${page.reservation.courseTitle}` : 'Ma réservation');

  return (
    <div className="mx-auto min-h-[60vh] w-full max-w-4xl px-4 py-8 sm:px-6 sm:py-10">
      {query.isPending ? (
        <div role="status" aria-label="Chargement de la réservation" className="space-y-4">
          <Skeleton className="h-5 w-32" />
          <Skeleton className="h-10 w-3/4" />
          <Skeleton className="h-40 w-full rounded-2xl" />
          <Skeleton className="h-32 w-full rounded-2xl" />
        </div>
      ) : query.isError ? (
        query.error.status === 404 || query.error.status === 403 ? (
          <ErrorPanel
            title="Réservation introuvable"
            message="Cette réservation n'existe pas ou n'est pas à votre nom."
            action={
              <ButtonLink to="/calendrier" variant="secondary">
                Voir mon calendrier
              </ButtonLink>
            }
          />
        ) : (
          <ErrorPanel title="Impossible de charger cette réservation." message={query.error.message} onRetry={() => void query.refetch()} />
        )
      ) : page ? (
        <Booking page={page} />
      ) : null}
    </div>
  );
}

function StatusBadge({ reservation: r }: { reservation: ReservationView }) {
  if (r.sessionStatus === 'cancelled') return <Badge tone="dark">Séance annulée</Badge>;
  if (r.status === 'confirmed') return <Badge tone="herb">Place confirmée</Badge>;
  if (r.status === 'pending_payment') return <Badge tone="saffron">En attente de paiement</Badge>;
  return <Badge tone="dark">{r.status === 'expired' ? 'Réservation expirée' : 'Réservation annulée'}</Badge>;
}

function Booking({ page }: { page: BookingPageView }) {
  const r = page.reservation;
  // Arrived from the payment (/payment-result adds the order): say it went through.
  const [params] = useSearchParams();
  const justPaid = params.has('order_id') && r.status === 'confirmed';
  const live = r.status === 'confirmed' && r.sessionStatus === 'scheduled';
  return (
    <article className="space-y-5">
      <header>
        <p className="text-sm font-semibold uppercase tracking-wide text-brand-700">Ma réservation</p>
        <h1 className="mt-1 text-3xl font-semibold text-ink sm:text-4xl">{r.courseTitle}</h1>
        <div className="mt-3 flex flex-wrap gap-2">
          <StatusBadge reservation={r} />
          {r.movedAt ? <Badge tone="saffron">Horaire modifié</Badge> : null}
        </div>
      </header>

      {justPaid ? (
        <p role="status" className="flex items-center gap-2 rounded-2xl border border-herb/40 bg-herb/10 px-4 py-3 font-semibold text-ink">
          <CircleCheck aria-hidden="true" className="size-5 shrink-0 text-herb" />
          Paiement confirmé : votre place est réservée.
        </p>
      ) : null}

      <div className="grid gap-5 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <div className="min-w-0 space-y-5">
          <section aria-label="Date et places" className="rounded-2xl border border-line bg-white p-5 shadow-sm">
            <dl className="space-y-3 text-ink">
              <DetailRow icon={<CalendarDays className="size-4" />} term="Date et heure">
                <span data-testid="booking-when">{sessionWhen(r.startsAt)}</span>
                <span className="block text-sm text-muted">Dans votre fuseau horaire ({viewerTimeZoneName()}).</span>
              </DetailRow>
              <DetailRow icon={<Clock className="size-4" />} term="Durée">
                {formatDuration(r.durationMinutes)}
              </DetailRow>
              <DetailRow icon={<UsersRound className="size-4" />} term="Places">
                <span data-testid="booking-seats">{seatsLine(r.seats, r.guests)}</span>
              </DetailRow>
            </dl>
          </section>
          {r.status === 'pending_payment' ? (
            <div className="space-y-3 rounded-2xl border border-saffron/60 bg-saffron/10 p-5">
              <p>Votre place est retenue. Terminez le paiement pour confirmer votre réservation.</p>
              <ButtonLink size="sm" to={`/payment/${encodeURIComponent(r.courseId)}`} state={{ sessionId: r.sessionId, reservationId: r.id, from: `/reservations/${r.id}` }}>
                Terminer le paiement
              </ButtonLink>
            </div>
          ) : null}
          {live && page.isOwner ? <JoinCountdown page={page} /> : null}
          {page.kit && r.sessionStatus === 'scheduled' && r.status !== 'cancelled' && r.status !== 'expired' ? (
            <KitPreview kit={page.kit} sent={Date.now() >= Date.parse(page.kit.sendsAt)} />
          ) : null}
          {r.status === 'confirmed' || r.status === 'pending_payment' ? <BookingNeeds key={JSON.stringify(page.needs)} page={page} /> : null}
        </div>
        <aside className="space-y-5">
          {live ? <AddToCalendar reservation={r} /> : null}
          {page.isOwner && live ? <BookingActions reservation={r} /> : null}
          <nav aria-label="Mes pages" className="flex flex-wrap gap-2">
            <ButtonLink to="/calendrier" variant="ghost" size="sm">
              <CalendarDays aria-hidden="true" className="size-4" />
              Mon Calendrier
            </ButtonLink>
            <ButtonLink to="/mes-achats" variant="ghost" size="sm">
              <ShoppingBag aria-hidden="true" className="size-4" />
              Mes Achats
            </ButtonLink>
          </nav>
        </aside>
      </div>
    </article>
  );
}

/** « Ajouter à mon agenda »: the .ics file (the calendar module's), or Google Calendar's event page filled in. */
function AddToCalendar({ reservation: r }: { reservation: ReservationView }) {
  const page = `${window.location.origin}/reservations/${encodeURIComponent(r.id)}`;
  const google = googleEventUrl({
    title: r.courseTitle,
    startsAt: r.startsAt,
    endsAt: r.endsAt,
    details: ['Cours de cuisine en direct avec Toque.', `Votre réservation et le lien du cours : ${page}`].join('\n'),
  });
  return (
    <section aria-labelledby="agenda-title" className="rounded-2xl border border-line bg-white p-5 shadow-sm">
      <h2 id="agenda-title" className="flex items-center gap-2 text-lg font-semibold text-ink">
        <CalendarPlus aria-hidden="true" className="size-5 text-brand-700" />
        Ajouter à mon agenda
      </h2>
      <div className="mt-3 flex flex-col gap-2">
        <a href={icsPath(r.id)} download className={buttonClass({ variant: 'secondary', size: 'sm' })}>
          <Download aria-hidden="true" className="size-4" />
          Télécharger (.ics)
        </a>
        <a href={google} target="_blank" rel="noopener noreferrer" className={buttonClass({ variant: 'secondary', size: 'sm' })}>
          <ExternalLink aria-hidden="true" className="size-4" />
          Ajouter à Google Agenda
        </a>
      </div>
    </section>
  );
}
