// /api/admin/sessions: the admin's live sessions — read one, set its video link or recording link,
// upload or remove its recording video, cancel it for everyone (the admin only, checked by the group's guard).
import { Hono } from 'hono';
import { COURSE_VIDEO_TYPES } from '@shared/schemas/admin-courses';
import type { AdminSessionCancelResponse, AdminSessionNotifyResponse, AdminSessionResponse } from '@shared/schemas/reservations';
import type { AppEnv } from '../../http/app-env';
import { AppError } from '../../http/app-error';
import { adminOnly, requireAdmin } from '../../http/guards';
import { readJsonBody, type RawUploadRoute } from '../../http/json-only';
import { declaredLength } from '../../http/node-request';
import { noQuery, readQuery } from '../params';
import type { SessionService } from './service';

/** The recording upload takes the file itself as the body, MP4 or WebM (415 UNSUPPORTED_VIDEO_TYPE else). */
export const ADMIN_SESSION_RAW_ROUTES: RawUploadRoute[] = [
  {
    method: 'PUT',
    path: /^\/api\/admin\/sessions\/[^/]+\/recording-video$/,
    types: COURSE_VIDEO_TYPES,
    refused: () => new AppError('UNSUPPORTED_VIDEO_TYPE'),
  },
];

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

  // « Prévenir les participants »: the link set now, to the confirmed attendees not told of it yet.
  app.post('/:sessionId/notify-link', async (c) => {
    const admin = await requireAdmin(c);
    readQuery(c, noQuery);
    return c.json<AdminSessionNotifyResponse>(await sessions.notifyLink(admin, c.req.param('sessionId')));
  });

  app.post('/:sessionId/cancel', async (c) => {
    const admin = await requireAdmin(c);
    return c.json<AdminSessionCancelResponse>(await sessions.cancel(admin, c.req.param('sessionId'), await readJsonBody(c)));
  });

  // The body is the file, streamed to storage as it arrives (never read whole here).
  app.put('/:sessionId/recording-video', async (c) => {
    const admin = await requireAdmin(c);
    const body = c.req.raw.body;
    const session = await sessions.replaceRecording(admin, c.req.param('sessionId'), body, declaredLength(c.req.header('content-length')));
    return c.json<AdminSessionResponse>({ session });
  });

  app.delete('/:sessionId/recording-video', async (c) => {
    const admin = await requireAdmin(c);
    return c.json<AdminSessionResponse>({ session: await sessions.removeRecording(admin, c.req.param('sessionId')) });
  });

  return app;
}
