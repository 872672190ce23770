// What pages import about authentication: who is browsing and how to open the sign-in dialog.
export { useAuth, useAuthDialog } from './auth-context';
export type { AuthUser, AuthState, AuthStatus, AuthDialogView, Role } from './auth-context';
