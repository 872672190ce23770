// « Crédit Toque »: a customer's store credit, one append-only ledger (docs/decisions/0038-store-credit-ledger.md).
// The API contract of /api/account/credit and the admin's « Ajouter un crédit », shared by browser and server.
import { formatAmount } from '../format';
import { z } from '../zod';
import { pagingFields } from './paging';

/** Why an entry was written. + adds credit, − spends it. */
export const CREDIT_ENTRY_KINDS = [
  /** + a gift card's amount added to the credit (the gift cards' slice). */
  'gift_card_redeemed',
  /** − credit spent on an order (« Utiliser mon crédit »). */
  'order_payment',
  /** + the credit part of a refunded order given back (a refund of an order paid partly with credit). */
  'order_refund_to_credit',
  /** + a refund the learner chose to receive as credit (« Recevoir un crédit Toque »). */
  'refund_as_credit',
  /** + credit given by the admin, with its reason. */
  'admin_credit',
  /** − a balance under 5 $ paid out on request (« Demander le versement »). */
  'payout',
  /** + credit spent on an order that then failed, was abandoned or closed: given back once. */
  'order_payment_reversed',
  /** − the balance the holder renounced, explicitly, when deleting their account (docs/decisions/0044). */
  'forfeited_at_deletion',
] as const;
export type CreditEntryKind = (typeof CREDIT_ENTRY_KINDS)[number];

/** Under this balance the holder may ask for it in money (Québec: « Demander le versement »). */
export const CREDIT_PAYOUT_MAX_CENTS = 500;

/** What each kind is called in « Mon crédit », the admin's page and the data export. */
export const CREDIT_ENTRY_LABELS: Record<CreditEntryKind, string> = {
  gift_card_redeemed: 'Carte-cadeau ajoutée',
  order_payment: 'Payé avec votre crédit',
  order_refund_to_credit: 'Remboursement porté à votre crédit',
  refund_as_credit: 'Remboursement reçu en crédit Toque',
  admin_credit: 'Crédit offert par Toque',
  payout: 'Solde versé',
  order_payment_reversed: 'Crédit rendu (commande non payée)',
  forfeited_at_deletion: 'Solde abandonné à la suppression du compte',
};

/**
 * What the account's deletion dialog and its refusal say of a balance left (docs/decisions/0044): spend
 * it, ask for it under 5 $, or renounce it explicitly.
 */
export function creditAtDeletionMessage(owedCents: number): string {
  const amount = `${formatAmount(owedCents)} $`;
  const payout = owedCents < CREDIT_PAYOUT_MAX_CENTS ? ' ou en demander le versement (« Mon crédit »)' : '';
  return `Il vous reste ${amount} de crédit Toque. Vous pouvez l’utiliser avant de partir${payout} ; sinon, cochez « Je renonce à mon crédit » : il sera perdu avec votre compte.`;
}

export type CreditEntry = {
  id: string;
  amountCents: number;
  kind: CreditEntryKind;
  label: string;
  /** The order it paid or came from, with the number the receipt shows. */
  orderId: string | null;
  orderNumber: number | null;
  /** The credit note (refund) it came from. */
  refundId: string | null;
  giftCardId: string | null;
  /** The admin's reason (admin_credit, payout). */
  reason: string | null;
  createdAt: string;
};

export const CREDIT_HISTORY_PAGE_SIZE = 20;

/** GET /api/account/credit?limit=&offset= */
export const creditHistoryQuery = z.object({ ...pagingFields(CREDIT_HISTORY_PAGE_SIZE) }).strict();
export type CreditHistoryQuery = z.infer<typeof creditHistoryQuery>;

export type CreditResponse = {
  balanceCents: number;
  /** Credit that unpaid orders hold (back in the balance when they close, or paid with them). */
  heldCents: number;
  entries: CreditEntry[];
  total: number;
  /** The balance is under 5 $ and above 0: « Demander le versement » is offered. */
  payoutAvailable: boolean;
};

const AMOUNT_ERROR = 'Indiquez un montant de 0,01 $ à 1 000 $.';
const REASON_ERROR = 'Indiquez la raison de ce crédit (500 caractères au plus).';

/** POST /api/admin/clients/:id/credit — « Ajouter un crédit ». key: the form's idempotency key. */
export const adminCreditSchema = z
  .object({
    amountCents: z
      .number({ error: AMOUNT_ERROR })
      .int({ error: AMOUNT_ERROR })
      .min(1, { error: AMOUNT_ERROR })
      .max(100_000, { error: AMOUNT_ERROR }),
    reason: z.string({ error: REASON_ERROR }).trim().min(1, { error: REASON_ERROR }).max(500, { error: REASON_ERROR }),
    key: z.string().min(8).max(100),
  })
  .strict();
export type AdminCreditInput = z.infer<typeof adminCreditSchema>;

/**
 * GET / PUT /api/account/credit/preference — « Recevoir mes remboursements automatiques en crédit
 * Toque » (decision 0046): where the refunds the site makes on its own go.
 */
export const creditPreferenceSchema = z.object({ automaticRefundsToCredit: z.boolean() }).strict();
export type CreditPreference = z.infer<typeof creditPreferenceSchema>;

/** POST /api/account/credit/payout — « Demander le versement ». */
export const creditPayoutSchema = z.object({ key: z.string().min(8).max(100) }).strict();
export type CreditPayoutInput = z.infer<typeof creditPayoutSchema>;

/** POST /api/account/credit/payout → the payout entry and « Mon crédit » after it. */
export type CreditPayoutResponse = { payout: CreditEntry; credit: CreditResponse };

/** POST /api/admin/clients/:userId/credit → 201 (200 when the same key returns the credit already given). */
export type AdminCreditResponse = { entry: CreditEntry; balanceCents: number };
