// The API speaks JSON. A state-changing request that carries any other kind of body is refused
// (415) before a route reads it: an HTML form or a `text/plain` fetch from another site can then
// never reach a handler, even if the Origin check were ever bypassed. Routes that take a file
// upload are named here explicitly and take multipart/form-data only; routes that take a raw file
// as the body (a course video, streamed to storage) are matched by a pattern and take only the
// media types they list.
import type { IncomingMessage } from 'node:http';
import type { Context, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { AppError } from './app-error';
import { declaredLength, nodeRequest } from './node-request';

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

const JSON_REQUIRED = 'Le contenu envoyé doit être au format JSON (Content-Type: application/json).';
const MULTIPART_REQUIRED = 'Le fichier doit être envoyé comme formulaire (multipart/form-data).';

/** No form of ours sends more (a course's description and kit are a few thousand characters). */
export const JSON_MAX_BYTES = 100 * 1024;

/** Counted while the body is read, so a huge body is refused (413) before it is buffered whole. */
const countedLimit = bodyLimit({
  maxSize: JSON_MAX_BYTES,
  onError: () => {
    throw new AppError('PAYLOAD_TOO_LARGE');
  },
});

/**
 * A body of declared length is judged by its Content-Length header alone (Node's parser never hands
 * over more bytes than it declares); a chunked one is counted as it is read. The declared case
 * touches no body here: hono's bodyLimit looks at `request.body`, which on Node turns the adapter's
 * light request into a full web Request with a stream (a tenth of a hold's cost, most of its garbage).
 */
const jsonLimit: MiddlewareHandler = (c, next) => {
  const declared = declaredBodyLength(c.req.raw.headers);
  if (declared === null) return countedLimit(c, next);
  if (declared > JSON_MAX_BYTES) throw new AppError('PAYLOAD_TOO_LARGE');
  return next();
};

/** The body's length when the request declares it (not chunked); null otherwise. */
function declaredBodyLength(headers: Headers): number | null {
  return headers.has('transfer-encoding') ? null : declaredLength(headers.get('content-length'));
}

export type MultipartRoute = { method: string; path: string };
/** A route whose body is the file itself, e.g. PUT /api/admin/courses/:id/video with video/mp4. */
export type RawUploadRoute = { method: string; path: RegExp; types: readonly string[]; refused: () => Error };

/** 'application/json; charset=utf-8' → 'application/json'. */
function mediaType(contentType: string | undefined): string | null {
  if (contentType === undefined) return null;
  return contentType.split(';', 1)[0]!.trim().toLowerCase();
}

/**
 * Whether the request says it has a body. Over HTTP a request body is announced by Content-Length
 * or Transfer-Encoding; a declared Content-Type counts too, so a typed body is never let through
 * unchecked. A PUT or DELETE with none of these (a favourite toggle) has nothing to check.
 */
function announcesBody(headers: Headers): boolean {
  if (headers.has('transfer-encoding') || headers.has('content-type')) return true;
  const length = headers.get('content-length');
  return length !== null && length.trim() !== '0';
}

/** `ownLimit`: paths that set their own body limit (the payment webhook takes Stripe's larger events). */
export function jsonOnly(
  opts: { multipart?: readonly MultipartRoute[]; raw?: readonly RawUploadRoute[]; ownLimit?: readonly string[] } = {},
): MiddlewareHandler {
  const ownLimit = new Set(opts.ownLimit ?? []);
  const multipart = new Set((opts.multipart ?? []).map((r) => `${r.method.toUpperCase()} ${r.path}`));
  const raw = opts.raw ?? [];
  return async (c, next) => {
    if (!WRITE_METHODS.has(c.req.method)) return next();
    const headers = c.req.raw.headers;
    if (!announcesBody(headers)) return next();
    const type = mediaType(headers.get('content-type') ?? undefined);
    const rawRoute = raw.find((r) => r.method.toUpperCase() === c.req.method && r.path.test(c.req.path));
    if (rawRoute) {
      if (type === null || !rawRoute.types.includes(type)) throw rawRoute.refused();
      // A raw route that also takes JSON or a small form (the one-click unsubscribe) is held to the same limit.
      if ((type === 'application/json' || type === 'application/x-www-form-urlencoded') && !ownLimit.has(c.req.path)) return jsonLimit(c, next);
    } else if (multipart.has(`${c.req.method} ${c.req.path}`)) {
      if (type !== 'multipart/form-data') throw new AppError('UNSUPPORTED_MEDIA_TYPE', MULTIPART_REQUIRED);
    } else if (type !== 'application/json') {
      throw new AppError('UNSUPPORTED_MEDIA_TYPE', JSON_REQUIRED);
    } else if (!ownLimit.has(c.req.path)) {
      return jsonLimit(c, next);
    }
    return next();
  };
}

const utf8 = new TextDecoder();

/**
 * The Node request under this one when its body can be read straight from it: a body of declared
 * length (the limit above let it through without touching it), not read yet. Else null (a chunked
 * body, counted into a new web Request; a test's `app.request()`).
 */
function unreadNodeBody(c: Context) {
  const incoming = nodeRequest(c);
  if (!incoming || incoming.readableDidRead || incoming.readableEnded) return null;
  return declaredBodyLength(c.req.raw.headers) === null ? null : incoming;
}

/**
 * The whole body of a Node request, read by its own events: stream/consumers' async iterator cost
 * more than the reading itself on the small bodies the API takes (a rush of holds, profiled).
 */
function readAll(incoming: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.once('end', () => resolve(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks)));
    incoming.once('error', reject);
  });
}

/** The request's JSON body; unparseable JSON is a 400 in French, not a server error. */
export async function readJsonBody(c: Context): Promise<unknown> {
  try {
    const incoming = unreadNodeBody(c);
    if (!incoming) return await c.req.json();
    // As `Request.json()` reads it (UTF-8, a leading byte-order mark dropped), without building the
    // web Request and its stream; kept where hono's own readers look, should anything ask again.
    const body: unknown = JSON.parse(utf8.decode(await readAll(incoming)));
    c.req.bodyCache.json = Promise.resolve(body);
    return body;
  } catch {
    throw new AppError('BAD_REQUEST', 'Le contenu JSON envoyé est illisible.');
  }
}
