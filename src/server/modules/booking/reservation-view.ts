// The one mapping of a reservation row to what people see (ReservationView). Who sees the join link
// is decided here: the admin, or the learner whose own reservation is confirmed — a pending hold
// never reveals it.
import { cancellationTerms, seatsShareCents, sessionMinutes, transferAllowed, transferDeadline, type CancellationPolicy } from '@shared/booking';
import type { RefundChoice, ReservationCancelReason, ReservationView } from '@shared/schemas/reservations';
import type { ReservationRow } from './reservation-rows';
import { isAdmin } from '../../http/guards';
import type { SessionViewer } from '../../http/viewer';

/** Who looks: the join links of others' reservations are for the admin only (isAdmin decides). */
export type ReservationViewer = Pick<SessionViewer, 'role' | 'adminSecondFactor'> & { userId: string };

const MINUTE_MS = 60_000;

/** The next seat's share of the line (the booking has `seats` of the `paidSeats` paid for). */
function seatShare(amountCents: number, paidSeats: number, seats: number): number {
  const gone = paidSeats - seats;
  return seatsShareCents(amountCents, paidSeats, gone + 1) - seatsShareCents(amountCents, paidSeats, gone);
}

/** `policy`: the school's « Politique d'annulation » (booking/policy.ts), read once per request. */
export function toReservationView(row: ReservationRow, viewer: ReservationViewer, now: Date, policy: CancellationPolicy): ReservationView {
  const minutes = sessionMinutes({ durationMinutes: row.sessionMinutes }, { durationMinutes: row.courseMinutes });
  const admin = isAdmin(viewer);
  const attendee = row.userId === viewer.userId && row.status === 'confirmed';
  const terms = cancellationTerms(row.startsAt, now, { movedAt: row.movedAt, bookedAt: row.bookedAt }, policy.refundNoticeHours);
  const open = row.status === 'confirmed' && row.sessionStatus === 'scheduled';
  const refundable = open && terms.allowed && terms.refundable && row.orderId !== null;
  return {
    id: row.id,
    sessionId: row.sessionId,
    courseId: row.courseId,
    courseTitle: row.courseTitle,
    clientName: row.clientName,
    startsAt: row.startsAt.toISOString(),
    endsAt: new Date(row.startsAt.getTime() + minutes * MINUTE_MS).toISOString(),
    durationMinutes: minutes,
    status: row.status,
    cancelReason: (row.cancelReason as ReservationCancelReason | null) ?? null,
    holdExpiresAt: row.status === 'pending_payment' && row.holdExpiresAt ? row.holdExpiresAt.toISOString() : null,
    seats: row.seats,
    guests: row.guestNames,
    sessionStatus: row.sessionStatus,
    hasVideoLink: !!row.videoLink,
    videoLink: admin || (attendee && row.sessionStatus === 'scheduled') ? row.videoLink : null,
    recordingUrl: admin || attendee ? row.recordingUrl : null,
    hasRecordingVideo: (admin || attendee) && row.hasRecordingVideo,
    cancellation: {
      allowed: open && terms.allowed,
      refundable,
      refundDeadline: terms.refundDeadline.toISOString(),
      noticeHours: policy.refundNoticeHours,
      moved: open && terms.allowed && terms.moved,
      seatShareCents: refundable && row.seats > 1 && row.paidSeats !== null && row.paidAmountCents !== null ? seatShare(row.paidAmountCents, row.paidSeats, row.seats) : null,
    },
    transfer: {
      allowed: open && transferAllowed(row.startsAt, now, policy.transferUntilHours),
      deadline: transferDeadline(row.startsAt, policy.transferUntilHours).toISOString(),
    },
    sequence: row.sequence,
    movedAt: terms.moved && row.movedAt ? row.movedAt.toISOString() : null,
    orderId: admin || row.userId === viewer.userId ? row.orderId : null,
    refundChoice: row.refundChoiceDueAt
      ? { dueAt: row.refundChoiceDueAt.toISOString(), chosen: (row.refundChoice as RefundChoice | null) ?? null, amountCents: row.refundChoiceCents }
      : null,
  };
}
