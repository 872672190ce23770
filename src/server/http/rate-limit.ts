// The one way a limit is counted: rate-limiter-flexible's RateLimiterDrizzle over the rate_limits
// table (one atomic upsert per hit), so every server instance sees the same counts; over the limit,
// a 429 in French whose Retry-After says when to come back.
import { lt } from 'drizzle-orm';
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
  // No timer of its own (the library's 5-minute purge would hold the database open after the app
  // stops): the server's one sweep below deletes expired counters for every limit.
  const limiter = new RateLimiterDrizzle({ storeClient: db, schema: rateLimits, keyPrefix, points: limit.points, duration: limit.duration, clearExpiredByTimeout: false });

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

/** How often, and how long after its window ended, a counter is deleted (the library's own figures). */
const SWEEP_EVERY_MS = 5 * 60_000;
const KEPT_AFTER_EXPIRY_MS = 60 * 60_000;

/**
 * Deletes the counters whose window ended over an hour ago, every five minutes while started. The
 * library's clock is the real one (`expire` is written from Date.now()), so this one is too.
 */
export function createRateLimitSweep(db: Db, everyMs = SWEEP_EVERY_MS) {
  let timer: NodeJS.Timeout | null = null;
  const sweep = async (): Promise<number> => {
    const gone = await db.delete(rateLimits).where(lt(rateLimits.expire, new Date(Date.now() - KEPT_AFTER_EXPIRY_MS))).returning({ key: rateLimits.key });
    return gone.length;
  };
  return {
    sweep,
    start(onError: (err: unknown) => void) {
      if (timer) return;
      timer = setInterval(() => void sweep().catch(onError), everyMs);
      timer.unref();
    },
    stop() {
      if (timer) clearInterval(timer);
      timer = null;
    },
  };
}
