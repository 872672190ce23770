// How often one person may send a new picture: each upload costs a decode and an encode, so a
// script looping on the endpoint is stopped per account (counted as every limit is: http/rate-limit.ts).
import type { Db } from '../../db/client';
import { createLimiter } from '../../http/rate-limit';

export const AVATAR_UPLOADS_PER_HOUR = 20;

export function createUploadLimits(db: Db) {
  const perUser = createLimiter(db, 'avatarUploadPerUser', { points: AVATAR_UPLOADS_PER_HOUR, duration: 60 * 60 }, 'UPLOAD_RATE_LIMITED');
  /** Counts one upload attempt (refused ones too); over the limit → 429 in French with Retry-After. */
  return { consumeAvatarUpload: perUser.consume };
}

export type UploadLimits = ReturnType<typeof createUploadLimits>;
