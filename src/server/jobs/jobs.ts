// The Jobs port: send a job (now or later, at most once per key), work a queue, start and stop; see
// a job and whether queues are idle, and make a job planned for later due now (tests, an operator).
// Nothing connects until start(): tests that never work a queue pay for no polling; sending needs
// no started boss (prepareJobs made the queues), so a request may send inside its transaction.
import type PgBoss from 'pg-boss';
import type { Database, Db } from '../db/client';
import type { Metrics } from '../http/observability/metrics';
import { createBoss, createQueues, findJob, idFor, makeJobDue, sendJob, unfinishedJobs, type BossOptions, type JobInfo, type SendOptions } from './boss';
import { QUEUES, type JobData, type QueueName } from './queues';

/** A job as its handler sees it: its data, and how many times it failed before. */
export type Job<Q extends QueueName> = { id: string; data: JobData[Q]; retryCount: number };
/** Throwing fails the job: pg-boss tries it again later (back-off), up to its queue's limit. */
export type JobHandler<Q extends QueueName> = (job: Job<Q>) => Promise<void>;

export type Jobs = {
  /** `conn`: a transaction the job belongs to (sent only if it commits); the database otherwise. */
  send<Q extends QueueName>(name: Q, data: JobData[Q], opts?: SendOptions & { conn?: Pick<Db, 'execute'> }): Promise<string | null>;
  /** Registers the queue's handler; it runs once start() has been called. */
  work<Q extends QueueName>(name: Q, handler: JobHandler<Q>): void;
  /** Connects pg-boss, makes sure the queues exist, starts the registered workers. */
  start(): Promise<void>;
  /** Stops fetching, lets the jobs under way finish (up to `timeoutMs`), then lets go. */
  stop(timeoutMs?: number): Promise<void>;
  /**
   * A job by its id, or by the singletonKey it was sent with: its state, start time (the database's
   * clock), retries and data, done ones included; null if there is none.
   */
  get<Q extends QueueName>(name: Q, ref: JobRef): Promise<JobInfo<Q> | null>;
  /**
   * How many jobs of these queues (all by default) are not finished: waiting — planned for later
   * too —, waiting for a retry, or running. 0 is "idle": whatever they were to do is done.
   */
  pending(names?: readonly QueueName[]): Promise<number>;
  /**
   * Makes a job waiting for its start time due at once (a worker takes it at its next poll): for
   * when the app's clock was moved past that time, which the database's clock, pg-boss's, cannot
   * be. False if the job was not waiting (running, done, unknown).
   */
  runNow(name: QueueName, ref: JobRef): Promise<boolean>;
};

/** A job named by the id send() returned, or by its singletonKey. */
export type JobRef = { id: string } | { key: string };
const idOf = (name: QueueName, ref: JobRef) => ('id' in ref ? ref.id : idFor(name, ref.key));

export type JobsOptions = BossOptions & {
  /** The app's clock: a job's startAfter counts from it. */
  now: () => Date;
  onError?: (err: unknown) => void;
  /** Counts each job's outcome per queue (jobs_completed_total, jobs_failed_total). */
  metrics?: Pick<Metrics, 'jobsCompleted' | 'jobsFailed'>;
};

export function createJobs(database: Database, opts: JobsOptions): Jobs {
  const handlers = new Map<QueueName, JobHandler<QueueName>>();
  let boss: PgBoss | null = null;
  let started: Promise<void> | null = null;
  let settled: (() => Promise<void>) | null = null;

  async function register(b: PgBoss, name: QueueName, handler: JobHandler<QueueName>) {
    // One job at a time per queue and instance: a failure then fails only its own job.
    let workerId = '';
    workerId = await b.work(name, { batchSize: 1, pollingIntervalSeconds: opts.pollingIntervalSeconds ?? 5, includeMetadata: true }, async ([job]) => {
      if (!job) return;
      try {
        await handler({ id: job.id, data: job.data as JobData[QueueName], retryCount: job.retryCount });
      } catch (err) {
        opts.metrics?.jobsFailed.inc({ queue: name });
        throw err;
      }
      opts.metrics?.jobsCompleted.inc({ queue: name });
      // A queue with work is drained job after job (one e-mail per polling interval is too slow
      // when an event queues several); an empty queue waits for the next poll.
      b.notifyWorker(workerId);
    });
  }

  return {
    send(name, data, sendOpts = {}) {
      const { conn, ...rest } = sendOpts;
      return sendJob(conn ?? database.db, name, data, { now: opts.now(), ...rest });
    },
    work(name, handler) {
      handlers.set(name, handler as JobHandler<QueueName>);
      if (boss) void register(boss, name, handler as JobHandler<QueueName>).catch((err: unknown) => opts.onError?.(err));
    },
    start() {
      started ??= (async () => {
        const made = createBoss(database, { supervise: true });
        const b = made.boss;
        b.on('error', (err) => opts.onError?.(err));
        await b.start();
        await createQueues(b, opts);
        for (const [name, handler] of handlers) await register(b, name, handler);
        boss = b;
        settled = made.settled;
      })();
      return started;
    },
    get(name, ref) {
      return findJob(database.db, name, idOf(name, ref));
    },
    pending(names = Object.values(QUEUES)) {
      return unfinishedJobs(database.db, names);
    },
    runNow(name, ref) {
      return makeJobDue(database, name, idOf(name, ref));
    },
    async stop(timeoutMs = 8000) {
      if (!started) return;
      await started.catch(() => {});
      const b = boss;
      const writes = settled;
      boss = null;
      started = null;
      await b?.stop({ graceful: true, wait: true, timeout: timeoutMs });
      // The last jobs' completions, written by pg-boss after its stop: done before anyone closes the database.
      await writes?.();
    },
  };
}
