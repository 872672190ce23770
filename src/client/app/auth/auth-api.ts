// The accounts API as the client calls it (contract: @shared/schemas/auth). Each call throws
// ApiError with the server's French message on failure.
import type {
  AuthOkResponse,
  AuthProvidersResponse,
  IdentityProviderSignInResponse,
  MeResponse,
} from '@shared/schemas/auth';
import { api } from '@client/lib/api';

const post = <T>(path: string, body: unknown) => api<T>(path, { method: 'POST', body: JSON.stringify(body) });

export const authApi = {
  me: (signal?: AbortSignal) => api<MeResponse>('/me', { signal }),
  providers: (signal?: AbortSignal) => api<AuthProvidersResponse>('/auth/providers', { signal }),
  signIn: (input: { email: string; password: string }) => post<AuthOkResponse>('/auth/sign-in/email', input),
  /** Creates the account but opens no session (the same answer when the address is taken). */
  signUp: (input: { name: string; email: string; password: string }) => post<AuthOkResponse>('/auth/sign-up/email', input),
  signOut: () => post<AuthOkResponse>('/auth/sign-out', {}),
  requestPasswordReset: (input: { email: string }) => post<AuthOkResponse>('/auth/request-password-reset', input),
  resetPassword: (input: { token: string; newPassword: string }) => post<AuthOkResponse>('/auth/reset-password', input),
  identityProviderUrl: (returnTo: string) =>
    post<IdentityProviderSignInResponse>('/auth/sign-in/identity-provider', { returnTo }),
};
