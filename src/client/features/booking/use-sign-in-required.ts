// The booking pages need an account (spec §5): a visitor gets the spec's toast and goes home, where
// the sign-in dialog opens and, once signed in, brings them back here (as the signed-in guard does).
import { createElement, useEffect, type ReactElement } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useAuth } from '@client/app/auth';
import type { GuardRedirectState } from '@client/app/layout/useOpenLoginFromState';
import { toast } from '@client/lib/toast';

export const SIGN_IN_REQUIRED = 'Vous devez être connecté pour réserver un cours.';

/** The redirect to render for a visitor; null while signed in or while the session loads. */
export function useSignInRequired(): ReactElement | null {
  const { status } = useAuth();
  const { pathname, search, hash } = useLocation();

  useEffect(() => {
    // A fixed id: the toast is shown once even if the effect runs twice.
    if (status === 'signed-out') toast.error(SIGN_IN_REQUIRED, { id: 'booking-login-required' });
  }, [status]);

  if (status !== 'signed-out') return null;
  const state: GuardRedirectState = { from: { pathname, search, hash }, openLogin: true };
  return createElement(Navigate, { to: '/', replace: true, state });
}
