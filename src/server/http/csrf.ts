// Cross-site request forgery: a state-changing API request must come from a page of our own origin.
// Browsers always say where a request comes from (Origin on every POST/PUT/PATCH/DELETE, and
// Sec-Fetch-Site); a request that says another site — or says nothing — changes nothing.
// The exempt paths are requests no browser page makes, authenticated otherwise (the payment
// provider's webhook, by its signature over the raw body).
//
// Our origin is PUBLIC_URL's when it is set. Unset (a fresh clone opened at http://127.0.0.1:3000, or
// from a phone at http://192.168.x.y:3000), it is also the request's own: the scheme the server sees
// and its Host. Trusting Host is sound for this check: the browser, not the page, writes both Host
// and Origin, so a page of another site always sends its own origin, never the target's. A client
// that forges both is not a browser carrying someone's cookies, so there is nobody to forge for.
// (DNS rebinding makes another name's page same-origin in the browser's own eyes too; it carries no
// cookie of ours, and a deployment behind a public name sets PUBLIC_URL, which turns this off.)
import type { Context, MiddlewareHandler } from 'hono';
import type { Config } from '../env';
import { AppError } from './app-error';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export type OriginPolicy = {
  publicUrl: string;
  /** PUBLIC_URL unset: the request's own origin counts as ours too. */
  trustRequestOrigin: boolean;
};

export const originPolicy = (config: Pick<Config, 'publicUrl' | 'publicUrlSet'>): OriginPolicy => ({
  publicUrl: config.publicUrl,
  trustRequestOrigin: !config.publicUrlSet,
});

/** The origins a request may come from: PUBLIC_URL's, and the request's own when PUBLIC_URL is unset. */
export function ourOrigins(policy: OriginPolicy, url: string): string[] {
  const ours = new URL(policy.publicUrl).origin;
  // The request's URL as the server built it: the scheme it was received on and the Host header.
  return policy.trustRequestOrigin ? [ours, new URL(url).origin] : [ours];
}

function isSameOrigin(c: Context, policy: OriginPolicy): boolean {
  const origin = c.req.header('origin');
  const site = c.req.header('sec-fetch-site');
  // A browser that says the request is cross-site is believed whatever Origin says.
  if (site !== undefined && site !== 'same-origin') return false;
  // Origin wins when present ('null' from sandboxed frames and file: pages is never ours).
  if (origin !== undefined) return ourOrigins(policy, c.req.url).includes(origin);
  return site === 'same-origin';
}

export function sameOriginOnly(policy: OriginPolicy, opts: { exempt?: readonly string[] } = {}): MiddlewareHandler {
  const exempt = new Set(opts.exempt ?? []);
  return async (c, next) => {
    if (SAFE_METHODS.has(c.req.method) || (c.req.method === 'POST' && exempt.has(c.req.path))) return next();
    if (!isSameOrigin(c, policy)) throw new AppError('CROSS_SITE_REQUEST');
    return next();
  };
}
