// Who is browsing, and the sign-in dialog.
// Accounts arrive with the next issue: until then there is no session to read, so every viewer is
// a visitor (status 'signed-out', user null). Nothing here pretends to sign anyone in.
import { lazy, Suspense, useCallback, useMemo, useRef, useState, type ReactNode } from 'react';
import { AuthContext, AuthDialogContext, type AuthDialogView, type AuthState } from './auth-context';

// Radix Dialog and the dialog's views load on first open, keeping them out of the main chunk.
const AuthDialog = lazy(() => import('./AuthDialog'));

const VISITOR_STATE: AuthState = { status: 'signed-out', user: null };

export function AuthProvider({ children }: { children: ReactNode }) {
  const [dialog, setDialog] = useState<{ mounted: boolean; open: boolean; view: AuthDialogView }>({
    mounted: false,
    open: false,
    view: 'login',
  });

  // The dialog is opened from code (header button, guards, pages), not by a Radix trigger: remember
  // what had focus so that closing it puts focus back there.
  const opener = useRef<HTMLElement | null>(null);
  const open = useCallback((view: AuthDialogView = 'login') => {
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    setDialog({ mounted: true, open: true, view });
  }, []);
  const restoreFocus = useCallback(() => {
    const target = opener.current;
    opener.current = null;
    return target && target.isConnected ? target : null;
  }, []);
  const onOpenChange = useCallback((isOpen: boolean) => setDialog((d) => ({ ...d, open: isOpen })), []);
  const dialogControl = useMemo(() => ({ open }), [open]);

  return (
    <AuthContext.Provider value={VISITOR_STATE}>
      <AuthDialogContext.Provider value={dialogControl}>
        {children}
        {dialog.mounted ? (
          <Suspense fallback={null}>
            <AuthDialog open={dialog.open} view={dialog.view} onOpenChange={onOpenChange} restoreFocus={restoreFocus} />
          </Suspense>
        ) : null}
      </AuthDialogContext.Provider>
    </AuthContext.Provider>
  );
}
