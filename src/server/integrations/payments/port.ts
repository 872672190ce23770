// The payment provider port: what the checkout and refund services ask of a processor. Two
// adapters: sandbox (our own offline test processor) and stripe. Both deliver Stripe-format events,
// signed, to POST /api/payments/webhook; only those events fulfil orders.

export type PaymentMethodDetails = { type: 'card' | 'wallet'; brand: string | null; last4: string | null };

export type CreatePaymentInput = {
  orderId: string;
  amountCents: number;
  currency: 'CAD';
  description: string;
  customerEmail: string;
  /** Sent as the provider's idempotency key: a retried create never makes a second payment. */
  idempotencyKey: string;
  metadata: Record<string, string>;
};

export type CreateRefundInput = {
  paymentId: string;
  amountCents: number;
  idempotencyKey: string;
  /** Carries our refund id, so the refund's events find it. */
  metadata: Record<string, string>;
};

/** A verified provider event, reduced to what fulfilment needs. */
export type PaymentEvent =
  | { id: string; type: 'payment.succeeded'; paymentId: string; orderId: string | null; amountCents: number; method: PaymentMethodDetails | null }
  | { id: string; type: 'payment.processing'; paymentId: string; orderId: string | null }
  | { id: string; type: 'payment.failed'; paymentId: string; orderId: string | null; message: string }
  | { id: string; type: 'refund.succeeded' | 'refund.failed'; refundId: string; paymentId: string; refundRecordId: string | null; amountCents: number }
  /** An event we do not act on (acknowledged with 200). */
  | { id: string; type: 'ignored'; providerType: string };

export type PaymentState = {
  paymentId: string;
  status: 'requires_payment_method' | 'requires_action' | 'processing' | 'succeeded' | 'failed' | 'canceled';
  amountCents: number;
};

export class WebhookSignatureError extends Error {}

export interface PaymentProvider {
  readonly name: 'sandbox' | 'stripe';
  createPayment(input: CreatePaymentInput): Promise<{ paymentId: string; clientSecret: string }>;
  retrievePayment(paymentId: string): Promise<PaymentState>;
  createRefund(input: CreateRefundInput): Promise<{ refundId: string; status: 'pending' | 'succeeded' | 'failed' }>;
  /**
   * Verifies the signature on the raw body (5-minute tolerance) and reads the event.
   * Throws WebhookSignatureError on a bad or stale signature.
   */
  parseWebhook(rawBody: string, signature: string | undefined): PaymentEvent;
  /**
   * The method a succeeded payment used, when its event did not carry it (Stripe sends the charge
   * as an id only). Only brand and last four digits ever come back.
   */
  retrievePaymentMethod?(paymentId: string): Promise<PaymentMethodDetails | null>;
  /** What the payment page needs beyond the client secret (Stripe's publishable key). */
  clientConfig(): { publishableKey: string } | null;
}
