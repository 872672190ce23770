// A light limit on the public feed: calendar apps fetch a feed a few times an hour at most, so a
// feed fetched far more often is a script or a leaked URL hammering the database. Counted per
// feed (not per address: Google fetches every subscriber's feed from the same few servers), as
// every limit is (http/rate-limit.ts: in PostgreSQL, shared by every instance).
import type { Db } from '../../db/client';
import { createLimiter } from '../../http/rate-limit';

export const FEED_FETCHES_PER_HOUR = 120;

export function createFeedLimits(db: Db) {
  const perFeed = createLimiter(db, 'calendarFeedPerUser', { points: FEED_FETCHES_PER_HOUR, duration: 60 * 60 });
  /** Counts one fetch of the user's feed; over the limit → 429 in French with Retry-After. */
  return { consumeFeedFetch: perFeed.consume };
}

export type FeedLimits = ReturnType<typeof createFeedLimits>;
