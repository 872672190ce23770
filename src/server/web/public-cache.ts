// The public response cache: visitor answers to public GETs (API reads and page HTML) kept in
// memory with a strong ETag, so the hot path is a map lookup and a conditional 304.
//
// Staleness: every write that changes public data calls invalidatePublicCache(). Several server
// instances share one database, so the clear must reach them all: the realtime work installs a
// broadcaster (Postgres NOTIFY, realtime/realtime.ts) with setPublicCacheBroadcaster() and, on each
// notification heard through LISTEN from another instance, calls clearLocalPublicCache(). The short TTL is a safety net for what no write
// announces (time passing: a session starting, a seat hold expiring).
import { createHash, randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { brotliCompressSync, constants as zlib } from 'node:zlib';
import type { Context, MiddlewareHandler } from 'hono';
import { nodeRequest } from '../http/node-request';
import { getViewer } from '../http/viewer';

/** One encoding of a stored answer, ready to send: built once, when the answer is stored. */
type StoredAnswer = {
  /** The bytes to send: encoded once, not per request. */
  body: Buffer;
  /** The answer's headers as sent the first time (security headers included), ETag, length and encoding added. */
  headers: Record<string, string>;
  /**
   * The same headers as Node's flat [name, value, …] list, the request id's value last: the fast
   * path copies it and fills that slot instead of building an object per request.
   */
  flat: string[];
};

type Entry = {
  body: string;
  etag: string;
  plain: StoredAnswer;
  /** The body compressed with Brotli, for clients that accept it (bodies worth compressing only). */
  br: StoredAnswer | null;
  expiresAt: number;
  bytes: number;
};

function storedAnswer(body: Buffer, headers: Record<string, string>): StoredAnswer {
  return { body, headers, flat: [...Object.entries(headers).flat(), 'x-request-id', ''] };
}

/** Below this size compression saves less than its headers cost. */
const COMPRESS_MIN_BYTES = 1024;

function brotli(body: string): Buffer | null {
  if (Buffer.byteLength(body) < COMPRESS_MIN_BYTES) return null;
  // Quality 5: most of the gain of 11 at a small fraction of the time, paid once per stored answer.
  return brotliCompressSync(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5, [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT } });
}

export type PublicCacheOptions = {
  ttlMs: number;
  /** Upper bound of what the entries hold: each body as text, as bytes and compressed (near enough for a bound). */
  maxBytes: number;
  clock?: () => number;
};

/** Revalidate every time: a 304 costs one small round trip and never shows stale data. */
const CACHE_CONTROL = 'no-cache';

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
  set(key: string, generation: number, body: string, headers: Record<string, string>): Entry {
    const etag = strongEtag(body);
    const utf8 = Buffer.from(body);
    const br = brotli(body);
    const stored = { ...headers, etag, 'cache-control': CACHE_CONTROL, vary: 'Cookie, Accept-Encoding', 'content-length': String(utf8.length) };
    const entry: Entry = {
      body,
      etag,
      plain: storedAnswer(utf8, stored),
      br: br && storedAnswer(br, { ...stored, 'content-encoding': 'br', 'content-length': String(br.length) }),
      expiresAt: this.#clock() + this.options.ttlMs,
      // The string, its bytes and their Brotli form: what this entry holds in memory.
      bytes: body.length + utf8.length + (br?.length ?? 0),
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

/** Every app's cache in this process (one in production; tests build several apps). */
const caches = new Set<PublicResponseCache>();

/** The cache of one app: a minute's TTL, 32 MB of bodies at most. */
export function createPublicCache(options: PublicCacheOptions = { ttlMs: 60_000, maxBytes: 32 * 1024 * 1024 }): PublicResponseCache {
  const cache = new PublicResponseCache(options);
  caches.add(cache);
  return cache;
}

let broadcaster: (() => void) | null = null;

/** Call after every write that changes what visitors see. Clears this instance and, once installed, the others. */
export function invalidatePublicCache(): void {
  clearLocalPublicCache();
  broadcaster?.();
}

/** Clears this instance only: for the LISTEN side of the cross-instance invalidation. */
export function clearLocalPublicCache(): void {
  for (const cache of caches) cache.clear();
}

/** Installs how other instances are told (Postgres NOTIFY); null removes it. */
export function setPublicCacheBroadcaster(fn: (() => void) | null): void {
  broadcaster = fn;
}

/** Removes `fn` if it is still the one installed (another app of this process may have replaced it). */
export function removePublicCacheBroadcaster(fn: () => void): void {
  if (broadcaster === fn) broadcaster = null;
}

/** What a stored answer sends to one request through the app. */
type CachedAnswer = { status: 200 | 304; headers: Record<string, string>; body: Buffer | null };

type ConditionalRequest = { ifNoneMatch?: string; acceptEncoding?: string };

/** Which answer a request gets from a stored one (null: 304): the only place that decides 304, Brotli or plain. */
function answerFor(entry: Entry, request: ConditionalRequest): StoredAnswer | null {
  if (request.ifNoneMatch && etagMatches(request.ifNoneMatch, entry.etag)) return null;
  return entry.br && /\bbr\b/.test(request.acceptEncoding ?? '') ? entry.br : entry.plain;
}

const notModifiedHeaders = (entry: Entry, requestId: string) => ({
  etag: entry.etag,
  'cache-control': CACHE_CONTROL,
  vary: 'Cookie, Accept-Encoding',
  'x-request-id': requestId,
});

function cachedAnswer(entry: Entry, request: ConditionalRequest): CachedAnswer {
  const requestId = randomUUID();
  const stored = answerFor(entry, request);
  if (!stored) return { status: 304, headers: notModifiedHeaders(entry, requestId), body: null };
  return { status: 200, headers: { ...stored.headers, 'x-request-id': requestId }, body: stored.body };
}

/** The stored answer written on Node's response from the prebuilt header lists (the fast path). */
function writeCached(res: ServerResponse, entry: Entry, request: ConditionalRequest, head: boolean): void {
  const requestId = randomUUID();
  const stored = answerFor(entry, request);
  if (!stored) {
    res.writeHead(304, notModifiedHeaders(entry, requestId));
    res.end();
    return;
  }
  const headers = stored.flat.slice();
  headers[headers.length - 1] = requestId;
  res.writeHead(200, headers);
  res.end(head ? undefined : stored.body);
}

function answer(c: Context, entry: Entry): Response {
  const { status, headers, body } = cachedAnswer(entry, {
    ifNoneMatch: requestHeader(c, 'if-none-match'),
    acceptEncoding: requestHeader(c, 'accept-encoding'),
  });
  // A plain header object (not Headers) keeps @hono/node-server on its direct write path.
  return new Response(body && new Uint8Array(body.buffer as ArrayBuffer, body.byteOffset, body.length), { status, headers });
}

/** Reads a request header from Node's parsed headers when there, without building a Headers object. */
function requestHeader(c: Context, name: string): string | undefined {
  const incoming = nodeRequest(c);
  if (incoming) {
    const value = incoming.headers[name];
    return Array.isArray(value) ? value.join(', ') : value;
  }
  return c.req.header(name);
}

/** The request's path and query: what the cache is keyed by. */
function pathAndQuery(c: Context): string {
  const url = c.req.url;
  return url.slice(url.indexOf('/', url.indexOf('//') + 2));
}

/** Requests whose route said its visitor answer may be shared (see publicCacheable). */
const cacheable = new WeakSet<Request>();

/** Headers not to replay from a stored answer: per request, or recomputed for the stored body. */
const NOT_STORED = new Set(['date', 'x-request-id', 'content-length', 'etag', 'cache-control', 'vary', 'transfer-encoding', 'connection']);

/**
 * The first middleware of the app. A visitor's GET found in the cache is answered here, before
 * request ids, security headers and routing: the hot path is a lookup and one write. Otherwise
 * the request goes through the app, and a 200 from a route marked publicCacheable() is stored
 * with the headers it was sent with.
 */
export function servePublicCache(cache: PublicResponseCache): MiddlewareHandler {
  /**
   * Misses being computed, by key. After a clear or an expiry under load, the same page is asked
   * by many at once: one request computes it, the others wait for its answer (no stampede on
   * the database).
   */
  const computing = new Map<string, Promise<Entry | undefined>>();
  return async (c, next) => {
    const method = c.req.method;
    if (method !== 'GET' && method !== 'HEAD') return next();
    // Once accounts exist, answers differ per viewer (unlocked content): only visitors share them.
    // getViewer must therefore stay cheap for a request without a session.
    const viewer = await getViewer(c);
    if (viewer.userId !== null) return next();
    const key = pathAndQuery(c);
    const hit = cache.get(key);
    if (hit) return answer(c, hit);
    const pending = computing.get(key);
    if (pending) {
      const shared = await pending;
      if (shared) return answer(c, shared);
      return next(); // the first answer was not shareable (an error, say): compute this one
    }
    let settle!: (entry: Entry | undefined) => void;
    computing.set(key, new Promise((resolve) => (settle = resolve)));
    try {
      const generation = cache.generation;
      await next();
      const res = c.res;
      if (!cacheable.has(c.req.raw) || res.status !== 200 || res.headers.has('set-cookie')) return;
      const headers: Record<string, string> = {};
      res.headers.forEach((value, name) => {
        if (!NOT_STORED.has(name)) headers[name] = value;
      });
      const entry = cache.set(key, generation, await res.text(), headers);
      // Shared with the waiting requests only if no write cleared the cache meanwhile.
      if (cache.generation === generation) settle(entry);
      c.res = answer(c, entry);
    } finally {
      settle(undefined); // no effect when already settled
      computing.delete(key);
    }
  };
}

type NodeListener = (req: IncomingMessage, res: ServerResponse) => void;

/**
 * The same lookup straight on Node's request, in front of the app's listener (index.ts installs it):
 * a visitor's hit costs a map lookup and one write, about half of what it costs through the app's
 * chain. A miss goes on to the app, which answers and fills the cache as usual. A request with a
 * session cookie (`sessionCookies`: the names the viewer reads, so the two agree on who is a visitor)
 * never matches: answers differ per signed-in person. `from`: the caches to look in (by default every
 * app's of this process — one in production).
 */
export function withPublicCacheFastPath(
  listener: NodeListener,
  { sessionCookies, from = caches }: { sessionCookies: readonly string[]; from?: Iterable<PublicResponseCache> },
): NodeListener {
  return (req, res) => {
    if (!answerFromCache(req, res, from, sessionCookies)) listener(req, res);
  };
}

function answerFromCache(req: IncomingMessage, res: ServerResponse, from: Iterable<PublicResponseCache>, sessionCookies: readonly string[]): boolean {
  const method = req.method;
  if ((method !== 'GET' && method !== 'HEAD') || !req.url) return false;
  if (hasCookie(req.headers.cookie, sessionCookies)) return false;
  for (const cache of from) {
    const entry = cache.get(req.url);
    if (!entry) continue;
    writeCached(res, entry, { ifNoneMatch: req.headers['if-none-match'], acceptEncoding: req.headers['accept-encoding'] }, method === 'HEAD');
    return true;
  }
  return false;
}

/** True when the Cookie header carries one of `names` (the viewer's test, without parsing every cookie). */
export function hasCookie(header: string | undefined, names: readonly string[]): boolean {
  if (!header) return false;
  return header.split(';').some((pair) => {
    const name = pair.slice(0, pair.indexOf('=')).trim();
    return names.includes(name);
  });
}

/**
 * Marks a public GET route: its visitor answer is the same for every visitor and may be shared.
 * Pages pass withoutQuery, as their HTML ignores the query string (tracking parameters would
 * otherwise fill the cache with copies).
 */
export function publicCacheable(opts: { withoutQuery?: boolean } = {}): MiddlewareHandler {
  return async (c, next) => {
    if (!opts.withoutQuery || !c.req.url.includes('?')) cacheable.add(c.req.raw);
    await next();
  };
}
