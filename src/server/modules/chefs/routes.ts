// GET /api/chefs and /api/chefs/:id.
import { Hono } from 'hono';
import type { ChefListResponse, ChefResponse } from '@shared/schemas/public';
import type { AppEnv } from '../../http/app-env';
import { getViewer } from '../../http/viewer';
import { publicCacheable } from '../../web/public-cache';
import { noQuery, readQuery } from '../params';
import type { ChefService } from './service';

export function chefRoutes(chefs: ChefService) {
  const app = new Hono<AppEnv>();
  app.use('*', publicCacheable());
  app.get('/', async (c) => {
    readQuery(c, noQuery);
    return c.json<ChefListResponse>({ chefs: await chefs.list() });
  });
  app.get('/:id', async (c) => c.json<ChefResponse>(await chefs.detail(c.req.param('id'), await getViewer(c))));
  return app;
}
