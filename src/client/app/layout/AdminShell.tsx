// Tableau de Bord Admin: the title and the tabs around each tab's page. A tab is a route of its own
// (/admin « Aperçu », /admin/reservations, /admin/cours, /admin/recettes, /admin/clients,
// /admin/ventes, /admin/codes-promo, /admin/comptabilite, /admin/journal), so it can be linked to and reloaded, and
// loads only its own code; each tab's page renders inside this shell.
import type { ReactNode } from 'react';
import { NavLink, useLocation } from 'react-router';
import { ButtonLink } from '@client/components/ui/Button';
import { PageHeader } from '@client/components/ui/PageHeader';
import { cn } from '@client/lib/cn';
import { HydrationBoundary } from '@client/lib/hydration-boundary';
import { DemoAccountsWarning } from './DemoAccountsWarning';

type Tab = { to: string; label: string; end: boolean; /** Other addresses that belong to the tab. */ also?: readonly string[] };

const TABS: readonly Tab[] = [
  { to: '/admin', label: 'Aperçu', end: true },
  { to: '/admin/reservations', label: 'Réservations', end: true },
  { to: '/admin/cours', label: 'Cours', end: false },
  { to: '/admin/recettes', label: 'Recettes', end: false },
  { to: '/admin/clients', label: 'Clients', end: false, also: ['/admin/membres'] },
  { to: '/admin/ventes', label: 'Ventes', end: false, also: ['/admin/cartes-cadeaux'] },
  { to: '/admin/codes-promo', label: 'Codes promo', end: false },
  { to: '/admin/comptabilite', label: 'Comptabilité', end: false },
  { to: '/admin/journal', label: 'Journal', end: false },
];

export function AdminShell({ children, actions }: { children: ReactNode; actions?: ReactNode }) {
  const { pathname } = useLocation();
  return (
    // At least a screen high: while a tab's data loads, the footer stays below the fold instead of
    // showing and then jumping down (a layout shift).
    <div className="mx-auto min-h-[calc(100dvh-4rem)] w-full max-w-6xl px-4 py-8 sm:px-6 sm:py-10">
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
      {/* Nine tabs, none hidden or cut: three per row on a phone and four on a tablet (buttons
          that wrap), one row of underlined tabs from the laptop up. Adopted on its own in a page
          the server rendered (decision 0045). */}
      <HydrationBoundary>
        <nav aria-label="Sections du tableau de bord" className="mb-8">
          <ul className="grid grid-cols-3 gap-1.5 sm:grid-cols-4 lg:flex lg:gap-1 lg:border-b lg:border-line">
            {TABS.map((tab) => (
              <li key={tab.to}>
                <NavLink
                  to={tab.to}
                  end={tab.end}
                  className={({ isActive: own }) => {
                    const isActive = own || !!tab.also?.some((path) => pathname === path || pathname.startsWith(`${path}/`));
                    return cn(
                      'flex min-h-11 items-center justify-center rounded-lg border px-2 text-center text-sm font-medium transition-colors',
                      'lg:-mb-px lg:rounded-none lg:border-0 lg:border-b-2 lg:px-4 lg:text-base',
                      isActive
                        ? 'border-brand-700 bg-brand-50 text-brand-800 lg:bg-transparent'
                        : 'border-line bg-white text-muted hover:border-brand-600 hover:text-ink lg:border-transparent lg:bg-transparent lg:hover:border-line',
                    );
                  }}
                >
                  {tab.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      </HydrationBoundary>
      {children}
    </div>
  );
}
