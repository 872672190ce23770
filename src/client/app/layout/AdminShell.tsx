// Tableau de Bord Admin: the title and the tabs around each tab's page. A tab is a route of its own
// (/admin/reservations, /admin/recettes, /admin/cours, /admin/ventes), so it can be
// linked to and reloaded, and loads only its own code; each tab's page renders inside this shell.
import type { ReactNode } from 'react';
import { NavLink, useLocation } from 'react-router';
import { ButtonLink } from '@client/components/ui/Button';
import { PageHeader } from '@client/components/ui/PageHeader';
import { cn } from '@client/lib/cn';
import { DemoAccountsWarning } from './DemoAccountsWarning';

type Tab = { to: string; label: string; end: boolean; /** Other addresses that belong to the tab. */ also?: readonly string[] };

const TABS: readonly Tab[] = [
  { to: '/admin/reservations', label: 'Réservations', end: true },
  { to: '/admin/recettes', label: 'Recettes', end: false },
  { to: '/admin/cours', label: 'Cours', end: false },
  { to: '/admin/clients', label: 'Clients', end: false, also: ['/admin/membres'] },
  { to: '/admin/ventes', label: 'Ventes', end: false },
];

export function AdminShell({ children, actions }: { children: ReactNode; actions?: ReactNode }) {
  const { pathname } = useLocation();
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6 sm:py-10">
      <PageHeader
        title="Tableau de Bord Admin"
        actions={
          actions ?? (
            <>
              <ButtonLink to="/admin/commandes" variant="secondary">
                Commandes et remboursements
              </ButtonLink>
              <ButtonLink to="/admin/courriels" variant="secondary">
                Courriels envoyés
              </ButtonLink>
            </>
          )
        }
      />
      <DemoAccountsWarning />
      {/* Two by two on a phone (no tab hidden past the edge), one row from the tablet up. */}
      <nav aria-label="Sections du tableau de bord" className="mb-8">
        <ul className="grid grid-cols-2 border-b border-line sm:flex sm:gap-1">
          {TABS.map((tab) => (
            <li key={tab.to}>
              <NavLink
                to={tab.to}
                end={tab.end}
                className={({ isActive: own }) => {
                  const isActive = own || !!tab.also?.some((path) => pathname === path || pathname.startsWith(`${path}/`));
                  return cn(
                    '-mb-px flex min-h-11 items-center justify-center border-b-2 px-4 text-base font-medium transition-colors sm:inline-flex',
                    isActive ? 'border-brand-700 text-brand-800' : 'border-transparent text-muted hover:border-line hover:text-ink',
                  );
                }}
              >
                {tab.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      {children}
    </div>
  );
}
