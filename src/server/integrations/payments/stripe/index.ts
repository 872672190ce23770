// The Stripe adapter (PAYMENT_PROVIDER=stripe): the official SDK. Payments are PaymentIntents in CAD
// with automatic payment methods (the Payment Element shows the wallet first, then the card);
// every create call carries an idempotency key, so a retried call never makes a second payment or
// refund. Webhooks are read by stripe-events.ts, shared with the sandbox (constructEvent, 300 s).
import Stripe from 'stripe';
import { AppError } from '../../../http/app-error';
import type { CreatePaymentInput, CreateRefundInput, PaymentEvent, PaymentMethodDetails, PaymentProvider, PaymentState } from '../port';
import { frenchFailureMessage, parseStripeWebhook, paymentMethodOf } from '../stripe-events';

const REFUND_REFUSED = 'Le fournisseur de paiement a refusé ce remboursement (déjà remboursé, ou montant trop élevé).';

export type StripeSettings = { secretKey: string; publishableKey: string; webhookSecret: string };

/** Where the API is reached; the defaults are Stripe's. Tests point it at a local stand-in. */
export type StripeEndpoint = { host: string; port: number; protocol: 'http' | 'https' };

export type StripeProviderOptions = {
  /** The server's clock, for the webhook's replay window. */
  now: () => Date;
  endpoint?: StripeEndpoint;
  /** Network retries, each with the same idempotency key (the SDK's default is 1). */
  maxNetworkRetries?: number;
};

const PAYMENT_STATUS: Record<Stripe.PaymentIntent.Status, PaymentState['status']> = {
  requires_payment_method: 'requires_payment_method',
  requires_confirmation: 'requires_payment_method',
  requires_action: 'requires_action',
  processing: 'processing',
  requires_capture: 'processing',
  succeeded: 'succeeded',
  canceled: 'canceled',
};

function refundStatus(status: string | null): 'pending' | 'succeeded' | 'failed' {
  if (status === 'succeeded') return 'succeeded';
  if (status === 'failed' || status === 'canceled') return 'failed';
  return 'pending';
}

/** A declined card reads as our French decline message; anything else stays an error for the caller to log. */
function translate(err: unknown): never {
  if (err instanceof Stripe.errors.StripeCardError) {
    throw new AppError('PAYMENT_DECLINED', frenchFailureMessage({ code: err.code, decline_code: err.decline_code }));
  }
  throw err;
}

export function createStripeProvider(settings: StripeSettings, options: StripeProviderOptions): PaymentProvider {
  const stripe = new Stripe(settings.secretKey, {
    maxNetworkRetries: options.maxNetworkRetries ?? 2,
    timeout: 20_000,
    telemetry: false,
    appInfo: { name: 'Toque' },
    ...(options.endpoint ?? {}),
  });

  return {
    name: 'stripe',

    async createPayment(input: CreatePaymentInput) {
      const intent = await stripe.paymentIntents
        .create(
          {
            amount: input.amountCents,
            currency: input.currency.toLowerCase(),
            automatic_payment_methods: { enabled: true },
            description: input.description,
            receipt_email: input.customerEmail,
            metadata: { ...input.metadata, order_id: input.orderId },
          },
          { idempotencyKey: input.idempotencyKey },
        )
        .catch(translate);
      if (!intent.client_secret) throw new Error(`Stripe PaymentIntent ${intent.id} without client_secret`);
      return { paymentId: intent.id, clientSecret: intent.client_secret };
    },

    async retrievePayment(paymentId: string): Promise<PaymentState> {
      const intent = await stripe.paymentIntents.retrieve(paymentId);
      // After a refusal Stripe puts the intent back to requires_payment_method, with the error kept.
      const failed = intent.status === 'requires_payment_method' && intent.last_payment_error != null;
      return { paymentId: intent.id, status: failed ? 'failed' : (PAYMENT_STATUS[intent.status] ?? 'processing'), amountCents: intent.amount };
    },

    async retrievePaymentMethod(paymentId: string): Promise<PaymentMethodDetails | null> {
      const intent = await stripe.paymentIntents.retrieve(paymentId, { expand: ['latest_charge'] });
      return paymentMethodOf(intent as unknown as Record<string, unknown>);
    },

    async createRefund(input: CreateRefundInput) {
      const refund = await stripe.refunds
        .create({ payment_intent: input.paymentId, amount: input.amountCents, metadata: input.metadata }, { idempotencyKey: input.idempotencyKey })
        .catch((err: unknown) => {
          // A 4xx is Stripe's definite no (already refunded, amount too large…), not an outage.
          if (err instanceof Stripe.errors.StripeInvalidRequestError) throw new AppError('REFUND_NOT_ALLOWED', REFUND_REFUSED);
          throw err;
        });
      return { refundId: refund.id, status: refundStatus(refund.status) };
    },

    parseWebhook(rawBody: string, signature: string | undefined): PaymentEvent {
      return parseStripeWebhook(rawBody, signature, settings.webhookSecret, options.now().getTime());
    },

    clientConfig() {
      return { publishableKey: settings.publishableKey };
    },
  };
}
