// What "a seat is taken" means, in one place: the booking transaction and the public course page
// count seats with this same condition, so they can never disagree.
import { and, eq, gt, or, type SQL } from 'drizzle-orm';
import { reservations } from '../../db/schema';

/**
 * A reservation holds a seat at `now` when it is confirmed, or unpaid and its hold not yet expired.
 * An expired hold frees its seat by this condition alone: no job has to run first.
 */
export function holdsSeat(now: Date): SQL {
  return or(
    eq(reservations.status, 'confirmed'),
    and(eq(reservations.status, 'pending_payment'), gt(reservations.holdExpiresAt, now)),
  )!;
}
