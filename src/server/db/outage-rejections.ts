// A library's promise rejected with nobody listening ends the process (Node's default). pg-boss's
// workers record a job's completion or failure without awaiting it: while the database is
// unreachable, that rejection would take the whole server down, in the middle of an outage it
// otherwise survives (503s, then serving again by itself). Such a rejection, when it only says the
// database is unreachable, is logged and the process goes on (the job is picked up again when its
// lease expires); any other keeps Node's behaviour and ends the process.
import type { Logger } from 'pino';
import { isDatabaseUnavailable } from '../http/error-handler';

export function tolerateDatabaseOutageRejections(logger: Logger): void {
  process.on('unhandledRejection', (reason) => {
    if (isDatabaseUnavailable(reason)) {
      logger.warn({ err: reason }, 'base de données injoignable : opération en arrière-plan abandonnée');
      return;
    }
    throw reason;
  });
}
