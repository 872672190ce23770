// The accounts API contract: request bodies checked on the server (and by the forms), responses.
import { newPasswordSchema } from '../password';
import { isSameSitePath } from '../same-site-path';
import { z } from '../zod';

const email = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.email({ message: 'Adresse courriel invalide.' }));

/** POST /api/auth/sign-up/email — `name` is the person's full name. */
export const signUpSchema = z.object({
  name: z.string().trim().min(2, { message: 'Le nom complet doit contenir au moins 2 caractères.' }).max(120),
  email,
  password: newPasswordSchema,
});

/** POST /api/auth/sign-in/email — no policy here: an old password must still let its owner in. */
export const signInSchema = z.object({
  email,
  password: z.string().min(1, { message: 'Le mot de passe est requis.' }).max(1024),
});

/** POST /api/auth/change-password — the current password is always required. */
export const changePasswordSchema = z.object({
  currentPassword: z.string().min(1, { message: 'Le mot de passe actuel est requis.' }).max(1024),
  newPassword: newPasswordSchema,
});

/** POST /api/auth/request-password-reset — answered the same whether or not the account exists. */
export const requestPasswordResetSchema = z.object({ email });

/** POST /api/auth/reset-password — the token from the e-mailed /update-password link. */
export const resetPasswordSchema = z.object({
  token: z.string().min(1, { message: 'Lien invalide ou expiré' }).max(200),
  newPassword: newPasswordSchema,
});

/** What sign-up, sign-in, sign-out and password change answer on success (the session is only in the cookie). */
export type AuthOkResponse = { ok: true };

export type MeUser = {
  id: string;
  email: string;
  fullName: string;
  role: 'learner' | 'chef' | 'admin';
  avatarUrl: string | null;
  isSubscriber: boolean;
};

/** GET /api/me */
export type MeResponse = { user: MeUser | null };

/** GET /api/auth/providers — the identity provider the dialog offers under 'Ou continuer avec', if any. */
export type AuthProvidersResponse = { identityProvider: { name: string } | null };

/** A path of this site to come back to (never another origin: sameSitePath decides). */
export const returnToSchema = z.string().max(2000).refine(isSameSitePath, { message: 'Adresse de retour invalide.' });

/** POST /api/auth/sign-in/identity-provider — answers the provider's authorization URL to go to. */
export const identityProviderSignInSchema = z.object({ returnTo: returnToSchema.default('/') });
export type IdentityProviderSignInResponse = { url: string };

// Kept in a module without zod, so the app shell can read a failed sign-in's return without it.
export { IDENTITY_PROVIDER_ERROR_PARAM, identityProviderErrorMessage } from '../identity-provider';
