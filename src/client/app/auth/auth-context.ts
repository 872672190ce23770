// The shape of authentication as the pages read it. Kept apart from the provider so a page that only
// reads it does not pull the dialog code in.
import { createContext, useContext } from 'react';

export type Role = 'learner' | 'chef' | 'admin';

export type AuthUser = {
  id: string;
  email: string;
  fullName: string;
  role: Role;
  avatarUrl: string | null;
  isSubscriber: boolean;
};

/** The TanStack Query key of GET /api/me: invalidate it after anything that changes what /api/me says. */
export const ME_QUERY_KEY = ['me'] as const;

export type AuthStatus = 'loading' | 'signed-in' | 'signed-out';

export type AuthState = { status: AuthStatus; user: AuthUser | null };

export type AuthDialogView = 'login' | 'signup' | 'forgotPassword';

export type AuthDialogOptions = {
  /**
   * Where the person was headed (a guard's `from`, as a path of this site): the identity provider
   * brings them back there. Defaults to the current page.
   */
  returnTo?: string;
  /** Runs after a successful sign-in (e.g. go back to `returnTo`). */
  onSignedIn?: () => void;
};

export type AuthDialogControl = {
  open: (view?: AuthDialogView, options?: AuthDialogOptions) => void;
};

export const AuthContext = createContext<AuthState | null>(null);
export const AuthDialogContext = createContext<AuthDialogControl | null>(null);

export function useAuth(): AuthState {
  const value = useContext(AuthContext);
  // Spec §8: using the auth context outside its provider is a programming error.
  if (!value) throw new Error('useAuth must be used within an AuthProvider');
  return value;
}

export function useAuthDialog(): AuthDialogControl {
  const value = useContext(AuthDialogContext);
  if (!value) throw new Error('useAuthDialog must be used within an AuthProvider');
  return value;
}
