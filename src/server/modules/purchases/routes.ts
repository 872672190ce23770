// /api/purchases: the session's own purchases (Mes Achats).
import { Hono } from 'hono';
import type { PurchasesResponse } from '@shared/schemas/checkout';
import type { AppEnv } from '../../http/app-env';
import { requireUser, signedInOnly } from '../../http/guards';
import { noQuery, readQuery } from '../params';
import type { PurchaseService } from './service';

export function purchaseRoutes(purchases: PurchaseService) {
  const app = new Hono<AppEnv>();
  app.use('*', signedInOnly);
  app.get('/', async (c) => {
    const { userId } = await requireUser(c);
    readQuery(c, noQuery);
    return c.json<PurchasesResponse>(await purchases.list(userId));
  });
  return app;
}
