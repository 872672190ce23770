// POST /api/checkout (the order and its payment) and GET /api/orders/:orderId (the buyer's own order).
import { Hono } from 'hono';
import { checkoutSchema, type CheckoutResponse, type OrderResponse } from '@shared/schemas/checkout';
import type { AppEnv } from '../../http/app-env';
import { requireUser, signedInOnly } from '../../http/guards';
import { readJsonBody } from '../../http/json-only';
import { parseInput } from '../../http/validate';
import type { CheckoutService } from './service';

export function checkoutRoutes(checkout: CheckoutService) {
  const app = new Hono<AppEnv>();
  app.use('*', signedInOnly);
  app.post('/', async (c) => {
    const { userId } = await requireUser(c);
    // Unknown fields (a price, an amount) are dropped by the schema: the server prices the order.
    const input = parseInput(checkoutSchema, await readJsonBody(c));
    const { created, response } = await checkout.checkout(userId, input);
    return c.json<CheckoutResponse>(response, created ? 201 : 200);
  });
  return app;
}

export function orderRoutes(checkout: CheckoutService) {
  const app = new Hono<AppEnv>();
  app.use('*', signedInOnly);
  app.get('/:orderId', async (c) => {
    const { userId } = await requireUser(c);
    return c.json<OrderResponse>({ order: await checkout.order(userId, c.req.param('orderId')) });
  });
  return app;
}
