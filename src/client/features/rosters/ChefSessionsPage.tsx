// /mes-seances — the guest chef's « Mes séances »: the sessions of the courses he teaches, with their
// seats taken / capacity, each opening its roster (read-only). Linked from his user menu.
import { CalendarX2, ChevronRight } from 'lucide-react';
import { Link } from 'react-router';
import { EmptyState } from '@client/components/ui/EmptyState';
import { ErrorPanel } from '@client/components/ui/ErrorPanel';
import { PageHeader } from '@client/components/ui/PageHeader';
import { Skeleton } from '@client/components/ui/Skeleton';
import { Badge } from '@client/components/ui/Badge';
import { sessionWhen } from '@client/lib/session-when';
import { usePageTitle } from '@client/lib/use-page-title';
import { useChefSessions } from './api';

export default function ChefSessionsPage() {
  usePageTitle('Mes séances');
  const query = useChefSessions();
  return (
    <div className="mx-auto w-full max-w-4xl px-4 py-8 sm:px-6 sm:py-10">
      <PageHeader title="Mes séances" subtitle="Les séances de vos cours, avec leurs places prises. Ouvrez une séance pour voir sa liste des participants." />
      {query.isPending ? (
        <div role="status" aria-label="Chargement de vos séances" className="space-y-3">
          <Skeleton className="h-20 w-full" />
          <Skeleton className="h-20 w-full" />
        </div>
      ) : query.isError ? (
        <ErrorPanel title="Impossible de charger vos séances." message={query.error.message} onRetry={() => void query.refetch()} />
      ) : query.data.sessions.length === 0 ? (
        <EmptyState icon={<CalendarX2 className="size-10" />} titleAs="h2" title="Aucune séance à venir pour vos cours." />
      ) : (
        <ul className="space-y-3" aria-label="Mes séances">
          {query.data.sessions.map((s) => (
            <li key={s.id}>
              <Link
                to={`/mes-seances/${encodeURIComponent(s.id)}`}
                className="flex min-h-11 items-center justify-between gap-4 rounded-2xl border border-line bg-white p-4 shadow-sm hover:border-brand-600"
              >
                <span>
                  <span className="block font-semibold text-ink">{s.courseTitle}</span>
                  <span className="block text-sm text-muted">{sessionWhen(s.startsAt)}</span>
                  {s.status === 'cancelled' ? <Badge tone="dark" className="mt-1">Séance annulée</Badge> : null}
                </span>
                <span className="flex items-center gap-2">
                  <span className="text-lg font-semibold text-ink">
                    {s.seatsTaken} / {s.capacity}
                    <span className="sr-only"> places prises</span>
                  </span>
                  <ChevronRight aria-hidden="true" className="size-5 text-brand-700" />
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
