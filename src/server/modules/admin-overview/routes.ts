// /api/admin/overview: « Aperçu » in one request (the admin only, checked by the group's guard).
import { Hono } from 'hono';
import type { OverviewResponse } from '@shared/schemas/admin-overview';
import type { AppEnv } from '../../http/app-env';
import { adminOnly } from '../../http/guards';
import { noQuery, readQuery } from '../params';
import type { OverviewService } from './service';

export function adminOverviewRoutes(overview: OverviewService) {
  const app = new Hono<AppEnv>();
  app.use('*', adminOnly);
  app.get('/', async (c) => {
    readQuery(c, noQuery);
    return c.json<OverviewResponse>(await overview.overview());
  });
  return app;
}
