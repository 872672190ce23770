// What pages import about authentication: who is browsing and how to open the sign-in dialog.
export { ME_QUERY_KEY, useAuth, useAuthDialog } from './auth-context';
export type { AuthUser, AuthState, AuthStatus, AuthDialogView, AuthDialogOptions, Role } from './auth-context';
export { forgetPendingAction, rememberPendingAction, takePendingAction, type PendingAction } from './pending-action';
