// What "a seat is taken" means, in one place: the booking transaction and the public course page
// count seats with this same condition, so they can never disagree.
import { and, eq, gt, or, type Placeholder, type SQL } from 'drizzle-orm';
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
