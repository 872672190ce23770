// Cross-site request forgery: a state-changing API request must come from a page of our own origin.
// Browsers always say where a request comes from (Origin on every POST/PUT/PATCH/DELETE, and
// Sec-Fetch-Site); a request that says another site — or says nothing — changes nothing.
// The exempt paths are requests no browser page makes, authenticated otherwise (the payment
// provider's webhook, by its signature over the raw body).
import type { MiddlewareHandler } from 'hono';
import { AppError } from './app-error';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export function sameOriginOnly(publicUrl: string, opts: { exempt?: readonly string[] } = {}): MiddlewareHandler {
  const ours = new URL(publicUrl).origin;
  const exempt = new Set(opts.exempt ?? []);
  return async (c, next) => {
    if (SAFE_METHODS.has(c.req.method) || (c.req.method === 'POST' && exempt.has(c.req.path))) return next();
    const origin = c.req.header('origin');
    const site = c.req.header('sec-fetch-site');
    // Origin wins when present ('null' from sandboxed frames and file: pages is never ours).
    const allowed = origin !== undefined ? origin === ours : site === 'same-origin';
    if (!allowed) throw new AppError('CROSS_SITE_REQUEST');
    return next();
  };
}
