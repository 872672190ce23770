// The booking API contract: a learner holds a seat of a live session while they pay.
import { z } from '../zod';

/** POST /api/booking/holds — holds a seat (or returns the learner's live hold on that session). */
export const holdRequestSchema = z.object({
  sessionId: z.string().uuid({ message: 'Séance invalide.' }),
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
