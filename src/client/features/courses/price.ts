// What a course card or page shows in place of "the price": always the viewer's entitlement
// (shared/entitlements.ts, computed by the server for whoever asked), never a rule of its own.
import { COMING_SOON_LABEL, INCLUDED_LABELS, SUBSCRIBERS_ONLY_LABEL, type Entitlement } from '@shared/entitlements';
import { formatPrice } from '@shared/format';

/** A course offered at no cost reads 'Gratuit' rather than '0,00 CAD'. */
export function coursePriceLabel(cents: number): string {
  return cents === 0 ? 'Gratuit' : formatPrice(cents);
}

/** One short line: the price for sale, « Inclus dans votre abonnement », « Acheté », « Réservé aux abonnés » or « Bientôt disponible ». */
export function entitlementLabel(e: Entitlement): string {
  switch (e.status) {
    case 'for_sale':
      return coursePriceLabel(e.priceCents);
    case 'included':
      return INCLUDED_LABELS[e.reason];
    case 'subscribers_only':
      return SUBSCRIBERS_ONLY_LABEL;
    case 'coming_soon':
      return COMING_SOON_LABEL;
  }
}
