// pg-boss 10 (the job queue on PostgreSQL) over our own database connection: the pool on
// PostgreSQL, the embedded PGlite otherwise. pg-boss keeps its tables in the schema 'pgboss', which
// it creates (and migrates between its versions) itself on start, under an advisory lock: our
// drizzle migrations never touch it.
import { createHash } from 'node:crypto';
import type { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';
import PgBoss from 'pg-boss';
import type { Database, Db } from '../db/client';
import { QUEUE_RETRY, QUEUES, type JobData, type QueueName } from './queues';
import { inFlight } from '../in-flight';

export const JOBS_SCHEMA = 'pgboss';

type Rows = { rows: unknown[]; rowCount?: number };

/** What a drizzle connection runs on: PGlite or one of its transactions, a pg pool or one of its clients. */
type Client = Pick<PGlite, 'exec' | 'query'> | pg.Pool | pg.PoolClient;

/**
 * The client under a drizzle database or transaction. drizzle keeps it on `session.client` (the
 * pool's client that holds the transaction, or PGlite's transaction): pg-boss's statements must run
 * there, with their own `$n` numbering, for a job to be sent inside the caller's transaction.
 */
function clientOf(conn: Pick<Db, 'execute'>): Client {
  const client = (conn as unknown as { session?: { client?: Client } }).session?.client;
  if (!client) throw new Error('jobs: no client under this drizzle connection');
  return client;
}

/**
 * pg-boss's `db` port over a drizzle connection (the database, or a transaction: a job sent there
 * exists only if it commits). pg-boss sends some scripts of several statements (BEGIN … COMMIT)
 * without values: PGlite runs those with exec(); node-postgres answers them with one result per
 * statement, of which pg-boss reads the last.
 */
export function bossConnection(conn: Pick<Db, 'execute'>): PgBoss.Db {
  const client = clientOf(conn);
  if ('exec' in client) {
    const lite = client;
    return {
      async executeSql(text: string, values?: unknown[]): Promise<Rows> {
        if (!values || values.length === 0) {
          const results = await lite.exec(text);
          const last = results[results.length - 1];
          return { rows: last?.rows ?? [], rowCount: last?.affectedRows ?? last?.rows.length ?? 0 };
        }
        const result = await lite.query(text, values);
        return { rows: result.rows, rowCount: result.affectedRows ?? result.rows.length };
      },
    };
  }
  const pgClient = client as pg.Pool | pg.PoolClient;
  return {
    async executeSql(text: string, values?: unknown[]): Promise<Rows> {
      const result = (await pgClient.query(text, values)) as pg.QueryResult | pg.QueryResult[];
      const last = Array.isArray(result) ? result[result.length - 1] : result;
      return { rows: last?.rows ?? [], rowCount: last?.rowCount ?? 0 };
    },
  };
}

export type BossOptions = {
  /** How often an idle worker looks for due jobs (seconds, at least 0.5). */
  pollingIntervalSeconds?: number;
  /** The first retry's wait (seconds), doubled at each attempt; tests shorten it. */
  retryDelaySeconds?: number;
};

/**
 * pg-boss records a job's completion or failure without awaiting it, so its stop() can resolve
 * while that write is still on its way: the queries under way are counted, and `settled()` waits
 * for them, so the database is never closed under one (its rejection would be nobody's).
 */
function tracked(db: PgBoss.Db): PgBoss.Db & { settled(): Promise<void> } {
  const underWay = inFlight();
  // Once settled (jobs.stop()), this pg-boss has no business with the database: a late write of its
  // own is never sent to a pool that may be closed by then, nor answered (pg-boss reads no made-up
  // result, and its unawaited call rejects nothing); the job's lease expires and it runs again.
  let done = false;
  return {
    executeSql(text, values) {
      if (done) return new Promise<never>(() => {});
      return underWay.track(db.executeSql(text, values));
    },
    async settled() {
      await underWay.settled();
      done = true;
    },
  };
}

export type Boss = { boss: PgBoss; settled(): Promise<void> };

export function createBoss(database: Database, opts: { supervise: boolean }): Boss {
  const db = tracked(bossConnection(database.db));
  const boss = new PgBoss({
    db,
    schema: JOBS_SCHEMA,
    // Maintenance (expiring stuck jobs, archiving done ones) runs on the instances that work.
    supervise: opts.supervise,
    schedule: false,
  });
  return { boss, settled: () => db.settled() };
}

/** Creates (or updates) every queue of QUEUES with its retry policy. */
export async function createQueues(boss: PgBoss, opts: BossOptions = {}): Promise<void> {
  for (const name of Object.values(QUEUES)) {
    const retry = QUEUE_RETRY[name];
    const options = { name, retryLimit: retry.retryLimit, retryDelay: opts.retryDelaySeconds ?? retry.retryDelay, retryBackoff: true };
    if (await boss.getQueue(name)) await boss.updateQueue(name, options);
    else await boss.createQueue(name, options);
  }
}

/**
 * Makes sure pg-boss's schema and our queues exist, so jobs can be sent inside any transaction —
 * at boot, and once in the tests' database template.
 */
export async function prepareJobs(database: Database, opts: BossOptions = {}): Promise<void> {
  const { boss } = createBoss(database, { supervise: false });
  await boss.start();
  try {
    await createQueues(boss, opts);
  } finally {
    await boss.stop({ graceful: false, wait: true });
  }
}

// Sending is one INSERT built by pg-boss: this instance is never started, each send names its connection.
let builder: PgBoss | null = null;
const noConnection: PgBoss.Db = { executeSql: () => Promise.reject(new Error('sendJob: no connection given')) };

export type SendOptions = {
  /** When the job may run, by the app's clock (`now`); absent: at once. */
  startAfter?: Date;
  /** The app's clock at the call; the wait (startAfter − now) is counted by the database's clock. */
  now?: Date;
  /** At most one job per key and queue, ever: the job's id is derived from it. */
  singletonKey?: string;
};

/** A stable job id for a key: sending the same key again inserts nothing (pg-boss's ON CONFLICT DO NOTHING). */
export function idFor(name: string, key: string): string {
  const h = createHash('sha256').update(`${name}\u0000${key}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/**
 * Sends a job through `conn` (the database, or a transaction: then it exists only if that commits).
 * Resolves to its id, or null when a job of the same singletonKey was sent already.
 */
export async function sendJob<Q extends QueueName>(conn: Pick<Db, 'execute'>, name: Q, data: JobData[Q], opts: SendOptions = {}): Promise<string | null> {
  builder ??= new PgBoss({ db: noConnection, schema: JOBS_SCHEMA, supervise: false, schedule: false });
  const options: PgBoss.SendOptions = { db: bossConnection(conn) };
  if (opts.singletonKey) {
    options.id = idFor(name, opts.singletonKey);
    options.singletonKey = opts.singletonKey;
  }
  if (opts.startAfter) {
    const seconds = (opts.startAfter.getTime() - (opts.now ?? new Date()).getTime()) / 1000;
    if (seconds > 0) options.startAfter = Math.ceil(seconds);
  }
  return builder.send(name, data as object, options);
}

/** Cancels the job sent with this singletonKey if it has not run yet (created or waiting for a retry). */
export async function cancelJob(conn: Pick<Db, 'execute'>, name: QueueName, singletonKey: string): Promise<void> {
  builder ??= new PgBoss({ db: noConnection, schema: JOBS_SCHEMA, supervise: false, schedule: false });
  await builder.cancel(name, idFor(name, singletonKey), { db: bossConnection(conn) });
}

/** pg-boss's own reading functions (getJobById, getQueueSize) on a connection: they take no `db` option of their own. */
function readerOn(conn: Pick<Db, 'execute'>): PgBoss {
  return new PgBoss({ db: bossConnection(conn), schema: JOBS_SCHEMA, supervise: false, schedule: false });
}

export type JobState = PgBoss.JobWithMetadata['state'];
/** `createdOn` and `startAfter` are both by the database's clock: their difference is the wait asked for. */
export type JobInfo<Q extends QueueName> = { id: string; state: JobState; createdOn: Date; startAfter: Date; retryCount: number; data: JobData[Q] };

/** The job of this id, wherever pg-boss keeps it (done ones are archived after a while); null if none. */
export async function findJob<Q extends QueueName>(conn: Pick<Db, 'execute'>, name: Q, id: string): Promise<JobInfo<Q> | null> {
  const job = await readerOn(conn).getJobById<JobData[Q]>(name, id, { includeArchive: true });
  if (!job) return null;
  // PGlite and node-postgres do not hand back timestamps alike.
  return { id: job.id, state: job.state, createdOn: new Date(job.createdOn), startAfter: new Date(job.startAfter), retryCount: job.retryCount, data: job.data };
}

/** How many jobs of these queues are not finished: waiting (planned for later too), waiting for a retry, or running. */
export async function unfinishedJobs(conn: Pick<Db, 'execute'>, names: readonly QueueName[]): Promise<number> {
  const reader = readerOn(conn);
  let count = 0;
  // States in pg-boss's order: created < retry < active < completed…; 'before completed' counts the first three.
  for (const name of names) count += (await reader.getQueueSize(name, { before: 'completed' })) ?? 0;
  return count;
}

/**
 * Makes a job that waits for its start time due at once: taken out and sent again with the same id,
 * key and data, without a start time, in one transaction. False if it was not waiting (running,
 * done, or unknown).
 */
export async function makeJobDue(database: Database, name: QueueName, id: string): Promise<boolean> {
  return database.db.transaction(async (tx) => {
    const db = bossConnection(tx);
    const boss = readerOn(tx);
    const job = await boss.getJobById(name, id, { db, includeArchive: false });
    if (!job || job.state !== 'created') return false;
    await boss.deleteJob(name, id, { db });
    const options: PgBoss.SendOptions = { db, id };
    if (job.singletonKey) options.singletonKey = job.singletonKey;
    await boss.send(name, job.data as object, options);
    return true;
  });
}
