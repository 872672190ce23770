// How the dialog words a failure (spec §8): the server's French message when there is one, else
// 'Une erreur est survenue' (the spec's 'Something went wrong', said in French).
import { ApiError } from '@client/lib/api';
import { notifyError } from '@client/lib/notify';

export const SOMETHING_WENT_WRONG = 'Une erreur est survenue';

export function failureMessage(error: unknown): string {
  return error instanceof ApiError && error.message ? error.message : SOMETHING_WENT_WRONG;
}

/** The catalogue's toast for a failed action, e.g. 'Échec de la connexion' + message. Returns the message. */
export function toastFailure(title: string, error: unknown): string {
  const message = failureMessage(error);
  notifyError(title, message);
  return message;
}

/** The server's per-field messages (a 400 VALIDATION_FAILED), to show under the fields. */
export function fieldErrors(error: unknown): Record<string, string> {
  return error instanceof ApiError && error.fields ? error.fields : {};
}
