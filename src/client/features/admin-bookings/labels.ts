// What the Réservations tab calls each status. Spec §7: a confirmed reservation reads 'Cours
// confirmé' (green), an unpaid one 'En attente de paiement' (yellow); the admin's list also holds
// the ones that ended, which the calendar never shows.
import type { AdminBookingStatus } from '@shared/schemas/admin-bookings';
import type { ReservationCancelReason } from '@shared/schemas/reservations';
import type { BadgeTone } from '@client/components/ui/Badge';

export const BOOKING_STATUS_LABELS: Record<AdminBookingStatus, string> = {
  confirmed: 'Cours confirmé',
  pending_payment: 'En attente de paiement',
  cancelled: 'Annulée',
  expired: 'Expirée',
};

export const BOOKING_STATUS_TONES: Record<AdminBookingStatus, BadgeTone> = {
  confirmed: 'herb',
  pending_payment: 'saffron',
  cancelled: 'neutral',
  expired: 'neutral',
};

/** Why it was cancelled, in a few words under the badge. */
export const CANCEL_REASON_LABELS: Record<ReservationCancelReason, string> = {
  learner_refunded: 'Annulée par le client, remboursée',
  learner_no_refund: 'Annulée par le client, sans remboursement',
  admin_refunded: 'Remboursée par l’administration',
  session_cancelled: 'Séance annulée, remboursée',
  no_seat: 'Paiement arrivé trop tard, remboursé',
  released: 'Place rendue avant paiement',
  transferred_to_credit: 'Transférée en crédit Toque',
};

/** Period filter: the sessions to come (the default) or those already over. */
export const PERIOD_OPTIONS = [
  { value: 'upcoming', label: 'À venir' },
  { value: 'past', label: 'Passées' },
] as const;

export const STATUS_OPTIONS = (Object.keys(BOOKING_STATUS_LABELS) as AdminBookingStatus[]).map((value) => ({
  value,
  label: BOOKING_STATUS_LABELS[value],
}));
