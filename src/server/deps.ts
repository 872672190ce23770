import type { Logger } from 'pino';
import type { Config } from './env';
import type { Database } from './db/client';
import type { Storage } from './integrations/storage/storage';

/** Everything the app needs from the outside, passed in so tests can build it with real peers. */
export type Deps = {
  config: Config;
  database: Database;
  storage: Storage;
  logger: Logger;
  /** The current time; tests move it. */
  now: () => Date;
};
