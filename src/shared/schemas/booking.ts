// The booking API contract: a learner holds a seat of a live session while they pay.
import { SERVINGS_MAX, SERVINGS_MIN } from '../prep-kit';
import { z } from '../zod';

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
});
export type HoldRequest = z.input<typeof holdRequestSchema>;

export type ReservationStatus = 'pending_payment' | 'confirmed' | 'cancelled' | 'expired';

export type HoldView = {
  id: string;
  sessionId: string;
  status: ReservationStatus;
  /** When an unpaid hold frees its seat (ISO 8601, UTC); null once confirmed. */
  expiresAt: string | null;
};

/** Answer of POST (201 new, 200 existing), GET and DELETE /api/booking/holds[/:reservationId]. */
export type HoldResponse = { hold: HoldView };

/**
 * GET /api/booking/holds/current?courseId= — the learner's seat still held (unpaid, in time) on a
 * session of that course, or null: the payment page finds it again after a reload.
 */
export const currentHoldQuerySchema = z.object({ courseId: z.string().uuid({ message: 'Cours invalide.' }) }).strict();
export type CurrentHoldResponse = { hold: HoldView | null };
