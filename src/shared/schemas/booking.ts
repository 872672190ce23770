// The booking API contract: a learner holds a seat of a live session while they pay.
import { MAX_SEATS_PER_BOOKING } from '../booking';
import { SERVINGS_MAX, SERVINGS_MIN } from '../prep-kit';
import type { SeatNeeds } from '../dietary';
import { z } from '../zod';
import { seatNeedsListField } from './dietary';

const SEATS_MESSAGE = `Choisissez entre 1 et ${MAX_SEATS_PER_BOOKING} places.`;
/** A guest's first name: optional, short. */
export const GUEST_NAME_MAX = 60;

/** How many seats in one booking (1 to 6; the session may allow fewer). */
export const seatsField = z
  .number({ error: SEATS_MESSAGE })
  .int({ error: SEATS_MESSAGE })
  .min(1, { error: SEATS_MESSAGE })
  .max(MAX_SEATS_PER_BOOKING, { error: SEATS_MESSAGE });

/** The guests' first names, one per extra seat, each optional (empty: not given). */
export const guestNamesField = z
  .array(z.string().trim().max(GUEST_NAME_MAX, { error: `Un prénom ne doit pas dépasser ${GUEST_NAME_MAX} caractères.` }))
  .max(MAX_SEATS_PER_BOOKING - 1, { error: 'Un prénom par place en plus de la vôtre.' });

const SERVINGS_MESSAGE = `Choisissez entre ${SERVINGS_MIN} et ${SERVINGS_MAX} personnes.`;

/**
 * POST /api/booking/holds — holds a seat (or returns the learner's live hold on that session).
 * `servings`: for how many people the learner cooks — the class preparation kit is scaled to it
 * (absent: the kit's own servings). Asking again with another number changes the hold's.
 */
export const holdRequestSchema = z.object({
  sessionId: z.string().uuid({ message: 'Séance invalide.' }),
  servings: z
    .number({ error: SERVINGS_MESSAGE })
    .int({ error: SERVINGS_MESSAGE })
    .min(SERVINGS_MIN, { error: SERVINGS_MESSAGE })
    .max(SERVINGS_MAX, { error: SERVINGS_MESSAGE })
    .optional(),
  /** Seats in this booking (absent: 1). Asking again with another number changes an unpaid hold's. */
  seats: seatsField.optional(),
  /** The guests' first names (seats − 1 at most). */
  guests: guestNamesField.optional(),
  /** Each seat's dietary needs, optional (the learner's first; docs/decisions/0053). */
  needs: seatNeedsListField.optional(),
})
  .refine((v) => (v.guests?.length ?? 0) <= (v.seats ?? 1) - 1, { error: 'Un prénom par place en plus de la vôtre.', path: ['guests'] })
  .refine((v) => (v.needs?.length ?? 0) <= (v.seats ?? 1), { error: 'Un seul choix de besoins par place.', path: ['needs'] });
export type HoldRequest = z.input<typeof holdRequestSchema>;

export type ReservationStatus = 'pending_payment' | 'confirmed' | 'cancelled' | 'expired';

export type HoldView = {
  id: string;
  sessionId: string;
  status: ReservationStatus;
  /** When an unpaid hold frees its seat (ISO 8601, UTC); null once confirmed. */
  expiresAt: string | null;
  /** Seats this booking holds, and its guests' first names (one per extra seat, '' when not given). */
  seats: number;
  guests: string[];
  /** Each seat's dietary needs (one entry per seat). */
  needs: SeatNeeds[];
};

/** Answer of POST (201 new, 200 existing), GET and DELETE /api/booking/holds[/:reservationId]. */
export type HoldResponse = { hold: HoldView };

/**
 * GET /api/booking/holds/current?courseId= — the learner's seat still held (unpaid, in time) on a
 * session of that course, or null: the payment page finds it again after a reload.
 */
export const currentHoldQuerySchema = z.object({ courseId: z.string().uuid({ message: 'Cours invalide.' }) }).strict();
export type CurrentHoldResponse = { hold: HoldView | null };
