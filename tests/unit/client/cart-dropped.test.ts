// Why a line leaves the cart on its own: only what is for sale to the person stays (shared/entitlements.ts).
import { describe, expect, it } from 'vitest';
import { dropReason } from '@client/features/cart/cart-dropped';
import type { CartItem } from '@client/features/cart/cart-item';

const recorded: CartItem = { id: 'c', title: 'Brunch', image_url: null, price: 29, is_live: false };

describe('dropReason', () => {
  it('keeps a course for sale, and one whose answer has not come yet', () => {
    expect(dropReason(recorded, { status: 'for_sale', priceCents: 2900, listPriceCents: 2900, discountPercent: null })).toBeNull();
    expect(dropReason(recorded, undefined)).toBeNull();
  });

  it('drops what is already the person’s, for subscribers only, not yet on sale, no longer offered, and any live class', () => {
    expect(dropReason(recorded, { status: 'included', reason: 'membership' })).toBe('il est inclus dans votre abonnement');
    expect(dropReason(recorded, { status: 'included', reason: 'purchased' })).toBe("vous l'avez déjà acheté");
    expect(dropReason(recorded, { status: 'subscribers_only', membershipPriceCents: 1999 })).toBe('il est réservé aux abonnés');
    expect(dropReason(recorded, { status: 'coming_soon' })).toBe("il n'est pas encore en vente (bientôt disponible)");
    expect(dropReason(recorded, 'gone')).toBe("ce cours n'est plus offert");
    expect(dropReason({ ...recorded, is_live: true }, undefined)).toMatch(/se réserve séance par séance/);
  });
});
