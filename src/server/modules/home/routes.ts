// GET /api/home.
import { Hono } from 'hono';
import type { HomeData } from '@shared/schemas/public';
import type { AppEnv } from '../../http/app-env';
import { getViewer } from '../../http/viewer';
import { publicCacheable } from '../../web/public-cache';
import { noQuery, readQuery } from '../params';
import type { HomeService } from './service';

export function homeRoutes(home: HomeService) {
  const app = new Hono<AppEnv>();
  app.use('*', publicCacheable());
  app.get('/', async (c) => {
    readQuery(c, noQuery);
    return c.json<HomeData>(await home.get(await getViewer(c)));
  });
  return app;
}
