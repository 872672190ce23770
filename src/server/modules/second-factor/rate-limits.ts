// Guessing a 6-digit code: 5 wrong codes per account, then 429 for 15 minutes. Same store and
// style as the auth limits (rate-limiter-flexible over PostgreSQL, shared by every instance).
import { RateLimiterDrizzle, RateLimiterRes } from 'rate-limiter-flexible';
import type { Db } from '../../db/client';
import { rateLimits } from '../../db/schema';
import { AppError } from '../../http/app-error';

export const SECOND_FACTOR_LIMIT = { points: 5, duration: 15 * 60 } as const;

export function createSecondFactorLimits(db: Db) {
  const limiter = new RateLimiterDrizzle({ storeClient: db, schema: rateLimits, keyPrefix: 'secondFactorPerAccount', ...SECOND_FACTOR_LIMIT });

  return {
    /** Counts an attempt before the code is checked; over the limit → 429 with Retry-After. */
    async consume(userId: string): Promise<void> {
      try {
        await limiter.consume(userId);
      } catch (err) {
        if (!(err instanceof RateLimiterRes)) throw err;
        throw Object.assign(new AppError('RATE_LIMITED'), { retryAfterSeconds: Math.ceil(err.msBeforeNext / 1000) });
      }
    },
    /** A good code comes from the owner's app: the account's failures are forgotten (as after a sign-in). */
    reset: (userId: string) => limiter.delete(userId).then(() => undefined),
  };
}

export type SecondFactorLimits = ReturnType<typeof createSecondFactorLimits>;
