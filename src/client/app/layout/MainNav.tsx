// The main navigation: a row of links in the header on desktop (1024 px and wider), a fixed bar of
// icons and labels at the bottom on phones and tablets. Only one of the two is displayed at a time
// (the other is display:none, so assistive tech meets a single "Navigation principale").
import { NavLink } from 'react-router';
import { cn } from '@client/lib/cn';
import { NAV_ITEMS } from './nav-items';

export function DesktopNav() {
  return (
    <nav aria-label="Navigation principale" className="hidden lg:block">
      <ul className="flex items-center gap-1">
        {NAV_ITEMS.map(({ to, label, end }) => (
          <li key={to}>
            <NavLink
              to={to}
              end={end}
              className={({ isActive }) =>
                cn(
                  'inline-flex h-10 items-center whitespace-nowrap rounded-full px-3 font-medium transition-colors xl:px-4',
                  isActive ? 'bg-brand-50 text-brand-800' : 'text-ink hover:bg-brand-50 hover:text-brand-800',
                )
              }
            >
              {label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export function MobileNav() {
  return (
    <nav
      aria-label="Navigation principale"
      className="fixed inset-x-0 bottom-0 z-40 border-t border-line bg-white/95 pb-[env(safe-area-inset-bottom)] shadow-[0_-4px_16px_rgba(31,26,23,0.06)] lg:hidden"
    >
      <ul className="grid grid-cols-4">
        {NAV_ITEMS.map(({ to, label, icon: Icon, end }) => (
          <li key={to}>
            <NavLink
              to={to}
              end={end}
              className={({ isActive }) =>
                cn(
                  'flex h-16 flex-col items-center justify-center gap-1 text-xs font-medium transition-colors',
                  isActive ? 'text-brand-700' : 'text-muted hover:text-brand-800',
                )
              }
            >
              {({ isActive }) => (
                <>
                  <span
                    className={cn('flex h-7 w-12 items-center justify-center rounded-full', isActive && 'bg-brand-50')}
                    aria-hidden="true"
                  >
                    <Icon className="size-5" strokeWidth={isActive ? 2.4 : 2} />
                  </span>
                  {label}
                </>
              )}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
