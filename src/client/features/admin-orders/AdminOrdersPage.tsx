// /admin/commandes — every order of the site for the admin, newest first, a page at a time, with a
// filter on the status; each leads to the order's page where it can be refunded. Inside the admin's
// shell, so its tabs stay at hand.
import { Receipt } from 'lucide-react';
import { useEffect, useState } from 'react';
import type { OrderStatus } from '@shared/schemas/checkout';
import { AdminShell } from '@client/app/layout/AdminShell';
import { EmptyState } from '@client/components/ui/EmptyState';
import { ErrorPanel } from '@client/components/ui/ErrorPanel';
import { SearchField } from '@client/components/ui/SearchField';
import { Select } from '@client/components/ui/Select';
import { Skeleton } from '@client/components/ui/Skeleton';
import { useDebouncedValue } from '@client/lib/use-debounced-value';
import { useErrorToast } from '@client/lib/use-error-toast';
import { usePageTitle } from '@client/lib/use-page-title';
import { useUrlParams } from '@client/lib/use-url-params';
import { PAGE_SIZE, useAdminOrders } from './api';
import { OrdersList } from './components/OrdersList';
import { Pager } from './components/Pager';
import { ORDER_STATUS_LABELS, ORDER_STATUSES } from './labels';

const STATUS_OPTIONS = ORDER_STATUSES.map((value) => ({ value, label: ORDER_STATUS_LABELS[value] }));

function readPage(value: string | null): number {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 ? n : 1;
}

const readStatus = (value: string | null): OrderStatus | undefined =>
  ORDER_STATUSES.includes(value as OrderStatus) ? (value as OrderStatus) : undefined;

export default function AdminOrdersPage() {
  usePageTitle('Commandes');
  const [params, updateParams] = useUrlParams();
  const page = readPage(params.get('page'));
  const status = readStatus(params.get('statut'));
  const q = params.get('q') ?? '';
  const [text, setText] = useState(q);
  const typed = useDebouncedValue(text.trim(), 300);
  const query = useAdminOrders(page, status, q);
  useErrorToast(query.error, 'Erreur');

  const total = query.data?.total ?? 0;
  const pageCount = Math.max(1, Math.ceil(total / PAGE_SIZE));

  const setParam = (name: string, value: string | undefined) =>
    updateParams((p) => {
      if (value) p.set(name, value);
      else p.delete(name);
      if (name !== 'page') p.delete('page');
      return p;
    });

  // The search typed goes to the address, back to page 1.
  useEffect(() => {
    if (typed !== q) setParam('q', typed || undefined);
  }, [typed, q]);

  return (
    <AdminShell>
      <header className="mb-6">
        <h2 className="text-2xl font-semibold text-ink sm:text-3xl">Commandes</h2>
        <p className="mt-2 text-muted">Les achats de cours, du plus récent au plus ancien. Ouvrez une commande pour voir son détail ou la rembourser.</p>
      </header>
      <div className="mb-5 flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <SearchField
          label="Client ou numéro"
          value={text}
          onChange={setText}
          placeholder="Nom, courriel ou n° de commande"
          count={query.data ? (total === 0 ? 'Aucune commande' : total === 1 ? '1 commande' : `${total} commandes`) : null}
          className="sm:max-w-sm"
        />
        <Select
          label="Statut"
          value={status}
          onValueChange={(v) => setParam('statut', v)}
          options={STATUS_OPTIONS}
          allLabel="Tous les statuts"
          className="sm:w-64"
        />
      </div>

      {query.isPending ? (
        <div role="status" aria-label="Chargement des commandes" className="space-y-3">
          {Array.from({ length: 5 }, (_, i) => (
            <Skeleton key={i} className="h-16 w-full" />
          ))}
        </div>
      ) : query.isError ? (
        <ErrorPanel title="Impossible de charger les commandes." message={query.error.message} onRetry={() => void query.refetch()} />
      ) : query.data.orders.length === 0 ? (
        <EmptyState
          icon={<Receipt className="size-10" />}
          title={q ? `Aucune commande ne correspond à « ${q} ».` : status ? 'Aucune commande avec ce statut.' : 'Aucune commande pour le moment.'}
          titleAs="h2"
          hint="Les commandes apparaissent ici dès qu'un paiement est lancé."
        />
      ) : (
        <div aria-busy={query.isPlaceholderData || undefined}>
          <OrdersList orders={query.data.orders} />
          <Pager page={page} pageCount={pageCount} onPage={(p) => setParam('page', p > 1 ? String(p) : undefined)} />
        </div>
      )}
    </AdminShell>
  );
}
