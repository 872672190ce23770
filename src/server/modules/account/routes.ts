// /api/account/*: the session's own profile and picture. No route takes a user id.
import { Hono, type Context } from 'hono';
import { AVATAR_FIELD, AVATAR_MAX_BYTES, type AvatarResponse, type ChefProfileResponse, type ProfileResponse } from '@shared/schemas/account';
import type { AppEnv } from '../../http/app-env';
import { requireSecondFactorOfAdminAccount, requireUser, signedInOnly, type SignedInViewer } from '../../http/guards';
import { readImageUpload, uploadBodyLimit } from '../../http/image-upload';
import { readJsonBody, type MultipartRoute } from '../../http/json-only';
import type { UploadLimits } from './rate-limits';
import type { AccountProfileService } from './service';

/** The upload route, which takes multipart/form-data instead of JSON (see http/json-only.ts). */
export const ACCOUNT_MULTIPART_ROUTES: MultipartRoute[] = [{ method: 'POST', path: '/api/account/avatar' }];

/**
 * The admin's name, picture, specialty and bio are the site's public chef profile: an admin
 * account changes them only in a session that gave the second factor (403 otherwise).
 */
async function requireProfileWriter(c: Context): Promise<SignedInViewer> {
  const viewer = await requireUser(c);
  requireSecondFactorOfAdminAccount(viewer);
  return viewer;
}

export function accountRoutes(profiles: AccountProfileService, limits: UploadLimits) {
  const app = new Hono<AppEnv>();
  app.use('*', signedInOnly);

  app.get('/profile', async (c) => {
    const { userId } = await requireUser(c);
    return c.json<ProfileResponse>({ profile: await profiles.get(userId) });
  });

  app.patch('/profile', async (c) => {
    const { userId } = await requireProfileWriter(c);
    return c.json<ProfileResponse>({ profile: await profiles.update(userId, await readJsonBody(c)) });
  });

  app.get('/chef-profile', async (c) => {
    const { userId } = await requireUser(c);
    return c.json<ChefProfileResponse>({ chefProfile: await profiles.chefProfile(userId) });
  });

  app.patch('/chef-profile', async (c) => {
    const { userId } = await requireProfileWriter(c);
    return c.json<ChefProfileResponse>({ chefProfile: await profiles.updateChefProfile(userId, await readJsonBody(c)) });
  });

  app.post(
    '/avatar',
    // Counted before the body is read: a refused or huge upload still costs an attempt.
    async (c, next) => {
      await limits.consumeAvatarUpload((await requireProfileWriter(c)).userId);
      await next();
    },
    uploadBodyLimit(AVATAR_MAX_BYTES),
    async (c) => {
      const { userId } = await requireUser(c);
      const { bytes } = await readImageUpload(c, { fileField: AVATAR_FIELD, maxFileBytes: AVATAR_MAX_BYTES });
      return c.json<AvatarResponse>({ avatarUrl: await profiles.replaceAvatar(userId, bytes) });
    },
  );

  return app;
}
