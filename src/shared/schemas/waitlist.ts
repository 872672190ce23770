// « Liste d'attente » of a full live session (docs/decisions/0050): the API contract of /api/waitlist
// and the roster's line.
import { z } from '../zod';
import { seatsField } from './booking';

/** POST /api/waitlist — join the line of a full session with the seats wanted (1 to the session's cap). */
export const waitlistJoinSchema = z.object({
  sessionId: z.string().uuid({ message: 'Séance invalide.' }),
  seats: seatsField,
});
export type WaitlistJoinRequest = z.input<typeof waitlistJoinSchema>;

/** GET /api/waitlist?courseId= — the learner's own places in line (all courses when absent). */
export const waitlistQuerySchema = z.object({ courseId: z.string().uuid({ message: 'Cours invalide.' }).optional() });

/** A learner's place in line: waiting (with their rank), or offered a hold until `offerExpiresAt`. */
export type WaitlistEntryView = {
  id: string;
  sessionId: string;
  courseId: string;
  courseTitle: string;
  startsAt: string;
  seats: number;
  status: 'waiting' | 'offered';
  /** 1 for the first in line; null once offered. */
  position: number | null;
  /** The offered hold's end (ISO 8601); null while waiting. */
  offerExpiresAt: string | null;
  joinedAt: string;
};

export type WaitlistEntryResponse = { entry: WaitlistEntryView | null };
export type WaitlistListResponse = { entries: WaitlistEntryView[] };

/** One person in a session's line, as the roster shows it. `email` is the admin's only. */
export type RosterWaitlistEntry = {
  id: string;
  name: string;
  email: string | null;
  seats: number;
  since: string;
  status: 'waiting' | 'offered';
  offerExpiresAt: string | null;
};
