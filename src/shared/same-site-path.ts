// The one judge of where this site may send a browser: a path of this site, never another origin.
// Browsers read '//host', '/\host', '\/host' as another site, and drop tabs and newlines from an
// address before reading it ('/\t/host' is '//host'): anything of the kind is refused outright.

/** An origin no real address has: a target that resolves anywhere else is not one of our paths. */
const PROBE = 'http://toque.invalid';

/** Control characters (browsers strip some), backslashes (read as '/'), and whitespace. */
// eslint-disable-next-line no-control-regex -- control characters are what this looks for
const SUSPICIOUS = /[\u0000-\u0020\u007f\\]/;

/**
 * `target` as a path of this site ('/cours?x=1#y', normalised), or `fallback` when it is anything
 * else: another origin, a scheme ('javascript:', 'https:'), a protocol-relative or backslashed form.
 */
export function sameSitePath(target: unknown, fallback = '/'): string {
  if (typeof target !== 'string' || !target.startsWith('/') || /^\/[/\\]/.test(target) || SUSPICIOUS.test(target)) return fallback;
  let url: URL;
  try {
    url = new URL(target, PROBE);
  } catch {
    return fallback;
  }
  if (url.origin !== PROBE) return fallback;
  const path = `${url.pathname}${url.search}${url.hash}`;
  // The parser may itself have produced '//' (e.g. from '/./'+'/host'): judged once more.
  return /^\/[/\\]/.test(path) ? fallback : path;
}

/** Whether `target` is a path of this site as given (for a schema's refine). */
export const isSameSitePath = (target: string): boolean => sameSitePath(target, '') !== '';
