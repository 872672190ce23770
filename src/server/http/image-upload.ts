// Reading one uploaded picture from a multipart/form-data request (avatars, recipes, courses). The
// body is refused from its Content-Length alone when that says too much, else while streaming, so a
// huge upload is never held in memory; the file part is then checked against the picture's own limit.
import type { Context, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { ErrorCode } from '@shared/errors';
import { AppError } from './app-error';

/** Room for the multipart envelope (boundaries, part headers, a long file name) around the file. */
const MULTIPART_OVERHEAD_BYTES = 16 * 1024;

const CHOOSE_FILE = 'Choisissez une image à envoyer.';

/** The body limit for an upload of at most `maxFileBytes`: 413 FILE_TOO_LARGE beyond it. */
export function uploadBodyLimit(maxFileBytes: number): MiddlewareHandler {
  return bodyLimit({
    maxSize: maxFileBytes + MULTIPART_OVERHEAD_BYTES,
    onError: () => {
      throw new AppError('FILE_TOO_LARGE');
    },
  });
}

type UploadOptions = {
  fileField: string;
  maxFileBytes: number;
  /** The field naming what the picture is for, and the error when it is missing (checked first). */
  id?: { field: string; missing: ErrorCode };
};

/** The picture's bytes (and the id it is for); 400 unreadable form, 400 no file, 413 too large. */
export async function readImageUpload(c: Context, opts: UploadOptions): Promise<{ id: string | null; bytes: Buffer }> {
  let form: Record<string, string | File>;
  try {
    form = await c.req.parseBody();
  } catch {
    throw new AppError('BAD_REQUEST', "Le formulaire d'envoi est illisible.");
  }
  let id: string | null = null;
  if (opts.id) {
    const value = form[opts.id.field];
    if (typeof value !== 'string') throw new AppError(opts.id.missing);
    id = value;
  }
  const file = form[opts.fileField];
  if (!(file instanceof File)) throw new AppError('VALIDATION_FAILED', undefined, { [opts.fileField]: CHOOSE_FILE });
  if (file.size > opts.maxFileBytes) throw new AppError('FILE_TOO_LARGE');
  return { id, bytes: Buffer.from(await file.arrayBuffer()) };
}
