// Reservations as the calendar, the 'Détails du cours' dialog and the admin see them, and what a
// learner or the admin can do to them (cancel, set the video link, attach a recording).
import { MAX_SEATS_PER_BOOKING } from '../booking';
import { z } from '../zod';
import type { ReservationStatus } from './booking';
import type { RefundView } from './checkout';

/**
 * Why a reservation ended 'cancelled':
 * - learner_refunded: the learner cancelled ≥ 48 h ahead, fully refunded;
 * - admin_refunded: the admin refunded the seat's order line in full (the seat goes back on sale);
 * - learner_no_refund: the learner cancelled within 48 h, without refund (they were told first);
 * - session_cancelled: the chef cancelled the whole session: each paid attendee chooses the card or
 *   « Crédit Toque » before `refundChoice.dueAt`, the card after it (docs/decisions/0043);
 * - no_seat: the payment came after the hold expired and the seat was taken: refunded automatically;
 * - released: the learner gave back an unpaid hold;
 * - transferred_to_credit: the learner took the booking's value as « Crédit Toque » (docs/decisions/0051).
 */
export type ReservationCancelReason = 'learner_refunded' | 'learner_no_refund' | 'admin_refunded' | 'session_cancelled' | 'no_seat' | 'released' | 'transferred_to_credit';

export type ReservationView = {
  id: string;
  sessionId: string;
  courseId: string;
  courseTitle: string;
  /** The learner's name as booked: the admin's calendar titles read 'course title (client name)'. */
  clientName: string;
  startsAt: string;
  endsAt: string;
  durationMinutes: number;
  status: ReservationStatus;
  cancelReason: ReservationCancelReason | null;
  /** When an unpaid hold frees its seat; null once confirmed. */
  holdExpiresAt: string | null;
  /** Seats the booking holds now, and its guests' first names (one per extra seat, '' when not given). */
  seats: number;
  guests: string[];
  sessionStatus: 'scheduled' | 'cancelled';
  /** 'Lien disponible' when true, 'En attente' otherwise. */
  hasVideoLink: boolean;
  /** The join link: only to the admin, or to the learner whose reservation is confirmed. */
  videoLink: string | null;
  /** The recording of a past session, for confirmed attendees and the admin. */
  recordingUrl: string | null;
  /** An uploaded recording plays on /enregistrements/:sessionId (same people as recordingUrl). */
  hasRecordingVideo: boolean;
  /**
   * What cancelling gives now (confirmed reservations of a session not started yet). `moved`: the chef
   * moved the session after it was booked — a full refund until the new start, whatever the 48-hour rule.
   */
  cancellation: {
    allowed: boolean;
    refundable: boolean;
    refundDeadline: string;
    /** The school's refund notice (« Politique d'annulation »): a full refund until this many hours before. */
    noticeHours: number;
    moved: boolean;
    /** What giving back one seat of several refunds now, before tax (null: one seat, or nothing to refund). */
    seatShareCents: number | null;
  };
  /** « Transférer » (docs/decisions/0051): offered until `deadline` (the policy's hours before the start). */
  transfer: { allowed: boolean; deadline: string };
  /** iCalendar SEQUENCE of the session's event: raised at each move. */
  sequence: number;
  /** When the chef moved the session after this seat was booked (null: it is at the time booked). */
  movedAt: string | null;
  /** The order that paid for it, if any (the receipt is there). */
  orderId: string | null;
  /**
   * A paid seat of a session the chef cancelled (docs/decisions/0043): until `dueAt` its learner
   * chooses « Être remboursé sur ma carte » or « Recevoir un crédit Toque »; `chosen` is null while
   * it waits, then 'card', 'credit', or 'card_by_default' (nothing chosen by the deadline).
   * `amountCents`: what the seat gives back (taxes included). Null: no choice to make.
   */
  refundChoice: RefundChoiceView | null;
};

export type RefundChoice = 'card' | 'credit' | 'card_by_default';
export type RefundChoiceView = { dueAt: string; chosen: RefundChoice | null; amountCents: number | null };

/** How long a learner has to choose after the chef cancels a session (then the card, by a job). */
export const REFUND_CHOICE_HOURS = 72;

/** POST /api/booking/reservations/:id/refund-choice — the learner's choice after a cancelled session. */
export const refundChoiceSchema = z
  .object({
    refundTo: z.enum(['card', 'credit'], { message: 'Choisissez la carte ou le crédit Toque.' }),
  })
  .strict();
export type RefundChoiceInput = z.input<typeof refundChoiceSchema>;
/** refund: the credit note made by the choice (null if the seat had already been refunded). */
export type RefundChoiceResponse = { reservation: ReservationView; refund: RefundView | null };

/** GET /api/calendar/reservations?from=&to= — a learner's own; the admin's: everyone's. */
export const calendarRangeQuery = z
  .object({
    from: z.string().datetime({ offset: true, message: 'Date de début invalide.' }),
    to: z.string().datetime({ offset: true, message: 'Date de fin invalide.' }),
  })
  .strict()
  .refine((q) => new Date(q.to).getTime() > new Date(q.from).getTime(), { message: 'La fin doit suivre le début.', path: ['to'] })
  .refine((q) => new Date(q.to).getTime() - new Date(q.from).getTime() <= 400 * 86_400_000, {
    message: 'Période trop longue (400 jours au plus).',
    path: ['to'],
  });
export type CalendarRangeQuery = z.infer<typeof calendarRangeQuery>;

/**
 * A session as the admin's and the guest chef's calendars show it: one event per session with its
 * seats taken / capacity (« Cabane à sucre · 8 / 10 »), opening its roster.
 */
export type CalendarSessionView = {
  id: string;
  courseTitle: string;
  startsAt: string;
  endsAt: string;
  /** Confirmed seats and unpaid holds still running. */
  seatsTaken: number;
  capacity: number;
  status: 'scheduled' | 'cancelled';
  hasVideoLink: boolean;
};

/**
 * Only pending-payment and confirmed reservations appear in a calendar. `sessions`: for the admin,
 * the sessions of those reservations; for a guest chef, the sessions he teaches in the range.
 */
export type CalendarResponse = { reservations: ReservationView[]; sessions?: CalendarSessionView[] };

/** GET /api/booking/reservations/:id — the learner's own (the admin: anyone's). */
export type ReservationResponse = { reservation: ReservationView };

/** POST /api/booking/reservations/:id/cancel */
export const cancelReservationSchema = z
  .object({
    /** Within 48 h of the start: the learner must say they accept to lose the payment. */
    acceptNoRefund: z.boolean().optional(),
    /**
     * Where a refund goes: 'card' (the default) back to the payment method, 'credit' to « Crédit
     * Toque » at once (« Recevoir un crédit Toque »).
     */
    refundTo: z.enum(['card', 'credit'], { message: 'Choisissez la carte ou le crédit Toque.' }).optional(),
    /**
     * A booking of several seats gives back some of them: the seats it keeps (1 … seats − 1; absent
     * or 0: all of them). Asking again to keep as many answers the same (docs/decisions/0047).
     */
    keepSeats: z
      .number({ error: 'Nombre de places invalide.' })
      .int({ error: 'Nombre de places invalide.' })
      .min(0, { error: 'Nombre de places invalide.' })
      .max(MAX_SEATS_PER_BOOKING - 1, { error: 'Nombre de places invalide.' })
      .optional(),
    /**
     * With keepSeats: who no longer comes — the guests' seats given back (1 … seats − 1, the learner's
     * own is 0 and always kept), one per seat given back; absent: the last guests.
     */
    dropGuests: z
      .array(z.number().int().min(1).max(MAX_SEATS_PER_BOOKING - 1), { error: 'Choisissez qui ne vient plus.' })
      .max(MAX_SEATS_PER_BOOKING - 1)
      .refine((list) => new Set(list).size === list.length, { error: 'Choisissez chaque invité une seule fois.' })
      .optional(),
    idempotencyKey: z.string().min(8).max(100),
  })
  .strict();
export type CancelReservationInput = z.input<typeof cancelReservationSchema>;
/** refund: the refund asked of the provider (null for a no-refund cancellation). */
export type CancelReservationResponse = { reservation: ReservationView; refund: RefundView | null };

const optionalUrl = (message: string, pattern = /^https?:\/\//i) =>
  z
    .string()
    .trim()
    .max(2000, { message })
    .url({ message })
    .refine((v) => pattern.test(v), { message })
    .nullable();

/**
 * The video link: https only (the class is joined from a browser that refuses mixed content, and the
 * link travels in e-mails). Written as the URL standard writes it, so « HTTPS://Meet.x/a » saved again
 * as « https://meet.x/a » is the same link and tells no one twice.
 */
export const videoLinkField = optionalUrl('Entrez une adresse web sécurisée commençant par https://', /^https:\/\//i).transform((v) =>
  v === null ? null : new URL(v).href,
);

/** PATCH /api/admin/sessions/:sessionId — the admin sets or clears the video link or the recording. */
export const adminSessionUpdateSchema = z
  .object({
    videoLink: videoLinkField.optional(),
    recordingUrl: optionalUrl("Entrez l'adresse web de l'enregistrement (https://…).").optional(),
    /** A changed link is e-mailed only when the chef asks (« Prévenir les participants »); a first link always is. */
    notifyAttendees: z.boolean().optional(),
  })
  .strict()
  .refine((v) => v.videoLink !== undefined || v.recordingUrl !== undefined, { message: 'Rien à modifier.' });
export type AdminSessionUpdateInput = z.input<typeof adminSessionUpdateSchema>;

export type AdminSessionView = {
  id: string;
  courseId: string;
  courseTitle: string;
  startsAt: string;
  endsAt: string;
  capacity: number;
  seatsTaken: number;
  status: 'scheduled' | 'cancelled';
  videoLink: string | null;
  recordingUrl: string | null;
  cancelReason: string | null;
  /** Confirmed attendees: who is e-mailed when the link is told. */
  attendees: number;
  /** The link the attendees were last told of differs from the one set: « Prévenir les participants » is offered. */
  videoLinkUntold: boolean;
};
/** POST /api/admin/sessions/:sessionId/notify-link — `notified`: attendees e-mailed by this call (0 on a repeat). */
export type AdminSessionNotifyResponse = { session: AdminSessionView; notified: number };
export type AdminSessionResponse = { session: AdminSessionView };

/** POST /api/admin/sessions/:sessionId/cancel — every attendee refunded and told. */
export const adminSessionCancelSchema = z
  .object({
    reason: z.string().trim().min(3, { message: 'Expliquez en quelques mots la raison de l’annulation.' }).max(500),
    idempotencyKey: z.string().min(8).max(100),
  })
  .strict();
export type AdminSessionCancelInput = z.input<typeof adminSessionCancelSchema>;
/**
 * refundedReservations: seats whose refund is made (chosen, or by the deadline); awaitingChoice: paid
 * seats whose learner has not chosen yet (card or credit, docs/decisions/0043).
 */
export type AdminSessionCancelResponse = { session: AdminSessionView; refundedReservations: number; awaitingChoice: number; releasedHolds: number };
