// The operations endpoints, mounted at the top level before anything that reads a session or the
// database: /healthz (the process answers), /readyz (it can serve), /metrics (Prometheus).
import { createHash, timingSafeEqual } from 'node:crypto';
import { Hono, type Context } from 'hono';
import type { Logger } from 'pino';
import { ERROR_MESSAGES, type ErrorCode } from '@shared/errors';
import type { Database } from '../../db/client';
import { socketAddress } from '../client-ip';
import type { Observability } from './observability';
import { createReadiness } from './readiness';

export type OperationsOptions = {
  database: Pick<Database, 'db'>;
  migrationsDir: string;
  metricsToken: string | undefined;
  logger: Logger;
  readinessTimeoutMs?: number;
};

const NO_STORE = 'no-store';

function errorJson(c: Context, code: ErrorCode, status: 401 | 403 | 503) {
  return c.json({ error: { code, message: ERROR_MESSAGES[code], requestId: c.get('requestId') as string } }, status);
}

/** Digests first: timingSafeEqual wants equal lengths, and the token's length stays secret too. */
function sameSecret(given: string, expected: string): boolean {
  const a = createHash('sha256').update(given).digest();
  const b = createHash('sha256').update(expected).digest();
  return timingSafeEqual(a, b);
}

function isLoopback(address: string): boolean {
  return address === '::1' || address.startsWith('127.');
}

/**
 * Without a token, only this machine may read the metrics; a request a local reverse proxy passes
 * on also comes from 127.0.0.1, but carries a forwarding header: refused, so a proxy in front
 * never makes the metrics public by accident.
 */
function metricsRefusal(c: Context, token: string | undefined): 401 | 403 | null {
  if (token) {
    const match = /^Bearer\s+(\S+)$/i.exec(c.req.header('authorization') ?? '');
    return match && sameSecret(match[1]!, token) ? null : 401;
  }
  const forwarded = c.req.header('x-forwarded-for') !== undefined || c.req.header('forwarded') !== undefined;
  return isLoopback(socketAddress(c)) && !forwarded ? null : 403;
}

export function operationsRoutes(obs: Observability, opts: OperationsOptions) {
  const app = new Hono();
  const notReady = createReadiness(opts.database, opts.migrationsDir, obs, opts.readinessTimeoutMs);

  app.get('/healthz', (c) => {
    c.header('cache-control', NO_STORE);
    return c.json({ status: 'ok' });
  });

  app.get('/readyz', async (c) => {
    c.header('cache-control', NO_STORE);
    const reason = await notReady();
    if (!reason) return c.json({ status: 'ready' });
    if (reason !== 'draining') opts.logger.warn({ reason }, 'instance pas prête');
    return errorJson(c, 'SERVICE_UNAVAILABLE', 503);
  });

  app.get('/metrics', async (c) => {
    c.header('cache-control', NO_STORE);
    const refusal = metricsRefusal(c, opts.metricsToken);
    if (refusal === 401) {
      c.header('www-authenticate', 'Bearer realm="metrics"');
      return errorJson(c, 'UNAUTHENTICATED', 401);
    }
    if (refusal === 403) return errorJson(c, 'FORBIDDEN', 403);
    const registry = obs.metrics.registry;
    return c.body(await registry.metrics(), 200, { 'content-type': registry.contentType });
  });

  return app;
}
