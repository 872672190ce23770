// The « Clients » tab's two views: the customers and the members' figures.
import { NavLink } from 'react-router';
import { cn } from '@client/lib/cn';

const VIEWS = [
  { to: '/admin/clients', label: 'Clients' },
  { to: '/admin/membres', label: 'Membres' },
] as const;

export function ClientsNav() {
  return (
    <nav aria-label="Clients et membres" className="mb-6">
      <ul className="inline-flex rounded-full border border-line bg-white p-1">
        {VIEWS.map((view) => (
          <li key={view.to}>
            <NavLink
              to={view.to}
              end
              className={({ isActive }) =>
                cn(
                  'inline-flex min-h-10 items-center rounded-full px-5 text-base font-medium transition-colors',
                  isActive ? 'bg-brand-700 text-white' : 'text-ink hover:bg-brand-50 hover:text-brand-800',
                )
              }
            >
              {view.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
