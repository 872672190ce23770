// Builds the HTTP application from its dependencies. No I/O happens here; index.ts boots it.
import { Hono } from 'hono';
import { requestId } from 'hono/request-id';
import { secureHeaders } from 'hono/secure-headers';
import { ERROR_MESSAGES } from '@shared/errors';
import type { Deps } from './deps';
import { errorHandler } from './http/error-handler';
import { mediaRoutes } from './web/media';
import { webRoutes } from './web/routes';

export type AppEnv = { Variables: { requestId: string } };

export function createApp(deps: Deps) {
  const app = new Hono<AppEnv>();
  app.use(requestId());
  app.use(
    secureHeaders({
      // The full Content-Security-Policy comes with the production-grade work; these are safe now.
      crossOriginEmbedderPolicy: false,
      referrerPolicy: 'strict-origin-when-cross-origin',
    }),
  );
  app.onError(errorHandler(deps.logger));

  const api = new Hono<AppEnv>();
  // Feature modules register their routes here.
  api.get('/health', (c) => c.json({ ok: true }));
  api.all('*', (c) =>
    c.json({ error: { code: 'ROUTE_NOT_FOUND', message: ERROR_MESSAGES.ROUTE_NOT_FOUND, requestId: c.get('requestId') } }, 404),
  );
  app.route('/api', api);

  app.route('/media', mediaRoutes(deps));
  app.route('/', webRoutes(deps));
  return app;
}
