// The waitlist's job (docs/decisions/0050): seats freed inside a transaction that holds other locks
// first (a refund settles its order, then its seats) are offered by a job sent in that transaction
// — it exists only if the seats were freed, and runs seatsFreed after commit, on any instance.
import type { Db } from '../../db/client';
import type { Deps } from '../../deps';
import { sendJob } from '../../jobs/boss';
import type { Job } from '../../jobs/jobs';
import { QUEUES } from '../../jobs/queues';
import { seatsFreed } from './service';

export async function promoteLater(conn: Pick<Db, 'execute'>, sessionId: string, now: Date): Promise<void> {
  await sendJob(conn, QUEUES.waitlistPromote, { sessionId }, { now });
}

export function waitlistPromoteWorker(deps: Pick<Deps, 'config' | 'database' | 'logger' | 'now'>) {
  return (job: Pick<Job<typeof QUEUES.waitlistPromote>, 'data'>): Promise<number> => seatsFreed(deps, job.data.sessionId);
}
