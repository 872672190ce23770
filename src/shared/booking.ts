// Booking policy shared by the server and the client.

/** How long a seat stays held for a learner who has not paid yet; after that it is free again. */
export const HOLD_MINUTES = 15;

/** A session's duration when neither it nor its course says one (spec §9). */
export const DEFAULT_SESSION_MINUTES = 60;

/** Cancelling at least this long before the start gives a full refund; later, none (FAQ, terms). */
export const REFUND_NOTICE_HOURS = 48;

const HOUR_MS = 3_600_000;

export function sessionMinutes(session: { durationMinutes: number | null }, course: { durationMinutes: number | null }): number {
  return session.durationMinutes ?? course.durationMinutes ?? DEFAULT_SESSION_MINUTES;
}

/** The last moment a learner can cancel with a full refund. */
export function refundDeadline(startsAt: Date | string): Date {
  return new Date(new Date(startsAt).getTime() - REFUND_NOTICE_HOURS * HOUR_MS);
}

/**
 * What cancelling a confirmed reservation gives at `now`: a full refund up to 48 h before the
 * start, none after; nothing to cancel once the session has started.
 */
export function cancellationTerms(startsAt: Date | string, now: Date): { allowed: boolean; refundable: boolean; refundDeadline: Date } {
  const start = new Date(startsAt).getTime();
  const deadline = refundDeadline(startsAt);
  return { allowed: now.getTime() < start, refundable: now.getTime() <= deadline.getTime(), refundDeadline: deadline };
}

/** The subscriber's price of a live class: the discount is rounded to the cent, in the buyer's favour. */
export function subscriberDiscountCents(priceCents: number, percent: number): number {
  if (percent <= 0) return 0;
  return Math.min(priceCents, Math.ceil((priceCents * percent) / 100));
}
