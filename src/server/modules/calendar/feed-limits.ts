// A light limit on the public feed: calendar apps fetch a feed a few times an hour at most, so a
// feed fetched far more often is a script or a leaked URL hammering the database. Counted per
// feed (not per address: Google fetches every subscriber's feed from the same few servers), in
// PostgreSQL like the other limits, so every server instance shares the count.
import { RateLimiterDrizzle, RateLimiterRes } from 'rate-limiter-flexible';
import type { Db } from '../../db/client';
import { rateLimits } from '../../db/schema';
import { AppError } from '../../http/app-error';

export const FEED_FETCHES_PER_HOUR = 120;

export function createFeedLimits(db: Db) {
  const perFeed = new RateLimiterDrizzle({
    storeClient: db,
    schema: rateLimits,
    keyPrefix: 'calendarFeedPerUser',
    points: FEED_FETCHES_PER_HOUR,
    duration: 60 * 60,
  });

  /** Counts one fetch of the user's feed; over the limit → 429 in French with Retry-After. */
  async function consumeFeedFetch(userId: string): Promise<void> {
    try {
      await perFeed.consume(userId);
    } catch (err) {
      if (!(err instanceof RateLimiterRes)) throw err;
      throw Object.assign(new AppError('RATE_LIMITED'), { retryAfterSeconds: Math.ceil(err.msBeforeNext / 1000) });
    }
  }

  return { consumeFeedFetch };
}

export type FeedLimits = ReturnType<typeof createFeedLimits>;
