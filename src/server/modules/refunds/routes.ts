// /api/admin/orders: the admin's orders and refunds (the admin only, checked by the group's guard).
import { Hono } from 'hono';
import { adminOrdersQuery, type AdminOrderResponse, type AdminOrdersResponse, type RefundResponse } from '@shared/schemas/checkout';
import type { AppEnv } from '../../http/app-env';
import { AppError } from '../../http/app-error';
import { adminOnly, requireAdmin } from '../../http/guards';
import { noQuery, readQuery } from '../params';
import type { RefundService } from './service';

export function adminOrderRoutes(refunds: RefundService) {
  const app = new Hono<AppEnv>();
  app.use('*', adminOnly);

  app.get('/', async (c) => c.json<AdminOrdersResponse>(await refunds.list(readQuery(c, adminOrdersQuery))));

  app.get('/:orderId', async (c) => {
    readQuery(c, noQuery);
    return c.json<AdminOrderResponse>(await refunds.detail(c.req.param('orderId')));
  });

  app.post('/:orderId/refunds', async (c) => {
    const admin = await requireAdmin(c);
    let body: unknown;
    try {
      body = await c.req.json();
    } catch {
      throw new AppError('BAD_REQUEST');
    }
    const { created, refund, order } = await refunds.refund(admin, c.req.param('orderId'), body);
    return c.json<RefundResponse>({ refund, order }, created ? 201 : 200);
  });

  return app;
}
