import { formatPrice } from '@shared/format';

/** A course offered at no cost reads 'Gratuit' rather than '0,00 CAD'. */
export function coursePriceLabel(cents: number): string {
  return cents === 0 ? 'Gratuit' : formatPrice(cents);
}
