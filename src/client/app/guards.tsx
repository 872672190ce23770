// Route guards (spec: Route guards). They decide what the screen shows; the server still decides
// every call on its own from the session.
import { lazy, Suspense, useState } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { PageSpinner } from '@client/components/ui/Spinner';
import { askSecondFactorEarly } from '../features/second-factor/early-status';
import { useAuth } from './auth';
import type { GuardRedirectState } from './layout/useOpenLoginFromState';

function useLoginRedirectState(): GuardRedirectState {
  const { pathname, search, hash } = useLocation();
  return { from: { pathname, search, hash }, openLogin: true };
}

/** Signed-in users only: others go home, where the login dialog opens. */
export function RequireSignedIn() {
  const { status, user } = useAuth();
  const state = useLoginRedirectState();
  if (status === 'loading') return <PageSpinner />;
  if (!user) return <Navigate to="/" replace state={state} />;
  return <Outlet />;
}

/** Active subscribers only: visitors as above; signed-in non-subscribers see the offer. */
export function RequireSubscriber() {
  const { status, user } = useAuth();
  const state = useLoginRedirectState();
  if (status === 'loading') return <PageSpinner />;
  if (!user) return <Navigate to="/" replace state={state} />;
  if (!user.isSubscriber) return <Navigate to="/abonnement" replace />;
  return <Outlet />;
}

// Loaded only by the admin: nobody else downloads the second factor's screens.
const loadGate = () => import('../features/second-factor/SecondFactorGate');
const SecondFactorGate = lazy(loadGate);

/**
 * An admin address is opening: the gate's code and the second factor's status are asked for now,
 * beside /api/me, rather than one after the other once it answers (the page shows a round trip or
 * two sooner). Both are harmless for anyone else: the code is public, the status read is refused.
 */
function openAdminDoorEarly() {
  void loadGate().catch(() => undefined);
  askSecondFactorEarly();
}

/** The admin only, once this session gave the second factor (the gate asks for it): others go home. */
export function RequireAdmin() {
  const { status, user } = useAuth();
  // Once per mount, during the first render (before any effect would run).
  useState(openAdminDoorEarly);
  if (status === 'loading') return <PageSpinner />;
  if (user?.role !== 'admin') return <Navigate to="/" replace />;
  return (
    <Suspense fallback={<PageSpinner />}>
      <SecondFactorGate>
        <Outlet />
      </SecondFactorGate>
    </Suspense>
  );
}

/** The guest chef (role 'chef') only: his « Mes séances » and their rosters; others go home. */
export function RequireGuestChef() {
  const { status, user } = useAuth();
  const state = useLoginRedirectState();
  if (status === 'loading') return <PageSpinner />;
  if (!user) return <Navigate to="/" replace state={state} />;
  if (user.role !== 'chef') return <Navigate to="/" replace />;
  return <Outlet />;
}
