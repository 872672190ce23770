import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { Logger } from 'pino';
import { ERROR_MESSAGES, type ApiErrorBody, type ErrorCode } from '@shared/errors';
import { AppError } from './app-error';
import { errorHtml, wantsHtml } from './error-page';

function body(code: ErrorCode, message: string, requestId: string, fields?: Record<string, string>): ApiErrorBody {
  return { error: { code, message, ...(fields ? { fields } : {}), requestId } };
}

// The code of each answer made below, for the error counter (observe.ts countingErrors). Reading
// the answer's body instead would turn @hono/node-server's light Response into a streamed one:
// a copy of the body teed through web streams, on every refused request (a booking rush's 409s).
const answeredCodes = new WeakMap<Response, ErrorCode>();

/** The error code of an answer this handler made; undefined for any other response. */
export function errorCodeOf(res: Response): ErrorCode | undefined {
  return answeredCodes.get(res);
}

function answer(res: Response, code: ErrorCode): Response {
  answeredCodes.set(res, code);
  return res;
}

/** The error as JSON, or as a French page for a browser that navigated here (error-page.ts). */
export function errorAnswer(c: Context, status: number, code: ErrorCode, message: string, fields?: Record<string, string>): Response {
  if (wantsHtml(c)) return answer(errorHtml(c, status, status >= 500 ? ERROR_MESSAGES[code] : message), code);
  return answer(c.json(body(code, message, c.get('requestId') as string, fields), status as ContentfulStatusCode), code);
}

export type ErrorHandlerOptions = {
  /**
   * Asked before an unexpected error becomes a 500: some libraries hide the driver's error (the
   * auth library answers 'Failed to get session', without cause, when its session query fails),
   * so an error that says nothing of the database is a 503 all the same while it does not answer.
   */
  database?: { reachable(): Promise<boolean> };
};

/** Turns any thrown error into the API's error shape; a 5xx says only the generic sentence. */
export function errorHandler(logger: Logger, opts: ErrorHandlerOptions = {}) {
  return async (err: Error, c: Context) => {
    const requestId = c.get('requestId') as string;
    if (err instanceof AppError) {
      if (err.status >= 500) logger.error({ err, requestId }, err.message);
      const retryAfter = (err as { retryAfterSeconds?: number }).retryAfterSeconds;
      if (retryAfter !== undefined) c.header('retry-after', String(retryAfter));
      return errorAnswer(c, err.status, err.code, err.message, err.fields);
    }
    if (err instanceof HTTPException) {
      const status = err.status;
      const code: ErrorCode =
        status === 413 ? 'PAYLOAD_TOO_LARGE' : status === 415 ? 'UNSUPPORTED_MEDIA_TYPE' : status === 404 ? 'NOT_FOUND' : status >= 500 ? 'INTERNAL' : 'BAD_REQUEST';
      if (status >= 500) logger.error({ err, requestId }, 'http exception');
      return errorAnswer(c, status, code, ERROR_MESSAGES[code]);
    }
    if (isDatabaseUnavailable(err) || (opts.database && !(await opts.database.reachable()))) {
      logger.error({ err, requestId, path: c.req.path }, 'database unavailable');
      c.header('retry-after', '5');
      return errorAnswer(c, 503, 'SERVICE_UNAVAILABLE', ERROR_MESSAGES.SERVICE_UNAVAILABLE);
    }
    logger.error({ err, requestId, path: c.req.path }, 'unhandled error');
    return errorAnswer(c, 500, 'INTERNAL', ERROR_MESSAGES.INTERNAL);
  };
}

/** Network errors and SQLSTATEs that say the database cannot be reached now, not that a query is wrong. */
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  '08000', // connection_exception
  '08001', // sqlclient_unable_to_establish_sqlconnection
  '08003', // connection_does_not_exist
  '08006', // connection_failure
  '57P01', // admin_shutdown (server restarting, failover)
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now (starting up, recovery)
  '53300', // too_many_connections
]);

/** What node-postgres (and PGlite) say, without a code, when a connection dies or none can be had in time. */
const UNAVAILABLE_MESSAGES = [
  'Connection terminated', // '… unexpectedly', '… due to connection timeout'
  'timeout exceeded when trying to connect', // the pool's connectionTimeoutMillis
  'is not queryable', // a client whose connection broke, used again (the transaction's ROLLBACK)
  'PGlite is closed', // the embedded database, closed by a shutdown while a request still ran
];

/** The error or any of its causes (drizzle wraps the driver's error in DrizzleQueryError). */
export function isDatabaseUnavailable(err: unknown): boolean {
  let current: unknown = err;
  for (let depth = 0; current && typeof current === 'object' && depth < 5; depth++) {
    const { code, message, cause } = current as { code?: unknown; message?: unknown; cause?: unknown };
    if (typeof code === 'string' && UNAVAILABLE_CODES.has(code)) return true;
    if (typeof message === 'string' && UNAVAILABLE_MESSAGES.some((m) => message.includes(m))) return true;
    current = cause;
  }
  return false;
}
