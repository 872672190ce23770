// The headers every response carries: a strict Content-Security-Policy (no inline script, ever;
// Stripe's hosts only when Stripe takes the payments), HSTS in production, and the browser
// features the site uses and no other.
import type { MiddlewareHandler } from 'hono';
import { every } from 'hono/combine';
import { secureHeaders } from 'hono/secure-headers';
import type { Config } from '../env';

/** Stripe.js and its Payment Element (Stripe's integration security guide lists these hosts). */
const STRIPE = {
  script: ['https://js.stripe.com'],
  // The Element's fields and 3-D Secure's challenge are Stripe's frames.
  frame: ['https://js.stripe.com', 'https://hooks.stripe.com'],
  connect: ['https://api.stripe.com'],
};

export type CspDirectives = Record<string, string[]>;
type SiteConfig = Pick<Config, 'env' | 'payments' | 'publicUrl'>;

/** The policy as directives, so tests and the header agree on one source. */
export function contentSecurityPolicy(config: SiteConfig): CspDirectives {
  const stripe = config.payments.provider === 'stripe';
  const directives: CspDirectives = {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...(stripe ? STRIPE.script : [])],
    // Scripts never come from an attribute (onclick=…), whatever else is allowed.
    'script-src-attr': ["'none'"],
    'style-src': ["'self'"],
    // sonner (toasts) and Radix's scroll lock insert <style> elements at run time; React's style
    // props (progress bars, image placeholders) are attributes. Styles only: never scripts.
    'style-src-elem': ["'self'", "'unsafe-inline'"],
    'style-src-attr': ["'unsafe-inline'"],
    // data: for small images Vite inlines, blob: for an avatar's preview before its upload.
    'img-src': ["'self'", 'data:', 'blob:'],
    'media-src': ["'self'", 'blob:'],
    'font-src': ["'self'"],
    'connect-src': ["'self'", ...(stripe ? STRIPE.connect : [])],
    'frame-src': stripe ? STRIPE.frame : ["'none'"],
    // The outbox and prep-kit previews are srcdoc frames (same origin, sandboxed).
    'child-src': ["'self'"],
    'worker-src': ["'self'"],
    'manifest-src': ["'self'"],
    'object-src': ["'none'"],
    'base-uri': ["'none'"],
    'frame-ancestors': ["'none'"],
    'form-action': ["'self'"],
  };
  // A production site behind HTTPS: an http:// link left in content is fetched over HTTPS. (A
  // production build served on http://127.0.0.1, as the browser journeys do, must not be upgraded.)
  if (config.env === 'production' && config.publicUrl.startsWith('https://')) directives['upgrade-insecure-requests'] = [];
  return directives;
}

export const serializeCsp = (directives: CspDirectives): string =>
  Object.entries(directives)
    .map(([name, values]) => [name, ...values].join(' '))
    .join('; ');

/** Camel-cased keys as hono's secureHeaders takes them. */
const camel = (name: string) => name.replace(/-([a-z])/g, (_, ch: string) => ch.toUpperCase());

/**
 * Text answers name their charset, so no browser guesses one (hono's c.json sends a bare
 * application/json). Binary ones (images, video, PDF) have none to name; the event stream is
 * UTF-8 by definition.
 */
const withCharset: MiddlewareHandler = async (c, next) => {
  await next();
  const type = c.res.headers.get('content-type');
  if (type && !/charset=/i.test(type) && /^(text\/(?!event-stream)|application\/(json|xml|[a-z.+-]+\+(json|xml))\b)/i.test(type)) {
    c.res.headers.set('content-type', `${type}; charset=utf-8`);
  }
};

export function securityHeaders(config: SiteConfig): MiddlewareHandler {
  return every(withCharset, forData(headers(config)));
}

/** A data answer's policy: it is never a document, so nothing in it may load, run or be framed. */
export const DATA_CSP = "default-src 'none'; frame-ancestors 'none'";

/**
 * Headers that govern a document (its features, its browsing context, its scripts' sources): a JSON
 * answer or an event stream is never rendered as one (nosniff, its own CSP), so they only weigh on
 * every API answer (OWASP REST Security cheat sheet: an API's answers need nosniff, a CSP with
 * frame-ancestors 'none', HSTS and X-Frame-Options).
 */
const DOCUMENT_ONLY = [
  'permissions-policy',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
];

const isData = (type: string | null) => type !== null && /^(application\/json|text\/event-stream)\b/i.test(type);

/** The site's headers on documents and files; on a data answer, the short set above. */
function forData(site: MiddlewareHandler): MiddlewareHandler {
  return async (c, next) => {
    await site(c, next);
    const res = c.res.headers;
    if (!isData(res.get('content-type'))) return;
    for (const name of DOCUMENT_ONLY) res.delete(name);
    res.set('content-security-policy', DATA_CSP);
  };
}

function headers(config: SiteConfig): MiddlewareHandler {
  const csp = Object.fromEntries(Object.entries(contentSecurityPolicy(config)).map(([name, values]) => [camel(name), values]));
  return secureHeaders({
    contentSecurityPolicy: csp,
    // Only over HTTPS in production: a development or test server on http:// must stay reachable.
    strictTransportSecurity: config.env === 'production' ? 'max-age=31536000; includeSubDomains' : false,
    crossOriginEmbedderPolicy: false,
    crossOriginOpenerPolicy: 'same-origin',
    referrerPolicy: 'strict-origin-when-cross-origin',
    xFrameOptions: 'DENY',
    // The cook mode keeps the screen on; the course player may go full screen; the calendar's
    // "copier le lien" writes to the clipboard. Everything else is off, for us and any frame.
    permissionsPolicy: {
      screenWakeLock: ['self'],
      fullscreen: ['self'],
      clipboardWrite: ['self'],
      // Stripe's frames ask for it for wallets (Apple Pay, Google Pay).
      payment: config.payments.provider === 'stripe' ? ['self', 'https://js.stripe.com'] : [],
      camera: [],
      microphone: [],
      geolocation: [],
      usb: [],
      serial: [],
      bluetooth: [],
      hid: [],
      midi: [],
      accelerometer: [],
      gyroscope: [],
      magnetometer: [],
      displayCapture: [],
      browsingTopics: [],
    },
    // A route may set a stricter value (the reset page sends no referrer; receipts have their own CSP).
    overwrite: false,
  });
}
