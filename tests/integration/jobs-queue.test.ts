// The job queue (pg-boss 10) on the test database — PGlite, or PostgreSQL with TEST_DATABASE_URL:
// a failed job is tried again after a wait, a job sent inside a transaction exists only if it
// commits, a key sends one job, a job due after a restart runs on the next boss, stopping lets the
// job under way finish; the port shows a job and how many are not finished, and runs one now.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/server/db/client';
import { createJobs, type Job, type Jobs } from '../../src/server/jobs/jobs';
import { QUEUES } from '../../src/server/jobs/queues';
import { openTestDatabase } from '../setup/test-db';

let database: Database & { dispose: () => Promise<void> };
const running: Jobs[] = [];

beforeAll(async () => {
  database = await openTestDatabase();
});
afterEach(async () => {
  for (const jobs of running.splice(0)) await jobs.stop(2000);
});
afterAll(() => database.dispose());

// A queue of the app's, worked here by the test's own handler.
const queue = QUEUES.holdExpire;

function newJobs() {
  const jobs = createJobs(database, { now: () => new Date(), pollingIntervalSeconds: 0.5, retryDelaySeconds: 1 });
  running.push(jobs);
  return jobs;
}

/** The job as the Jobs port shows it (pg-boss's getJobById, archive included). */
const jobRow = (jobs: Jobs, id: string) => jobs.get(queue, { id });

async function until(check: () => boolean | Promise<boolean>, timeoutMs = 15_000) {
  const start = Date.now();
  while (!(await check())) {
    if (Date.now() - start > timeoutMs) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 100));
  }
}

const data = (n: number) => ({ reservationId: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}` });

describe('job queue', () => {
  it('tries a failed job again after a wait, then completes it', async () => {
    const jobs = newJobs();
    const runs: { at: number; retryCount: number }[] = [];
    jobs.work(queue, async (job: Job<typeof queue>) => {
      if (job.data.reservationId !== data(1).reservationId) return;
      runs.push({ at: Date.now(), retryCount: job.retryCount });
      if (runs.length === 1) throw new Error('le serveur de courriel ne répond pas');
    });
    await jobs.start();
    const id = await jobs.send(queue, data(1));
    expect(id).toEqual(expect.any(String));
    await until(async () => (await jobRow(jobs, id!))?.state === 'completed');
    expect(runs).toHaveLength(2);
    expect(runs.map((r) => r.retryCount)).toEqual([0, 1]);
    // Back-off: at least the queue's first delay (1 s here) between the two runs.
    expect(runs[1]!.at - runs[0]!.at).toBeGreaterThanOrEqual(900);
    expect(await jobRow(jobs, id!)).toMatchObject({ state: 'completed', retryCount: 1 });
  });

  it('sends a key once, and a job inside a transaction only if it commits', async () => {
    const jobs = newJobs();
    const first = await jobs.send(queue, data(2), { singletonKey: 'cle-unique' });
    const again = await jobs.send(queue, data(2), { singletonKey: 'cle-unique' });
    expect(first).toEqual(expect.any(String));
    expect(again).toBeNull();

    let rolledBack: string | null = null;
    await database.db
      .transaction(async (tx) => {
        rolledBack = await jobs.send(queue, data(3), { conn: tx, singletonKey: 'annule' });
        throw new Error('rollback');
      })
      .catch(() => {});
    expect(rolledBack).toEqual(expect.any(String));
    expect(await jobRow(jobs, rolledBack!)).toBeNull();

    let committed: string | null = null;
    await database.db.transaction(async (tx) => {
      committed = await jobs.send(queue, data(4), { conn: tx });
    });
    expect(await jobRow(jobs, committed!)).toMatchObject({ state: 'created' });
  });

  it('runs on the next boss a job sent before a restart', async () => {
    const before = newJobs();
    const seen: string[] = [];
    before.work(queue, async (job) => void seen.push(`avant:${job.data.reservationId}`));
    await before.start();
    const id = await before.send(queue, data(5), { startAfter: new Date(Date.now() + 2000) });
    await before.stop(2000);
    expect(await jobRow(before, id!)).toMatchObject({ state: 'created' });
    expect(seen.filter((s) => s.endsWith(data(5).reservationId))).toEqual([]);

    const after = newJobs();
    after.work(queue, async (job) => void seen.push(`après:${job.data.reservationId}`));
    await after.start();
    await until(async () => (await jobRow(after, id!))?.state === 'completed');
    expect(seen.filter((s) => s.endsWith(data(5).reservationId))).toEqual([`après:${data(5).reservationId}`]);
  });

  it('lets the job under way finish when it stops', async () => {
    const jobs = newJobs();
    let finished = false;
    let started = false;
    jobs.work(queue, async (job) => {
      if (job.data.reservationId !== data(6).reservationId) return;
      started = true;
      await new Promise((r) => setTimeout(r, 1500));
      finished = true;
    });
    await jobs.start();
    const id = await jobs.send(queue, data(6));
    await until(() => started);
    await jobs.stop(5000);
    expect(finished).toBe(true);
    await until(async () => (await jobRow(jobs, id!))?.state === 'completed', 3000);
  });

  it('counts the jobs not finished, shows a job by its key, and runs now one planned for later', async () => {
    // A queue of its own: a job the earlier tests' stopped bosses had taken stays 'active' until its lease ends.
    const queue = QUEUES.prepKit;
    const jobs = newJobs();
    const seen: string[] = [];
    jobs.work(queue, async (job) => void seen.push(job.data.reservationId));
    await jobs.start();
    const id = await jobs.send(queue, data(7), { startAfter: new Date(Date.now() + 3_600_000), singletonKey: 'plus-tard' });
    const waiting = await jobs.get(queue, { key: 'plus-tard' });
    expect(waiting).toMatchObject({ id, state: 'created', retryCount: 0, data: data(7) });
    expect(waiting!.startAfter.getTime() - Date.now()).toBeGreaterThan(3_500_000);
    // Planned for later, it is not finished: the queue is not idle.
    expect(await jobs.pending([queue])).toBeGreaterThanOrEqual(1);

    expect(await jobs.runNow(queue, { key: 'plus-tard' })).toBe(true);
    await until(async () => (await jobs.pending([queue])) === 0);
    expect(seen.filter((r) => r === data(7).reservationId)).toHaveLength(1);
    expect(await jobs.get(queue, { id: id! })).toMatchObject({ state: 'completed', data: data(7) });
    // Done: nothing to run now; an unknown key neither.
    expect(await jobs.runNow(queue, { key: 'plus-tard' })).toBe(false);
    expect(await jobs.runNow(queue, { key: 'inconnue' })).toBe(false);
    expect(await jobs.get(queue, { key: 'inconnue' })).toBeNull();
  });
});
