import { ERROR_MESSAGES, ERROR_STATUS, type ErrorCode } from '@shared/errors';

/** The one error type the server throws on purpose: a code, its HTTP status and a French message. */
export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    message: string = ERROR_MESSAGES[code],
    readonly fields?: Record<string, string>,
  ) {
    super(message);
    this.status = ERROR_STATUS[code];
  }
}
