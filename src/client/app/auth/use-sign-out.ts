// 'Se déconnecter' (spec: avatar menu; §8 'Déconnexion' notice, 'Échec de la déconnexion'). The
// server ends the session, then the person goes home, and only once there does the app forget them:
// forgetting first would let the page they were on (say /account) send them to the login dialog.
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { notifyError, notifyInfo } from '@client/lib/notify';
import { authApi } from './auth-api';
import { failureMessage } from './dialog/failure';
import { forgetAfterSignOut } from './session-cache';

export function useSignOut(): { signOut: () => Promise<void>; signingOut: boolean } {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [state, setState] = useState<'idle' | 'pending' | 'leaving'>('idle');

  useEffect(() => {
    if (state === 'leaving' && pathname === '/') forgetAfterSignOut(queryClient);
  }, [state, pathname, queryClient]);

  const signOut = useCallback(async () => {
    setState('pending');
    try {
      await authApi.signOut();
    } catch (error) {
      setState('idle');
      notifyError('Échec de la déconnexion', failureMessage(error));
      return;
    }
    notifyInfo('Déconnexion', 'Votre session est fermée. À bientôt !');
    setState('leaving');
    navigate('/');
  }, [navigate]);

  return { signOut, signingOut: state !== 'idle' };
}
