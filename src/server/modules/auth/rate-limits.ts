// Brute-force and abuse limits on the auth endpoints, per client address and per account e-mail,
// counted as every limit is (http/rate-limit.ts: in PostgreSQL, shared by every instance).
import type { Db } from '../../db/client';
import { createLimiter, tooManyAttempts, type Limiter } from '../../http/rate-limit';

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
  const limiters = Object.fromEntries(Object.entries(AUTH_LIMITS).map(([name, limit]) => [name, createLimiter(db, name, limit)])) as Record<
    LimitName,
    Limiter
  >;

  /** Counts one attempt against each key (all of them, even past a refusal); over any limit → 429 with the longest wait. */
  async function consume(entries: [LimitName, string][]): Promise<void> {
    const waits: number[] = [];
    for (const [name, key] of entries) {
      const wait = await limiters[name].count(key);
      if (wait !== null) waits.push(wait);
    }
    if (waits.length) throw tooManyAttempts(Math.max(...waits));
  }

  /** Gives one attempt back (a successful sign-in is not a failure). */
  async function giveBack(entries: [LimitName, string][]): Promise<void> {
    for (const [name, key] of entries) await limiters[name].reward(key);
  }

  /** Clears counters (an account's failures after its owner signed in). */
  async function reset(entries: [LimitName, string][]): Promise<void> {
    for (const [name, key] of entries) await limiters[name].reset(key);
  }

  return { consume, giveBack, reset };
}

export type AuthRateLimits = ReturnType<typeof createAuthRateLimits>;
