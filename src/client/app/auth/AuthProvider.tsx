// Who is browsing, and the sign-in dialog.
// Accounts arrive with the next issue: until then there is no session to read, so every viewer is
// a visitor (status 'signed-out', user null). Nothing here pretends to sign anyone in.
import { lazy, Suspense, useCallback, useMemo, useState, type ReactNode } from 'react';
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

  const open = useCallback((view: AuthDialogView = 'login') => setDialog({ mounted: true, open: true, view }), []);
  const onOpenChange = useCallback((isOpen: boolean) => setDialog((d) => ({ ...d, open: isOpen })), []);
  const dialogControl = useMemo(() => ({ open }), [open]);

  return (
    <AuthContext.Provider value={VISITOR_STATE}>
      <AuthDialogContext.Provider value={dialogControl}>
        {children}
        {dialog.mounted ? (
          <Suspense fallback={null}>
            <AuthDialog open={dialog.open} view={dialog.view} onOpenChange={onOpenChange} />
          </Suspense>
        ) : null}
      </AuthDialogContext.Provider>
    </AuthContext.Provider>
  );
}
