// /admin — « Aperçu », the admin's home: the sessions under their minimum waiting for the chef's
// answer (MinimumQuestions, decision 0048), today's and the next 7 days' classes (seats taken / capacity,
// what is missing), this month's revenue against last month's, the members, and what waits for the
// chef. Every figure is a link to the list behind it. One request loads it all.
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { CalendarDays, CircleAlert, CircleCheck } from 'lucide-react';
import { CHEF_TIME_ZONE, formatPrice, formatSessionDateTime } from '@shared/format';
import { sessionGapLabel, type OverviewResponse, type OverviewSession } from '@shared/schemas/admin-overview';
import { Badge } from '@client/components/ui/Badge';
import { ButtonLink } from '@client/components/ui/Button';
import { EmptyState } from '@client/components/ui/EmptyState';
import { ErrorPanel } from '@client/components/ui/ErrorPanel';
import { Skeleton } from '@client/components/ui/Skeleton';
import { cn } from '@client/lib/cn';
import { HydrationBoundary } from '@client/lib/hydration-boundary';
import { usePageTitle } from '@client/lib/use-page-title';
import { AdminShell } from '@client/app/layout/AdminShell';
import { useOverview } from './api';
import { MinimumQuestions } from './MinimumQuestions';

/** 'vendredi 20 février 2026' and '18 h 00 HNE', in the chef's zone (where the classes are given). */
function when(iso: string): { day: string; time: string } {
  const [day = '', time = ''] = formatSessionDateTime(iso, CHEF_TIME_ZONE).split(' à ');
  return { day, time };
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

function SessionRow({ session }: { session: OverviewSession }) {
  const full = session.seatsTaken >= session.capacity;
  return (
    <li>
      <Link
        to={`/admin/seances/${session.id}`}
        className="flex flex-col gap-2 rounded-xl border border-line bg-white p-3 shadow-sm transition-colors hover:border-brand-600 sm:flex-row sm:items-center sm:gap-4"
      >
        <span className="w-32 shrink-0 text-sm font-semibold text-ink">{when(session.startsAt).time}</span>
        <span className="min-w-0 flex-1 font-medium text-ink">{session.courseTitle}</span>
        <span className={cn('shrink-0 text-sm', full ? 'font-semibold text-herb' : 'text-ink')}>
          <span className="font-semibold">
            {session.seatsTaken} / {session.capacity}
          </span>{' '}
          places
        </span>
        {session.missing.length ? (
          <span className="flex flex-wrap gap-1.5">
            {session.missing.map((gap) => (
              <Badge key={gap} tone="saffron">
                <CircleAlert aria-hidden="true" className="size-3.5" />
                {sessionGapLabel(gap, session)}
              </Badge>
            ))}
          </span>
        ) : (
          <span className="flex items-center gap-1 text-sm text-muted">
            <CircleCheck aria-hidden="true" className="size-4 text-herb" />
            Prête
          </span>
        )}
      </Link>
    </li>
  );
}

function Sessions({ data }: { data: OverviewResponse }) {
  const days = new Map<string, OverviewSession[]>();
  for (const s of data.sessions) days.set(s.day, [...(days.get(s.day) ?? []), s]);
  return (
    <section aria-labelledby="overview-sessions" className="space-y-4">
      <h2 id="overview-sessions" className="text-xl font-semibold text-ink">
        Séances d’aujourd’hui et des 7 prochains jours
      </h2>
      {days.size === 0 ? (
        <EmptyState
          icon={<CalendarDays className="size-10" />}
          title="Aucune séance prévue d’ici 7 jours."
          titleAs="h3"
          action={
            <ButtonLink to="/admin/cours" variant="secondary">
              Ajouter une séance
            </ButtonLink>
          }
        />
      ) : (
        [...days].map(([day, sessions]) => (
          <div key={day} className="space-y-2">
            <h3 className="text-base font-semibold text-ink first-letter:uppercase">
              {day === data.today ? `Aujourd’hui — ${when(sessions[0]!.startsAt).day}` : when(sessions[0]!.startsAt).day}
            </h3>
            <ul className="space-y-2">
              {sessions.map((s) => (
                <SessionRow key={s.id} session={s} />
              ))}
            </ul>
          </div>
        ))
      )}
    </section>
  );
}

function Figure({ to, label, value, hint }: { to: string; label: string; value: string; hint?: ReactNode }) {
  return (
    <Link to={to} className="block h-full rounded-2xl border border-line bg-white p-4 shadow-sm transition-colors hover:border-brand-600">
      <span className="block text-sm font-medium text-muted">{label}</span>
      <span className="mt-1 block text-xl font-semibold text-ink sm:text-2xl">{value}</span>
      {hint ? <span className="mt-1 block text-sm text-muted">{hint}</span> : null}
    </Link>
  );
}

function Month({ data }: { data: OverviewResponse }) {
  const { revenue, members } = data;
  return (
    <section aria-labelledby="overview-month" className="space-y-3">
      <h2 id="overview-month" className="text-xl font-semibold text-ink">
        Ce mois-ci
      </h2>
      <ul className="grid grid-cols-1 gap-3 min-[420px]:grid-cols-2 lg:grid-cols-5">
        <li>
          <Figure to="/admin/ventes" label="Revenus nets avant taxes" value={formatPrice(revenue.netCents)} hint={`Mois dernier : ${formatPrice(revenue.previousNetCents)}`} />
        </li>
        <li>
          <Figure to="/admin/membres" label="Membres actifs" value={String(members.active)} />
        </li>
        <li>
          <Figure to="/admin/membres" label="Nouveaux membres" value={String(members.newThisMonth)} />
        </li>
        <li>
          <Figure to="/admin/membres" label="Départs" value={String(members.cancelledThisMonth)} />
        </li>
        <li>
          <Figure to="/admin/membres" label="Renouvellements échoués" value={String(members.failedRenewals)} />
        </li>
      </ul>
    </section>
  );
}

function ToAct({ data }: { data: OverviewResponse }) {
  const { toAct } = data;
  const items = [
    { n: toAct.failedEmails, to: '/admin/courriels', text: plural(toAct.failedEmails, 'courriel non envoyé', 'courriels non envoyés') },
    {
      n: toAct.paymentsToReconcile,
      to: '/admin/commandes?statut=processing',
      text: plural(toAct.paymentsToReconcile, 'paiement en traitement depuis plus d’une heure', 'paiements en traitement depuis plus d’une heure'),
    },
    { n: toAct.refundsPending, to: '/admin/commandes', text: plural(toAct.refundsPending, 'remboursement en attente chez le processeur', 'remboursements en attente chez le processeur') },
    { n: toAct.refundsFailed, to: '/admin/commandes', text: plural(toAct.refundsFailed, 'remboursement refusé par le processeur', 'remboursements refusés par le processeur') },
  ].filter((i) => i.n > 0);
  return (
    <section aria-labelledby="overview-to-act" className="space-y-3">
      <h2 id="overview-to-act" className="text-xl font-semibold text-ink">
        À faire
      </h2>
      {items.length === 0 ? (
        <p className="flex items-center gap-2 rounded-2xl border border-line bg-white p-4 text-ink">
          <CircleCheck aria-hidden="true" className="size-5 text-herb" />
          Rien à faire pour le moment.
        </p>
      ) : (
        <ul className="space-y-2">
          {items.map((i) => (
            <li key={i.text}>
              <Link to={i.to} className="flex items-center gap-2 rounded-xl border border-line bg-white p-3 font-medium text-ink shadow-sm hover:border-brand-600">
                <CircleAlert aria-hidden="true" className="size-5 shrink-0 text-brand-700" />
                {i.text}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export default function AdminOverviewPage() {
  usePageTitle('Aperçu — Tableau de Bord Admin');
  const query = useOverview();
  return (
    <AdminShell>
      <div className="space-y-10">
        <div>
          <h2 className="text-2xl font-semibold text-ink">Aperçu</h2>
          <p className="mt-1 text-muted">Les séances à venir, le mois en chiffres et ce qui attend une action. Chaque chiffre mène à sa liste.</p>
        </div>
        {query.isPending ? (
          <div role="status" aria-label="Chargement de l’aperçu" className="space-y-4">
            <Skeleton className="h-8 w-64" />
            {Array.from({ length: 3 }, (_, i) => (
              <Skeleton key={i} className="h-14 w-full" />
            ))}
            <div className="grid grid-cols-2 gap-3 lg:grid-cols-5">
              {Array.from({ length: 5 }, (_, i) => (
                <Skeleton key={i} className="h-24" />
              ))}
            </div>
          </div>
        ) : query.isError ? (
          <ErrorPanel title="Impossible de charger l’aperçu." message={query.error.message} onRetry={() => void query.refetch()} />
        ) : (
          // In the page the server rendered (decision 0045), each block is adopted on its own, after
          // the rest: no single task holds a phone's main thread for the whole page.
          <>
            <HydrationBoundary>
              <MinimumQuestions questions={query.data.minimumQuestions} />
            </HydrationBoundary>
            <HydrationBoundary>
              <Sessions data={query.data} />
            </HydrationBoundary>
            <HydrationBoundary>
              <Month data={query.data} />
            </HydrationBoundary>
            <HydrationBoundary>
              <ToAct data={query.data} />
            </HydrationBoundary>
          </>
        )}
      </div>
    </AdminShell>
  );
}
