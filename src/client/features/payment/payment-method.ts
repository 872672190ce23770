// How a payment method reads to the buyer: 'Visa •••• 4242', 'Portefeuille — Visa •••• 4242'.
import type { PaymentMethodView } from '@shared/schemas/checkout';

const BRANDS: Record<string, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
  jcb: 'JCB',
  diners: 'Diners Club',
  unionpay: 'UnionPay',
};

export function paymentMethodLabel(method: PaymentMethodView | null): string | null {
  if (!method) return null;
  const brand = method.brand ? (BRANDS[method.brand] ?? 'Carte') : 'Carte';
  // Non-breaking spaces: the last four never wrap away from the brand.
  const card = method.last4 ? `${brand}\u00a0••••\u00a0${method.last4}` : brand;
  return method.type === 'wallet' ? `Portefeuille — ${card}` : card;
}
