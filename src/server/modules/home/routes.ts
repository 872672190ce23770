// GET /api/home.
import { Hono } from 'hono';
import type { HomeData } from '@shared/schemas/public';
import type { AppEnv } from '../../app';
import { parseInput } from '../../http/validate';
import { publicCacheable } from '../../web/public-cache';
import { noQuery } from '../params';
import type { HomeService } from './service';

export function homeRoutes(home: HomeService) {
  const app = new Hono<AppEnv>();
  app.use('*', publicCacheable());
  app.get('/', async (c) => {
    parseInput(noQuery, c.req.query());
    return c.json<HomeData>(await home.get());
  });
  return app;
}
