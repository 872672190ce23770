// How « Clients » names memberships, seats and roles in French.
import type { MembershipState } from '@shared/schemas/admin-clients';
import type { BadgeTone } from '@client/components/ui/Badge';

export const MEMBERSHIP_LABELS: Record<MembershipState, string> = {
  active: 'Abonnement actif',
  trialing: "Période d'essai",
  past_due: 'Paiement en retard',
  cancelling: 'Fin prévue',
  unpaid: 'Impayé',
  incomplete: 'Paiement à finir',
  canceled: 'Terminé',
};

export const MEMBERSHIP_TONES: Record<MembershipState, BadgeTone> = {
  active: 'herb',
  trialing: 'brand',
  past_due: 'saffron',
  cancelling: 'saffron',
  unpaid: 'saffron',
  incomplete: 'neutral',
  canceled: 'neutral',
};

export const BOOKING_LABELS = {
  pending_payment: 'En attente de paiement',
  confirmed: 'Confirmée',
  cancelled: 'Annulée',
  expired: 'Expirée',
} as const;

export const ROLE_LABELS = { learner: 'Apprenant', chef: 'Chef', admin: 'Administration' } as const;
