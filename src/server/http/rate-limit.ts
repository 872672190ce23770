// The one way a limit is counted: rate-limiter-flexible's RateLimiterDrizzle over the rate_limits
// table (one atomic upsert per hit), so every server instance sees the same counts; over the limit,
// a 429 in French whose Retry-After says when to come back.
import { RateLimiterDrizzle, RateLimiterRes } from 'rate-limiter-flexible';
import type { ErrorCode } from '@shared/errors';
import type { Db } from '../db/client';
import { rateLimits } from '../db/schema';
import { AppError } from './app-error';

/** `points` hits per window of `duration` seconds. */
export type Limit = { readonly points: number; readonly duration: number };

/** The refusal: `code` (a 429) and how long to wait, rounded up to the second. */
export function tooManyAttempts(waitMs: number, code: ErrorCode = 'RATE_LIMITED'): AppError {
  return Object.assign(new AppError(code), { retryAfterSeconds: Math.ceil(waitMs / 1000) });
}

/** A limit counted per key; `keyPrefix` names it in the table (two limits never share one). */
export function createLimiter(db: Db, keyPrefix: string, limit: Limit, code: ErrorCode = 'RATE_LIMITED') {
  const limiter = new RateLimiterDrizzle({ storeClient: db, schema: rateLimits, keyPrefix, points: limit.points, duration: limit.duration });

  /** Counts one hit: how many ms to wait when it went over the limit, else null. */
  async function count(key: string): Promise<number | null> {
    try {
      await limiter.consume(key);
      return null;
    } catch (err) {
      if (err instanceof RateLimiterRes) return err.msBeforeNext;
      throw err;
    }
  }

  return {
    count,
    /** Counts one hit; over the limit → the 429. */
    async consume(key: string): Promise<void> {
      const wait = await count(key);
      if (wait !== null) throw tooManyAttempts(wait, code);
    },
    /** Gives one hit back. */
    reward: (key: string) => limiter.reward(key).then(() => undefined),
    /** Forgets the key's hits. */
    reset: (key: string) => limiter.delete(key).then(() => undefined),
  };
}

export type Limiter = ReturnType<typeof createLimiter>;
