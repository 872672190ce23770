import { readFileSync } from 'node:fs';
import path from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono } from 'hono';
import type { Deps } from '../deps';

/** The built SPA: hashed assets cached for a year, every other path answered with index.html. */
export function webRoutes(deps: Deps) {
  const app = new Hono();
  const clientDir = deps.config.clientDir;
  const relRoot = path.relative(process.cwd(), clientDir) || '.';

  app.use(
    '/assets/*',
    async (c, next) => {
      await next();
      if (c.res.status === 200) c.header('Cache-Control', 'public, max-age=31536000, immutable');
    },
    serveStatic({ root: relRoot }),
  );
  app.use('*', serveStatic({ root: relRoot, index: '' }));

  let html: string | null = null;
  app.get('*', (c) => {
    html ??= readFileSync(path.join(clientDir, 'index.html'), 'utf8');
    c.header('Cache-Control', 'no-cache');
    return c.html(html);
  });
  return app;
}
