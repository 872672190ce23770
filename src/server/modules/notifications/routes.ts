// /api/notifications: the signed-in person's own notifications (401 for a visitor). The POSTs
// carry no body.
import { Hono } from 'hono';
import type { MarkReadResponse, NotificationListResponse, UnreadCountResponse } from '@shared/schemas/notifications';
import { z } from '@shared/zod';
import type { AppEnv } from '../../http/app-env';
import { requireUser, signedInOnly } from '../../http/guards';
import { noQuery, readQuery } from '../params';
import type { NotificationService } from './service';

const PAGE_ERROR = 'La page doit être un nombre entier de 1 à 500.';
const listQuery = z
  .object({ page: z.coerce.number({ error: PAGE_ERROR }).int({ error: PAGE_ERROR }).min(1, { error: PAGE_ERROR }).max(500, { error: PAGE_ERROR }).default(1) })
  .strict();

export function notificationRoutes(notifications: NotificationService) {
  const app = new Hono<AppEnv>();
  app.use('*', signedInOnly);

  app.get('/', async (c) => {
    const { userId } = await requireUser(c);
    const { page } = readQuery(c, listQuery);
    return c.json<NotificationListResponse>(await notifications.list(userId, page));
  });

  app.get('/unread-count', async (c) => {
    const { userId } = await requireUser(c);
    readQuery(c, noQuery);
    return c.json<UnreadCountResponse>(await notifications.unreadCount(userId));
  });

  app.post('/read-all', async (c) => {
    const { userId } = await requireUser(c);
    return c.json<MarkReadResponse>(await notifications.markAllRead(userId));
  });

  app.post('/:notificationId/read', async (c) => {
    const { userId } = await requireUser(c);
    return c.json<MarkReadResponse>(await notifications.markRead(userId, c.req.param('notificationId')));
  });

  return app;
}
