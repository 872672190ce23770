// Who is browsing (GET /api/me through the query cache, key ME_QUERY_KEY) and the sign-in dialog.
// Status starts 'loading' and becomes 'signed-in' or 'signed-out' once the server has answered
// (spec §4: authentication states); whatever changes the session refreshes that query.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useCallback, useMemo, useRef, useState, type ReactNode } from 'react';
import type { MeResponse } from '@shared/schemas/auth';
import { ME_INITIAL_DATA_KEY } from '@shared/initial-data';
import { takeInitialData, type ApiError } from '@client/lib/api';
import { authApi } from './auth-api';
import {
  AuthContext,
  AuthDialogContext,
  ME_QUERY_KEY,
  type AuthDialogOptions,
  type AuthDialogView,
  type AuthState,
} from './auth-context';
import { forgetPendingAction } from './pending-action';

// Radix Dialog and the dialog's views load on first open, keeping them out of the main chunk.
const AuthDialog = lazy(() => import('./AuthDialog'));

type DialogState = { mounted: boolean; open: boolean; view: AuthDialogView; options: AuthDialogOptions };

function useSession(): AuthState {
  const me = useQuery<MeResponse, ApiError>({
    queryKey: ME_QUERY_KEY,
    queryFn: ({ signal }) => authApi.me(signal),
    // A page the server rendered for a visitor says so (no request; the header matches its HTML).
    initialData: () => takeInitialData<MeResponse>(ME_INITIAL_DATA_KEY),
    // A session can end elsewhere (sign-out in another tab, password changed): look again on return.
    refetchOnWindowFocus: true,
  });
  return useMemo<AuthState>(() => {
    if (me.data) return me.data.user ? { status: 'signed-in', user: me.data.user } : { status: 'signed-out', user: null };
    // The server could not say (after retries): browse as a visitor; it decides every call anyway.
    if (me.isError) return { status: 'signed-out', user: null };
    return { status: 'loading', user: null };
  }, [me.data, me.isError]);
}

export function AuthProvider({ children }: { children: ReactNode }) {
  const session = useSession();
  const queryClient = useQueryClient();
  const [dialog, setDialog] = useState<DialogState>({ mounted: false, open: false, view: 'login', options: {} });

  // The dialog is opened from code (header button, guards, pages), not by a Radix trigger: remember
  // what had focus so that closing it puts focus back there.
  const opener = useRef<HTMLElement | null>(null);
  const backToLogin = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const open = useCallback((view: AuthDialogView = 'login', options: AuthDialogOptions = {}) => {
    clearTimeout(backToLogin.current);
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    setDialog({ mounted: true, open: true, view, options });
  }, []);
  const restoreFocus = useCallback(() => {
    const target = opener.current;
    opener.current = null;
    return target && target.isConnected ? target : null;
  }, []);
  const onOpenChange = useCallback((isOpen: boolean) => {
    setDialog((d) => ({ ...d, open: isOpen }));
    clearTimeout(backToLogin.current);
    // Spec §4: closing returns the dialog to login after 300 ms (once its closing animation is over).
    if (!isOpen) backToLogin.current = setTimeout(() => setDialog((d) => ({ ...d, view: 'login', options: {} })), 300);
    // Closed without signing in: what the visitor had started is not done later by surprise.
    if (!isOpen && !queryClient.getQueryData<MeResponse>(ME_QUERY_KEY)?.user) forgetPendingAction();
  }, [queryClient]);
  const onViewChange = useCallback((view: AuthDialogView) => setDialog((d) => ({ ...d, view })), []);
  const dialogControl = useMemo(() => ({ open }), [open]);

  return (
    <AuthContext.Provider value={session}>
      <AuthDialogContext.Provider value={dialogControl}>
        {children}
        {dialog.mounted ? (
          <Suspense fallback={null}>
            <AuthDialog
              open={dialog.open}
              view={dialog.view}
              options={dialog.options}
              onOpenChange={onOpenChange}
              onViewChange={onViewChange}
              restoreFocus={restoreFocus}
            />
          </Suspense>
        ) : null}
      </AuthDialogContext.Provider>
    </AuthContext.Provider>
  );
}
