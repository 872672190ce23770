// A guard sends visitors home with { from, openLogin: true } (spec: route guards); /abonnement can be
// reached the same way. The dialog opens on arrival, and the flag is dropped from the history entry
// (keeping `from`, where the sign-in will return) so that going back or reloading does not reopen it.
import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useAuth, useAuthDialog } from '../auth';

export type GuardRedirectState = { from?: { pathname: string; search?: string; hash?: string }; openLogin?: boolean };

export function useOpenLoginFromState(): void {
  const location = useLocation();
  const navigate = useNavigate();
  const { status } = useAuth();
  const { open } = useAuthDialog();
  const state = location.state as GuardRedirectState | null;

  useEffect(() => {
    if (!state?.openLogin || status === 'loading') return;
    if (status === 'signed-out') open('login');
    const { openLogin: _done, ...rest } = state;
    navigate(`${location.pathname}${location.search}${location.hash}`, { replace: true, state: rest });
  }, [state, status, open, navigate, location.pathname, location.search, location.hash]);
}
