// The Réservations tab of the Tableau de Bord Admin: every reservation of the site, a page at a
// time, filtered by period, session and status. The video link itself is changed through
// PATCH /api/admin/sessions/:sessionId (one link per session, as in the calendar).
import { z } from '../zod';
import type { ReservationCancelReason } from './reservations';
import { pagingFields } from './paging';

/**
 * What the admin filters on. 'pending_payment' is an unpaid hold still running; a hold whose time
 * is up counts as 'expired' even before the booking module has marked it so.
 */
export const ADMIN_BOOKING_STATUSES = ['confirmed', 'pending_payment', 'cancelled', 'expired'] as const;
export type AdminBookingStatus = (typeof ADMIN_BOOKING_STATUSES)[number];

/** 'upcoming': sessions not over yet, soonest first; 'past': sessions over, latest first. */
export const ADMIN_BOOKING_PERIODS = ['upcoming', 'past'] as const;
export type AdminBookingPeriod = (typeof ADMIN_BOOKING_PERIODS)[number];

/** GET /api/admin/reservations — with sessionId, that session's reservations whatever the period. */
export const adminBookingsQuery = z
  .object({
    ...pagingFields(20),
    period: z.enum(ADMIN_BOOKING_PERIODS, { error: 'Choisissez une période dans la liste.' }).default('upcoming'),
    sessionId: z.string().uuid({ error: 'Choisissez une séance dans la liste.' }).optional(),
    status: z.enum(ADMIN_BOOKING_STATUSES, { error: 'Choisissez un statut dans la liste.' }).optional(),
  })
  .strict();
export type AdminBookingsQuery = z.infer<typeof adminBookingsQuery>;
export type AdminBookingsQueryInput = z.input<typeof adminBookingsQuery>;

export type AdminBooking = {
  id: string;
  sessionId: string;
  courseId: string;
  courseTitle: string;
  startsAt: string;
  endsAt: string;
  /** The learner's name as booked, and their account's e-mail to reach them. */
  clientName: string;
  clientEmail: string;
  status: AdminBookingStatus;
  cancelReason: ReservationCancelReason | null;
  /** When a running hold frees its seat; null otherwise. */
  holdExpiresAt: string | null;
  sessionStatus: 'scheduled' | 'cancelled';
  /** The session's join link (the admin sees it): 'Lien disponible' when set, 'En attente' when not. */
  videoLink: string | null;
};

/**
 * A session of the period that has at least one reservation (of the status asked, if one is): the
 * Réservations list's rows — one per session, « 8 / 10 », opening its roster — and its filter's options.
 */
export type AdminBookingSession = {
  id: string;
  courseTitle: string;
  startsAt: string;
  status: 'scheduled' | 'cancelled';
  /** Confirmed seats and running holds, against the capacity. */
  seatsTaken: number;
  capacity: number;
  /** Of which confirmed, and unpaid holds still running; and the cancelled reservations. */
  confirmed: number;
  holds: number;
  cancelled: number;
  hasVideoLink: boolean;
};

export type AdminBookingsResponse = { reservations: AdminBooking[]; total: number; sessions: AdminBookingSession[] };
