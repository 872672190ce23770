// /api/admin/courses: the admin's Cours tab. Admin only (the group's guard: 401 visitor, 403 others).
// Cancelling a session is the live-classes flow at /api/admin/sessions/:id/cancel (refunds and mail).
import { Hono } from 'hono';
import {
  COURSE_ID_FIELD,
  COURSE_IMAGE_FIELD,
  COURSE_IMAGE_MAX_BYTES,
  COURSE_IMAGE_PATH,
  COURSE_VIDEO_TYPES,
  type AdminCourseDeleteResponse,
  type AdminCourseListResponse,
  type AdminCourseResponse,
  type AdminCourseSessionResponse,
} from '@shared/schemas/admin-courses';
import type { AppEnv } from '../../http/app-env';
import { AppError } from '../../http/app-error';
import { adminOnly, requireAdmin } from '../../http/guards';
import { readImageUpload, uploadBodyLimit } from '../../http/image-upload';
import { readJsonBody, type MultipartRoute, type RawUploadRoute } from '../../http/json-only';
import { declaredLength } from '../../http/node-request';
import { noQuery, readQuery } from '../params';
import type { AdminCourseService } from './service';

/** The picture upload takes multipart/form-data instead of JSON (see http/json-only.ts). */
export const ADMIN_COURSE_MULTIPART_ROUTES: MultipartRoute[] = [{ method: 'POST', path: COURSE_IMAGE_PATH }];
/** The video upload takes the file itself as the body, MP4 or WebM (415 UNSUPPORTED_VIDEO_TYPE else). */
export const ADMIN_COURSE_RAW_ROUTES: RawUploadRoute[] = [
  { method: 'PUT', path: /^\/api\/admin\/courses\/[^/]+\/video$/, types: COURSE_VIDEO_TYPES, refused: () => new AppError('UNSUPPORTED_VIDEO_TYPE') },
];

export function adminCourseRoutes(courses: AdminCourseService) {
  const app = new Hono<AppEnv>();
  app.use('*', adminOnly);

  app.get('/', async (c) => {
    readQuery(c, noQuery);
    return c.json<AdminCourseListResponse>(await courses.list());
  });

  app.post('/', async (c) => {
    const { userId } = await requireAdmin(c);
    return c.json<AdminCourseResponse>({ course: await courses.create(userId, await readJsonBody(c)) }, 201);
  });

  app.post('/image', uploadBodyLimit(COURSE_IMAGE_MAX_BYTES), async (c) => {
    const { userId } = await requireAdmin(c);
    const { id, bytes } = await readImageUpload(c, {
      fileField: COURSE_IMAGE_FIELD,
      maxFileBytes: COURSE_IMAGE_MAX_BYTES,
      id: { field: COURSE_ID_FIELD, missing: 'COURSE_NOT_FOUND' },
    });
    return c.json<AdminCourseResponse>({ course: await courses.replaceImage(userId, id!, bytes) });
  });

  app.get('/:id', async (c) => {
    readQuery(c, noQuery);
    return c.json<AdminCourseResponse>({ course: await courses.get(c.req.param('id')) });
  });

  app.patch('/:id', async (c) => {
    const { userId } = await requireAdmin(c);
    return c.json<AdminCourseResponse>({ course: await courses.update(userId, c.req.param('id'), await readJsonBody(c)) });
  });

  app.post('/:id/unpublish', async (c) => {
    const { userId } = await requireAdmin(c);
    return c.json<AdminCourseResponse>({ course: await courses.unpublish(userId, c.req.param('id')) });
  });

  app.delete('/:id', async (c) => {
    const { userId } = await requireAdmin(c);
    return c.json<AdminCourseDeleteResponse>(await courses.remove(userId, c.req.param('id')));
  });

  // The body is the file, streamed to storage as it arrives (never read whole here).
  app.put('/:id/video', async (c) => {
    const { userId } = await requireAdmin(c);
    const course = await courses.replaceVideo(userId, c.req.param('id'), c.req.raw.body, declaredLength(c.req.header('content-length')));
    return c.json<AdminCourseResponse>({ course });
  });

  app.post('/:id/sessions', async (c) => {
    const { userId } = await requireAdmin(c);
    return c.json<AdminCourseSessionResponse>(await courses.addSession(userId, c.req.param('id'), await readJsonBody(c)), 201);
  });

  app.patch('/:id/sessions/:sessionId', async (c) => {
    const { userId } = await requireAdmin(c);
    const session = await courses.editSession(userId, c.req.param('id'), c.req.param('sessionId'), await readJsonBody(c));
    return c.json<AdminCourseSessionResponse>({ session });
  });

  return app;
}
