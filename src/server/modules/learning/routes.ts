// The learning routes. Under /api/courses/:id: playback (the player's state), video (the bytes, GET
// and HEAD with Range) and progress (PUT); under /api/recordings/:sessionId: a live session's
// recording page and its video. Every answer depends on who asks: none is ever marked
// publicCacheable, and each says `private, no-store` so no browser or proxy keeps it either.
import { Hono, type Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { CoursePlaybackResponse, ProgressResponse, RecordingResponse } from '@shared/schemas/learning';
import type { AppEnv } from '../../http/app-env';
import { sendStoredObject } from '../../http/byte-range';
import { readJsonBody } from '../../http/json-only';
import { getViewer } from '../../http/viewer';
import { noQuery, readQuery } from '../params';
import type { LearningService, VideoToStream } from './service';

const PRIVATE = 'private, no-store';

function stream(c: Context, video: VideoToStream): Response {
  return sendStoredObject(c, video.object, { etag: video.etag, contentType: video.contentType });
}

/** Errors included: nothing under these paths is for a browser or proxy to keep. */
const noStore = createMiddleware<AppEnv>(async (c, next) => {
  await next();
  c.header('Cache-Control', PRIVATE);
});

/**
 * Mounted at /courses, before the public course routes. The no-store step is given route by route:
 * as a '*' (or even '/:id/*') middleware it would also run for the public /courses/:id, which is cached.
 */
export function learningCourseRoutes(learning: LearningService) {
  const app = new Hono<AppEnv>();

  app.get('/:id/playback', noStore, async (c) => {
    readQuery(c, noQuery);
    return c.json<CoursePlaybackResponse>(await learning.playback(c.req.param('id'), await getViewer(c)));
  });

  // HEAD is answered by this GET route (Hono), with the same checks and no body.
  app.get('/:id/video', noStore, async (c) => stream(c, await learning.courseVideo(c.req.param('id'), await getViewer(c))));

  // The body is read once the viewer may save here: a visitor is told 401, not how to write JSON.
  app.put('/:id/progress', noStore, async (c) => {
    return c.json<ProgressResponse>(await learning.saveProgress(c.req.param('id'), await getViewer(c), () => readJsonBody(c)));
  });

  return app;
}

/** Mounted at /recordings: signed-in people only (401), the session's attendees, teacher and the admin (403 else). */
export function recordingRoutes(learning: LearningService) {
  const app = new Hono<AppEnv>();
  app.use('*', noStore);

  app.get('/:sessionId', async (c) => {
    readQuery(c, noQuery);
    return c.json<RecordingResponse>(await learning.recording(c.req.param('sessionId'), await getViewer(c)));
  });

  app.get('/:sessionId/video', async (c) => stream(c, await learning.recordingVideo(c.req.param('sessionId'), await getViewer(c))));

  return app;
}
