// Booking policy shared by the server and the client.

/** How long a seat stays held for a learner who has not paid yet; after that it is free again. */
export const HOLD_MINUTES = 15;

/** A session's duration when neither it nor its course says one (spec §9). */
export const DEFAULT_SESSION_MINUTES = 60;

/**
 * The booking's page shows the join button from this long before the start until the end (before:
 * a countdown; docs/decisions/0052). The link itself still reaches attendees as it always did.
 */
export const JOIN_OPENS_MINUTES = 15;

/**
 * The cancellation policy's default (docs/decisions/0051): cancelling at least this long before the
 * start gives a full refund; later, none. The school's own value is a setting (« Politique
 * d'annulation »): the rules below take the hours as an argument, read from it by the server.
 */
export const REFUND_NOTICE_HOURS = 48;

/** The refusal of a late cancellation not confirmed, with the school's refund notice in hours. */
export const noRefundMessage = (hours: number) =>
  `Le cours commence dans moins de ${hours} heures : l'annulation ne donne droit à aucun remboursement. Confirmez pour annuler quand même.`;

/** The default « transférer jusqu'à » : a booking may be transferred until this long before the start. */
export const TRANSFER_UNTIL_HOURS = 48;

/** The school's cancellation policy: both rules' hours before the start. */
export type CancellationPolicy = { refundNoticeHours: number; transferUntilHours: number };

export const DEFAULT_CANCELLATION_POLICY: CancellationPolicy = { refundNoticeHours: REFUND_NOTICE_HOURS, transferUntilHours: TRANSFER_UNTIL_HOURS };

/**
 * Minimum enrolment (docs/decisions/0048): by default this long before the start, a session with
 * fewer seats taken than its minimum asks its chef to keep it or cancel it — before the kit goes out
 * (72 h), so nobody buys ingredients for a class that will not be given.
 */
export const MINIMUM_CHECK_HOURS = 96;

/** How long the chef has to answer; without an answer the session is cancelled for everyone. */
export const MINIMUM_ANSWER_HOURS = 12;

const HOUR_MS = 3_600_000;

/** The school's setting for both (« Minimum d'inscriptions », admin › Réservations); these hours by default. */
export type MinimumPolicy = { checkHours: number; answerHours: number };

export const DEFAULT_MINIMUM_POLICY: MinimumPolicy = { checkHours: MINIMUM_CHECK_HOURS, answerHours: MINIMUM_ANSWER_HOURS };

/** When a session's minimum is checked: `checkHours` (the policy's) before its start. */
export function minimumCheckAt(startsAt: Date | string, checkHours: number): Date {
  return new Date(new Date(startsAt).getTime() - checkHours * HOUR_MS);
}

export function sessionMinutes(session: { durationMinutes: number | null }, course: { durationMinutes: number | null }): number {
  return session.durationMinutes ?? course.durationMinutes ?? DEFAULT_SESSION_MINUTES;
}

/** The last moment a learner can cancel with a full refund (`noticeHours`: the policy's). */
export function refundDeadline(startsAt: Date | string, noticeHours: number): Date {
  return new Date(new Date(startsAt).getTime() - noticeHours * HOUR_MS);
}

/** The last moment a booking may be transferred (another session, someone else, « Crédit Toque »). */
export function transferDeadline(startsAt: Date | string, untilHours: number): Date {
  return new Date(new Date(startsAt).getTime() - untilHours * HOUR_MS);
}

/** Whether a booking of a session starting at `startsAt` may still be transferred at `now`. */
export function transferAllowed(startsAt: Date | string, now: Date, untilHours: number): boolean {
  return now.getTime() <= transferDeadline(startsAt, untilHours).getTime();
}

/**
 * What cancelling a confirmed reservation gives at `now`: a full refund up to `noticeHours` (the
 * policy's, 48 by default) before the start, none after; nothing to cancel once the session has started.
 */
export function cancellationTerms(
  startsAt: Date | string,
  now: Date,
  move: { movedAt: Date | string | null; bookedAt: Date | string } | undefined,
  noticeHours: number,
): { allowed: boolean; refundable: boolean; refundDeadline: Date; moved: boolean } {
  const start = new Date(startsAt).getTime();
  const moved = move ? movedSinceBooking(move.movedAt, move.bookedAt) : false;
  // Moved after it was booked: a full refund until the new start, whatever the 48-hour rule says.
  const deadline = moved ? new Date(start) : refundDeadline(startsAt, noticeHours);
  const allowed = now.getTime() < start;
  return { allowed, refundable: moved ? allowed : now.getTime() <= deadline.getTime(), refundDeadline: deadline, moved };
}

/**
 * Whether the chef moved the session after this seat was booked: its learner did not choose the new
 * time, so they may cancel with a full refund until the new start (docs/decisions/0034-moved-sessions.md).
 */
export function movedSinceBooking(movedAt: Date | string | null, bookedAt: Date | string): boolean {
  // The same instant counts as before the move: in doubt, the learner keeps the way out.
  return movedAt !== null && new Date(movedAt).getTime() >= new Date(bookedAt).getTime();
}

/** Two sessions overlap when each starts before the other ends (one ending as the next starts is fine). */
export function sessionsOverlap(a: { startsAt: Date; endsAt: Date }, b: { startsAt: Date; endsAt: Date }): boolean {
  return a.startsAt.getTime() < b.endsAt.getTime() && b.startsAt.getTime() < a.endsAt.getTime();
}

/** At most this many weekly sessions are created in one step. */
export const MAX_REPEAT_WEEKS = 12;

/** The subscriber's price of a live class: the discount is rounded to the cent, in the buyer's favour. */
export function subscriberDiscountCents(priceCents: number, percent: number): number {
  if (percent <= 0) return 0;
  return Math.min(priceCents, Math.ceil((priceCents * percent) / 100));
}

/** The most seats one booking may ever take; each session may set fewer (docs/decisions/0047). */
export const MAX_SEATS_PER_BOOKING = 6;

/** « 1 place », « 2 places ». */
export function seatsLabel(seats: number): string {
  return seats === 1 ? '1 place' : `${seats} places`;
}

/**
 * What the first `cancelled` seats of a booking paid `amountCents` for `booked` seats are worth, to
 * the cent: seat shares add up exactly to the line (the rounding is spread, never lost or doubled).
 * The refund for going from `a` to `b` seats cancelled is seatsShareCents(…, b) − seatsShareCents(…, a).
 */
export function seatsShareCents(amountCents: number, booked: number, cancelled: number): number {
  if (booked <= 0) return 0;
  return Math.round((amountCents * Math.min(cancelled, booked)) / booked);
}

/** « 1 place : vous », « 2 places : vous et Marie », « 3 places : vous, Marie et Paul », « 3 places : vous et 2 invités ». */
export function seatsLine(seats: number, guests: string[]): string {
  if (seats <= 1) return `${seatsLabel(1)} : vous`;
  const named = guests.map((g) => g.trim()).filter(Boolean);
  const everyone = ['vous', ...named];
  const who =
    named.length === seats - 1 && named.length > 0
      ? `${everyone.slice(0, -1).join(', ')} et ${everyone[everyone.length - 1]}`
      : `vous et ${seats - 1} invité${seats > 2 ? 's' : ''}`;
  return `${seatsLabel(seats)} : ${who}`;
}
