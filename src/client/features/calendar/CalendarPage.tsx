// /calendrier — Mon Calendrier (spec: calendar page). The learner's own reservations, the admin's
// everyone's (the page is then the 'Tableau de Bord Admin' of bookings), in month, week, day and
// agenda views; a reservation opens 'Détails du cours'; 'Synchroniser avec mon agenda' gives the
// private feed. Loaded lazily: react-big-calendar and its CSS stay out of every other page.
import 'react-big-calendar/lib/css/react-big-calendar.css';
import './calendar.css';
import { CalendarSync } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import type { ReservationView } from '@shared/schemas/reservations';
import { useAuth } from '@client/app/auth';
import { MyWaitlists } from '@client/features/waitlist';
import { Button, ButtonLink } from '@client/components/ui/Button';
import { ErrorPanel } from '@client/components/ui/ErrorPanel';
import { PageHeader } from '@client/components/ui/PageHeader';
import { Spinner } from '@client/components/ui/Spinner';
import { notifyError } from '@client/lib/notify';
import { usePageTitle } from '@client/lib/use-page-title';
import { useCalendarReservations } from './api';
import { visibleRange, type CalendarView } from './calendar-setup';
import type { CalendarEvent, CalendarRole } from './events';
import { PHONE } from './phone';
import { ReservationCalendar } from './components/ReservationCalendar';
import { BookingLinks } from './components/BookingLinks';
import { ReservationDialog } from './components/ReservationDialog';
import { SyncDialog } from './components/SyncDialog';


export default function CalendarPage() {
  const { user } = useAuth();
  const isAdmin = user?.role === 'admin';
  const role: CalendarRole = user?.role === 'admin' ? 'admin' : user?.role === 'chef' ? 'chef' : 'learner';
  const navigate = useNavigate();
  const title = isAdmin ? 'Tableau de Bord Admin' : 'Mon Calendrier';
  usePageTitle(title);

  const [date, setDate] = useState(() => new Date());
  // Phones open on the agenda: a month grid of seven columns is hard to read at 390 px.
  const [view, setView] = useState<CalendarView>(() => (window.matchMedia(PHONE).matches ? 'agenda' : 'month'));
  const range = useMemo(() => visibleRange(date, view), [date, view]);
  const query = useCalendarReservations(range);
  const reservations = query.data?.reservations;
  const sessions = query.data?.sessions;

  // The dialog follows the reservations as the list is read again (a link set, a payment landed).
  const [selected, setSelected] = useState<{ reservation: ReservationView; group: ReservationView[] } | null>(null);
  const fresh = (r: ReservationView) => reservations?.find((x) => x.id === r.id) ?? r;
  const shown = selected ? fresh(selected.reservation) : null;
  const group = selected ? selected.group.map(fresh) : [];
  const [syncing, setSyncing] = useState(false);

  const error = query.error;
  useEffect(() => {
    if (error) notifyError('Erreur', `Impossible de charger les réservations. ${error.message}`);
  }, [error]);

  const empty = query.isSuccess && !query.isPlaceholderData && reservations?.length === 0 && !sessions?.length;

  /** The guest chef's session opens his roster; everything else 'Détails du cours'. */
  const open = (event: CalendarEvent) => {
    if (role === 'chef' && event.session) void navigate(`/mes-seances/${encodeURIComponent(event.session.id)}`);
    else if (event.resource) setSelected({ reservation: event.resource, group: event.group });
  };

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6 sm:py-10">
      <PageHeader
        eyebrow={isAdmin ? 'Mon Calendrier' : undefined}
        title={title}
        subtitle={
          isAdmin
            ? 'Une séance par événement, avec ses places prises sur la capacité. Cliquez sur une séance pour ajouter le lien de la visioconférence ou ouvrir sa liste des participants.'
            : role === 'chef'
              ? 'Vos séances à animer, avec leurs places prises sur la capacité, et vos cours réservés. Cliquez sur une séance pour voir sa liste des participants.'
              : 'Vos cours en direct réservés. Cliquez sur un cours pour voir ses détails et le rejoindre.'
        }
        actions={
          <Button variant="secondary" onClick={() => setSyncing(true)}>
            <CalendarSync aria-hidden="true" className="size-5" />
            Synchroniser avec mon agenda
          </Button>
        }
      />

      {query.isError && !reservations ? (
        <ErrorPanel
          className="mb-4"
          title="Impossible de charger les réservations."
          message={query.error.message}
          onRetry={() => void query.refetch()}
        />
      ) : null}

      <section aria-label="Calendrier des réservations" aria-busy={query.isFetching} className="relative rounded-3xl border border-line bg-white p-3 shadow-sm sm:p-5">
        <ReservationCalendar
          reservations={reservations ?? []}
          sessions={sessions ?? []}
          role={role}
          date={date}
          view={view}
          onNavigate={setDate}
          onView={setView}
          onSelect={open}
        />
        {query.isPending && query.fetchStatus !== 'idle' ? (
          <div className="absolute inset-0 z-10 flex items-center justify-center rounded-3xl bg-white/70 text-brand-700">
            <Spinner label="Chargement des réservations…" className="size-8" />
          </div>
        ) : null}
      </section>

      {empty && view !== 'agenda' ? (
        <div className="mt-4 flex flex-col items-start gap-3 rounded-2xl border border-dashed border-line bg-white/60 px-5 py-4 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-muted">Aucun cours dans cette période.</p>
          {isAdmin ? null : (
            <ButtonLink to="/reserver-un-cours" size="sm" variant="secondary">
              Réserver un cours
            </ButtonLink>
          )}
        </div>
      ) : null}

      {isAdmin ? null : (
        <div className="mt-6">
          <MyWaitlists />
        </div>
      )}
      {/* A learner's own bookings (the admin's events are sessions, with their roster). */}
      {!isAdmin && reservations ? <BookingLinks reservations={reservations} /> : null}

      <ReservationDialog reservation={shown} group={group} isAdmin={isAdmin} onClose={() => setSelected(null)} />
      <SyncDialog open={syncing} isAdmin={isAdmin} onClose={() => setSyncing(false)} />
    </div>
  );
}
