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
  const card = method.last4 ? `${brand} •••• ${method.last4}` : brand;
  return method.type === 'wallet' ? `Portefeuille — ${card}` : card;
}
