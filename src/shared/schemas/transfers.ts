// Transfers of a booking (docs/decisions/0051): until the policy's « transférer jusqu'à » (48 h by
// default) its learner — or the admin, from the roster — moves it to another session of the same
// course, gives it to someone else by e-mail, or takes its value as « Crédit Toque ». The
// cancellation policy (the refund's notice and the transfer's deadline) is the school's setting.
import type { CancellationPolicy } from '../booking';
import { formatAmount } from '../format';
import { z } from '../zod';

const dollars = (cents: number) => `${formatAmount(cents)} $`;
import type { PaymentSession, RefundView } from './checkout';
import type { ReservationView } from './reservations';

const hours = (label: string) =>
  z
    .number({ error: `${label} : un nombre d'heures.` })
    .int({ error: `${label} : un nombre entier d'heures.` })
    .min(0, { error: `${label} : au moins 0 heure.` })
    .max(720, { error: `${label} : au plus 720 heures (30 jours).` });

/** GET/PUT /api/admin/cancellation-policy — « Politique d'annulation » (admin; audited). */
export const cancellationPolicySchema = z
  .object({
    refundNoticeHours: hours('Remboursement complet'),
    transferUntilHours: hours('Transfert possible'),
  })
  .strict();
export type CancellationPolicyInput = z.infer<typeof cancellationPolicySchema>;

/** GET /api/legal/booking-policy — the school's policy as the FAQ and the terms state it (public). */
export type BookingPolicyResponse = { policy: CancellationPolicy };
/** Its path as the client's reads and the first HTML's data name it. */
export const BOOKING_POLICY_PATH = '/legal/booking-policy';

export type TransferKind = 'move' | 'gift' | 'credit';
/** pending: a gift waiting for its recipient; done; revoked: the giver took it back before acceptance. */
export type TransferStatus = 'pending' | 'awaiting_payment' | 'done' | 'revoked' | 'lapsed';

/** POST /api/booking/reservations/:id/transfer */
export const transferRequestSchema = z.discriminatedUnion('kind', [
  z
    .object({
      kind: z.literal('move'),
      sessionId: z.string().uuid({ message: 'Choisissez une séance.' }),
      idempotencyKey: z.string().min(8).max(100),
      /** The admin, from the roster: the school offers a dearer session's difference (« Offrir la différence »). */
      waiveDifference: z.boolean().optional(),
    })
    .strict(),
  z
    .object({
      kind: z.literal('gift'),
      email: z.string().trim().toLowerCase().email({ message: 'Entrez une adresse courriel valide.' }).max(254, { message: 'Adresse courriel trop longue.' }),
      idempotencyKey: z.string().min(8).max(100),
    })
    .strict(),
  z.object({ kind: z.literal('credit'), idempotencyKey: z.string().min(8).max(100) }).strict(),
]);
export type TransferRequest = z.input<typeof transferRequestSchema>;

/** Another session the booking may move to, and what moving there costs or gives back (taxes included). */
export type TransferSessionOption = {
  id: string;
  startsAt: string;
  seatsLeft: number;
  /** The booking's seats fit in what is left. */
  fits: boolean;
  /** > 0: to pay; < 0: refunded to the original payment method; 0: nothing. */
  differenceCents: number;
};

/** GET /api/booking/reservations/:id/transfer — what each option does, said before confirming. */
export type TransferOptionsResponse = {
  allowed: boolean;
  deadline: string;
  sessions: TransferSessionOption[];
  /** What « Crédit Toque » receives (what a full refund would give back, taxes included). */
  creditCents: number;
  /** A gift waiting for its recipient (the giver may revoke it). */
  pendingGift: TransferView | null;
};

export type TransferView = {
  id: string;
  kind: TransferKind;
  status: TransferStatus;
  reservationId: string;
  toEmail: string | null;
  toSessionId: string | null;
  differenceCents: number;
  createdAt: string;
};

/**
 * After a transfer. `freedSessionIds`: sessions where seats were freed (the old session of a move,
 * the session of a booking taken as credit) — the waitlist's `seatsFreed(sessionId)` is called for each.
 */
export type TransferResponse = {
  transfer: TransferView;
  reservation: ReservationView;
  refund: RefundView | null;
  freedSessionIds: string[];
  /**
   * A move to a dearer session (status 'awaiting_payment'): the order of the difference to pay, its
   * payment and the end of the seats' hold. The payment event moves the booking (decision 0051).
   */
  payment: TransferPayment | null;
};

export type TransferPayment = {
  orderId: string;
  totalCents: number;
  holdExpiresAt: string;
  /** The sandbox's payment (or Stripe's): the client confirms it with its secret. */
  session: PaymentSession | null;
};

/**
 * GET /api/booking/reservations/:id/difference — the difference still to pay of a move to a dearer
 * session (its seats still held), for its payment page opened again; null when none waits.
 */
export type PendingDifferenceResponse = { difference: { payment: TransferPayment; startsAt: string } | null };

/** GET /api/transfers/:id?signature= — the gift as its recipient sees it from the e-mail's link. */
export type GiftOfferView = {
  id: string;
  status: TransferStatus;
  courseTitle: string;
  startsAt: string;
  seats: number;
  fromName: string;
  toEmail: string;
};
export const giftLinkQuerySchema = z.object({ signature: z.string().min(16).max(200) }).strict();
export const giftAcceptSchema = z.object({ signature: z.string().min(16).max(200) }).strict();

/** « Vous paierez 15,00 $ de différence », « 10,00 $ vous seront remboursés », « 45,99 $ ajoutés à votre Crédit Toque ». */
export function moveMoneySentence(differenceCents: number): string {
  if (differenceCents > 0) return `Vous paierez ${dollars(differenceCents)} de différence.`;
  if (differenceCents < 0) return `${dollars(-differenceCents)} vous seront remboursés sur votre moyen de paiement d'origine.`;
  return 'Même prix : rien à payer, rien à rembourser.';
}
/** The admin's move to a dearer session whose difference the school offers. */
export function waivedMoneySentence(differenceCents: number): string {
  return `La différence de ${dollars(differenceCents)} est offerte par l'école : la personne n'a rien à payer.`;
}
export function creditMoneySentence(creditCents: number): string {
  return `${dollars(creditCents)} ajoutés à votre Crédit Toque.`;
}
export const GIFT_MONEY_SENTENCE = "Rien ne vous est remboursé : la place, déjà payée, est offerte à la personne que vous nommez. Tant qu'elle n'a pas accepté, vous pouvez reprendre votre offre.";
