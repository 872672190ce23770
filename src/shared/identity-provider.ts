/**
 * No zod in this module: the app shell reads it on every page.
 *
 * After a failed identity-provider sign-in the server sends the browser to
 * `/?${IDENTITY_PROVIDER_ERROR_PARAM}=1&error=<code>`; the client shows the French message and
 * removes both parameters.
 */
export const IDENTITY_PROVIDER_ERROR_PARAM = 'connexion-externe';

export function identityProviderErrorMessage(code: string | null): string {
  if (code === 'account_not_linked') {
    return 'Un compte Toque existe déjà avec cette adresse courriel. Connectez-vous avec votre mot de passe.';
  }
  return "La connexion avec le fournisseur d'identité a échoué. Réessayez.";
}
