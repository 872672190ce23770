// The end of an unpaid hold. Every read already treats a hold past its time as lapsed; this job,
// sent with the hold (in its transaction) for the moment it ends, writes it down — 'expired' — and
// tells the learner's and the admin's open pages, so the back office is right without waiting
// for someone to look at the reservation.
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { reservations } from '../db/schema';
import type { Deps } from '../deps';
import { expireIfLapsed } from '../modules/booking/repository';
import { publish } from '../realtime/publish';
import { invalidatePublicCache } from '../web/public-cache';
import { sendJob } from './boss';
import type { Job } from './jobs';
import { QUEUES } from './queues';

export async function scheduleHoldExpiry(conn: Pick<Db, 'execute'>, input: { reservationId: string; holdExpiresAt: Date; now: Date }): Promise<void> {
  await sendJob(conn, QUEUES.holdExpire, { reservationId: input.reservationId }, { startAfter: input.holdExpiresAt, now: input.now, singletonKey: input.reservationId });
}

export class HoldNotLapsedYet extends Error {}

/**
 * `seatsFreed`: the waitlist's promotion (docs/decisions/0050), run for the hold's session once it is
 * written down or found settled (a read expired it first, or it was paid): the seat goes to the next
 * in line, an offer that ran out passes to the next one.
 */
export function holdExpiryWorker(deps: Pick<Deps, 'database' | 'now'>, opts: { seatsFreed?: (sessionId: string) => Promise<unknown> } = {}) {
  return async (job: Pick<Job<typeof QUEUES.holdExpire>, 'data'>): Promise<'expired' | 'settled'> => {
    const { reservationId } = job.data;
    const expired = await deps.database.db.transaction(async (tx) => {
      const row = await expireIfLapsed(tx, reservationId, deps.now());
      if (!row) return null;
      await publish(tx, { userId: row.userId }, { type: 'reservation.updated', reservationId });
      await publish(tx, { role: 'admin' }, { type: 'reservation.updated', reservationId });
      return row;
    });
    if (expired) {
      invalidatePublicCache();
      await opts.seatsFreed?.(expired.sessionId);
      return 'expired';
    }
    // Still unpaid but not over by this instance's clock (behind the database's): tried again soon.
    const [still] = await deps.database.db
      .select({ holdExpiresAt: reservations.holdExpiresAt, status: reservations.status, sessionId: reservations.sessionId })
      .from(reservations)
      .where(eq(reservations.id, reservationId));
    if (still?.status === 'pending_payment') throw new HoldNotLapsedYet(`hold ${reservationId} ends at ${still.holdExpiresAt?.toISOString()}`);
    if (still) await opts.seatsFreed?.(still.sessionId);
    return 'settled';
  };
}
