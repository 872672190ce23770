// GET /api/courses and /api/courses/:id.
import { Hono } from 'hono';
import { courseListQuery, type CourseListResponse, type CourseResponse } from '@shared/schemas/public';
import type { AppEnv } from '../../app';
import { getViewer } from '../../http/viewer';
import { publicCacheable } from '../../web/public-cache';
import { readQuery } from '../params';
import type { CourseService } from './service';

export function courseRoutes(courses: CourseService) {
  const app = new Hono<AppEnv>();
  app.use('*', publicCacheable());
  app.get('/', async (c) => {
    const query = readQuery(c, courseListQuery);
    return c.json<CourseListResponse>({ courses: await courses.list(query) });
  });
  app.get('/:id', async (c) => {
    return c.json<CourseResponse>({ course: await courses.detail(c.req.param('id'), await getViewer(c)) });
  });
  return app;
}
