// Which failure text a buyer reads (spec §5): the processor's own message for a refused or invalid
// card; for anything else the generic 'Une erreur inattendue est survenue.'
import type { CardErrors } from './card';

export const UNEXPECTED_ERROR = 'Une erreur inattendue est survenue.';

type ErrorLike = { status?: number; message?: string; fields?: Record<string, string> };

/** A 4xx from the payment endpoints says what is wrong with this payment; 5xx and network are ours. */
export function paymentErrorMessage(error: unknown): string {
  const e = error as ErrorLike | null;
  if (e && typeof e.status === 'number' && e.status >= 400 && e.status < 500 && e.message) return e.message;
  return UNEXPECTED_ERROR;
}

/** The server's per-field messages ('method.number', 'number'…) placed under the card fields. */
export function cardFieldErrors(error: unknown): CardErrors {
  const fields = (error as ErrorLike | null)?.fields;
  if (!fields) return {};
  const out: CardErrors = {};
  for (const [key, message] of Object.entries(fields)) {
    const name = key.split('.').pop();
    if (name === 'number' || name === 'expiry' || name === 'cvc') out[name] = message;
  }
  return out;
}
