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

/** The provider's statuses (Stripe's); incomplete_expired is an abandoned first payment. */
export type ProviderSubscriptionStatus = 'incomplete' | 'incomplete_expired' | 'trialing' | 'active' | 'past_due' | 'canceled' | 'unpaid';

/** A subscription as the provider holds it: the only source of a membership's state. */
export type ProviderSubscription = {
  subscriptionId: string;
  customerId: string | null;
  status: ProviderSubscriptionStatus;
  currentPeriodStart: Date | null;
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
  endedAt: Date | null;
  /** The free trial's end (the first charge), when it has one. */
  trialEnd?: Date | null;
  /** The provider's own "now" for this subscription (the sandbox's test clock); absent: ours. */
  clockNow?: Date;
  /** What we gave at creation: user_id (and order_id for the first period's order). */
  metadata: Record<string, string>;
};

export type BillingInterval = 'month' | 'year';

export type CreateSubscriptionInput = {
  /** Each period's amount, taxes included (the first order's total). */
  amountCents: number;
  /** Monthly or annual (absent: monthly). */
  interval?: BillingInterval;
  /** A free trial of this many days (card saved now, first charge at its end); absent or 0: none. */
  trialDays?: number;
  currency: 'CAD';
  description: string;
  customerEmail: string;
  /** Sent as the provider's idempotency key: a retried create never makes a second subscription. */
  idempotencyKey: string;
  /** user_id and order_id (our first order), copied onto the first invoice's payment. */
  metadata: Record<string, string>;
  /**
   * A promo code on the first payment (decision 0040): the first invoice is this much less, taxes
   * included; the later ones are `amountCents`. Stripe: a coupon of this amount, once.
   */
  firstInvoiceDiscount?: { amountOffCents: number; name: string; metadata: Record<string, string> };
};

/**
 * The new subscription, incomplete until its first invoice is paid through clientSecret. With a
 * trial, `setup` is true: the secret saves the card (Stripe: a SetupIntent), nothing is charged.
 */
export type CreatedSubscription = {
  setup?: boolean;
  subscription: ProviderSubscription;
  invoiceId: string;
  paymentId: string;
  clientSecret: string;
};

/** A verified provider event, reduced to what fulfilment needs. */
export type PaymentEvent =
  | { id: string; type: 'payment.succeeded'; paymentId: string; orderId: string | null; amountCents: number; method: PaymentMethodDetails | null }
  | { id: string; type: 'payment.processing'; paymentId: string; orderId: string | null }
  | { id: string; type: 'payment.failed'; paymentId: string; orderId: string | null; message: string }
  | { id: string; type: 'refund.succeeded' | 'refund.failed'; refundId: string; paymentId: string; refundRecordId: string | null; amountCents: number }
  /**
   * customer.subscription.created / updated / deleted. Only the id is trusted: the state is read
   * fresh from the provider (retrieveSubscription), so late and repeated events write the truth.
   */
  | { id: string; type: 'subscription.changed'; subscriptionId: string; /** Its default card was changed (Stripe's previous_attributes). */ cardChanged?: boolean }
  /** invoice.paid: one period of a membership paid (the first, or a renewal). */
  | {
      id: string;
      type: 'invoice.paid';
      invoiceId: string;
      subscriptionId: string;
      paymentId: string | null;
      amountCents: number;
      /** subscription_create (the first period) or subscription_cycle (a renewal); others as sent. */
      billingReason: string;
      periodStart: Date;
      periodEnd: Date;
      method: PaymentMethodDetails | null;
    }
  /** invoice.payment_failed: a renewal (or the first payment) was refused; nextAttemptAt null = no more tries. */
  | { id: string; type: 'invoice.payment_failed'; invoiceId: string; subscriptionId: string; message: string; nextAttemptAt: Date | null }
  /**
   * payout.paid / payout.reconciliation_completed: an automatic payout sent money to the chef's bank
   * account; its balance transactions (listPayoutTransactions) name the payments it carried.
   */
  | { id: string; type: 'payout.paid'; payoutId: string }
  /** An event we do not act on (acknowledged with 200). */
  | { id: string; type: 'ignored'; providerType: string };

export type PaymentState = {
  paymentId: string;
  status: 'requires_payment_method' | 'requires_action' | 'processing' | 'succeeded' | 'failed' | 'canceled';
  amountCents: number;
};

/**
 * What the processor did with a succeeded payment's money (Stripe: the charge's balance
 * transaction): the fee it kept, the balance transaction's id and, when known, the payout that
 * sent the rest to the chef's bank account. For the accountant's export.
 */
export type PaymentSettlement = { feeCents: number; transactionId: string; payoutReference: string | null };

/** One balance transaction a payout carried: a payment's (paymentId set) with the fee kept, or anything else (refunds, adjustments: paymentId null). */
export type PayoutTransaction = { transactionId: string; paymentId: string | null; feeCents: number };

export class WebhookSignatureError extends Error {}

export interface PaymentProvider {
  readonly name: 'sandbox' | 'stripe';
  createPayment(input: CreatePaymentInput): Promise<{ paymentId: string; clientSecret: string }>;
  retrievePayment(paymentId: string): Promise<PaymentState>;
  createRefund(input: CreateRefundInput): Promise<{ refundId: string; status: 'pending' | 'succeeded' | 'failed' }>;
  /**
   * Cancels a payment nobody completed (its order was closed « Abandonnée »), so it can no longer be
   * paid. 'canceled' also for one canceled already; 'too_late' when it succeeded or is under way:
   * its event comes, and the money is given back in full (payments/service.ts).
   */
  cancelPayment(paymentId: string): Promise<'canceled' | 'too_late'>;
  /**
   * Verifies the signature on the raw body (5-minute tolerance) and reads the event.
   * Throws WebhookSignatureError on a bad or stale signature.
   */
  parseWebhook(rawBody: string, signature: string | undefined): PaymentEvent;
  /**
   * The provider's events created at or after `since`, oldest first, read from its API (no
   * signature: the API itself is authenticated). The reconciliation feeds them through the same
   * handling as the webhook, to repair what lost deliveries missed. Stripe keeps events 30 days.
   */
  listEvents(since: Date): Promise<PaymentEvent[]>;
  /**
   * The method a succeeded payment used, when its event did not carry it (Stripe sends the charge
   * as an id only). Only brand and last four digits ever come back.
   */
  retrievePaymentMethod?(paymentId: string): Promise<PaymentMethodDetails | null>;
  /**
   * The fee and payout of a succeeded payment (null while the processor has not settled it yet).
   * Stripe: the PaymentIntent's charge with its balance_transaction expanded.
   */
  retrieveSettlement?(paymentId: string): Promise<PaymentSettlement | null>;
  /**
   * The balance transactions an automatic payout carried (every page). Stripe:
   * `balanceTransactions.list({ payout, expand: ['data.source'] })`, a charge's source naming its
   * PaymentIntent. Absent in the sandbox, which names the payout when the payment succeeds.
   */
  listPayoutTransactions?(payoutId: string): Promise<PayoutTransaction[]>;
  /** Starts a monthly subscription whose first invoice is paid on our payment page. */
  createSubscription(input: CreateSubscriptionInput): Promise<CreatedSubscription>;
  /** The subscription as the provider holds it now. */
  retrieveSubscription(subscriptionId: string): Promise<ProviderSubscription>;
  /** Cancels at the end of the paid period (idempotent); returns the new state. */
  cancelSubscriptionAtPeriodEnd(subscriptionId: string): Promise<ProviderSubscription>;
  /**
   * Ends a subscription at once (a membership whose first payment never came, closed with its
   * order): its unpaid invoice is voided, nothing more is charged. One ended already counts as done.
   */
  cancelSubscriptionNow(subscriptionId: string): Promise<ProviderSubscription>;
  /**
   * A past-due membership's card was changed: its open invoice is charged again now rather than at
   * the next planned retry. Nothing happens when nothing is owed.
   */
  retryOpenInvoice(subscriptionId: string): Promise<void>;
  /**
   * The plan from the next period on (Stripe: a subscription schedule's second phase): the current
   * period is kept as paid; `amountCents` taxes included. Returns the state.
   */
  changeSubscriptionPlan(subscriptionId: string, next: { amountCents: number; interval: BillingInterval; description: string; idempotencyKey: string }): Promise<ProviderSubscription>;
  /** An amount off the next invoice only (Stripe: a coupon amount_off, duration once), taxes included. */
  discountNextInvoice(subscriptionId: string, discount: { amountOffCents: number; idempotencyKey: string }): Promise<void>;
  /** The provider's customer portal for this customer, when it has one (Stripe); absent in the sandbox. */
  createPortalSession?(customerId: string, returnUrl: string): Promise<{ url: string }>;
  /**
   * Deletes the customer (their e-mail, their saved cards) at the provider; one already gone counts
   * as done. Absent in the sandbox, which keeps no customers.
   */
  deleteCustomer?(customerId: string): Promise<void>;
  /** What the payment page needs beyond the client secret (Stripe's publishable key). */
  clientConfig(): { publishableKey: string } | null;
}
