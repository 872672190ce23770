// The Réservations tab: what the admin reads of every reservation. Access is checked by the routes'
// guard (admin only) before any call here; the list is read-only — the video link is changed by
// the sessions module, one link per session.
import { sessionMinutes } from '@shared/booking';
import type { AdminBooking, AdminBookingStatus, AdminBookingsQuery, AdminBookingsResponse } from '@shared/schemas/admin-bookings';
import type { ReservationCancelReason } from '@shared/schemas/reservations';
import type { Deps } from '../../deps';
import * as repo from './repository';

const MINUTE_MS = 60_000;

/** The status the admin sees: an unpaid hold whose time is up is expired, as the filter counts it. */
function statusOf(row: repo.AdminBookingRow, now: Date): AdminBookingStatus {
  if (row.status !== 'pending_payment') return row.status;
  return row.holdExpiresAt && row.holdExpiresAt > now ? 'pending_payment' : 'expired';
}

function toBooking(row: repo.AdminBookingRow, now: Date): AdminBooking {
  const minutes = sessionMinutes({ durationMinutes: row.sessionMinutes }, { durationMinutes: row.courseMinutes });
  const status = statusOf(row, now);
  return {
    id: row.id,
    sessionId: row.sessionId,
    courseId: row.courseId,
    courseTitle: row.courseTitle,
    startsAt: row.startsAt.toISOString(),
    endsAt: new Date(row.startsAt.getTime() + minutes * MINUTE_MS).toISOString(),
    clientName: row.clientName,
    clientEmail: row.clientEmail,
    status,
    cancelReason: status === 'cancelled' ? ((row.cancelReason as ReservationCancelReason | null) ?? null) : null,
    holdExpiresAt: status === 'pending_payment' ? row.holdExpiresAt!.toISOString() : null,
    sessionStatus: row.sessionStatus,
    videoLink: row.videoLink,
  };
}

export function createAdminBookingService(deps: Pick<Deps, 'database' | 'now'>) {
  const db = () => deps.database.db;
  return {
    /** The query comes parsed by the route (readQuery with the shared schema). */
    async list(query: AdminBookingsQuery): Promise<AdminBookingsResponse> {
      const now = deps.now();
      const [{ rows, total }, sessions] = await Promise.all([
        repo.listBookings(db(), query, now),
        repo.listBookedSessions(db(), query.period, query.sessionId, now, query.status),
      ]);
      return {
        reservations: rows.map((r) => toBooking(r, now)),
        total,
        sessions: sessions.map((s) => ({ ...s, startsAt: s.startsAt.toISOString() })),
      };
    },
  };
}

export type AdminBookingService = ReturnType<typeof createAdminBookingService>;
