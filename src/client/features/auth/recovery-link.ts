/** A password-reset link carries its token in the query (?token=) or a recovery marker in the fragment. */
export function hasRecoveryMarker(search: string, hash: string): boolean {
  const query = new URLSearchParams(search);
  const fragment = new URLSearchParams(hash.replace(/^#/, ''));
  return Boolean(query.get('token')) || fragment.get('type') === 'recovery';
}
