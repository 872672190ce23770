// Brute-force and abuse limits on the auth endpoints, per client address and per account e-mail.
// Counters live in PostgreSQL (rate-limiter-flexible's RateLimiterDrizzle, one atomic upsert per
// hit), so every server instance sees the same counts.
import { RateLimiterDrizzle, RateLimiterRes } from 'rate-limiter-flexible';
import type { Db } from '../../db/client';
import { rateLimits } from '../../db/schema';
import { AppError } from '../../http/app-error';

const MINUTE = 60;

/** Points per window (seconds). Sign-in counts failures only: a success gives its points back. */
export const AUTH_LIMITS = {
  signInPerAccount: { points: 10, duration: 15 * MINUTE },
  signInPerIp: { points: 30, duration: 15 * MINUTE },
  signUpPerAccount: { points: 5, duration: 60 * MINUTE },
  signUpPerIp: { points: 30, duration: 60 * MINUTE },
  resetPerAccount: { points: 5, duration: 60 * MINUTE },
  resetPerIp: { points: 20, duration: 60 * MINUTE },
  identityProviderPerIp: { points: 30, duration: 15 * MINUTE },
} as const;

export type LimitName = keyof typeof AUTH_LIMITS;

export function createAuthRateLimits(db: Db) {
  const limiters = Object.fromEntries(
    Object.entries(AUTH_LIMITS).map(([name, { points, duration }]) => [
      name,
      new RateLimiterDrizzle({ storeClient: db, schema: rateLimits, keyPrefix: name, points, duration }),
    ]),
  ) as Record<LimitName, RateLimiterDrizzle>;

  /** Counts one attempt against each key; over any limit → 429 in French with Retry-After. */
  async function consume(entries: [LimitName, string][]): Promise<void> {
    const refusals: RateLimiterRes[] = [];
    for (const [name, key] of entries) {
      try {
        await limiters[name].consume(key);
      } catch (err) {
        if (err instanceof RateLimiterRes) refusals.push(err);
        else throw err;
      }
    }
    if (refusals.length) {
      const wait = Math.max(...refusals.map((r) => r.msBeforeNext));
      throw Object.assign(new AppError('RATE_LIMITED'), { retryAfterSeconds: Math.ceil(wait / 1000) });
    }
  }

  /** Gives one attempt back (a successful sign-in is not a failure). */
  async function giveBack(entries: [LimitName, string][]): Promise<void> {
    for (const [name, key] of entries) await limiters[name].reward(key);
  }

  /** Clears counters (an account's failures after its owner signed in). */
  async function reset(entries: [LimitName, string][]): Promise<void> {
    for (const [name, key] of entries) await limiters[name].delete(key);
  }

  return { consume, giveBack, reset };
}

export type AuthRateLimits = ReturnType<typeof createAuthRateLimits>;
