// How a membership reads on screen (spec §4): its status in French, capitalised, green while it gives
// full access (active, trialing), yellow otherwise; the expiry warning's days (spec §9); and how long
// the activation page keeps asking the server after a payment. Pure, so it is unit-tested.
import type { SubscriptionStatus, SubscriptionView } from '@shared/schemas/subscription';

const LABELS: Record<SubscriptionStatus, string> = {
  active: 'Actif',
  trialing: "En période d'essai",
  past_due: 'En retard de paiement',
  canceled: 'Annulé',
  incomplete: 'En attente de paiement',
  unpaid: 'Impayé',
};

/** 'Actif', 'En retard de paiement'… An unknown status (newer server) is shown capitalised as sent. */
export function statusLabel(status: string): string {
  const known = LABELS[status as SubscriptionStatus];
  if (known) return known;
  const text = status.replace(/_/g, ' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** Spec §4: active and trialing in green, canceled and the others in yellow. */
export function statusTone(status: string): 'green' | 'yellow' {
  return status === 'active' || status === 'trialing' ? 'green' : 'yellow';
}

const DAY_MS = 86_400_000;

/**
 * Spec §9: the days left when the period ends 0 to 7 days from now, else null. Not for a canceled
 * subscription (nothing left to expire). Counted in calendar days where the viewer is: ending on the
 * 25th seen on the 22nd is 'dans 3 jours', whatever the hour; ending later today is 0.
 */
export function expiryWarningDays(
  subscription: Pick<SubscriptionView, 'status' | 'currentPeriodEnd'> | null | undefined,
  now: Date = new Date(),
): number | null {
  if (!subscription?.currentPeriodEnd || subscription.status === 'canceled') return null;
  const end = new Date(subscription.currentPeriodEnd);
  if (Number.isNaN(end.getTime()) || end.getTime() < now.getTime()) return null;
  const startOfDay = (d: Date) => new Date(d.getFullYear(), d.getMonth(), d.getDate()).getTime();
  // Rounded: a day across a daylight-saving change lasts 23 or 25 hours.
  const days = Math.round((startOfDay(end) - startOfDay(now)) / DAY_MS);
  return days <= 7 ? days : null;
}

/** 'Votre abonnement expire dans {n} jours.' (French: 0 and 1 take the singular). */
export function expiryWarningText(days: number): string {
  return `Votre abonnement expire dans ${days} ${days < 2 ? 'jour' : 'jours'}.`;
}

/** How long the activation page waits for the payment's event before saying it is late. */
export const ACTIVATION_PATIENCE_MS = 60_000;

/** Next read of the subscription while it activates: every second, then less often; null when spent. */
export function activationPollDelay(elapsedMs: number): number | null {
  if (elapsedMs >= ACTIVATION_PATIENCE_MS) return null;
  if (elapsedMs < 10_000) return 1_000;
  if (elapsedMs < 30_000) return 2_000;
  return 4_000;
}

/** The realtime event's toast (spec §4): became active, or became canceled; null for anything else. */
export function subscriptionChangeToast(event: { status: string; previousStatus: string | null }): 'activated' | 'canceled' | null {
  if (event.status === event.previousStatus) return null;
  if (event.status === 'active') return 'activated';
  if (event.status === 'canceled') return 'canceled';
  return null;
}
