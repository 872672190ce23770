// Opens the login dialog when the app is sent here to sign in:
// - a guard sends visitors home with { from, openLogin: true } (spec: route guards; /update-password
//   does too after a reset). The dialog opens on arrival and, once signed in, takes the person back
//   to `from`. The flag is dropped from the history entry so that going back or reloading does not
//   reopen it.
// - a page the server answers itself (a receipt whose link expired, an /api error page) sends
//   visitors to /?connexion=1&retour=<path>: the dialog opens and, once signed in, the whole page
//   goes to that path (a server page, not one of the app's routes).
// - a failed identity-provider sign-in comes back as /?connexion-externe=1&error=<code>: a toast says
//   why in French, the dialog opens, and both parameters leave the address.
import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { IDENTITY_PROVIDER_ERROR_PARAM, identityProviderErrorMessage } from '@shared/identity-provider';
import { RETURN_PARAM, safeReturnPath, SIGN_IN_PARAM } from '@shared/sign-in-link';
import { toast } from '@client/lib/toast';
import { useAuth, useAuthDialog } from '../auth';

export type GuardRedirectState = { from?: { pathname: string; search?: string; hash?: string }; openLogin?: boolean };

const pathOf = (from: NonNullable<GuardRedirectState['from']>) => `${from.pathname}${from.search ?? ''}${from.hash ?? ''}`;

export function useOpenLoginFromState(): void {
  const location = useLocation();
  const navigate = useNavigate();
  const { status } = useAuth();
  const { open } = useAuthDialog();
  const state = location.state as GuardRedirectState | null;

  useEffect(() => {
    if (!state?.openLogin || status === 'loading') return;
    const { openLogin: _done, ...rest } = state;
    navigate(`${location.pathname}${location.search}${location.hash}`, { replace: true, state: rest });
    if (status !== 'signed-out') return;
    const from = state.from ? pathOf(state.from) : undefined;
    open('login', from ? { returnTo: from, onSignedIn: () => navigate(from, { replace: true }) } : {});
  }, [state, status, open, navigate, location.pathname, location.search, location.hash]);

  useEffect(() => {
    const params = new URLSearchParams(location.search);
    if (!params.has(SIGN_IN_PARAM) || status === 'loading') return;
    const returnTo = safeReturnPath(params.get(RETURN_PARAM));
    params.delete(SIGN_IN_PARAM);
    params.delete(RETURN_PARAM);
    const search = params.toString();
    navigate(`${location.pathname}${search ? `?${search}` : ''}${location.hash}`, { replace: true, state: location.state });
    // Already signed in (another tab did it): straight there.
    if (status !== 'signed-out') {
      if (returnTo) window.location.assign(returnTo);
      return;
    }
    open('login', returnTo ? { returnTo, onSignedIn: () => window.location.assign(returnTo) } : {});
  }, [location.search, location.pathname, location.hash, location.state, status, navigate, open]);

  useEffect(() => {
    const params = new URLSearchParams(location.search);
    if (!params.has(IDENTITY_PROVIDER_ERROR_PARAM)) return;
    // A fixed id: shown once even if the effect runs twice.
    toast.error('Échec de la connexion', { description: identityProviderErrorMessage(params.get('error')), id: 'identity-provider-error' });
    params.delete(IDENTITY_PROVIDER_ERROR_PARAM);
    params.delete('error');
    const search = params.toString();
    navigate(`${location.pathname}${search ? `?${search}` : ''}${location.hash}`, { replace: true, state: location.state });
    open('login');
  }, [location.search, location.pathname, location.hash, location.state, navigate, open]);
}
