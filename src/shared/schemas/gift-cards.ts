// The gift cards' API contract (« Offrir un cours », docs/decisions/0039-gift-cards.md): the
// purchase form (checked by the form and the server alike), the redemption, and what the buyer,
// the recipient and the admin read.
import { GIFT_CARD_MAX_CENTS, GIFT_CARD_MIN_CENTS, MEMBERSHIP_GIFT_MONTHS, type GiftCardKind, type GiftCardStatus } from '../gift-cards';
import { z } from '../zod';
import { pagingFields } from './paging';

export const GIFT_CARD_MESSAGE_MAX = 500;
/** How far ahead a delivery may be planned. */
export const GIFT_CARD_MAX_DELAY_DAYS = 366;

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** POST /api/gift-cards/checkout — the card bought, then paid like any order. */
export const giftCardPurchaseSchema = z
  .object({
    /** 'amount' (the default): a card of `amountCents`; 'membership': `months` of membership, priced by the server. */
    kind: z.enum(['amount', 'membership'], { message: 'Choisissez quoi offrir.' }).default('amount'),
    amountCents: z
      .number({ message: 'Indiquez un montant.' })
      .int({ message: 'Indiquez un montant en dollars et en cents.' })
      .min(GIFT_CARD_MIN_CENTS, { message: 'Le montant minimum est de 10 $.' })
      .max(GIFT_CARD_MAX_CENTS, { message: 'Le montant maximum est de 1 000 $.' })
      .optional(),
    months: z
      .number({ message: 'Choisissez une durée.' })
      .refine((m) => (MEMBERSHIP_GIFT_MONTHS as readonly number[]).includes(m), { message: 'Choisissez 3, 6 ou 12 mois.' })
      .optional(),
    recipientName: z.string().trim().min(1, { message: 'Indiquez le nom de la personne.' }).max(120, { message: 'Ce nom est trop long (120 caractères au plus).' }),
    recipientEmail: z
      .string()
      .trim()
      .toLowerCase()
      .pipe(z.email({ message: 'Adresse courriel invalide.' })),
    message: z
      .string()
      .trim()
      .max(GIFT_CARD_MESSAGE_MAX, { message: `Votre message est trop long (${GIFT_CARD_MESSAGE_MAX} caractères au plus).` })
      .default(''),
    /** The course the card is meant for (« Offrir ce cours »): named in the card, never binding. */
    courseId: z.string().uuid({ message: 'Cours invalide.' }).optional(),
    /** 'now', or a day and an hour in the chef's zone (America/Toronto). */
    delivery: z.enum(['now', 'scheduled'], { message: 'Choisissez quand envoyer la carte.' }),
    deliverOn: z.string().regex(DAY, { message: 'Choisissez une date.' }).optional(),
    deliverHour: z.number().int().min(0, { message: 'Choisissez une heure.' }).max(23, { message: 'Choisissez une heure.' }).optional(),
    idempotencyKey: z.string().min(8).max(100),
  })
  .superRefine((v, ctx) => {
    if (v.kind === 'amount' && v.amountCents === undefined) ctx.addIssue({ code: 'custom', path: ['amountCents'], message: 'Indiquez un montant.' });
    if (v.kind === 'membership' && v.months === undefined) ctx.addIssue({ code: 'custom', path: ['months'], message: 'Choisissez 3, 6 ou 12 mois.' });
    if (v.kind === 'membership' && v.courseId) ctx.addIssue({ code: 'custom', path: ['courseId'], message: "Un abonnement offert ne suggère pas de cours." });
    if (v.delivery !== 'scheduled') return;
    if (!v.deliverOn) ctx.addIssue({ code: 'custom', path: ['deliverOn'], message: "Choisissez la date d'envoi." });
    if (v.deliverHour === undefined) ctx.addIssue({ code: 'custom', path: ['deliverHour'], message: "Choisissez l'heure d'envoi." });
  });
export type GiftCardPurchaseInput = z.input<typeof giftCardPurchaseSchema>;

/** POST /api/gift-cards/redeem — « Ajouter une carte-cadeau » (Mon crédit). */
export const giftCardRedeemSchema = z.object({
  code: z.string().trim().min(1, { message: 'Entrez le code de la carte-cadeau.' }).max(40, { message: 'Code de carte-cadeau inconnu.' }),
});
export type GiftCardRedeemInput = z.input<typeof giftCardRedeemSchema>;

/** What a membership card gave (POST /api/gift-cards/redeem of a 'membership' card). */
export type MembershipGrantView = {
  months: number;
  startsAt: string;
  endsAt: string;
  /** A paid subscription was running: the months start at its period's end and its renewal is stopped then. */
  afterPaidPeriod: boolean;
  /** The French sentence to show (with the dates). */
  message: string;
};

export type GiftCardRedeemResponse = {
  kind: GiftCardKind;
  /** A membership card: the months it gave (null for an amount, which goes to the credit). */
  membership: MembershipGrantView | null;
  /** What this request moved into the person's credit (0 when it had been moved already by them; always 0 for a membership card). */
  creditedCents: number;
  amountCents: number;
  /** The code as printed (groups of four). */
  code: string;
  /** The person's « Crédit Toque » after it. */
  balanceCents: number;
};

/** A card as its buyer sees it in Mes Achats: never its code (it is the recipient's). */
export type PurchasedGiftCardView = {
  id: string;
  orderId: string;
  kind: GiftCardKind;
  /** The months a membership card gives; null for an amount. */
  membershipMonths: number | null;
  amountCents: number;
  recipientName: string;
  recipientEmail: string;
  status: GiftCardStatus;
  deliverAt: string;
  deliveredAt: string | null;
  openedAt: string | null;
  courseTitle: string | null;
  /** The order's receipt (« Carte-cadeau — non taxable à l'achat »). */
  receiptUrl: string;
};
export type PurchasedGiftCardsResponse = { giftCards: PurchasedGiftCardView[] };

/** GET /api/admin/gift-cards?q&status&limit&offset */
export const adminGiftCardsQuerySchema = z.object({
  q: z.string().trim().max(100).optional(),
  status: z.enum(['pending', 'active', 'redeemed', 'voided']).optional(),
  ...pagingFields(30),
});
export type AdminGiftCardsQuery = z.output<typeof adminGiftCardsQuerySchema>;

export type AdminGiftCardView = PurchasedGiftCardView & {
  /** The last four symbols only. */
  codeHint: string | null;
  orderNumber: number;
  buyerName: string;
  buyerEmail: string;
  redeemedByEmail: string | null;
  redeemedAt: string | null;
  voidedAt: string | null;
  createdAt: string;
};
export type AdminGiftCardsResponse = { giftCards: AdminGiftCardView[]; total: number };

/** POST /api/admin/gift-cards/:id/void */
export const giftCardVoidSchema = z.object({
  reason: z.string().trim().max(300, { message: 'Raison trop longue (300 caractères au plus).' }).default(''),
  idempotencyKey: z.string().min(8).max(100),
});
