// Sticky header (spec: Layout): back button except on home, logo, then visitor or member actions.
import { lazy, Suspense } from 'react';
import { Bell, Gift, ShoppingBag, UserRound } from 'lucide-react';
import { Link, useLocation } from 'react-router';
import { buttonClass } from '@client/components/ui/Button';
import { useAuth, useAuthDialog } from '../auth';
import { BackButton } from './BackButton';
import { Logo } from './Logo';
import { DesktopNav } from './MainNav';

// The avatar menu uses Radix DropdownMenu: loaded only for signed-in users.
const UserMenu = lazy(() => import('./UserMenu'));
// The cart link with its count (the cart store) likewise.
const HeaderCartLink = lazy(() => import('@client/features/cart/components/HeaderCartLink'));
// The bell with its unread count (kept live by the event stream) likewise.
const HeaderNotificationsLink = lazy(() => import('@client/features/notifications/components/HeaderNotificationsLink'));

export function Header() {
  const { pathname } = useLocation();
  const { status, user } = useAuth();
  const authDialog = useAuthDialog();
  const isHome = pathname === '/';

  return (
    <header className="sticky top-0 z-40 border-b border-line bg-cream/95 shadow-[0_1px_0_rgba(31,26,23,0.02)] supports-[backdrop-filter]:bg-cream/85 supports-[backdrop-filter]:backdrop-blur">
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-1.5 px-3 max-[359px]:px-2 sm:gap-2 sm:px-6">
        {isHome ? null : <BackButton />}
        <Logo compact={!isHome} />
        <div className="ml-4 hidden flex-1 lg:block">
          <DesktopNav />
        </div>
        <div className="ml-auto flex items-center gap-1 sm:gap-2">
          <Link
            to="/offrir"
            aria-label="Offrir un cours"
            className="inline-flex size-10 items-center justify-center gap-1.5 whitespace-nowrap rounded-full text-sm font-semibold text-brand-700 underline-offset-4 hover:underline 2xl:w-auto 2xl:px-3"
          >
            <Gift aria-hidden="true" className="size-5" />
            <span className="hidden 2xl:inline">Offrir un cours</span>
          </Link>
          {status === 'signed-in' && user ? (
            <>
              <Suspense
                fallback={
                  <IconLink to="/panier" label="Panier">
                    <ShoppingBag aria-hidden="true" className="size-5" />
                  </IconLink>
                }
              >
                <HeaderCartLink as={IconLink} icon={<ShoppingBag aria-hidden="true" className="size-5" />} />
              </Suspense>
              <Suspense
                fallback={
                  <IconLink to="/notifications" label="Notifications">
                    <Bell aria-hidden="true" className="size-5" />
                  </IconLink>
                }
              >
                <HeaderNotificationsLink as={IconLink} icon={<Bell aria-hidden="true" className="size-5" />} />
              </Suspense>
              <Suspense fallback={<span className="size-10 rounded-full bg-brand-50" aria-hidden="true" />}>
                <UserMenu user={user} />
              </Suspense>
            </>
          ) : status === 'signed-out' ? (
            <>
              <Link
                to="/abonnement"
                className="inline-flex h-10 items-center rounded-full px-1.5 text-sm font-semibold text-brand-700 underline-offset-4 hover:underline sm:px-3 sm:text-base"
              >
                S'abonner
              </Link>
              <button
                type="button"
                onClick={() => authDialog.open('login')}
                className={buttonClass({ size: 'sm', className: 'shrink-0 sm:h-10 sm:px-4' })}
              >
                <UserRound aria-hidden="true" className="hidden size-4 sm:block" />
                <span className="sm:hidden">Connexion</span>
                <span className="hidden sm:inline">Connexion / Inscription</span>
              </button>
            </>
          ) : null}
        </div>
      </div>
    </header>
  );
}

function IconLink({ to, label, children }: { to: string; label: string; children: React.ReactNode }) {
  return (
    <Link
      to={to}
      aria-label={label}
      className="relative inline-flex size-10 items-center justify-center rounded-full text-ink transition-colors hover:bg-brand-50 hover:text-brand-800"
    >
      {children}
    </Link>
  );
}
