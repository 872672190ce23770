// What /payment-result can tell from its query (spec §4, payment return), and how often it asks the
// server afterwards. The query never proves a payment: 'succeeded' only starts reading the order,
// which is paid once the provider's event has been processed on the server.
import type { OrderStatus, OrderView } from '@shared/schemas/checkout';

export const INVALID_PARAMETERS = 'Paramètres de paiement invalides.';
export const PAYMENT_FAILED = 'Le paiement a échoué. Veuillez réessayer ou utiliser un autre moyen de paiement.';

export type PaymentResultState =
  | { kind: 'error'; message: string }
  /** Read the order until the server says paid or failed; `providerSaid` is the query's status. */
  | { kind: 'confirm'; orderId: string; paymentIntent: string; providerSaid: 'succeeded' | 'processing' }
  /** A status we do not act on: processing shown, nothing done (spec). */
  | { kind: 'idle' };

export function readPaymentResult(params: URLSearchParams): PaymentResultState {
  const intent = params.get('payment_intent');
  const status = params.get('redirect_status');
  if (!intent || !status) return { kind: 'error', message: INVALID_PARAMETERS };
  if (status === 'failed') return { kind: 'error', message: PAYMENT_FAILED };
  if (status === 'succeeded' || status === 'processing') {
    const orderId = params.get('order_id');
    if (!orderId) return { kind: 'error', message: INVALID_PARAMETERS };
    return { kind: 'confirm', orderId, paymentIntent: intent, providerSaid: status };
  }
  return { kind: 'idle' };
}

const PAID: readonly OrderStatus[] = ['paid', 'partially_refunded', 'refunded'];
const FAILED: readonly OrderStatus[] = ['failed', 'canceled'];

/**
 * What an order's status tells the page: paid, failed, or nothing yet. A failed order is not taken
 * as the answer while the provider says this try succeeded: the failure is an earlier try's on the
 * same order (a declined card, then a good one), and the success's event is on its way. The page
 * keeps reading until it lands; once the patience is spent, the failure is believed.
 */
export function orderOutcome(status: OrderStatus, providerSaid: 'succeeded' | 'processing', patienceSpent: boolean): 'paid' | 'failed' | 'waiting' {
  if (PAID.includes(status)) return 'paid';
  if (FAILED.includes(status)) return providerSaid === 'succeeded' && !patienceSpent ? 'waiting' : 'failed';
  return 'waiting';
}

/** How long the page keeps asking before it says the confirmation is late. */
export const CONFIRM_PATIENCE_MS = 60_000;

/**
 * The wait before the next read of the order: every second at first (the event usually lands
 * within one or two), then less often; null once the patience is spent.
 */
export function nextPollDelay(elapsedMs: number): number | null {
  if (elapsedMs >= CONFIRM_PATIENCE_MS) return null;
  if (elapsedMs < 10_000) return 1_000;
  if (elapsedMs < 30_000) return 2_000;
  return 4_000;
}

/** The URL the payment page goes to once the provider has the payment. */
export function paymentResultUrl(orderId: string, paymentIntent: string, redirectStatus: 'succeeded' | 'processing' | 'failed'): string {
  const q = new URLSearchParams({ order_id: orderId, payment_intent: paymentIntent, redirect_status: redirectStatus });
  return `/payment-result?${q.toString()}`;
}

/**
 * The live-class lines of a paid order whose seat was lost: paid after the hold lapsed, when the
 * session was full by then (the server refunds them in full on its own).
 */
export function lostSeatLines(order: Pick<OrderView, 'lines'>): OrderView['lines'] {
  return order.lines.filter((l) => l.reservation?.cancelReason === 'no_seat');
}
