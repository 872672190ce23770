// A live session's roster, « Liste des participants » (issue 26, part C): the admin's at
// /admin/seances/:sessionId, the guest chef's own sessions' at /mes-seances/:sessionId (read-only,
// fewer details: docs/decisions/0033-rosters.md), and « Écrire aux participants ».
import type { SeatNeeds } from '../dietary';
import { z } from '../zod';
import type { ReservationCancelReason } from './reservations';
import type { RosterWaitlistEntry } from './waitlist';

export type RosterSession = {
  id: string;
  courseId: string;
  courseTitle: string;
  /** The chef teaching it (the course's), or null. */
  teacherName: string | null;
  startsAt: string;
  endsAt: string;
  capacity: number;
  /** Confirmed seats and unpaid holds still running, as booking counts them against the capacity. */
  seatsTaken: number;
  status: 'scheduled' | 'cancelled';
  /** Scheduled and not begun by the server's clock: the admin may still transfer its bookings (whether in time, the server says then). */
  upcoming: boolean;
  /** The join link and the recording: the admin's view only (null for the guest chef). */
  videoLink: string | null;
  recordingUrl: string | null;
  hasRecordingVideo: boolean;
};

/** A confirmed seat. `email` and `paidCents` are the admin's only (null in the guest chef's view). */
export type RosterAttendee = {
  reservationId: string;
  name: string;
  email: string | null;
  /** Seats of this booking (1 to 6: the learner and their guests, docs/decisions/0047). */
  seats: number;
  /** The guests' first names, one per extra seat ('' when not given). */
  guests: string[];
  /** How many people the learner cooks for, chosen at booking (null: the recipe's). */
  servings: number | null;
  /** Each seat's dietary needs, the learner's first (health data: the admin's and the session chef's roster only). */
  needs: SeatNeeds[];
  /** What the seat's order line was paid, before tax (null: included, e.g. free, or hidden). */
  paidCents: number | null;
  bookedAt: string;
};

/** An unpaid hold still running: its seat is kept until `expiresAt`. */
export type RosterHold = { reservationId: string; name: string; email: string | null; seats: number; bookedAt: string; expiresAt: string };

/** Where a cancelled seat's money stands. */
export type RosterRefundState = 'refunded' | 'pending' | 'failed' | 'none';

export type RosterCancellation = {
  reservationId: string;
  name: string;
  email: string | null;
  cancelledAt: string | null;
  reason: ReservationCancelReason | null;
  refund: RosterRefundState;
  refundedCents: number;
};

export type SessionMessageView = {
  id: string;
  subject: string;
  body: string;
  sentByEmail: string;
  recipientCount: number;
  createdAt: string;
};

/** GET /api/admin/sessions/:sessionId/roster and GET /api/chef/sessions/:sessionId/roster. */
export type RosterResponse = {
  /** 'admin': everything; 'chef': the guest chef's read-only view (names, seats, servings). */
  view: 'admin' | 'chef';
  session: RosterSession;
  attendees: RosterAttendee[];
  /** The attendees' seats added up (a booking may hold several). */
  confirmedSeats: number;
  /** The confirmed seats' dietary needs added up: « 2 sans gluten, 1 végétalien » ('' when none). */
  needsSummary: string;
  holds: RosterHold[];
  cancellations: RosterCancellation[];
  /** « Liste d'attente »: first in line first (docs/decisions/0050). */
  waitlist: RosterWaitlistEntry[];
  messages: SessionMessageView[];
};

/** POST /api/admin/sessions/:sessionId/messages — « Écrire aux participants ». */
export const sessionMessageSchema = z
  .object({
    subject: z
      .string({ error: 'Écrivez un objet.' })
      .trim()
      .min(3, { error: "L'objet doit contenir au moins 3 caractères." })
      .max(150, { error: "L'objet ne doit pas dépasser 150 caractères." }),
    body: z
      .string({ error: 'Écrivez votre message.' })
      .trim()
      .min(10, { error: 'Le message doit contenir au moins 10 caractères.' })
      .max(5000, { error: 'Le message ne doit pas dépasser 5 000 caractères.' }),
    /** The form's key for this message: a double submit or a retry sends it once. */
    idempotencyKey: z.string().min(8).max(100),
  })
  .strict();
export type SessionMessageInput = z.input<typeof sessionMessageSchema>;
/** `created`: false when the key had already sent it (nothing sent again). */
export type SessionMessageResponse = { message: SessionMessageView; created: boolean };

/** One of the guest chef's sessions (GET /api/chef/sessions). */
export type ChefSessionView = {
  id: string;
  courseTitle: string;
  startsAt: string;
  endsAt: string;
  capacity: number;
  seatsTaken: number;
  status: 'scheduled' | 'cancelled';
};
export type ChefSessionsResponse = { sessions: ChefSessionView[] };
