// The server's one sweep of the rate limits' counters (http/rate-limit.ts): a counter whose window
// ended over an hour ago is deleted; a recent, live or endless one stays. The limiters themselves
// run no timer (one would hold the database open after the app stopped).
import { afterAll, beforeAll, expect, it } from 'vitest';
import { rateLimits } from '../../src/server/db/schema';
import { createLimiter, createRateLimitSweep } from '../../src/server/http/rate-limit';
import { openTestDatabase, type TestDatabase } from '../setup/test-db';

let database: TestDatabase;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.dispose());

it('deletes the counters expired over an hour ago, and only those', async () => {
  const ago = (ms: number) => new Date(Date.now() - ms);
  await database.db.insert(rateLimits).values([
    { key: 'old', points: 3, expire: ago(2 * 3_600_000) },
    { key: 'recent', points: 3, expire: ago(30 * 60_000) },
    { key: 'live', points: 1, expire: ago(-60_000) },
    { key: 'endless', points: 1, expire: null },
  ]);
  // A limiter counts into the same table beside them.
  await createLimiter(database.db, 'sweepTest', { points: 5, duration: 60 }).consume('quelqu-un');

  const sweep = createRateLimitSweep(database.db);
  expect(await sweep.sweep()).toBe(1);
  const keys = (await database.db.select({ key: rateLimits.key }).from(rateLimits)).map((r) => r.key).sort();
  expect(keys).toEqual(['endless', 'live', 'recent', 'sweepTest:quelqu-un']);
  expect(await sweep.sweep()).toBe(0);
});
