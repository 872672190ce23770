// /admin/clients — Tableau de Bord Admin, tab Clients: every customer, found by part of a name or an
// e-mail (accents and case ignored: « gagnon » finds « Gagnon », « helene » finds « Hélène »), by
// name, a page at a time; each leads to the person's page.
import { Users } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { Link } from 'react-router';
import { formatLongDate } from '@shared/format';
import { provinceName } from '@shared/provinces';
import type { AdminClientSummary } from '@shared/schemas/admin-clients';
import { AdminShell } from '@client/app/layout/AdminShell';
import { Badge } from '@client/components/ui/Badge';
import { Button } from '@client/components/ui/Button';
import { EmptyState } from '@client/components/ui/EmptyState';
import { ErrorPanel } from '@client/components/ui/ErrorPanel';
import { Pager } from '@client/components/ui/Pager';
import { SearchField } from '@client/components/ui/SearchField';
import { Skeleton } from '@client/components/ui/Skeleton';
import { cn } from '@client/lib/cn';
import { useDebouncedValue } from '@client/lib/use-debounced-value';
import { useErrorToast } from '@client/lib/use-error-toast';
import { usePageTitle } from '@client/lib/use-page-title';
import { useUrlParams } from '@client/lib/use-url-params';
import { PAGE_SIZE, useAdminClients } from './api';
import { ClientsNav } from './components/ClientsNav';
import { MEMBERSHIP_LABELS, MEMBERSHIP_TONES, ROLE_LABELS } from './labels';

function readPage(value: string | null): number {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 ? n : 1;
}

export default function AdminClientsPage() {
  usePageTitle('Clients — Tableau de Bord Admin');
  const searchId = useId();
  const [params, updateParams] = useUrlParams();
  const page = readPage(params.get('page'));
  const [text, setText] = useState(() => params.get('q') ?? '');
  const typed = useDebouncedValue(text.trim(), 300);
  const q = params.get('q') ?? '';
  // The search typed goes to the address (a reload or a shared link finds the same people), back to page 1.
  useEffect(() => {
    if (typed === q) return;
    updateParams((p) => {
      if (typed) p.set('q', typed);
      else p.delete('q');
      p.delete('page');
      return p;
    });
  }, [typed, q, updateParams]);

  const list = useAdminClients(q, page);
  useErrorToast(list.error, 'Erreur');
  const total = list.data?.total ?? 0;
  const pageCount = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const setPage = (n: number) =>
    updateParams((p) => {
      if (n > 1) p.set('page', String(n));
      else p.delete('page');
      return p;
    });

  return (
    <AdminShell>
      <ClientsNav />
      <section aria-labelledby={`${searchId}-title`}>
        <h2 id={`${searchId}-title`} className="sr-only">
          Clients
        </h2>
        <SearchField
          label="Rechercher un client par nom ou courriel"
          hideLabel
          value={text}
          onChange={setText}
          placeholder="Nom ou courriel..."
          count={list.data ? (total === 0 ? 'Aucun client' : total === 1 ? '1 client' : `${total} clients`) : null}
          className="mb-5 sm:max-w-md"
        />

        {list.isPending ? (
          <div role="status" aria-label="Chargement des clients" className="space-y-3">
            {Array.from({ length: 5 }, (_, i) => (
              <Skeleton key={i} className="h-16 w-full" />
            ))}
          </div>
        ) : list.isError && !list.data ? (
          <ErrorPanel title="Impossible de charger les clients." message={list.error.message} onRetry={() => void list.refetch()} />
        ) : list.data.clients.length === 0 ? (
          <EmptyState
            icon={<Users className="size-10" />}
            title={q ? `Aucun client ne correspond à « ${q} ».` : 'Aucun client pour le moment.'}
            titleAs="h3"
            hint={q ? "Essayez une partie du nom ou de l'adresse courriel." : 'Les comptes créés sur le site apparaissent ici.'}
            action={
              q ? (
                <Button variant="secondary" onClick={() => setText('')}>
                  Effacer la recherche
                </Button>
              ) : null
            }
          />
        ) : (
          <div aria-busy={list.isPlaceholderData || undefined} className={cn('transition-opacity', list.isPlaceholderData && 'opacity-60')}>
            <ul className="divide-y divide-line overflow-hidden rounded-2xl border border-line bg-white">
              {list.data.clients.map((client) => (
                <ClientRow key={client.id} client={client} />
              ))}
            </ul>
            <Pager label="Pages de clients" page={page} pageCount={pageCount} onPage={setPage} />
          </div>
        )}
      </section>
    </AdminShell>
  );
}

function ClientRow({ client }: { client: AdminClientSummary }) {
  return (
    <li className="relative flex flex-col gap-1 px-4 py-3 hover:bg-brand-50/60 sm:flex-row sm:items-center sm:gap-4">
      <div className="min-w-0 flex-1">
        <Link to={`/admin/clients/${encodeURIComponent(client.id)}`} className="font-semibold text-ink after:absolute after:inset-0 hover:text-brand-800">
          {client.name}
        </Link>
        <p className="break-all text-sm text-muted">{client.email}</p>
      </div>
      <p className="text-sm text-muted sm:w-48">
        {client.province ? (provinceName(client.province) ?? client.province) : 'Province non indiquée'}
        <span className="block">Depuis le {formatLongDate(client.since)}</span>
      </p>
      <div className="flex flex-wrap items-center gap-2 sm:w-56 sm:justify-end">
        {client.role !== 'learner' ? <Badge tone="dark">{ROLE_LABELS[client.role]}</Badge> : null}
        {client.membership ? <Badge tone={MEMBERSHIP_TONES[client.membership]}>{MEMBERSHIP_LABELS[client.membership]}</Badge> : null}
        <span className="text-sm text-muted">
          {client.paidOrderCount === 0 ? 'Aucun achat' : client.paidOrderCount === 1 ? '1 achat' : `${client.paidOrderCount} achats`}
        </span>
      </div>
    </li>
  );
}
