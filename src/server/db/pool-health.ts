// Whether the PostgreSQL server answers, as the error handler needs to know it: an error that says
// nothing of the database (a library that swallowed the driver's error) is a 503 while the database
// does not answer, a 500 otherwise. The pool's own failures are remembered a moment, because the
// database may be back already when the question is asked (the request failed at the end of an
// outage): the answer is about the request's time.
import { sql } from 'drizzle-orm';
import type pg from 'pg';
import type { Db } from './client';

/** A connection failure this recent makes the database count as unreachable. */
const RECENT_FAILURE_MS = 2_000;
/** A database that answers does so in milliseconds. */
const PROBE_TIMEOUT_MS = 1_000;

export type PoolHealth = {
  /** False when a connection failed in the last moments, or a trivial query fails or takes too long. */
  reachable(): Promise<boolean>;
};

export function watchPool(pool: pg.Pool, db: () => Db): PoolHealth {
  let lastFailureAt = 0;
  const failed = () => (lastFailureAt = Date.now());
  // A live connection that breaks (reset, terminated, killed backend) says so on its client, or on
  // the pool when the client was idle. Heard, these events cannot crash the process (an 'error'
  // event nobody listens to throws); the client's next query fails, and the pool drops it.
  pool.on('connect', (client) => client.on('error', failed));
  pool.on('error', failed);
  // A connection that cannot be opened (refused, timed out) is only told to the caller: pool.query
  // and drizzle's transactions both go through connect().
  const connect = pool.connect.bind(pool) as (cb?: (err: Error | undefined, client?: pg.PoolClient, done?: (release?: unknown) => void) => void) => unknown;
  (pool as unknown as { connect: typeof connect }).connect = (cb) => {
    if (cb) return connect((err, client, done) => (err && failed(), cb(err, client, done)));
    return (connect() as Promise<pg.PoolClient>).catch((err: Error) => {
      failed();
      throw err;
    });
  };
  return {
    async reachable() {
      if (Date.now() - lastFailureAt < RECENT_FAILURE_MS) return false;
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), PROBE_TIMEOUT_MS)));
      try {
        return await Promise.race([db().execute(sql`select 1`).then(() => true), timeout]);
      } catch {
        return false;
      } finally {
        clearTimeout(timer);
      }
    },
  };
}
