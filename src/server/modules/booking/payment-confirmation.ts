// What a payment does to the seats it pays for, inside the webhook's transaction (the order row
// already locked; then each session row, then the reservations: the house lock order).
//
// - The hold still runs: the reservation is confirmed, with the seats its line paid for (a hold
//   changed to more seats after the order was made is confirmed only if those seats are free).
// Seats are summed, never counted (a booking holds 1 to 6: docs/decisions/0047).
// - The hold lapsed (or was given back) but the learner paid anyway: confirmed if the session is
//   still scheduled, not started, and has a seat left beside the other learners' — otherwise the
//   reservation is cancelled ('no_seat') and the line refunded in full, automatically.
// - The session was cancelled, or the seat is already paid by another payment: refunded too.
// The refund is only planned here (the learner's e-mail queued with it); the caller asks the provider after
// commit. A replayed event never comes here twice: the order is already paid.
import { queueEmail } from '../../integrations/mail/outgoing';
import { mailBookingConfirmed } from '../../integrations/mail/transactional';
import type { PaymentProvider } from '../../integrations/payments/port';
import { scheduleReminders } from '../../jobs/reminders';
import { publish } from '../../realtime/publish';
import { notifyBookingConfirmed } from '../notifications/notices';
import { schedulePrepKit } from '../prep-kit/job';
import { automaticRefundsGoToCredit } from '../credit/service';
import { planRefund, type PlannedRefund } from '../refunds/automatic';
import { refundReasonOf, seatRefusedMail, type RefusalReason, type RefusedSeat } from './payment-confirmation-mail';
import * as repo from './payment-confirmation-repository';
import type { Tx } from '../../db/client';

/** What is left to do once the transaction commits. */
export type SeatSettlement = {
  /** The automatic refund of the lines that got no seat (ask the provider: submitRefund). */
  refund: PlannedRefund | null;
  /** Seats were taken or freed: the public pages' counts changed. */
  seatsChanged: boolean;
  confirmed: string[];
  refused: { reservationId: string; why: RefusalReason }[];
};

/** A reservation given back by its learner before paying (older rows have no reason). */
const isReleased = (r: repo.SeatReservation) => r.status === 'cancelled' && (r.cancelReason === null || r.cancelReason === 'released');
const isLive = (r: repo.SeatReservation) => r.status === 'pending_payment' || r.status === 'confirmed';

export async function settlePaidSeats(
  tx: Tx,
  input: { orderId: string; userId: string; now: Date; provider: PaymentProvider['name']; publicUrl: string },
): Promise<SeatSettlement> {
  const { orderId, userId, now } = input;
  const result: SeatSettlement = { refund: null, seatsChanged: false, confirmed: [], refused: [] };
  const refusedLines: { lineId: string; seat: RefusedSeat }[] = [];

  for (const line of await repo.seatLines(tx, orderId)) {
    const session = await repo.lockSession(tx, line.sessionId);
    const mine = await repo.lockLearnerReservations(tx, line.sessionId, userId);
    const paid = mine.find((r) => r.id === line.reservationId);
    if (!session || !paid) throw new Error(`order line ${line.lineId}: reservation ${line.reservationId} not found`);

    const refuse = async (why: RefusalReason, cancelReason: string | null) => {
      if (cancelReason) {
        if (paid.status === 'pending_payment') result.seatsChanged ||= (paid.holdExpiresAt?.getTime() ?? 0) > now.getTime();
        await repo.cancelReservations(tx, [paid.id], cancelReason, now);
        await publish(tx, { userId }, { type: 'reservation.updated', reservationId: paid.id });
        await publish(tx, { role: 'admin' }, { type: 'reservation.updated', reservationId: paid.id });
      }
      result.refused.push({ reservationId: paid.id, why });
      refusedLines.push({ lineId: line.lineId, seat: { courseId: session.courseId, courseTitle: session.courseTitle, startsAt: session.startsAt, why } });
    };
    const confirm = async (late: boolean) => {
      const guestNames = Array.from({ length: line.seats - 1 }, (_, i) => paid.guestNames[i] ?? '');
      await repo.confirmReservation(tx, paid.id, { seats: line.seats, guestNames }, now);
      result.seatsChanged ||= late;
      result.confirmed.push(paid.id);
      await publish(tx, { userId }, { type: 'reservation.confirmed', reservationId: paid.id, courseTitle: session.courseTitle, startsAt: session.startsAt.toISOString() });
      await notifyBookingConfirmed(tx, { userId, reservationId: paid.id, courseTitle: session.courseTitle, startsAt: session.startsAt, at: now });
      await mailBookingConfirmed(tx, { reservationId: paid.id, publicUrl: input.publicUrl, now });
      // The class reminders, 24 h and 1 h before (jobs/reminders.ts): sent only if this commits.
      await scheduleReminders(tx, { reservationId: paid.id, startsAt: session.startsAt, now });
      // The class preparation kit, 72 h before (prep-kit/job.ts), or at once when the class is closer.
      await schedulePrepKit(tx, { reservationId: paid.id, startsAt: session.startsAt, now });
      await publish(tx, { role: 'admin' }, { type: 'reservation.updated', reservationId: paid.id });
    };

    // Already paid by another payment (two orders for one hold): this one is the extra.
    if (paid.status === 'confirmed') {
      await refuse('already_booked', null);
      continue;
    }
    const givenUp = paid.status === 'expired' || isReleased(paid) || (paid.status === 'pending_payment' && !!paid.holdExpiresAt && paid.holdExpiresAt.getTime() <= now.getTime());
    if (session.status !== 'scheduled') {
      await refuse('session_cancelled', paid.status === 'pending_payment' || givenUp ? 'session_cancelled' : null);
      continue;
    }
    if (paid.status === 'pending_payment' && !givenUp) {
      // The line paid for the seats held, or fewer: confirmed (fewer frees the rest). More than held
      // (the hold was lowered after this order was made): only if the others leave room for them.
      if (line.seats > paid.seats && (await repo.seatsTakenByOthers(tx, session.id, userId, now)) + line.seats > session.capacity) {
        await refuse('no_seat', 'no_seat');
        continue;
      }
      await confirm(line.seats !== paid.seats);
      continue;
    }
    if (!givenUp) {
      // Cancelled for another reason (by the learner or the admin): the payment does not revive it.
      await refuse(paid.cancelReason === 'session_cancelled' ? 'session_cancelled' : 'not_held', null);
      continue;
    }

    // Paid after the hold lapsed: a seat only if one is still free for this learner.
    const other = mine.find((r) => r.id !== paid.id && isLive(r));
    if (other?.status === 'confirmed') {
      await refuse('already_booked', null);
      continue;
    }
    const started = session.startsAt.getTime() <= now.getTime();
    if (started || (await repo.seatsTakenByOthers(tx, session.id, userId, now)) + line.seats > session.capacity) {
      await refuse('no_seat', 'no_seat');
      continue;
    }
    if (other) {
      // A newer unpaid hold of the same learner: the paid reservation takes its place (one live seat
      // per learner and session), and the other's checkout will be refunded if it is paid too.
      await repo.cancelReservations(tx, [other.id], 'released', now);
      await publish(tx, { userId }, { type: 'reservation.updated', reservationId: other.id });
    }
    await confirm(true);
  }

  if (refusedLines.length === 0) return result;
  const seats = refusedLines.map((l) => l.seat);
  // The learner's standing choice in « Mon crédit » (decision 0046): the card, or credit at once.
  const toCredit = await automaticRefundsGoToCredit(tx, userId);
  result.refund = await planRefund(tx, {
    orderId,
    lines: refusedLines.map((l) => ({ orderLineId: l.lineId })),
    reason: refundReasonOf(seats),
    createdBy: null,
    idempotencyKey: `seat:${orderId}`,
    now,
    provider: input.provider,
    toCredit,
  });
  const buyer = await repo.buyerOf(tx, orderId);
  if (buyer) {
    await queueEmail(tx, {
      dedupeKey: `seat.refused:${orderId}`,
      kind: 'seat.refused',
      to: buyer.email,
      userId,
      mail: seatRefusedMail({ email: buyer.email, name: buyer.name }, input.publicUrl, buyer, seats, result.refund.totalCents, toCredit),
    });
  }
  return result;
}
