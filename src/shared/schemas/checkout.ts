// The checkout API contract: cart → order → payment → receipt, and refunds. Prices never travel
// from the client: it names courses, the server prices them.
import { MAX_SEARCH_LENGTH } from '../catalog';
import { PROVINCE_CODES, type ProvinceCode } from '../provinces';
import type { ReservationStatus } from './booking';
import type { AppliedCodeView } from './promo-codes';
import type { ReservationCancelReason } from './reservations';
import type { TaxLine, TaxRefundLine, TaxStatus } from '../tax';
import { z } from '../zod';
import { pagingFields } from './paging';

export const CART_STORAGE_KEY = 'cart';
/** At most this many courses in one payment. */
export const MAX_CHECKOUT_ITEMS = 20;

const courseId = z.string().uuid({ message: 'Cours invalide.' });

export const checkoutItemSchema = z.object({
  courseId,
  /** The live session chosen, for a live class (the booking issue holds its seat). */
  sessionId: z.string().uuid({ message: 'Séance invalide.' }).optional(),
});

/** POST /api/checkout — creates (or, for the same key, returns) the order and its payment. */
/** « Carte-cadeau ou code promo »: one code per order (decision 0040); empty is none. Also the membership's first payment's. */
export const checkoutCodeField = z.string().trim().max(40, { message: 'Ce code est trop long.' }).optional();

export const checkoutSchema = z.object({
  items: z
    .array(checkoutItemSchema)
    .min(1, { message: 'Aucun cours sélectionné.' })
    .max(MAX_CHECKOUT_ITEMS, { message: `Au plus ${MAX_CHECKOUT_ITEMS} cours par paiement.` }),
  /** Needed when the profile has no province yet; saved to the profile. */
  province: z.enum(PROVINCE_CODES, { message: 'Choisissez une province dans la liste.' }).optional(),
  /** A random id per checkout attempt, so a repeated request never makes a second order. */
  idempotencyKey: z.string().min(8).max(100),
  /** « Carte-cadeau ou code promo »: one code per order (decision 0040); empty is none. */
  code: checkoutCodeField,
  /**
   * « Utiliser mon crédit »: the buyer's « Crédit Toque » pays first, after tax (it is payment, not a
   * discount); the card pays the rest, or nothing when the credit covers it all.
   */
  useCredit: z.boolean().optional(),
});
export type CheckoutInput = z.input<typeof checkoutSchema>;

export type OrderStatus = 'pending' | 'processing' | 'paid' | 'failed' | 'canceled' | 'partially_refunded' | 'refunded';
export type ProductKind = 'live_class' | 'recorded_course' | 'membership' | 'gift_card';

export type OrderLineView = {
  id: string;
  kind: ProductKind;
  courseId: string | null;
  sessionId: string | null;
  description: string;
  /** Before tax, after the discount: what the taxes and refunds are computed on. */
  amountCents: number;
  /** Taken off the list price (the subscriber's discount on a live class); list price = amount + discount. */
  discountCents: number;
  /** The subscriber's discount rate applied to this line, e.g. 15 (null: none). */
  discountPercent: number | null;
  /** Of discountCents, what the order's promo code took off (after the subscriber's discount). */
  promoDiscountCents: number;
  refundedCents: number;
  /** Seats the line pays for (a live class booked for several: amountCents covers them all). */
  seats: number;
  /** The seat this line pays for (live classes), as it stands now. */
  reservation: {
    id: string;
    status: ReservationStatus;
    /** 'no_seat': paid after the hold expired and the seat was gone: refunded automatically. */
    cancelReason: ReservationCancelReason | null;
  } | null;
};

export type PaymentMethodView = { type: 'card' | 'wallet'; brand: string | null; last4: string | null };

export type RefundView = {
  id: string;
  number: number;
  status: 'pending' | 'succeeded' | 'failed';
  subtotalCents: number;
  taxLines: TaxRefundLine[];
  taxCents: number;
  totalCents: number;
  reason: string | null;
  /** The part of totalCents given to the buyer's « Crédit Toque » instead of the card. */
  creditCents: number;
  createdAt: string;
  succeededAt: string | null;
  /** The credit note (PDF), once the refund succeeded. */
  creditNoteUrl: string | null;
};

export type OrderView = {
  id: string;
  number: number;
  status: OrderStatus;
  currency: 'CAD';
  province: ProvinceCode;
  taxStatus: TaxStatus;
  lines: OrderLineView[];
  subtotalCents: number;
  discountCents: number;
  /** The code the buyer typed at checkout, and what it did (null: none). */
  promo: AppliedCodeView | null;
  taxLines: TaxLine[];
  taxCents: number;
  totalCents: number;
  /** Paid with « Crédit Toque » (« Crédit Toque − X »); the card paid totalCents − creditAppliedCents. */
  creditAppliedCents: number;
  paymentMethod: PaymentMethodView | null;
  /** French text of the last payment failure, if any. */
  failureMessage: string | null;
  createdAt: string;
  paidAt: string | null;
  /** The receipt (HTML page and PDF), once paid. */
  receiptUrl: string | null;
  receiptPdfUrl: string | null;
  refunds: RefundView[];
};

/** What the payment page needs to collect the payment. */
export type PaymentSession =
  | { provider: 'sandbox'; paymentId: string; clientSecret: string }
  | { provider: 'stripe'; paymentId: string; clientSecret: string; publishableKey: string };

/**
 * A gift card typed in « Carte-cadeau ou code promo »: its balance went to the buyer's « Crédit Toque »
 * (creditedCents, 0 when it was there already) and that credit paid the order (order.creditAppliedCents).
 */
export type GiftCardAtCheckout = { code: string; amountCents: number; creditedCents: number };

/** POST /api/checkout → 201 (or 200 when the same key returns the existing order). */
export type CheckoutResponse = { order: OrderView; payment: PaymentSession | null; giftCard?: GiftCardAtCheckout | null };

/** GET /api/orders/:orderId — the buyer's own order only. */
export type OrderResponse = { order: OrderView };

/** GET /api/purchases — Mes Achats: purchases that gave access, and refunded ones, newest first. */
export type PurchaseView = {
  id: string;
  status: 'succeeded' | 'refunded';
  /** What the buyer paid for it, taxes included (its order line and that line's share of each tax). */
  amountCents: number;
  createdAt: string;
  course: { id: string; title: string; imageUrl: string | null; isLive: boolean };
  orderId: string | null;
  /** The receipt's page (its PDF is at receiptUrl + '/pdf'). */
  receiptUrl: string | null;
  /** The credit note's page, once refunded (its PDF is at creditNoteUrl + '/pdf'). */
  creditNoteUrl: string | null;
  /**
   * A live class: the session of the seat this purchase confirmed (null while unconfirmed, once
   * cancelled, or for purchases made before orders), with its recording once the admin attached one.
   */
  session: { id: string; reservationId: string; startsAt: string; recordingUrl: string | null; hasRecordingVideo: boolean } | null;
  /** A recorded course the learner started: how far they are (null when never played, or a live class). */
  progress: { percent: number; completed: boolean; positionSeconds: number } | null;
  /**
   * A seat of a session the chef cancelled, its refund not chosen yet: « Choisir mon remboursement »
   * (card or « Crédit Toque ») until `dueAt`, the card after it (docs/decisions/0043).
   */
  refundChoice: { reservationId: string; dueAt: string } | null;
};
export type PurchasesResponse = { purchases: PurchaseView[] };

/** Sandbox test processor: the card form's submission (never stored; only brand and last four kept). */
export const sandboxConfirmSchema = z.object({
  paymentId: z.string().min(1).max(100),
  clientSecret: z.string().min(1).max(200),
  method: z.discriminatedUnion('type', [
    z.object({
      type: z.literal('card'),
      number: z.string().max(30),
      expiry: z.string().max(7),
      cvc: z.string().max(4),
    }),
    z.object({ type: z.literal('wallet') }),
  ]),
});
export type SandboxConfirmInput = z.input<typeof sandboxConfirmSchema>;

/** The sandbox's answer: 'requires_action' asks the buyer to approve an extra confirmation step. */
export type SandboxConfirmResponse = {
  status: 'succeeded' | 'processing' | 'requires_action' | 'failed';
  /** French message for a refusal (card declined, insufficient funds…). */
  error: string | null;
};

/** POST /api/payments/sandbox/authenticate — the extra confirmation step, approved or refused. */
export const sandboxAuthenticateSchema = z.object({
  paymentId: z.string().min(1).max(100),
  clientSecret: z.string().min(1).max(200),
  approve: z.boolean(),
});

/** POST /api/admin/orders/:orderId/refunds — the admin refunds lines (whole, or a part of one). */
export const refundRequestSchema = z.object({
  lines: z
    .array(
      z.object({
        orderLineId: z.string().uuid(),
        /** Before tax; absent: what is left of the line. */
        amountCents: z.number().int().positive().optional(),
      }),
    )
    .min(1, { message: 'Choisissez au moins une ligne à rembourser.' }),
  reason: z.string().trim().max(500).optional(),
  idempotencyKey: z.string().min(8).max(100),
});
export type RefundRequestInput = z.input<typeof refundRequestSchema>;

/** GET /api/admin/orders — newest first. */
export type AdminOrderSummary = Pick<OrderView, 'id' | 'number' | 'status' | 'totalCents' | 'createdAt' | 'paidAt'> & {
  buyerName: string;
  buyerEmail: string;
  description: string;
};
export type AdminOrdersResponse = { orders: AdminOrderSummary[]; total: number };

const ORDER_STATUSES = ['pending', 'processing', 'paid', 'failed', 'canceled', 'partially_refunded', 'refunded'] as const satisfies readonly OrderStatus[];

/**
 * GET /api/admin/orders?limit=&offset=&status=&q= — status: one OrderStatus, absent: every order;
 * q: part of the buyer's name or e-mail (accents and case ignored), or the order's number.
 */
export const adminOrdersQuery = z
  .object({
    ...pagingFields(20),
    q: z.string().trim().max(MAX_SEARCH_LENGTH, { error: 'La recherche est trop longue (100 caractères au plus).' }).optional(),
    status: z.enum(ORDER_STATUSES, { message: 'Statut de commande inconnu.' }).optional(),
  })
  .strict();
export type AdminOrdersQuery = z.infer<typeof adminOrdersQuery>;

/** GET /api/admin/orders/:orderId */
export type AdminOrderResponse = { order: OrderView; buyer: { name: string; email: string } };

/**
 * POST /api/admin/orders/:orderId/refunds → 201 (200 when the same idempotencyKey returns the
 * refund already made). The refund stays 'pending' until the provider's event says it succeeded.
 */
export type RefundResponse = { refund: RefundView; order: OrderView };
