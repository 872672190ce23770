import { Readable } from 'node:stream';
import { Hono } from 'hono';
import type { Deps } from '../deps';

/** Serves stored files (images today) under /media/<key>. */
export function mediaRoutes(deps: Deps) {
  const app = new Hono();
  app.get('/*', async (c) => {
    const key = decodeURIComponent(c.req.path.replace(/^\/media\//, ''));
    let object;
    try {
      object = await deps.storage.get(key);
    } catch {
      object = null; // an unsafe key is simply not found
    }
    if (!object) return c.notFound();
    return new Response(Readable.toWeb(object.open()) as ReadableStream, {
      headers: {
        'Content-Type': object.contentType,
        'Content-Length': String(object.size),
        'Cache-Control': 'public, max-age=86400',
        'X-Content-Type-Options': 'nosniff',
      },
    });
  });
  return app;
}
