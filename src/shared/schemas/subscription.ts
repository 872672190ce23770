// The membership API contract: the offer's checkout, the subscriber's dashboard (Espace Abonné),
// cancellation at period end and the provider's customer portal. The price never travels from the
// client: the server prices the month (SUBSCRIPTION_PRICE_CENTS) and adds the buyer's taxes.
import { PROVINCE_CODES } from '../provinces';
import { z } from '../zod';
import { checkoutCodeField, type OrderView, type PaymentSession } from './checkout';

/** Our statuses (the provider's incomplete_expired is stored as canceled). */
export type SubscriptionStatus = 'incomplete' | 'trialing' | 'active' | 'past_due' | 'canceled' | 'unpaid';

/** POST /api/subscription/checkout — starts (or, for a subscription already started, returns) the first payment. */
export const MEMBERSHIP_PLANS = ['monthly', 'annual'] as const;
export type MembershipPlan = (typeof MEMBERSHIP_PLANS)[number];
const planField = z.enum(MEMBERSHIP_PLANS, { message: 'Choisissez la formule mensuelle ou annuelle.' });

export const subscriptionCheckoutSchema = z.object({
  /** The plan chosen on /abonnement (monthly when absent). */
  plan: planField.optional(),
  /** Start with the free trial (granted only when a trial is set and this person never had one). */
  trial: z.boolean().optional(),
  /** Needed when the profile has no province yet; saved to the profile. */
  province: z.enum(PROVINCE_CODES, { message: 'Choisissez une province dans la liste.' }).optional(),
  /** A random id per attempt, so a repeated request never starts a second subscription. */
  idempotencyKey: z.string().min(8).max(100),
  /**
   * A promo code scoped to « abonnement (premier paiement) »: taken off the first payment only, before
   * tax (decision 0040); not with the free trial. Gift cards are not taken here.
   */
  code: checkoutCodeField,
});
export type SubscriptionCheckoutInput = z.input<typeof subscriptionCheckoutSchema>;

/**
 * → 201, or 200 when an unpaid subscription already started is returned (two clicks, two tabs).
 * 409 ALREADY_SUBSCRIBED when the person already has access. The order is the first period's
 * (its receipt once paid); /payment/subscription receives this object in navigation state.
 */
export type SubscriptionCheckoutResponse = {
  order: OrderView;
  payment: PaymentSession;
  plan: MembershipPlan;
  /** A free trial of this many days: the card is saved now, the first charge comes at its end (0: none). */
  trialDays: number;
};

export type SubscriptionView = {
  id: string;
  status: SubscriptionStatus;
  currentPeriodStart: string | null;
  currentPeriodEnd: string | null;
  /** Cancellation scheduled: access stays until currentPeriodEnd, then it ends. */
  cancelAtPeriodEnd: boolean;
  endedAt: string | null;
  createdAt: string;
  /** The plan of the current period, and the one chosen for the next (switched at renewal), if other. */
  plan: MembershipPlan;
  /** The current plan's price before tax, as sold (null for a membership made elsewhere). */
  priceCents: number | null;
  pendingPlan: MembershipPlan | null;
  /** The free trial's end (the first charge), when a trial was given. */
  trialEnd: string | null;
  /** The accepted « save » offer's discount (before tax) waiting for the next invoice. */
  nextDiscountCents: number | null;
};

/**
 * GET /api/subscription/plans (public) — the offer's prices before tax, the free trial, and whether
 * this person may still have one (a visitor: true).
 */
export type MembershipPlansResponse = {
  monthlyPriceCents: number;
  annualPriceCents: number;
  trialDays: number;
  trialAvailable: boolean;
};

/** The admin's membership settings (« Abonnement » in the back office); each change audited. */
export type MembershipSettings = {
  annualPriceCents: number;
  trialDays: number;
  /** The « save » offer at cancellation: a percent off the next invoice, once; 0 = none. */
  saveOfferPercent: number;
  saveOfferLabel: string;
};

export const membershipSettingsSchema = z
  .object({
    annualPriceCents: z.number({ error: 'Entrez un prix.' }).int().min(100, { error: 'Le prix annuel doit être d’au moins 1,00 $.' }).max(100_000, { error: 'Le prix annuel ne peut dépasser 1 000,00 $.' }),
    trialDays: z.number({ error: 'Entrez un nombre de jours.' }).int().min(0, { error: "L'essai dure de 0 à 30 jours." }).max(30, { error: "L'essai dure de 0 à 30 jours." }),
    saveOfferPercent: z.number({ error: 'Entrez un pourcentage.' }).int().min(0, { error: 'Le rabais va de 0 à 100 %.' }).max(100, { error: 'Le rabais va de 0 à 100 %.' }),
    saveOfferLabel: z.string({ error: "Entrez le texte de l'offre." }).trim().min(3, { error: "Le texte de l'offre doit contenir au moins 3 caractères." }).max(120, { error: "Le texte de l'offre ne peut dépasser 120 caractères." }),
  })
  .strict();

/** PUT /api/subscription/plan — the plan for the next period (the current one is kept until its end). */
export const subscriptionPlanSchema = z.object({ plan: planField }).strict();
export type SubscriptionPlanInput = z.input<typeof subscriptionPlanSchema>;

/**
 * POST /api/subscription/cancel. `offer`: 'ask' answers outcome 'offer' with the save offer when one is
 * set and not yet shown for this membership (nothing cancelled; the dashboard sends 'ask'); 'accept'
 * takes it (nothing cancelled); 'decline' (the default, without a body) cancels at period end.
 */
export const subscriptionCancelSchema = z.object({ offer: z.enum(['ask', 'accept', 'decline']).optional() }).strict();
export type SubscriptionCancelInput = z.input<typeof subscriptionCancelSchema>;
export type SaveOfferView = { percent: number; label: string };

/** One paid period of a membership: its order and receipt. */
export type MembershipReceiptView = {
  orderId: string;
  /** The receipt number people read. */
  number: number;
  status: 'paid' | 'partially_refunded' | 'refunded';
  periodStart: string | null;
  periodEnd: string | null;
  totalCents: number;
  paidAt: string | null;
  receiptUrl: string;
  receiptPdfUrl: string;
};

/** GET /api/subscription — the signed-in person's memberships. */
export type SubscriptionResponse = {
  /** The record that decides access (spec §4), else the latest record, else null. */
  current: SubscriptionView | null;
  /** Whether this person is a member now: `current` gives access, or gifted months run (same rule as the server's guards, shared/access hasMembership). */
  isSubscriber: boolean;
  /** Gifted months (membership gift cards, decision 0042) still running or to come: from the first start to the last end; null when none. */
  gifted: { startsAt: string; endsAt: string; months: number } | null;
  /** Cancelling is offered: status not canceled, no cancellation pending, a provider id known. */
  canCancel: boolean;
  /** Every record, newest first. */
  history: SubscriptionView[];
  /** Every paid period's receipt, newest first (a renewal adds one). */
  receipts: MembershipReceiptView[];
  /** The provider's customer portal exists ('gérer sur le fournisseur de paiement'); false in the sandbox. */
  portalAvailable: boolean;
};

/** POST /api/subscription/cancel — at period end; irreversible. 409 NO_SUBSCRIPTION_TO_CANCEL. */
export type SubscriptionCancelResponse = {
  subscription: SubscriptionView;
  /** 'offer': the save offer to show (nothing changed yet); 'saved': accepted; 'cancelled': at period end. */
  outcome: 'offer' | 'saved' | 'cancelled';
  offer: SaveOfferView | null;
};

/** POST /api/subscription/portal — the provider's customer portal. 409 PORTAL_UNAVAILABLE in the sandbox. */
export type SubscriptionPortalResponse = { url: string };

/**
 * GET /api/subscription/payment-method (sandbox only; Stripe's portal does this there) — the card
 * the membership renews with and the next charge, taxes included.
 */
export type SubscriptionPaymentMethodResponse = {
  card: { brand: string | null; last4: string | null } | null;
  nextCharge: { at: string; amountCents: number } | null;
};

/** PUT /api/subscription/payment-method (sandbox only) — another card for the renewals. */
export const subscriptionCardSchema = z
  .object({
    number: z.string({ error: 'Entrez le numéro de carte.' }).max(30, { error: 'Le numéro de carte est invalide.' }),
    expiry: z.string({ error: "Entrez la date d'expiration." }).max(7, { error: "La date d'expiration doit être au format MM/AA." }),
    cvc: z.string({ error: 'Entrez le code CVC.' }).max(4, { error: 'Le code CVC doit contenir 3 ou 4 chiffres.' }),
  })
  .strict();
export type SubscriptionCardInput = z.input<typeof subscriptionCardSchema>;

/** POST /api/payments/sandbox/test-clock (admin, sandbox only) — moves one member's subscription clock forward. */
export const sandboxTestClockSchema = z.object({
  email: z.string().trim().toLowerCase().email({ message: 'Adresse courriel invalide.' }),
  days: z.number().int().min(1).max(400),
});
export type SandboxTestClockInput = z.input<typeof sandboxTestClockSchema>;
export type SandboxTestClockResponse = { subscriptionId: string; clockNow: string };
