// /api/account/*: the session's own profile and picture. No route takes a user id.
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { AVATAR_FIELD, AVATAR_MAX_BYTES, type AvatarResponse, type ChefProfileResponse, type ProfileResponse } from '@shared/schemas/account';
import type { AppEnv } from '../../app';
import { AppError } from '../../http/app-error';
import { requireUser, signedInOnly } from '../../http/guards';
import { readJsonBody, type MultipartRoute } from '../../http/json-only';
import type { UploadLimits } from './rate-limits';
import type { AccountProfileService } from './service';

/** Room for the multipart envelope (boundaries, part headers, a long file name) around the file. */
const MULTIPART_OVERHEAD_BYTES = 16 * 1024;

/** The upload route, which takes multipart/form-data instead of JSON (see http/json-only.ts). */
export const ACCOUNT_MULTIPART_ROUTES: MultipartRoute[] = [{ method: 'POST', path: '/api/account/avatar' }];

const CHOOSE_FILE = 'Choisissez une image à envoyer.';

export function accountRoutes(profiles: AccountProfileService, limits: UploadLimits) {
  const app = new Hono<AppEnv>();
  app.use('*', signedInOnly);

  app.get('/profile', async (c) => {
    const { userId } = await requireUser(c);
    return c.json<ProfileResponse>({ profile: await profiles.get(userId) });
  });

  app.patch('/profile', async (c) => {
    const { userId } = await requireUser(c);
    return c.json<ProfileResponse>({ profile: await profiles.update(userId, await readJsonBody(c)) });
  });

  app.get('/chef-profile', async (c) => {
    const { userId } = await requireUser(c);
    return c.json<ChefProfileResponse>({ chefProfile: await profiles.chefProfile(userId) });
  });

  app.patch('/chef-profile', async (c) => {
    const { userId } = await requireUser(c);
    return c.json<ChefProfileResponse>({ chefProfile: await profiles.updateChefProfile(userId, await readJsonBody(c)) });
  });

  app.post(
    '/avatar',
    // Counted before the body is read: a refused or huge upload still costs an attempt.
    async (c, next) => {
      await limits.consumeAvatarUpload((await requireUser(c)).userId);
      await next();
    },
    // Refused from Content-Length alone when it says too much, else while streaming: a huge
    // body is never held in memory.
    bodyLimit({
      maxSize: AVATAR_MAX_BYTES + MULTIPART_OVERHEAD_BYTES,
      onError: () => {
        throw new AppError('FILE_TOO_LARGE');
      },
    }),
    async (c) => {
      const { userId } = await requireUser(c);
      let form: Record<string, string | File>;
      try {
        form = await c.req.parseBody();
      } catch {
        throw new AppError('BAD_REQUEST', "Le formulaire d'envoi est illisible.");
      }
      const file = form[AVATAR_FIELD];
      if (!(file instanceof File)) throw new AppError('VALIDATION_FAILED', undefined, { [AVATAR_FIELD]: CHOOSE_FILE });
      if (file.size > AVATAR_MAX_BYTES) throw new AppError('FILE_TOO_LARGE');
      const avatarUrl = await profiles.replaceAvatar(userId, Buffer.from(await file.arrayBuffer()));
      return c.json<AvatarResponse>({ avatarUrl });
    },
  );

  return app;
}
