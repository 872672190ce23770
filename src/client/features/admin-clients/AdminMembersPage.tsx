// /admin/membres — Tableau de Bord Admin, tab Clients, view Membres: the members by state (active,
// trial, payment past due, ending at their period's end), the monthly recurring revenue before tax,
// and the memberships started and ended each month over the last 12 months.
import { useId, type ReactNode } from 'react';
import { formatPrice } from '@shared/format';
import type { AdminMembersResponse } from '@shared/schemas/admin-clients';
import { AdminShell } from '@client/app/layout/AdminShell';
import { Card } from '@client/components/ui/Card';
import { ErrorPanel } from '@client/components/ui/ErrorPanel';
import { Skeleton } from '@client/components/ui/Skeleton';
import { useErrorToast } from '@client/lib/use-error-toast';
import { usePageTitle } from '@client/lib/use-page-title';
import { useAdminMembers } from './api';
import { ClientsNav } from './components/ClientsNav';
import { MembershipSettingsForm } from './components/MembershipSettingsForm';

const monthName = new Intl.DateTimeFormat('fr-CA', { month: 'long', year: 'numeric', timeZone: 'UTC' });
const monthLabel = (month: string) => {
  const [y, m] = month.split('-').map(Number);
  return monthName.format(new Date(Date.UTC(y!, m! - 1, 15)));
};

export default function AdminMembersPage() {
  usePageTitle('Membres — Tableau de Bord Admin');
  const query = useAdminMembers();
  useErrorToast(query.error, 'Erreur');
  return (
    <AdminShell>
      <ClientsNav />
      <h2 className="sr-only">Membres</h2>
      {query.isPending ? (
        <div role="status" aria-label="Chargement des membres" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-5">
          {Array.from({ length: 5 }, (_, i) => (
            <Skeleton key={i} className="h-28 w-full" />
          ))}
        </div>
      ) : query.isError ? (
        <ErrorPanel title="Impossible de charger les membres." message={query.error.message} onRetry={() => void query.refetch()} />
      ) : (
        <MembersView data={query.data} />
      )}
      <div className="mt-6">
        <MembershipSettingsForm />
      </div>
    </AdminShell>
  );
}

function MembersView({ data }: { data: AdminMembersResponse }) {
  const { monthly, annual } = data.paying;
  const payingHint = `avant taxes · ${monthly} mensuel${monthly > 1 ? 's' : ''}${annual ? ` + ${annual} annuel${annual > 1 ? 's' : ''} (au douzième)` : ''}`;
  const peak = Math.max(1, ...data.months.map((m) => Math.max(m.started, m.cancelled)));
  const tableId = useId();
  return (
    <div className="space-y-6">
      <dl className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-5">
        <Figure label="Revenu mensuel récurrent" hint={payingHint} wide>
          {formatPrice(data.mrrCents)}
        </Figure>
        <Figure label="Actifs">{data.counts.active}</Figure>
        <Figure label="En essai">{data.counts.trialing}</Figure>
        <Figure label="Paiement en retard">{data.counts.pastDue}</Figure>
        <Figure label="Fin prévue" hint="annulés, actifs jusqu’à la fin de la période">
          {data.counts.cancelling}
        </Figure>
      </dl>

      <Card as="section" aria-labelledby={tableId} className="p-5 sm:p-6">
        <h3 id={tableId} className="text-xl font-semibold text-ink">
          Nouveaux et départs, 12 derniers mois
        </h3>
        <p className="mt-1 text-sm text-muted">Un nouveau membre compte au mois de son premier paiement (ou de son essai) ; un départ, au mois où l’abonnement a pris fin.</p>
        <div className="mt-4 overflow-x-auto">
          <table className="w-full min-w-[20rem] text-sm">
            <thead>
              <tr className="border-b border-line text-left text-muted">
                <th scope="col" className="py-2 pr-3 font-semibold">
                  Mois
                </th>
                <th scope="col" className="py-2 pr-3 text-right font-semibold">
                  Nouveaux
                </th>
                <th scope="col" className="py-2 pr-3 text-right font-semibold">
                  Départs
                </th>
                <th scope="col" className="hidden py-2 sm:table-cell">
                  <span className="sr-only">En barres</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {[...data.months].reverse().map((m) => (
                <tr key={m.month} className="border-b border-line/60 last:border-0">
                  <th scope="row" className="py-2 pr-3 text-left font-medium capitalize text-ink">
                    {monthLabel(m.month)}
                  </th>
                  <td className="py-2 pr-3 text-right tabular-nums text-ink">{m.started}</td>
                  <td className="py-2 pr-3 text-right tabular-nums text-ink">{m.cancelled}</td>
                  <td className="hidden w-1/2 py-2 sm:table-cell" aria-hidden="true">
                    <div className="flex flex-col gap-1">
                      <span className="block h-2 rounded-full bg-herb" style={{ width: `${(m.started / peak) * 100}%` }} />
                      <span className="block h-2 rounded-full bg-brand-600" style={{ width: `${(m.cancelled / peak) * 100}%` }} />
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </Card>
    </div>
  );
}

function Figure({ label, hint, wide, children }: { label: string; hint?: string; wide?: boolean; children: ReactNode }) {
  return (
    <div className={`rounded-2xl border border-line bg-white p-4 shadow-sm ${wide ? 'col-span-2 lg:col-span-1' : ''}`}>
      <dt className="text-sm font-semibold text-muted">{label}</dt>
      <dd className="mt-1 text-2xl font-semibold tabular-nums text-ink">{children}</dd>
      {hint ? <dd className="mt-1 text-xs text-muted">{hint}</dd> : null}
    </div>
  );
}
