// GET /api/courses and /api/courses/:id.
import { Hono } from 'hono';
import { courseListQuery, type CourseListResponse, type CourseResponse } from '@shared/schemas/public';
import type { AppEnv } from '../../http/app-env';
import { getViewer } from '../../http/viewer';
import { publicCacheable } from '../../web/public-cache';
import { readQuery } from '../params';
import type { CourseService } from './service';

export function courseRoutes(courses: CourseService) {
  const app = new Hono<AppEnv>();
  // Marked route by route: the player's routes under /courses/:id/… (learning/routes.ts) answer
  // each viewer differently and must never be shared.
  app.get('/', publicCacheable(), async (c) => {
    const query = readQuery(c, courseListQuery);
    return c.json<CourseListResponse>({ courses: await courses.list(query, await getViewer(c)) });
  });
  app.get('/:id', publicCacheable(), async (c) => {
    return c.json<CourseResponse>({ course: await courses.detail(c.req.param('id'), await getViewer(c)) });
  });
  return app;
}
