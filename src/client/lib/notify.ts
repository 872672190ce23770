// Toasts as the spec's error catalogue writes them: a title, then the server's message when there is one.
import { toast } from './toast';

/** Destructive toast, e.g. notifyError('Erreur de chargement des cours', error.message). */
export function notifyError(title: string, message?: string): void {
  toast.error(title, message ? { description: message } : undefined);
}

export function notifySuccess(title: string, message?: string): void {
  toast.success(title, message ? { description: message } : undefined);
}

/** A neutral notice (no emoji in messages: issue 25), e.g. « Bientôt disponible ! ». */
export function notifyInfo(title: string, message?: string): void {
  toast(title, message ? { description: message } : undefined);
}
