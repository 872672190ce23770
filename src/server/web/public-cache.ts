// The public response cache: visitor answers to public GETs (API reads and page HTML) kept in
// memory with a strong ETag, so the hot path is a map lookup and a conditional 304.
//
// Staleness: every write that changes public data calls invalidatePublicCache(). Several server
// instances share one database, so the clear must reach them all: the realtime work installs a
// broadcaster (Postgres NOTIFY) with setPublicCacheBroadcaster() and, on each notification heard
// through LISTEN, calls clearLocalPublicCache(). The short TTL is a safety net for what no write
// announces (time passing: a session starting, a seat hold expiring).
import { createHash } from 'node:crypto';
import type { Context, MiddlewareHandler } from 'hono';
import { getViewer } from '../http/viewer';

type Entry = {
  body: string;
  etag: string;
  contentType: string;
  expiresAt: number;
  bytes: number;
};

export type PublicCacheOptions = {
  ttlMs: number;
  /** Upper bound of the bodies kept (in UTF-16 code units, near enough to bytes for a bound). */
  maxBytes: number;
  clock?: () => number;
};

export class PublicResponseCache {
  readonly #entries = new Map<string, Entry>();
  #bytes = 0;
  #generation = 0;
  readonly #clock: () => number;

  constructor(readonly options: PublicCacheOptions) {
    this.#clock = options.clock ?? Date.now;
  }

  /** Bumped by every clear: an answer computed before a clear must not be stored after it. */
  get generation(): number {
    return this.#generation;
  }

  get size(): number {
    return this.#entries.size;
  }

  get(key: string): Entry | undefined {
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt <= this.#clock()) {
      this.#remove(key, entry);
      return undefined;
    }
    // Least recently used goes first when full: re-insert to move this key to the end.
    this.#entries.delete(key);
    this.#entries.set(key, entry);
    return entry;
  }

  /** Stores an answer computed during `generation`; returns the entry (stored or not). */
  set(key: string, generation: number, body: string, contentType: string): Entry {
    const entry: Entry = {
      body,
      etag: strongEtag(body),
      contentType,
      expiresAt: this.#clock() + this.options.ttlMs,
      bytes: body.length,
    };
    if (generation !== this.#generation || entry.bytes > this.options.maxBytes) return entry;
    const old = this.#entries.get(key);
    if (old) this.#remove(key, old);
    this.#entries.set(key, entry);
    this.#bytes += entry.bytes;
    for (const [k, e] of this.#entries) {
      if (this.#bytes <= this.options.maxBytes) break;
      this.#remove(k, e);
    }
    return entry;
  }

  clear(): void {
    this.#entries.clear();
    this.#bytes = 0;
    this.#generation++;
  }

  #remove(key: string, entry: Entry) {
    this.#entries.delete(key);
    this.#bytes -= entry.bytes;
  }
}

export function strongEtag(body: string): string {
  return `"${createHash('sha1').update(body).digest('base64url')}"`;
}

/** True when an If-None-Match header names this ETag (weak comparison, as RFC 9110 asks for GET). */
export function etagMatches(ifNoneMatch: string, etag: string): boolean {
  if (ifNoneMatch.trim() === '*') return true;
  const bare = etag.replace(/^W\//, '');
  return ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === bare);
}

/** The one cache of this process. */
export const publicCache = new PublicResponseCache({ ttlMs: 60_000, maxBytes: 32 * 1024 * 1024 });

let broadcaster: (() => void) | null = null;

/** Call after every write that changes what visitors see. Clears this instance and, once installed, the others. */
export function invalidatePublicCache(): void {
  publicCache.clear();
  broadcaster?.();
}

/** Clears this instance only: for the LISTEN side of the cross-instance invalidation. */
export function clearLocalPublicCache(): void {
  publicCache.clear();
}

/** Installs how other instances are told (Postgres NOTIFY); null removes it. */
export function setPublicCacheBroadcaster(fn: (() => void) | null): void {
  broadcaster = fn;
}

/** Revalidate every time: a 304 costs one small round trip and never shows stale data. */
const CACHE_CONTROL = 'no-cache';

function answer(c: Context, entry: Entry): Response {
  const inm = c.req.header('if-none-match');
  if (inm && etagMatches(inm, entry.etag)) {
    return new Response(null, { status: 304, headers: { ETag: entry.etag, 'Cache-Control': CACHE_CONTROL, Vary: 'Cookie' } });
  }
  return new Response(entry.body, {
    status: 200,
    headers: { 'Content-Type': entry.contentType, ETag: entry.etag, 'Cache-Control': CACHE_CONTROL, Vary: 'Cookie' },
  });
}

/** The request's path and query: the cache key unless `keyOf` says otherwise. */
function pathAndQuery(c: Context): string {
  const url = c.req.url;
  return url.slice(url.indexOf('/', url.indexOf('//') + 2));
}

/**
 * Middleware for public GET routes. Only visitors' 200 answers are shared: once accounts exist,
 * answers differ per viewer (unlocked content) and those go straight to the handler.
 */
export function cachePublicResponses(opts: { cache?: PublicResponseCache; keyOf?: (c: Context) => string } = {}): MiddlewareHandler {
  const keyOf = opts.keyOf ?? pathAndQuery;
  return async (c, next) => {
    const cache = opts.cache ?? publicCache;
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD') return next();
    const viewer = await getViewer(c);
    if (viewer.userId !== null) return next();
    const key = keyOf(c);
    const hit = cache.get(key);
    if (hit) return answer(c, hit);
    const generation = cache.generation;
    await next();
    if (c.res.status !== 200) return;
    const body = await c.res.text();
    const entry = cache.set(key, generation, body, c.res.headers.get('content-type') ?? 'application/octet-stream');
    c.res = answer(c, entry);
  };
}
