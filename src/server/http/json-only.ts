// The API speaks JSON. A state-changing request that carries any other kind of body is refused
// (415) before a route reads it: an HTML form or a `text/plain` fetch from another site can then
// never reach a handler, even if the Origin check were ever bypassed. Routes that take a file
// upload are named here explicitly and take multipart/form-data only; routes that take a raw file
// as the body (a course video, streamed to storage) are matched by a pattern and take only the
// media types they list.
import type { Context, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { AppError } from './app-error';

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

const JSON_REQUIRED = 'Le contenu envoyé doit être au format JSON (Content-Type: application/json).';
const MULTIPART_REQUIRED = 'Le fichier doit être envoyé comme formulaire (multipart/form-data).';

/** No form of ours sends more (a course's description and kit are a few thousand characters). */
export const JSON_MAX_BYTES = 100 * 1024;

/** Counted while the body is read, so a huge body is refused (413) before it is buffered whole. */
const jsonLimit = bodyLimit({
  maxSize: JSON_MAX_BYTES,
  onError: () => {
    throw new AppError('PAYLOAD_TOO_LARGE');
  },
});

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

/** The request's JSON body; unparseable JSON is a 400 in French, not a server error. */
export async function readJsonBody(c: Context): Promise<unknown> {
  try {
    return await c.req.json();
  } catch {
    throw new AppError('BAD_REQUEST', 'Le contenu JSON envoyé est illisible.');
  }
}
