import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { Logger } from 'pino';
import { ERROR_MESSAGES, type ApiErrorBody, type ErrorCode } from '@shared/errors';
import { AppError } from './app-error';

function body(code: ErrorCode, message: string, requestId: string, fields?: Record<string, string>): ApiErrorBody {
  return { error: { code, message, ...(fields ? { fields } : {}), requestId } };
}

/** Turns any thrown error into the API's error shape; a 5xx says only the generic sentence. */
export function errorHandler(logger: Logger) {
  return (err: Error, c: Context) => {
    const requestId = c.get('requestId') as string;
    if (err instanceof AppError) {
      if (err.status >= 500) logger.error({ err, requestId }, err.message);
      const retryAfter = (err as { retryAfterSeconds?: number }).retryAfterSeconds;
      if (retryAfter !== undefined) c.header('retry-after', String(retryAfter));
      return c.json(body(err.code, err.message, requestId, err.fields), err.status as ContentfulStatusCode);
    }
    if (err instanceof HTTPException) {
      const status = err.status;
      const code: ErrorCode =
        status === 413 ? 'PAYLOAD_TOO_LARGE' : status === 415 ? 'UNSUPPORTED_MEDIA_TYPE' : status === 404 ? 'NOT_FOUND' : status >= 500 ? 'INTERNAL' : 'BAD_REQUEST';
      if (status >= 500) logger.error({ err, requestId }, 'http exception');
      return c.json(body(code, ERROR_MESSAGES[code], requestId), status as ContentfulStatusCode);
    }
    if (isDatabaseUnavailable(err)) {
      logger.error({ err, requestId }, 'database unavailable');
      return c.json(body('SERVICE_UNAVAILABLE', ERROR_MESSAGES.SERVICE_UNAVAILABLE, requestId), 503);
    }
    logger.error({ err, requestId, path: c.req.path }, 'unhandled error');
    return c.json(body('INTERNAL', ERROR_MESSAGES.INTERNAL, requestId), 500);
  };
}

function isDatabaseUnavailable(err: unknown): boolean {
  const code = (err as { code?: string; cause?: { code?: string } })?.code ?? (err as { cause?: { code?: string } })?.cause?.code;
  return code === 'ECONNREFUSED' || code === '57P01' || code === '57P03' || code === '08006' || code === '08001';
}
