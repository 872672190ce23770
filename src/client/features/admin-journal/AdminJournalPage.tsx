// /admin/journal — « Journal »: the back office's audit trail. Who did what to what, when, and what
// changed (before → after), newest first; filtered by kind of action and by person (kept in the
// address: ?type=…&personne=…&page=…), paged by the server.
import { Link } from 'react-router';
import { ArrowRight, ScrollText } from 'lucide-react';
import { CHEF_TIME_ZONE, formatSessionDateTime } from '@shared/format';
import { AUDIT_ACTION_KINDS, AUDIT_ACTION_LABELS, JOURNAL_PAGE_SIZE, type AuditActionKind, type JournalEntry } from '@shared/schemas/admin-journal';
import { EmptyState } from '@client/components/ui/EmptyState';
import { ErrorPanel } from '@client/components/ui/ErrorPanel';
import { Pager } from '@client/components/ui/Pager';
import { Select } from '@client/components/ui/Select';
import { Skeleton } from '@client/components/ui/Skeleton';
import { usePageTitle } from '@client/lib/use-page-title';
import { useUrlParams } from '@client/lib/use-url-params';
import { AdminShell } from '@client/app/layout/AdminShell';
import { useJournal } from './api';

const KIND_OPTIONS = AUDIT_ACTION_KINDS.map((k) => ({ value: k, label: AUDIT_ACTION_LABELS[k] })).sort((a, b) => a.label.localeCompare(b.label, 'fr-CA'));

const readKind = (v: string | null) => (v && (AUDIT_ACTION_KINDS as string[]).includes(v) ? (v as AuditActionKind) : undefined);
const readActor = (v: string | null) => (v && /^[A-Za-z0-9_-]{1,64}$/.test(v) ? v : undefined);
function readPage(v: string | null): number {
  const n = Number(v);
  return Number.isInteger(n) && n >= 1 ? n : 1;
}

function Entry({ entry }: { entry: JournalEntry }) {
  return (
    <li className="rounded-xl border border-line bg-white p-4 shadow-sm">
      <div className="flex flex-col gap-1 sm:flex-row sm:items-baseline sm:justify-between sm:gap-4">
        <p className="font-semibold text-ink">{entry.label}</p>
        <p className="text-sm text-muted">
          <time dateTime={entry.at}>{formatSessionDateTime(entry.at, CHEF_TIME_ZONE)}</time>
        </p>
      </div>
      <p className="mt-1 text-sm text-muted">
        Par <span className="break-all text-ink">{entry.actor.email}</span>
        {entry.target.name ? (
          <>
            {' · '}
            {entry.target.href ? (
              <Link to={entry.target.href} className="font-medium text-brand-800 underline underline-offset-2 hover:text-brand-700">
                {entry.target.name}
              </Link>
            ) : (
              <span className="text-ink">{entry.target.name}</span>
            )}
          </>
        ) : null}
      </p>
      {entry.changes.length ? (
        <dl className="mt-3 grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[minmax(8rem,auto)_1fr]">
          {entry.changes.map((c, i) => (
            <div key={`${c.field}-${i}`} className="contents">
              <dt className="font-medium text-muted">{c.field}</dt>
              <dd className="mb-1 break-words text-ink sm:mb-0">
                {c.before !== null ? (
                  <>
                    <span className="text-muted line-through decoration-1">{c.before}</span>
                    <ArrowRight aria-label="devient" className="mx-1 inline size-3.5 align-[-2px]" />
                  </>
                ) : null}
                {c.after ?? <span className="text-muted">vide</span>}
              </dd>
            </div>
          ))}
        </dl>
      ) : null}
    </li>
  );
}

export default function AdminJournalPage() {
  usePageTitle('Journal — Tableau de Bord Admin');
  const [params, updateParams] = useUrlParams();
  const kind = readKind(params.get('type'));
  const actor = readActor(params.get('personne'));
  const page = readPage(params.get('page'));
  const query = useJournal({ kind, actor, page });
  const data = query.data;
  const pageCount = Math.max(1, Math.ceil((data?.total ?? 0) / JOURNAL_PAGE_SIZE));

  const setFilter = (name: 'type' | 'personne', value: string | undefined) =>
    updateParams((p) => {
      if (value) p.set(name, value);
      else p.delete(name);
      p.delete('page');
      return p;
    });

  return (
    <AdminShell>
      <div className="space-y-6">
        <div>
          <h2 className="text-2xl font-semibold text-ink">Journal</h2>
          <p className="mt-1 text-muted">Chaque action faite dans le tableau de bord : qui, quoi, quand, et ce qui a changé. Les plus récentes d’abord.</p>
        </div>
        <form className="grid gap-3 sm:grid-cols-2 lg:max-w-3xl" aria-label="Filtres du journal" onSubmit={(e) => e.preventDefault()}>
          <Select label="Type d’action" value={kind} onValueChange={(v) => setFilter('type', v)} options={KIND_OPTIONS} allLabel="Toutes les actions" />
          <Select
            label="Personne"
            value={actor}
            onValueChange={(v) => setFilter('personne', v)}
            options={(data?.actors ?? []).map((a) => ({ value: a.id, label: a.email }))}
            allLabel="Tout le monde"
          />
        </form>
        {query.isPending ? (
          <div role="status" aria-label="Chargement du journal" className="space-y-3">
            {Array.from({ length: 4 }, (_, i) => (
              <Skeleton key={i} className="h-24 w-full" />
            ))}
          </div>
        ) : query.isError && !data ? (
          <ErrorPanel title="Impossible de charger le journal." message={query.error.message} onRetry={() => void query.refetch()} />
        ) : data && data.entries.length === 0 ? (
          <EmptyState
            icon={<ScrollText className="size-10" />}
            title={kind || actor ? 'Aucune action ne correspond à ces filtres.' : 'Aucune action pour le moment.'}
            titleAs="h3"
          />
        ) : data ? (
          <div aria-busy={query.isPlaceholderData || undefined}>
            {query.isError ? <ErrorPanel title="Impossible de charger cette page." message={query.error.message} /> : null}
            <p className="mb-3 text-sm text-muted" aria-live="polite">
              {data.total === 1 ? '1 action' : `${data.total} actions`}
            </p>
            <ol className="space-y-3">
              {data.entries.map((e) => (
                <Entry key={e.id} entry={e} />
              ))}
            </ol>
            <Pager
              label="Pages du journal"
              page={page}
              pageCount={pageCount}
              onPage={(p) =>
                updateParams((u) => {
                  if (p > 1) u.set('page', String(p));
                  else u.delete('page');
                  return u;
                })
              }
            />
          </div>
        ) : null}
      </div>
    </AdminShell>
  );
}
