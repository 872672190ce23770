// What "a seat is taken" means, in one place: the booking transaction and the public course page
// count seats with this same condition, and sum them the same way (a booking holds several seats),
// so they can never disagree.
import { and, eq, gt, or, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { reservations } from '../../db/schema';

/**
 * A reservation holds a seat at `now` when it is confirmed, or unpaid and its hold not yet expired.
 * An expired hold frees its seat by this condition alone: no job has to run first.
 * `now` may be a prepared statement's placeholder, filled with a Date when run.
 */
export function holdsSeat(now: Date | Placeholder): SQL {
  return or(
    eq(reservations.status, 'confirmed'),
    and(eq(reservations.status, 'pending_payment'), gt(reservations.holdExpiresAt, now)),
  )!;
}

/**
 * The seats taken by the rows an aggregate query groups (a booking holds 1 to 6 seats, docs/decisions/0047):
 * every seat count is this sum over the rows `holdsSeat` keeps, never a count of rows.
 */
export function seatSum(): SQL<number> {
  return sql<number>`coalesce(sum(${reservations.seats}), 0)::int`.mapWith(Number);
}
