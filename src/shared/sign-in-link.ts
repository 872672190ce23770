// The address that opens the sign-in dialog and, once signed in, goes back to where the person was:
// '/?connexion=1&retour=<path>'. Pages the server answers itself (a document, an /api error page)
// send visitors there; the app reads it (useOpenLoginFromState).

export const SIGN_IN_PARAM = 'connexion';
export const RETURN_PARAM = 'retour';

/**
 * A path of this site, never another origin: it starts with one '/', has no backslash ('/\\x' is
 * '//x' to a browser) and no control character.
 */
export function safeReturnPath(raw: string | null | undefined): string | null {
  if (!raw || raw.length > 2000 || !/^\/(?![/\\])/.test(raw) || raw.includes('\\')) return null;
  for (const ch of raw) if (ch.charCodeAt(0) < 0x20 || ch.charCodeAt(0) === 0x7f) return null;
  return raw;
}

export function signInLink(returnTo: string): string {
  const params = new URLSearchParams({ [SIGN_IN_PARAM]: '1' });
  const safe = safeReturnPath(returnTo);
  if (safe) params.set(RETURN_PARAM, safe);
  return `/?${params.toString()}`;
}
