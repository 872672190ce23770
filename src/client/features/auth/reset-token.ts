// Where /update-password finds its reset token: the e-mailed link's ?token=, which the page then
// moves into the history entry's state (kept on reload, gone from the address bar, history
// suggestions and anything copied from it).
export type ResetTokenState = { resetToken?: string };

export function resetTokenFrom(search: string, state: unknown): string | null {
  const fromState = (state as ResetTokenState | null)?.resetToken;
  if (typeof fromState === 'string' && fromState) return fromState;
  return new URLSearchParams(search).get('token') || null;
}
