// Guessing a 6-digit code: 5 wrong codes per account, then 429 for 15 minutes, counted as every
// limit is (http/rate-limit.ts: in PostgreSQL, shared by every instance).
import type { Db } from '../../db/client';
import { createLimiter } from '../../http/rate-limit';

export const SECOND_FACTOR_LIMIT = { points: 5, duration: 15 * 60 } as const;

export function createSecondFactorLimits(db: Db) {
  const limiter = createLimiter(db, 'secondFactorPerAccount', SECOND_FACTOR_LIMIT);
  return {
    /** Counts an attempt before the code is checked; over the limit → 429 with Retry-After. */
    consume: limiter.consume,
    /** A good code comes from the owner's app: the account's failures are forgotten (as after a sign-in). */
    reset: limiter.reset,
  };
}

export type SecondFactorLimits = ReturnType<typeof createSecondFactorLimits>;
