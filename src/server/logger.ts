import pino, { type DestinationStream, type Logger } from 'pino';
import type { Config } from './env';
import { currentRequestId } from './http/observability/request-context';

/** `destination`: where lines go (stdout by default; tests read them back). */
export function createLogger(config: Pick<Config, 'logLevel' | 'env'>, destination?: DestinationStream): Logger {
  return pino(
    {
      level: config.env === 'test' ? 'silent' : config.logLevel,
      base: undefined,
      redact: ['req.headers.cookie', 'req.headers.authorization', '*.password', '*.token'],
      // Every line written while a request is served names it, so one request's lines can be found
      // from the requestId a user reads in an error message.
      mixin() {
        const requestId = currentRequestId();
        return requestId ? { requestId } : {};
      },
    },
    // stdout written asynchronously: a synchronous write per line cost ~0.3 ms of the event loop per
    // request under the seat rush (`npm run bench`); pino flushes what is buffered when the process exits.
    destination ?? (config.env === 'test' ? undefined : pino.destination({ dest: 1, sync: false })),
  );
}
