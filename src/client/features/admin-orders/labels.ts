// How the admin screens name orders, lines, refunds and payment methods in French.
import type { OrderStatus, OrderView, PaymentMethodView, ProductKind, RefundView } from '@shared/schemas/checkout';
import type { BadgeTone } from '@client/components/ui/Badge';

/** An order (« une commande ») is feminine: payée, remboursée… */
export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  pending: 'En attente',
  processing: 'En cours de traitement',
  paid: 'Payée',
  failed: 'Échouée',
  // 'canceled': closed unpaid when its hold or payment window ended (modules/checkout/abandon.ts).
  canceled: 'Abandonnée',
  partially_refunded: 'Partiellement remboursée',
  refunded: 'Remboursée',
};

export const ORDER_STATUS_TONES: Record<OrderStatus, BadgeTone> = {
  pending: 'neutral',
  processing: 'neutral',
  paid: 'herb',
  failed: 'brand',
  canceled: 'neutral',
  partially_refunded: 'saffron',
  refunded: 'dark',
};

export const ORDER_STATUSES = Object.keys(ORDER_STATUS_LABELS) as OrderStatus[];

export const PRODUCT_KIND_LABELS: Record<ProductKind, string> = {
  recorded_course: 'Cours enregistré',
  live_class: 'Cours en direct',
  membership: 'Abonnement',
  gift_card: 'Carte-cadeau',
};

export const REFUND_STATUS_LABELS: Record<RefundView['status'], string> = {
  pending: 'En cours',
  succeeded: 'Effectué',
  failed: 'Échoué',
};

export const REFUND_STATUS_TONES: Record<RefundView['status'], BadgeTone> = {
  pending: 'saffron',
  succeeded: 'herb',
  failed: 'brand',
};

const BRANDS: Record<string, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
  interac: 'Interac',
};

/** 'Visa •••• 4242', 'Portefeuille numérique', or 'N/A' before any payment. */
export function paymentMethodLabel(method: PaymentMethodView | null): string {
  if (!method) return 'N/A';
  if (method.type === 'wallet') return 'Portefeuille numérique';
  const brand = method.brand ? (BRANDS[method.brand.toLowerCase()] ?? method.brand) : 'Carte';
  return method.last4 ? `${brand} •••• ${method.last4}` : brand;
}

/** Refunds are possible once paid, until everything is given back. */
export function isRefundable(order: OrderView): boolean {
  return (order.status === 'paid' || order.status === 'partially_refunded') && order.lines.some((l) => l.amountCents > l.refundedCents);
}

export const hasPendingRefund = (order: OrderView): boolean => order.refunds.some((r) => r.status === 'pending');
