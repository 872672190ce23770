// Why a course left the cart on its own: only what is for sale to this person stays in it
// (shared/entitlements.ts), and a live class is booked, never paid from the cart.
import { INCLUDED_LABELS } from '@shared/entitlements';
import type { CartItem } from './cart-item';
import type { CartOffer } from './use-cart-offers';

export type DroppedLine = { id: string; title: string; why: string };

/** Why this line cannot stay in the cart, or null when it is for sale (or not yet known). */
export function dropReason(item: CartItem, offer: CartOffer): string | null {
  if (item.is_live) return 'un cours en direct se réserve séance par séance : choisissez une séance sur sa page';
  if (offer === undefined || (offer !== 'gone' && offer.status === 'for_sale')) return null;
  if (offer === 'gone') return "ce cours n'est plus offert";
  switch (offer.status) {
    case 'included':
      return offer.reason === 'purchased' ? "vous l'avez déjà acheté" : offer.reason === 'membership' ? 'il est inclus dans votre abonnement' : `${INCLUDED_LABELS[offer.reason].toLowerCase()} : rien à payer`;
    case 'subscribers_only':
      return 'il est réservé aux abonnés';
    case 'coming_soon':
      return "il n'est pas encore en vente (bientôt disponible)";
  }
}
