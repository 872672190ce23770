import type { Logger } from 'pino';
import type { Config } from './env';
import type { Database } from './db/client';
import type { Storage } from './integrations/storage/storage';
import type { Jobs } from './jobs/jobs';
import type { Observability } from './http/observability/observability';

/** Everything the app needs from the outside, passed in so tests can build it with real peers. */
export type Deps = {
  config: Config;
  database: Database;
  storage: Storage;
  logger: Logger;
  /** The current time; tests move it. */
  now: () => Date;
  /**
   * Background jobs on the database (pg-boss): the queues' workers, started with the server.
   * One-off scripts (the seed) have none. Jobs are sent in the sender's transaction (jobs/boss.ts
   * sendJob), which needs no started boss.
   */
  jobs?: Jobs;
  /** Metrics and the shutdown flag /readyz reads (index.ts); an app built without one makes its own. */
  observability?: Observability;
};
