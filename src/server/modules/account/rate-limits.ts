// How often one person may send a new picture: each upload costs a decode and an encode, so a
// script looping on the endpoint is stopped per account. Counters live in PostgreSQL like the
// auth limits, shared by every server instance.
import { RateLimiterDrizzle, RateLimiterRes } from 'rate-limiter-flexible';
import type { Db } from '../../db/client';
import { rateLimits } from '../../db/schema';
import { AppError } from '../../http/app-error';

export const AVATAR_UPLOADS_PER_HOUR = 20;

export function createUploadLimits(db: Db) {
  const perUser = new RateLimiterDrizzle({
    storeClient: db,
    schema: rateLimits,
    keyPrefix: 'avatarUploadPerUser',
    points: AVATAR_UPLOADS_PER_HOUR,
    duration: 60 * 60,
  });

  /** Counts one upload attempt (refused ones too); over the limit → 429 in French with Retry-After. */
  async function consumeAvatarUpload(userId: string): Promise<void> {
    try {
      await perUser.consume(userId);
    } catch (err) {
      if (!(err instanceof RateLimiterRes)) throw err;
      throw Object.assign(new AppError('UPLOAD_RATE_LIMITED'), { retryAfterSeconds: Math.ceil(err.msBeforeNext / 1000) });
    }
  }

  return { consumeAvatarUpload };
}

export type UploadLimits = ReturnType<typeof createUploadLimits>;
