// The Stripe adapter (PAYMENT_PROVIDER=stripe): the official SDK. Payments are PaymentIntents in CAD
// with automatic payment methods (the Payment Element shows the wallet first, then the card);
// every create call carries an idempotency key, so a retried call never makes a second payment or
// refund. Webhooks are read by stripe-events.ts, shared with the sandbox (constructEvent, 300 s).
//
// Memberships are Stripe Subscriptions: the customer found by e-mail (or created), one item priced
// inline (price_data, CAD, monthly) of one Product made once with a fixed id, created
// `default_incomplete` so its first invoice is paid on our own payment page through
// `latest_invoice.confirmation_secret` (API 2025+), the card kept for renewals
// (save_default_payment_method on_subscription). Renewals, retries and dunning are Stripe's.
import Stripe from 'stripe';
import { AppError } from '../../../http/app-error';
import type {
  CreatePaymentInput,
  CreateRefundInput,
  CreateSubscriptionInput,
  CreatedSubscription,
  PaymentEvent,
  PaymentMethodDetails,
  PaymentProvider,
  PaymentSettlement,
  PaymentState,
  PayoutTransaction,
  ProviderSubscription,
  ProviderSubscriptionStatus,
} from '../port';
import { frenchFailureMessage, parseStripeWebhook, paymentMethodOf, RECONCILED_EVENT_TYPES, toPaymentEvent, type StripeEventLike } from '../stripe-events';

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

/** The membership's Product, made once under this id (a Price needs a Product; ours is priced inline). */
export const MEMBERSHIP_PRODUCT_ID = 'toque_membership_monthly';
export const MEMBERSHIP_PRODUCT_NAME = 'Abonnement mensuel Toque';

const SUBSCRIPTION_STATUS: Record<string, ProviderSubscriptionStatus> = {
  incomplete: 'incomplete',
  incomplete_expired: 'incomplete_expired',
  trialing: 'trialing',
  active: 'active',
  past_due: 'past_due',
  canceled: 'canceled',
  unpaid: 'unpaid',
  // A paused subscription (a trial ended without a card) gives no access: as unpaid.
  paused: 'unpaid',
};

const fromSeconds = (v: number | null | undefined) => (typeof v === 'number' ? new Date(v * 1000) : null);

/** Stripe's Subscription as the port's: the period from its item (API 2025+), else the older top-level fields. */
export function toProviderSubscription(sub: Stripe.Subscription): ProviderSubscription {
  const item = sub.items?.data?.[0] as (Stripe.SubscriptionItem & Record<string, unknown>) | undefined;
  const legacy = sub as unknown as { current_period_start?: number; current_period_end?: number };
  return {
    subscriptionId: sub.id,
    customerId: typeof sub.customer === 'string' ? sub.customer : (sub.customer?.id ?? null),
    status: SUBSCRIPTION_STATUS[sub.status] ?? 'unpaid',
    currentPeriodStart: fromSeconds(item?.current_period_start ?? legacy.current_period_start),
    currentPeriodEnd: fromSeconds(item?.current_period_end ?? legacy.current_period_end),
    cancelAtPeriodEnd: sub.cancel_at_period_end,
    endedAt: fromSeconds(sub.ended_at),
    ...(sub.trial_end ? { trialEnd: fromSeconds(sub.trial_end) } : {}),
    metadata: { ...(sub.metadata ?? {}) },
  };
}

/**
 * The fee and balance transaction of a PaymentIntent whose `latest_charge.balance_transaction` is
 * expanded. Stripe's balance transaction names no payout (a payout lists its transactions, not the
 * reverse): the payout reference is null here, and written when the payout is paid
 * (payoutTransactionOf; docs/decisions/0037-cockpit-follow-ups.md).
 */
export function settlementOf(intent: Record<string, unknown>): PaymentSettlement | null {
  const charge = intent.latest_charge as Record<string, unknown> | null | undefined;
  const txn = charge && typeof charge === 'object' ? (charge.balance_transaction as Record<string, unknown> | string | null | undefined) : null;
  if (!txn || typeof txn !== 'object' || typeof txn.id !== 'string' || !Number.isSafeInteger(txn.fee)) return null;
  return { feeCents: txn.fee as number, transactionId: txn.id, payoutReference: null };
}

/**
 * A balance transaction listed for a payout, its `source` expanded: a charge's (type `charge` or
 * `payment`) names its PaymentIntent; anything else (a refund, an adjustment, a fee) names none.
 */
export function payoutTransactionOf(txn: Record<string, unknown>): PayoutTransaction | null {
  if (typeof txn.id !== 'string') return null;
  const source = txn.source && typeof txn.source === 'object' ? (txn.source as Record<string, unknown>) : null;
  const intent = source?.object === 'charge' ? source.payment_intent : null;
  const paymentId = typeof intent === 'string' ? intent : intent && typeof intent === 'object' && typeof (intent as { id?: unknown }).id === 'string' ? (intent as { id: string }).id : null;
  const isPayment = txn.type === 'charge' || txn.type === 'payment';
  return { transactionId: txn.id, paymentId: isPayment ? paymentId : null, feeCents: Number.isSafeInteger(txn.fee) ? (txn.fee as number) : 0 };
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

  let product: Promise<string> | null = null;
  /** The membership's Product: read, or made the first time (another instance making it at once is fine). */
  function membershipProduct(): Promise<string> {
    product ??= (async () => {
      try {
        return (await stripe.products.retrieve(MEMBERSHIP_PRODUCT_ID)).id;
      } catch (err) {
        if (!(err instanceof Stripe.errors.StripeInvalidRequestError) || err.statusCode !== 404) throw err;
      }
      try {
        return (await stripe.products.create({ id: MEMBERSHIP_PRODUCT_ID, name: MEMBERSHIP_PRODUCT_NAME }, { idempotencyKey: `product:${MEMBERSHIP_PRODUCT_ID}` })).id;
      } catch (err) {
        // Made by another instance between our read and our create.
        if (err instanceof Stripe.errors.StripeInvalidRequestError && err.code === 'resource_already_exists') return MEMBERSHIP_PRODUCT_ID;
        throw err;
      }
    })().catch((err: unknown) => {
      product = null;
      throw err;
    });
    return product;
  }

  /** The customer of this e-mail (Stripe's customer portal lists all their subscriptions), made when none. */
  async function customerFor(input: CreateSubscriptionInput): Promise<string> {
    const found = await stripe.customers.list({ email: input.customerEmail, limit: 1 });
    if (found.data[0]) return found.data[0].id;
    const userId = input.metadata.user_id;
    const created = await stripe.customers.create(
      { email: input.customerEmail, ...(userId ? { metadata: { user_id: userId } } : {}) },
      { idempotencyKey: `${input.idempotencyKey}:customer` },
    );
    return created.id;
  }

  return {
    name: 'stripe',

    async createSubscription(input: CreateSubscriptionInput): Promise<CreatedSubscription> {
      const [customer, productId] = await Promise.all([customerFor(input), membershipProduct()]);
      // A promo code on the first payment (decision 0040): a coupon of its amount, taxes included, once —
      // the same pattern as the save offer — so only the first invoice is discounted.
      const discount = input.firstInvoiceDiscount;
      const coupon = discount
        ? await stripe.coupons
            .create(
              { amount_off: discount.amountOffCents, currency: 'cad', duration: 'once', name: discount.name, metadata: discount.metadata },
              { idempotencyKey: `${input.idempotencyKey}:coupon` },
            )
            .catch(translate)
        : null;
      const sub = await stripe.subscriptions
        .create(
          {
            customer,
            items: [{ price_data: { currency: input.currency.toLowerCase(), product: productId, unit_amount: input.amountCents, recurring: { interval: input.interval ?? 'month' } } }],
            description: input.description,
            metadata: input.metadata,
            payment_behavior: 'default_incomplete',
            payment_settings: { save_default_payment_method: 'on_subscription' },
            ...(coupon ? { discounts: [{ coupon: coupon.id }] } : {}),
            // A trial: the card is saved through the pending SetupIntent; no card by the trial's end, no membership.
            ...(input.trialDays ? { trial_period_days: input.trialDays, trial_settings: { end_behavior: { missing_payment_method: 'cancel' as const } } } : {}),
            expand: ['latest_invoice.confirmation_secret', 'pending_setup_intent'],
          },
          { idempotencyKey: input.idempotencyKey },
        )
        .catch(translate);
      const setupIntent = typeof sub.pending_setup_intent === 'object' ? sub.pending_setup_intent : null;
      if (input.trialDays && setupIntent?.client_secret) {
        const invoiceId = typeof sub.latest_invoice === 'string' ? sub.latest_invoice : (sub.latest_invoice?.id ?? '');
        return { subscription: toProviderSubscription(sub), invoiceId, paymentId: setupIntent.id, clientSecret: setupIntent.client_secret, setup: true };
      }
      const invoice = typeof sub.latest_invoice === 'object' ? sub.latest_invoice : null;
      const clientSecret = invoice?.confirmation_secret?.client_secret;
      if (!invoice?.id || !clientSecret) throw new Error(`Stripe subscription ${sub.id} without its first invoice's confirmation secret`);
      // The secret of a PaymentIntent is '<its id>_secret_<…>' (confirmation_secret.type 'payment_intent').
      const paymentId = clientSecret.split('_secret_')[0]!;
      return { subscription: toProviderSubscription(sub), invoiceId: invoice.id, paymentId, clientSecret };
    },

    async changeSubscriptionPlan(subscriptionId, next) {
      // The current period stays as paid; the next phase of a schedule bills the new plan from its end.
      const productId = await membershipProduct();
      const current = await stripe.subscriptions.retrieve(subscriptionId).catch(translate);
      const scheduleId =
        typeof current.schedule === 'string'
          ? current.schedule
          : (current.schedule?.id ?? (await stripe.subscriptionSchedules.create({ from_subscription: subscriptionId }, { idempotencyKey: `${next.idempotencyKey}:schedule` }).catch(translate)).id);
      const schedule = await stripe.subscriptionSchedules.retrieve(scheduleId).catch(translate);
      const phase = schedule.current_phase ?? schedule.phases[0];
      const item = current.items.data[0]!;
      await stripe.subscriptionSchedules
        .update(
          scheduleId,
          {
            end_behavior: 'release',
            phases: [
              {
                items: [{ price: item.price.id, quantity: 1 }],
                start_date: phase?.start_date ?? 'now',
                end_date: (phase as { end_date?: number } | undefined)?.end_date ?? (item as unknown as { current_period_end: number }).current_period_end,
              },
              {
                items: [{ price_data: { currency: 'cad', product: productId, unit_amount: next.amountCents, recurring: { interval: next.interval } }, quantity: 1 }],
                duration: { interval: next.interval, interval_count: 1 },
              },
            ],
          },
          { idempotencyKey: next.idempotencyKey },
        )
        .catch(translate);
      return toProviderSubscription(await stripe.subscriptions.retrieve(subscriptionId).catch(translate));
    },

    async discountNextInvoice(subscriptionId, discount) {
      // A coupon of this amount, once (the next invoice only), applied to the subscription.
      const coupon = await stripe.coupons
        .create({ amount_off: discount.amountOffCents, currency: 'cad', duration: 'once', name: 'Offre de fidélité' }, { idempotencyKey: `${discount.idempotencyKey}:coupon` })
        .catch(translate);
      await stripe.subscriptions.update(subscriptionId, { discounts: [{ coupon: coupon.id }] }, { idempotencyKey: discount.idempotencyKey }).catch(translate);
    },

    async retrieveSubscription(subscriptionId: string): Promise<ProviderSubscription> {
      return toProviderSubscription(await stripe.subscriptions.retrieve(subscriptionId));
    },

    async cancelSubscriptionAtPeriodEnd(subscriptionId: string): Promise<ProviderSubscription> {
      const sub = await stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: true }).catch((err: unknown) => {
        // A canceled subscription cannot be updated: nothing left to cancel.
        if (err instanceof Stripe.errors.StripeInvalidRequestError && err.statusCode !== undefined && err.statusCode < 500) {
          throw new AppError('NO_SUBSCRIPTION_TO_CANCEL');
        }
        throw err;
      });
      return toProviderSubscription(sub);
    },

    async cancelSubscriptionNow(subscriptionId: string): Promise<ProviderSubscription> {
      try {
        // An incomplete subscription canceled voids its first invoice (Stripe would expire it after 23 h anyway).
        return toProviderSubscription(await stripe.subscriptions.cancel(subscriptionId, {}, { idempotencyKey: `cancel-now:${subscriptionId}` }));
      } catch (err) {
        // Ended already (canceled, incomplete_expired): Stripe refuses to cancel it again.
        if (err instanceof Stripe.errors.StripeInvalidRequestError && err.statusCode !== undefined && err.statusCode < 500 && err.code !== 'resource_missing') {
          return toProviderSubscription(await stripe.subscriptions.retrieve(subscriptionId));
        }
        throw err;
      }
    },

    async retryOpenInvoice(subscriptionId: string) {
      const sub = await stripe.subscriptions.retrieve(subscriptionId, { expand: ['latest_invoice'] });
      const invoice = typeof sub.latest_invoice === 'object' ? sub.latest_invoice : null;
      if ((sub.status !== 'past_due' && sub.status !== 'unpaid') || !invoice?.id || invoice.status !== 'open') return;
      // Paid with the subscription's (new) default card; a refusal is told by invoice.payment_failed, as any retry.
      await stripe.invoices.pay(invoice.id).catch((err: unknown) => {
        if (err instanceof Stripe.errors.StripeCardError) return null;
        throw err;
      });
    },

    async createPortalSession(customerId: string, returnUrl: string) {
      const session = await stripe.billingPortal.sessions.create({ customer: customerId, return_url: returnUrl });
      return { url: session.url };
    },

    async deleteCustomer(customerId: string) {
      try {
        await stripe.customers.del(customerId);
      } catch (err) {
        if (err instanceof Stripe.errors.StripeInvalidRequestError && err.code === 'resource_missing') return;
        throw err;
      }
    },

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

    async retrieveSettlement(paymentId: string): Promise<PaymentSettlement | null> {
      const intent = await stripe.paymentIntents.retrieve(paymentId, { expand: ['latest_charge.balance_transaction'] });
      return settlementOf(intent as unknown as Record<string, unknown>);
    },

    async listPayoutTransactions(payoutId: string): Promise<PayoutTransaction[]> {
      const found: PayoutTransaction[] = [];
      // Every page (the SDK follows starting_after); the charges expanded to name their PaymentIntent.
      for await (const txn of stripe.balanceTransactions.list({ payout: payoutId, expand: ['data.source'], limit: 100 })) {
        const row = payoutTransactionOf(txn as unknown as Record<string, unknown>);
        if (row) found.push(row);
      }
      return found;
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

    async cancelPayment(paymentId: string) {
      try {
        await stripe.paymentIntents.cancel(paymentId, { cancellation_reason: 'abandoned' }, { idempotencyKey: `cancel:${paymentId}` });
        return 'canceled';
      } catch (err) {
        // payment_intent_unexpected_state: canceled already, or succeeded / processing (then too late).
        if (err instanceof Stripe.errors.StripeInvalidRequestError && err.code === 'payment_intent_unexpected_state') {
          const intent = await stripe.paymentIntents.retrieve(paymentId);
          return intent.status === 'canceled' ? 'canceled' : 'too_late';
        }
        throw err;
      }
    },

    parseWebhook(rawBody: string, signature: string | undefined): PaymentEvent {
      return parseStripeWebhook(rawBody, signature, settings.webhookSecret, options.now().getTime());
    },

    async listEvents(since: Date): Promise<PaymentEvent[]> {
      const events: PaymentEvent[] = [];
      // Newest first from the API, every page (the SDK follows starting_after); only the types acted on.
      for await (const event of stripe.events.list({ created: { gte: Math.floor(since.getTime() / 1000) }, types: [...RECONCILED_EVENT_TYPES], limit: 100 })) {
        events.push(toPaymentEvent(event as unknown as StripeEventLike));
      }
      return events.reverse();
    },

    clientConfig() {
      return { publishableKey: settings.publishableKey };
    },
  };
}
