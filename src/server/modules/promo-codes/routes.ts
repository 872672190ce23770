// /api/admin/promo-codes: « Codes promo ». Admin only (the group's guard: 401 visitor, 403 others).
import { Hono } from 'hono';
import type { PromoCodeListResponse, PromoCodeResponse } from '@shared/schemas/promo-codes';
import type { AppEnv } from '../../http/app-env';
import { adminOnly, requireAdmin } from '../../http/guards';
import { readJsonBody } from '../../http/json-only';
import { noQuery, readQuery } from '../params';
import type { PromoCodeService } from './service';

export function adminPromoCodeRoutes(promo: PromoCodeService) {
  const app = new Hono<AppEnv>();
  app.use('*', adminOnly);
  app.get('/', async (c) => {
    readQuery(c, noQuery);
    return c.json<PromoCodeListResponse>(await promo.list());
  });
  app.post('/', async (c) => {
    const { userId } = await requireAdmin(c);
    return c.json<PromoCodeResponse>({ code: await promo.create(userId, await readJsonBody(c)) }, 201);
  });
  app.put('/:id', async (c) => {
    const { userId } = await requireAdmin(c);
    return c.json<PromoCodeResponse>({ code: await promo.update(userId, c.req.param('id'), await readJsonBody(c)) });
  });
  app.post('/:id/active', async (c) => {
    const { userId } = await requireAdmin(c);
    return c.json<PromoCodeResponse>({ code: await promo.setActive(userId, c.req.param('id'), await readJsonBody(c)) });
  });
  return app;
}
