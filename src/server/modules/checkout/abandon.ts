// An order nobody pays is closed when its window ends — the seat's hold for a live class, else
// ORDER_PAYMENT_WINDOW_HOURS after the checkout — and shows « Abandonnée » (status 'canceled'),
// never « En attente » for ever. The job is sent in the checkout's own transaction, for that moment.
//
// Closing takes nothing away and moves no money: an order 'processing' (an asynchronous method under
// way) or paid is left as it is, and a payment that still lands on a closed order is honoured as
// any late payment (payments/service.ts): it buys what is still free, the rest is refunded. The
// close is one conditional UPDATE, so it and a payment landing at the same moment never both win.
import type { Deps } from '../../deps';
import { sendJob } from '../../jobs/boss';
import type { Job } from '../../jobs/jobs';
import { QUEUES } from '../../jobs/queues';
import * as repo from './repository';
import type { Tx } from '../../db/client';

/** How long a checkout without a seat to hold may wait for its payment (Stripe Checkout's own default). */
export const ORDER_PAYMENT_WINDOW_HOURS = 24;

/** When an order made at `now` closes if unpaid: its earliest seat hold's end, else the payment window's. */
export function closesAt(now: Date, holdEnds: (Date | null)[]): Date {
  const holds = holdEnds.filter((d): d is Date => d !== null).map((d) => d.getTime());
  return new Date(holds.length ? Math.min(...holds) : now.getTime() + ORDER_PAYMENT_WINDOW_HOURS * 3_600_000);
}

export async function scheduleOrderClose(tx: Pick<Tx, 'execute'>, input: { orderId: string; closesAt: Date; now: Date }): Promise<void> {
  await sendJob(tx, QUEUES.orderAbandon, { orderId: input.orderId, closesAt: input.closesAt.toISOString() }, { startAfter: input.closesAt, now: input.now, singletonKey: input.orderId });
}

export class OrderWindowStillOpen extends Error {}

export function orderCloseWorker(deps: Pick<Deps, 'database' | 'now'>) {
  return async (job: Pick<Job<typeof QUEUES.orderAbandon>, 'data'>): Promise<'abandoned' | 'settled'> => {
    const now = deps.now();
    // pg-boss runs it by the database's clock; this instance's may be behind: tried again soon.
    if (now.getTime() < new Date(job.data.closesAt).getTime()) throw new OrderWindowStillOpen(`order ${job.data.orderId} closes at ${job.data.closesAt}`);
    const closed = await repo.closeUnpaidOrder(deps.database.db, job.data.orderId, now);
    return closed ? 'abandoned' : 'settled';
  };
}
