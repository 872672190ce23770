// The first middleware of the app, before the public cache's fast path (cache hits are counted
// too): a request id (the X-Request-Id header, the log lines' `requestId`), the request's metrics
// and one access-log line. It runs on every request, so it does little: a clock read, a walk over
// the routes the router already matched, two metric updates.
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Context, MiddlewareHandler } from 'hono';
import { matchedRoutes } from 'hono/route';
import type { Logger } from 'pino';
import { socketAddress } from '../client-ip';
import { errorCodeOf } from '../error-handler';
import type { Observability } from './observability';
import { requestContext } from './request-context';

/** Probes and scrapes: counted, but no access-log line every few seconds. */
const UNLOGGED = new Set(['/healthz', '/readyz', '/metrics']);
const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);
/** What a proxy's id may look like: no spaces, quotes or control characters reach the logs. */
const WELL_FORMED_ID = /^[\w\-=.:]{8,128}$/;

export type ObserveOptions = { logger: Logger; trustedProxies: readonly string[] };

/**
 * The route pattern (never the raw URL: ids would make one series per row). The route that
 * answered, or — when a middleware answered (the cache, a refusal) — the route the request was
 * going to; 'unmatched' when no route knows the path.
 */
export function routeOf(c: Context, status: number): string {
  const routes = matchedRoutes(c);
  const responder = routes[c.req.routeIndex];
  if (responder && responder.method !== 'ALL') return responder.path;
  if (status === 404) return 'unmatched';
  for (let i = c.req.routeIndex + 1; i < routes.length; i++) {
    if (routes[i]!.method !== 'ALL') return routes[i]!.path;
  }
  return 'unmatched';
}

/** A proxy we trust may pass its own id on, so one id follows the request through both logs. */
function incomingId(c: Context, trustedProxies: readonly string[]): string | undefined {
  if (trustedProxies.length === 0 || !trustedProxies.includes(socketAddress(c))) return undefined;
  const id = c.req.header('x-request-id');
  return id && WELL_FORMED_ID.test(id) ? id : undefined;
}

export function observeRequests(obs: Observability, opts: ObserveOptions): MiddlewareHandler {
  const { metrics } = obs;
  const { logger, trustedProxies } = opts;
  // One pair of series per method, route and status (a few hundred at most): looked up once, then
  // updated without prom-client hashing the labels on every request.
  const series = new Map<string, { count: { inc(): void }; duration: { observe(v: number): void } }>();
  const seriesOf = (method: string, route: string, status: string) => {
    const key = `${method} ${status} ${route}`;
    let found = series.get(key);
    if (!found) {
      found = { count: metrics.httpRequests.labels(method, route, status), duration: metrics.httpDuration.labels(method, route, status) };
      series.set(key, found);
    }
    return found;
  };
  return (c, next) => {
    const started = performance.now();
    const requestId = incomingId(c, trustedProxies) ?? randomUUID();
    c.set('requestId', requestId);
    return requestContext.run({ requestId }, async () => {
      await next();
      const res = c.res;
      res.headers.set('x-request-id', requestId);
      // Once shutdown has begun, a kept-alive connection would only delay the exit.
      if (obs.draining) res.headers.set('connection', 'close');
      const method = METHODS.has(c.req.method) ? c.req.method : 'OTHER';
      const route = routeOf(c, res.status);
      const status = String(res.status);
      const seconds = (performance.now() - started) / 1000;
      const { count, duration } = seriesOf(method, route, status);
      count.inc();
      duration.observe(seconds);
      if (!UNLOGGED.has(c.req.path) && logger.isLevelEnabled('info')) {
        // No requestId here: the logger's mixin adds it, as to every line written in a request.
        logger.info({ method: c.req.method, route, status: res.status, durationMs: Math.round(seconds * 10_000) / 10 }, 'requête');
      }
    });
  };
}

/**
 * app_errors_total{code}: wraps the app's error handler and counts the code it answered with
 * (error-handler.ts errorCodeOf: the answer's body is never read, which would make
 * @hono/node-server stream it instead of writing its string).
 */
export function countingErrors<C>(obs: Observability, handle: (err: Error, c: C) => Response | Promise<Response>) {
  return async (err: Error, c: C): Promise<Response> => {
    const res = await handle(err, c);
    const code = errorCodeOf(res);
    if (code) obs.metrics.appErrors.inc({ code });
    return res;
  };
}

type NodeListener = (req: IncomingMessage, res: ServerResponse) => void;

/**
 * The public cache's fast path (web/public-cache.ts withPublicCacheFastPath) answers a visitor's
 * hit on Node's request, before the app: counted here under route 'public-cache' (its answer is
 * written synchronously, so whether the app was called is known when the wrapped listener
 * returns). A hit costs one WeakSet lookup and two metric updates more.
 */
export function countPublicCacheHits(obs: Observability, fastPath: (app: NodeListener) => NodeListener, app: NodeListener): NodeListener {
  const reachedApp = new WeakSet<IncomingMessage>();
  // The labelled series looked up once per method and status, not hashed from a labels object per hit.
  const series = new Map<string, { count: { inc(): void }; duration: { observe(v: number): void } }>();
  const seriesOf = (method: string, status: string) => {
    const key = `${method} ${status}`;
    let found = series.get(key);
    if (!found) {
      found = { count: obs.metrics.httpRequests.labels(method, 'public-cache', status), duration: obs.metrics.httpDuration.labels(method, 'public-cache', status) };
      series.set(key, found);
    }
    return found;
  };
  const listener = fastPath((req, res) => {
    reachedApp.add(req);
    app(req, res);
  });
  return (req, res) => {
    const started = performance.now();
    listener(req, res);
    if (reachedApp.has(req)) return;
    const { count, duration } = seriesOf(req.method === 'HEAD' ? 'HEAD' : 'GET', String(res.statusCode));
    count.inc();
    duration.observe((performance.now() - started) / 1000);
  };
}
