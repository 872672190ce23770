// /api/waitlist: a signed-in learner joins a full session's line, sees their places and leaves
// (or gives back an offer, « Céder ma place »). docs/decisions/0050.
import { Hono } from 'hono';
import { waitlistQuerySchema, type WaitlistEntryResponse, type WaitlistListResponse } from '@shared/schemas/waitlist';
import type { AppEnv } from '../../http/app-env';
import { requireUser, signedInOnly } from '../../http/guards';
import { readJsonBody } from '../../http/json-only';
import { readQuery } from '../params';
import type { WaitlistService } from './service';

export function waitlistRoutes(waitlist: WaitlistService) {
  const app = new Hono<AppEnv>();
  app.use('*', signedInOnly);

  app.get('/', async (c) => {
    const { courseId } = readQuery(c, waitlistQuerySchema);
    const { userId } = await requireUser(c);
    return c.json<WaitlistListResponse>({ entries: await waitlist.mine(userId, courseId) });
  });

  app.post('/', async (c) => {
    const viewer = await requireUser(c);
    const { created, entry } = await waitlist.join(viewer, await readJsonBody(c));
    return c.json<WaitlistEntryResponse>({ entry }, created ? 201 : 200);
  });

  app.delete('/:entryId', async (c) => {
    const { userId } = await requireUser(c);
    return c.json<WaitlistEntryResponse>(await waitlist.leave(userId, c.req.param('entryId')));
  });

  return app;
}
