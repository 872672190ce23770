// /api/admin/sessions: the admin's live sessions — read one, set its video link or recording,
// cancel it for everyone (the admin only, checked by the group's guard).
import { Hono } from 'hono';
import type { AdminSessionCancelResponse, AdminSessionResponse } from '@shared/schemas/reservations';
import type { AppEnv } from '../../app';
import { adminOnly, requireAdmin } from '../../http/guards';
import { readJsonBody } from '../../http/json-only';
import { noQuery, readQuery } from '../params';
import type { SessionService } from './service';

export function adminSessionRoutes(sessions: SessionService) {
  const app = new Hono<AppEnv>();
  app.use('*', adminOnly);

  app.get('/:sessionId', async (c) => {
    readQuery(c, noQuery);
    return c.json<AdminSessionResponse>({ session: await sessions.get(c.req.param('sessionId')) });
  });

  app.patch('/:sessionId', async (c) => {
    const admin = await requireAdmin(c);
    return c.json<AdminSessionResponse>({ session: await sessions.update(admin, c.req.param('sessionId'), await readJsonBody(c)) });
  });

  app.post('/:sessionId/cancel', async (c) => {
    const admin = await requireAdmin(c);
    return c.json<AdminSessionCancelResponse>(await sessions.cancel(admin, c.req.param('sessionId'), await readJsonBody(c)));
  });

  return app;
}
