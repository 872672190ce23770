// /api/admin/sessions/:sessionId/prep-kit: the admin previews a session's preparation kit e-mail,
// sets the session's own kit, and sends it again to the attendees. Admin only (401 visitor, 403 others).
import { Hono } from 'hono';
import { prepKitPreviewQuery, type PrepKitSendResponse, type SessionPrepKitResponse } from '@shared/schemas/prep-kit';
import type { AppEnv } from '../../http/app-env';
import { adminOnly, requireAdmin } from '../../http/guards';
import { readJsonBody } from '../../http/json-only';
import { noQuery, readQuery } from '../params';
import type { PrepKitService } from './service';

export function prepKitRoutes(kits: PrepKitService) {
  const app = new Hono<AppEnv>();
  app.use('/:sessionId/prep-kit', adminOnly);
  app.use('/:sessionId/prep-kit/*', adminOnly);

  app.get('/:sessionId/prep-kit', async (c) => {
    const { servings } = readQuery(c, prepKitPreviewQuery);
    return c.json<SessionPrepKitResponse>({ prepKit: await kits.get(c.req.param('sessionId'), servings) });
  });

  app.put('/:sessionId/prep-kit', async (c) => {
    const { userId } = await requireAdmin(c);
    return c.json<SessionPrepKitResponse>({ prepKit: await kits.setSessionKit(userId, c.req.param('sessionId'), await readJsonBody(c)) });
  });

  app.post('/:sessionId/prep-kit/send', async (c) => {
    const { userId } = await requireAdmin(c);
    readQuery(c, noQuery);
    return c.json<PrepKitSendResponse>(await kits.send(userId, c.req.param('sessionId')));
  });

  return app;
}
