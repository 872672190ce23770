// /api/admin/recipes: the admin's recipe panel. Admin only (the group's guard: 401 visitor, 403 others).
import { Hono, type Context } from 'hono';
import {
  adminRecipeListQuery,
  RECIPE_ID_FIELD,
  RECIPE_IMAGE_FIELD,
  RECIPE_IMAGE_MAX_BYTES,
  RECIPE_IMAGE_PATH,
  type AdminRecipeDeleteResponse,
  type AdminRecipeListResponse,
  type AdminRecipeResponse,
} from '@shared/schemas/admin-recipes';
import type { AppEnv } from '../../http/app-env';
import { adminOnly, requireAdmin } from '../../http/guards';
import { readImageUpload, uploadBodyLimit } from '../../http/image-upload';
import { readJsonBody, type MultipartRoute } from '../../http/json-only';
import { noQuery, readQuery } from '../params';
import type { AdminRecipeService } from './service';

/** The upload route, which takes multipart/form-data instead of JSON (see http/json-only.ts). */
export const ADMIN_RECIPE_MULTIPART_ROUTES: MultipartRoute[] = [{ method: 'POST', path: RECIPE_IMAGE_PATH }];

export function adminRecipeRoutes(recipes: AdminRecipeService) {
  const app = new Hono<AppEnv>();
  app.use('*', adminOnly);

  app.get('/', async (c) => c.json<AdminRecipeListResponse>(await recipes.list(readQuery(c, adminRecipeListQuery))));

  app.post('/image', uploadBodyLimit(RECIPE_IMAGE_MAX_BYTES), async (c) => {
    const { userId } = await requireAdmin(c);
    const { id, bytes } = await readImageUpload(c, {
      fileField: RECIPE_IMAGE_FIELD,
      maxFileBytes: RECIPE_IMAGE_MAX_BYTES,
      id: { field: RECIPE_ID_FIELD, missing: 'RECIPE_NOT_FOUND' },
    });
    return c.json<AdminRecipeResponse>({ recipe: await recipes.replaceImage(userId, id!, bytes) });
  });

  app.post('/', async (c) => {
    const { userId } = await requireAdmin(c);
    readQuery(c, noQuery);
    return c.json<AdminRecipeResponse>({ recipe: await recipes.create(userId, await readJsonBody(c)) }, 201);
  });

  app.get('/:id', async (c) => c.json<AdminRecipeResponse>({ recipe: await recipes.get(c.req.param('id')) }));

  // PUT and PATCH alike take the whole recipe (the form always sends every field).
  const update = async (c: Context<AppEnv>) => {
    const { userId } = await requireAdmin(c);
    return c.json<AdminRecipeResponse>({ recipe: await recipes.update(userId, c.req.param('id') ?? '', await readJsonBody(c)) });
  };
  app.put('/:id', update);
  app.patch('/:id', update);

  app.delete('/:id/image', async (c) => {
    const { userId } = await requireAdmin(c);
    return c.json<AdminRecipeResponse>({ recipe: await recipes.removeImage(userId, c.req.param('id')) });
  });

  app.delete('/:id', async (c) => {
    const { userId } = await requireAdmin(c);
    const id = c.req.param('id');
    await recipes.remove(userId, id);
    return c.json<AdminRecipeDeleteResponse>({ id, deleted: true });
  });

  return app;
}
