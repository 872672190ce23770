// Minimum enrolment's answers (docs/decisions/0048). From « Aperçu », the admin (checked by the
// group's guard): POST /api/admin/sessions/:sessionId/minimum/keep (« Maintenir la séance ») and
// …/minimum/cancel (« Annuler la séance »). Safe to repeat: a second answer says `changed: false`.
import { Hono } from 'hono';
import type { MinimumAnswerResponse } from '@shared/schemas/admin-overview';
import type { AppEnv } from '../../http/app-env';
import { adminOnly, requireAdmin } from '../../http/guards';
import { noQuery, readQuery } from '../params';
import type { MinimumEnrolment } from './service';

export function adminMinimumRoutes(minimum: MinimumEnrolment) {
  const app = new Hono<AppEnv>();
  app.use('/:sessionId/minimum/*', adminOnly);

  app.post('/:sessionId/minimum/keep', async (c) => {
    const admin = await requireAdmin(c);
    readQuery(c, noQuery);
    return c.json<MinimumAnswerResponse>(await minimum.answer(admin.userId, c.req.param('sessionId'), 'keep'));
  });

  app.post('/:sessionId/minimum/cancel', async (c) => {
    const admin = await requireAdmin(c);
    readQuery(c, noQuery);
    return c.json<MinimumAnswerResponse>(await minimum.answer(admin.userId, c.req.param('sessionId'), 'cancel'));
  });

  return app;
}
