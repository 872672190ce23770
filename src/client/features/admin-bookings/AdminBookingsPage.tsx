// /admin/reservations — Tableau de Bord Admin, tab Réservations: the booked sessions, one row per
// session with its seats taken / capacity (« 8 / 10 ») and the way to its roster « Liste des
// participants » (issue 26), filtered by period (to come, the default, or past), session and status
// (the sessions that have a reservation of it). The video link is set from the roster, once per
// session. The filters live in the URL, so a filtered view can be reloaded or shared. Below the
// list, the school's « Politique d'annulation » (docs/decisions/0051).
import { CalendarX2 } from 'lucide-react';
import { useEffect, useRef } from 'react';
import {
  ADMIN_BOOKING_PERIODS,
  ADMIN_BOOKING_STATUSES,
  type AdminBookingPeriod,
  type AdminBookingSession,
  type AdminBookingStatus,
} from '@shared/schemas/admin-bookings';
import { Button } from '@client/components/ui/Button';
import { EmptyState } from '@client/components/ui/EmptyState';
import { ErrorPanel } from '@client/components/ui/ErrorPanel';
import { Pager } from '@client/components/ui/Pager';
import { Select } from '@client/components/ui/Select';
import { Skeleton } from '@client/components/ui/Skeleton';
import { notifyError } from '@client/lib/notify';
import { usePageTitle } from '@client/lib/use-page-title';
import { useUrlParams } from '@client/lib/use-url-params';
import { AdminShell } from '@client/app/layout/AdminShell';
import { PAGE_SIZE, useAdminBookings } from './api';
import { CancellationPolicyForm } from './components/CancellationPolicyForm';
import { MinimumPolicyForm } from './components/MinimumPolicyForm';
import { SessionsList } from './components/SessionsList';
import { PERIOD_OPTIONS, STATUS_OPTIONS } from './labels';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function readPage(value: string | null): number {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 ? n : 1;
}
const readPeriod = (value: string | null): AdminBookingPeriod =>
  ADMIN_BOOKING_PERIODS.includes(value as AdminBookingPeriod) ? (value as AdminBookingPeriod) : 'upcoming';
const readStatus = (value: string | null): AdminBookingStatus | undefined =>
  ADMIN_BOOKING_STATUSES.includes(value as AdminBookingStatus) ? (value as AdminBookingStatus) : undefined;
const readSession = (value: string | null): string | undefined => (value && UUID.test(value) ? value : undefined);

const optionDate = new Intl.DateTimeFormat('fr-CA', { weekday: 'short', day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' });

/** 'Pâtisserie des Fêtes — sam. 28 nov., 18 h 30 (3/10)': the session, when and how full. */
function sessionLabel(s: AdminBookingSession): string {
  const cancelled = s.status === 'cancelled' ? ' — annulée' : '';
  return `${s.courseTitle} — ${optionDate.format(new Date(s.startsAt))} (${s.seatsTaken}/${s.capacity})${cancelled}`;
}

function countLabel(sessions: number, reservations: number): string {
  if (sessions === 0) return 'Aucune séance';
  const s = sessions === 1 ? '1 séance' : `${sessions} séances`;
  return `${s} · ${reservations === 1 ? '1 réservation' : `${reservations} réservations`}`;
}

export default function AdminBookingsPage() {
  usePageTitle('Réservations — Tableau de Bord Admin');
  const [params, updateParams] = useUrlParams();
  const page = readPage(params.get('page'));
  const period = readPeriod(params.get('periode'));
  const sessionId = readSession(params.get('seance'));
  const status = readStatus(params.get('statut'));
  const query = useAdminBookings({ period, sessionId, status });
  const listTop = useRef<HTMLDivElement>(null);

  useEffect(() => {
    // Spec §8: 'Erreur' / 'Impossible de charger les réservations. ' + the reason.
    if (query.error) notifyError('Erreur', `Impossible de charger les réservations. ${query.error.message}`);
  }, [query.error]);

  // The rows are sessions: the chosen one only, when the filter names one.
  // (The chosen session stays among the filter's options even without a reservation of the status
  // asked: no reservation at all matching, `total` 0, is no row.)
  const rows = query.data?.total === 0 ? [] : (query.data?.sessions ?? []).filter((s) => !sessionId || s.id === sessionId);
  const pageCount = Math.max(1, Math.ceil(rows.length / PAGE_SIZE));
  const shown = rows.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE);
  const filtered = sessionId !== undefined || status !== undefined;

  /** Any filter change goes back to page 1; a new period forgets the session chosen in the other. */
  const setParam = (name: 'page' | 'periode' | 'seance' | 'statut', value: string | undefined) =>
    updateParams((p) => {
      if (value) p.set(name, value);
      else p.delete(name);
      if (name !== 'page') p.delete('page');
      if (name === 'periode') p.delete('seance');
      return p;
    });

  const sessionOptions = (query.data?.sessions ?? []).map((s) => ({ value: s.id, label: sessionLabel(s) }));

  return (
    <AdminShell>
      <h2 className="sr-only">Réservations</h2>
      {/* Phone: period and status side by side, the (long) session names below; wide: one row. */}
      <div className="mb-5 grid grid-cols-2 gap-3 lg:grid-cols-[12rem_minmax(0,1fr)_14rem_auto] lg:items-end">
        <Select
          label="Période"
          value={period}
          onValueChange={(v) => setParam('periode', v === 'upcoming' ? undefined : v)}
          options={PERIOD_OPTIONS}
        />
        <Select
          label="Séance"
          value={sessionId}
          onValueChange={(v) => setParam('seance', v)}
          options={sessionOptions}
          allLabel="Toutes les séances"
          disabled={!query.data}
          className="order-3 col-span-2 lg:order-none lg:col-span-1"
        />
        <Select
          label="Statut"
          value={status}
          onValueChange={(v) => setParam('statut', v)}
          options={STATUS_OPTIONS}
          allLabel="Tous les statuts"
          className="order-2 lg:order-none"
        />
        {query.data ? (
          <p className="order-4 col-span-2 text-sm text-muted lg:order-none lg:col-span-1 lg:pb-3 lg:text-right" aria-live="polite">
            {countLabel(rows.length, query.data.total)}
          </p>
        ) : null}
      </div>

      {query.isPending ? (
        <div role="status" aria-label="Chargement des réservations" className="space-y-3">
          {Array.from({ length: 5 }, (_, i) => (
            <Skeleton key={i} className="h-20 w-full" />
          ))}
        </div>
      ) : query.isError ? (
        <ErrorPanel title="Impossible de charger les réservations." message={query.error.message} onRetry={() => void query.refetch()} />
      ) : shown.length === 0 ? (
        <EmptyState
          icon={<CalendarX2 className="size-10" />}
          titleAs="h3"
          title={
            filtered
              ? 'Aucune réservation ne correspond à ces filtres.'
              : period === 'upcoming'
                ? 'Aucune réservation à venir.'
                : 'Aucune réservation passée.'
          }
          hint={filtered ? undefined : 'Les réservations apparaissent ici dès qu’un client retient une place à une séance.'}
          action={
            filtered ? (
              <Button
                variant="secondary"
                onClick={() =>
                  updateParams((p) => {
                    for (const name of ['seance', 'statut', 'page']) p.delete(name);
                    return p;
                  })
                }
              >
                Effacer les filtres
              </Button>
            ) : undefined
          }
        />
      ) : (
        <div ref={listTop} aria-busy={query.isPlaceholderData || undefined} className="scroll-mt-24">
          <SessionsList sessions={shown} />
          <Pager
            label="Pages de séances"
            page={page}
            pageCount={pageCount}
            onPage={(p) => {
              setParam('page', p > 1 ? String(p) : undefined);
              // The pager is under the list: the next page is read from its top.
              listTop.current?.scrollIntoView({ block: 'start' });
            }}
          />
        </div>
      )}
      <CancellationPolicyForm />
      <MinimumPolicyForm />
    </AdminShell>
  );
}
