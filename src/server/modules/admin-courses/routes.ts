// /api/admin/courses: the admin's Cours tab. Admin only (the group's guard: 401 visitor, 403 others).
// Cancelling a session is the live-classes flow at /api/admin/sessions/:id/cancel (refunds and mail).
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
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
import type { AppEnv } from '../../app';
import { AppError } from '../../http/app-error';
import { adminOnly, requireAdmin } from '../../http/guards';
import { readJsonBody, type MultipartRoute, type RawUploadRoute } from '../../http/json-only';
import { noQuery, readQuery } from '../params';
import type { AdminCourseService } from './service';

/** Room for the multipart envelope (boundaries, part headers, a long file name) around the file. */
const MULTIPART_OVERHEAD_BYTES = 16 * 1024;

/** The picture upload takes multipart/form-data instead of JSON (see http/json-only.ts). */
export const ADMIN_COURSE_MULTIPART_ROUTES: MultipartRoute[] = [{ method: 'POST', path: COURSE_IMAGE_PATH }];
/** The video upload takes the file itself as the body, MP4 or WebM (415 UNSUPPORTED_VIDEO_TYPE else). */
export const ADMIN_COURSE_RAW_ROUTES: RawUploadRoute[] = [
  { method: 'PUT', path: /^\/api\/admin\/courses\/[^/]+\/video$/, types: COURSE_VIDEO_TYPES, refused: () => new AppError('UNSUPPORTED_VIDEO_TYPE') },
];

const CHOOSE_FILE = 'Choisissez une image à envoyer.';

function declaredLength(raw: string | undefined): number | null {
  return raw && /^\d+$/.test(raw.trim()) ? Number(raw.trim()) : null;
}

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

  app.post(
    '/image',
    // Refused from Content-Length alone when it says too much, else while streaming: a huge body is never held in memory.
    bodyLimit({
      maxSize: COURSE_IMAGE_MAX_BYTES + MULTIPART_OVERHEAD_BYTES,
      onError: () => {
        throw new AppError('FILE_TOO_LARGE');
      },
    }),
    async (c) => {
      const { userId } = await requireAdmin(c);
      let form: Record<string, string | File>;
      try {
        form = await c.req.parseBody();
      } catch {
        throw new AppError('BAD_REQUEST', "Le formulaire d'envoi est illisible.");
      }
      const id = form[COURSE_ID_FIELD];
      if (typeof id !== 'string') throw new AppError('COURSE_NOT_FOUND');
      const file = form[COURSE_IMAGE_FIELD];
      if (!(file instanceof File)) throw new AppError('VALIDATION_FAILED', undefined, { [COURSE_IMAGE_FIELD]: CHOOSE_FILE });
      if (file.size > COURSE_IMAGE_MAX_BYTES) throw new AppError('FILE_TOO_LARGE');
      return c.json<AdminCourseResponse>({ course: await courses.replaceImage(userId, id, Buffer.from(await file.arrayBuffer())) });
    },
  );

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
    return c.json<AdminCourseSessionResponse>({ session: await courses.addSession(userId, c.req.param('id'), await readJsonBody(c)) }, 201);
  });

  app.patch('/:id/sessions/:sessionId', async (c) => {
    const { userId } = await requireAdmin(c);
    const session = await courses.editSession(userId, c.req.param('id'), c.req.param('sessionId'), await readJsonBody(c));
    return c.json<AdminCourseSessionResponse>({ session });
  });

  return app;
}
