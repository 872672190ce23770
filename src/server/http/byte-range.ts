// HTTP Range requests (RFC 9110 §14) for the videos we stream: a player seeks by asking for the bytes
// it needs. One range is answered 206 with Content-Range; several ranges (no browser sends them
// for a video) are answered as a plain 200 of the whole file, which the RFC allows, rather than a
// multipart/byteranges body; a malformed `bytes=` header, or one none of whose ranges starts inside
// the file, is answered 416 with `Content-Range: bytes */<size>`. A Range in another unit is ignored.
import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import type { Context } from 'hono';
import type { StoredObject } from '../integrations/storage/storage';
import { AppError } from './app-error';

/** Inclusive byte positions, as Content-Range writes them. */
export type ByteRange = { start: number; end: number };

export type RangeDecision =
  | { kind: 'full' }
  | { kind: 'partial'; range: ByteRange }
  | { kind: 'unsatisfiable' };

const SPEC = /^(\d*)-(\d*)$/;

/** One `first-last`, `first-` or `-suffix`: the bytes it names in a file of `size`, null when none, 'malformed'. */
function parseSpec(spec: string, size: number): ByteRange | null | 'malformed' {
  const match = SPEC.exec(spec);
  if (!match) return 'malformed';
  const [, first, last] = match as unknown as [string, string, string];
  if (first === '') {
    if (last === '') return 'malformed';
    // The last n bytes; a suffix longer than the file is the whole file, a zero-length one nothing.
    const suffix = Number(last);
    if (suffix === 0 || size === 0) return null;
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(first);
  const end = last === '' ? Infinity : Number(last);
  if (end < start) return 'malformed';
  if (start >= size) return null;
  return { start, end: Math.min(end, size - 1) };
}

/**
 * What to send for this Range header on a file of `size` bytes. Numbers too long to be exact are
 * still compared correctly for what matters here (past the end of any file we hold).
 */
export function decideRange(header: string | null | undefined, size: number): RangeDecision {
  if (header === undefined || header === null) return { kind: 'full' };
  const eq = header.indexOf('=');
  if (eq <= 0) return { kind: 'unsatisfiable' };
  if (header.slice(0, eq).trim().toLowerCase() !== 'bytes') return { kind: 'full' };
  const specs = header
    .slice(eq + 1)
    .split(',')
    .map((s) => s.trim());
  // Empty list elements are allowed by the list syntax (`bytes=0-1, ,`), but not a list of nothing.
  const present = specs.filter((s) => s !== '');
  if (present.length === 0) return { kind: 'unsatisfiable' };
  const ranges: ByteRange[] = [];
  for (const spec of present) {
    const range = parseSpec(spec, size);
    if (range === 'malformed') return { kind: 'unsatisfiable' };
    if (range) ranges.push(range);
  }
  if (ranges.length === 0) return { kind: 'unsatisfiable' };
  if (present.length > 1) return { kind: 'full' };
  return { kind: 'partial', range: ranges[0]! };
}

/** A strong validator for a stored file: keys are never reused for other bytes (a new upload, a new key). */
export function objectEtag(key: string, size: number): string {
  return `"${createHash('sha1').update(`${key}:${size}`).digest('base64url')}"`;
}

/**
 * If-Range (RFC 9110 §13.1.5): the range is honoured only while the file is still the one the client
 * has the first part of; otherwise the whole new file is sent. Only strong ETags are compared.
 */
function ifRangeHolds(ifRange: string | undefined, etag: string): boolean {
  if (ifRange === undefined) return true;
  return ifRange.trim() === etag;
}

/**
 * Answers a GET or HEAD for a private stored file: the whole file (200) or the one range asked
 * (206), never kept by a browser or a shared cache. A 416 is thrown as RANGE_NOT_SATISFIABLE, with
 * the file's size in Content-Range as the RFC asks.
 */
export function sendStoredObject(c: Context, object: StoredObject, opts: { etag: string; contentType?: string }): Response {
  const decision = ifRangeHolds(c.req.header('if-range'), opts.etag) ? decideRange(c.req.header('range'), object.size) : { kind: 'full' as const };
  const common: Record<string, string> = {
    'Content-Type': opts.contentType ?? object.contentType,
    'Accept-Ranges': 'bytes',
    'Cache-Control': 'private, no-store',
    'X-Content-Type-Options': 'nosniff',
    ETag: opts.etag,
  };
  if (decision.kind === 'unsatisfiable') {
    c.header('Content-Range', `bytes */${object.size}`);
    c.header('Cache-Control', 'private, no-store');
    throw new AppError('RANGE_NOT_SATISFIABLE');
  }
  const head = c.req.method === 'HEAD';
  if (decision.kind === 'full') {
    const headers = { ...common, 'Content-Length': String(object.size) };
    return new Response(head ? null : body(object), { status: 200, headers });
  }
  const { start, end } = decision.range;
  const headers = {
    ...common,
    'Content-Length': String(end - start + 1),
    'Content-Range': `bytes ${start}-${end}/${object.size}`,
  };
  return new Response(head ? null : body(object, decision.range), { status: 206, headers });
}

function body(object: StoredObject, range?: ByteRange): ReadableStream {
  // An empty file has no byte to read: createReadStream would be asked for [0, -1].
  if (object.size === 0) return new ReadableStream({ start: (controller) => controller.close() });
  return Readable.toWeb(object.open(range)) as ReadableStream;
}
