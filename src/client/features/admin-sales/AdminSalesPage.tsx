// /admin/ventes — Ventes: revenue per month in the chef's time zone (chart and the same figures as a
// table), the period's totals and taxes to declare, the members with access, the orders CSV for the
// accountant, the latest refunds from the audit trail and the orders, each leading to its page where
// it can be refunded.
import { Download, Gift, Receipt } from 'lucide-react';
import { Link } from 'react-router';
import { MONTH_PATTERN } from '@shared/schemas/admin-sales';
import { buttonClass } from '@client/components/ui/Button';
import { EmptyState } from '@client/components/ui/EmptyState';
import { ErrorPanel } from '@client/components/ui/ErrorPanel';
import { Skeleton } from '@client/components/ui/Skeleton';
import { TextField } from '@client/components/ui/TextField';
import { useErrorToast } from '@client/lib/use-error-toast';
import { usePageTitle } from '@client/lib/use-page-title';
import { useUrlParams } from '@client/lib/use-url-params';
import { AdminShell } from '@client/app/layout/AdminShell';
import { PAGE_SIZE, useAdminOrders } from '../admin-orders/api';
import { OrdersList, Pager } from '@client/features/admin-orders';
import { csvHref, useSales } from './api';
import { RecentRefunds } from './components/RecentRefunds';
import { SalesChart } from './components/SalesChart';
import { SalesTable } from './components/SalesTable';
import { SalesTotals } from './components/SalesTotals';
import { monthLabel } from './format';

const readMonth = (value: string | null) => (value && MONTH_PATTERN.test(value) ? value : undefined);

function readPage(value: string | null): number {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 ? n : 1;
}

function OrdersSection() {
  const [params, updateParams] = useUrlParams();
  const page = readPage(params.get('page'));
  const query = useAdminOrders(page, undefined);
  const pageCount = Math.max(1, Math.ceil((query.data?.total ?? 0) / PAGE_SIZE));
  return (
    <section aria-labelledby="sales-orders" className="space-y-3">
      <div>
        <h2 id="sales-orders" className="text-xl font-semibold text-ink">
          Commandes
        </h2>
        <p className="mt-1 text-sm text-muted">Les plus récentes d'abord. Ouvrez une commande pour voir son détail ou la rembourser.</p>
      </div>
      {query.isPending ? (
        <div role="status" aria-label="Chargement des commandes" className="space-y-3">
          {Array.from({ length: 3 }, (_, i) => (
            <Skeleton key={i} className="h-16 w-full" />
          ))}
        </div>
      ) : query.isError ? (
        <ErrorPanel title="Impossible de charger les commandes." message={query.error.message} onRetry={() => void query.refetch()} />
      ) : query.data.orders.length === 0 ? (
        <EmptyState icon={<Receipt className="size-10" />} title="Aucune commande pour le moment." titleAs="h3" />
      ) : (
        <div aria-busy={query.isPlaceholderData || undefined}>
          <OrdersList orders={query.data.orders} />
          <Pager
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
      )}
    </section>
  );
}

export default function AdminSalesPage() {
  usePageTitle('Ventes');
  const [params, updateParams] = useUrlParams();
  const from = readMonth(params.get('du'));
  const to = readMonth(params.get('au'));
  const query = useSales({ from, to });
  useErrorToast(query.error, 'Erreur');
  const data = query.data;

  const setMonth = (name: 'du' | 'au', value: string) =>
    updateParams((p) => {
      if (MONTH_PATTERN.test(value)) p.set(name, value);
      else if (!value) p.delete(name);
      return p;
    });

  return (
    <AdminShell>
      <div className="space-y-8">
        <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
          <div>
            <h2 className="text-2xl font-semibold text-ink">Ventes</h2>
            <p className="mt-1 text-muted">
              Par mois, à l'heure de Montréal : les ventes à leur date de paiement, les remboursements à la date où l'argent a été rendu.
            </p>
            <Link to="/admin/cartes-cadeaux" className="mt-2 inline-flex items-center gap-1.5 font-semibold text-brand-700 underline-offset-4 hover:underline">
              <Gift aria-hidden="true" className="size-4" />
              Cartes-cadeaux
            </Link>
          </div>
          {data ? (
            <a
              href={csvHref({ from: data.from, to: data.to })}
              download
              className={buttonClass({ variant: 'secondary', className: 'shrink-0' })}
            >
              <Download aria-hidden="true" className="size-4" />
              Exporter en CSV
            </a>
          ) : null}
        </div>

        <form className="flex flex-wrap items-end gap-3" aria-label="Période" onSubmit={(e) => e.preventDefault()}>
          <TextField
            label="Du mois"
            type="month"
            className="w-44"
            value={from ?? data?.from ?? ''}
            min="2000-01"
            onChange={(e) => setMonth('du', e.target.value)}
            placeholder="AAAA-MM"
          />
          <TextField
            label="Au mois"
            type="month"
            className="w-44"
            value={to ?? data?.to ?? ''}
            min="2000-01"
            onChange={(e) => setMonth('au', e.target.value)}
            placeholder="AAAA-MM"
          />
          {data ? (
            <p className="pb-3 text-sm text-muted" aria-live="polite">
              De {monthLabel(data.from)} à {monthLabel(data.to)}
            </p>
          ) : null}
        </form>

        {query.isPending ? (
          <div role="status" aria-label="Chargement des ventes" className="space-y-4">
            <Skeleton className="h-64 w-full" />
            <div className="grid grid-cols-2 gap-3 lg:grid-cols-5">
              {Array.from({ length: 5 }, (_, i) => (
                <Skeleton key={i} className="h-24" />
              ))}
            </div>
          </div>
        ) : query.isError && !data ? (
          <ErrorPanel title="Impossible de charger les ventes." message={query.error.message} onRetry={() => void query.refetch()} />
        ) : data ? (
          <div className="space-y-8" aria-busy={query.isPlaceholderData || undefined}>
            {query.isError ? <ErrorPanel title="Impossible de charger cette période." message={query.error.message} /> : null}
            <SalesTotals totals={data.totals} activeSubscribers={data.activeSubscribers} />
            <SalesChart months={data.months} />
            <SalesTable months={data.months} totals={data.totals} />
            <RecentRefunds refunds={data.recentRefunds} />
          </div>
        ) : null}

        <OrdersSection />
      </div>
    </AdminShell>
  );
}
