// /api/admin/sales: the Ventes tab's figures and the orders CSV (the admin only, checked by the
// group's guard on every route).
import { Hono } from 'hono';
import { salesQuery, type SalesResponse } from '@shared/schemas/admin-sales';
import type { AppEnv } from '../../http/app-env';
import { adminOnly } from '../../http/guards';
import { readQuery } from '../params';
import type { SalesService } from './service';

export function adminSalesRoutes(sales: SalesService) {
  const app = new Hono<AppEnv>();
  app.use('*', adminOnly);

  app.get('/', async (c) => c.json<SalesResponse>(await sales.summary(readQuery(c, salesQuery))));

  app.get('/orders.csv', async (c) => {
    const { filename, body } = await sales.csv(readQuery(c, salesQuery));
    return c.body(body, 200, {
      'content-type': 'text/csv; charset=utf-8',
      // The name is ASCII (months and letters only): no RFC 5987 encoding needed.
      'content-disposition': `attachment; filename="${filename}"`,
    });
  });

  return app;
}
