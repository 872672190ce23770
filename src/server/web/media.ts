// Serves stored files under /media/<key>. Images can be asked narrower with ?w= (MEDIA_WIDTHS):
// a WebP made once by sharp (never wider than the original) and kept on disk under the data dir,
// so memory stays flat however many images and sizes are asked for.
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, rename, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { Hono } from 'hono';
import { MEDIA_WIDTHS } from '@shared/media';
import sharp from 'sharp';
import type { Deps } from '../deps';
import { AppError } from '../http/app-error';
import type { StoredObject } from '../integrations/storage/storage';
import { etagMatches } from './public-cache';


/**
 * Keys are generated and never reused for other content (a new upload gets a new key), so a
 * resized variant can be cached for a year. The source size is part of the variant's file name
 * as a guard should a key's file ever be replaced.
 */
const RESIZED_CACHE_CONTROL = 'public, max-age=31536000, immutable';

const BAD_WIDTH = `Largeur d'image non prise en charge : choisissez ${MEDIA_WIDTHS.slice(0, -1).join(', ')} ou ${MEDIA_WIDTHS.at(-1)}.`;
const NOT_AN_IMAGE = 'Seules les images peuvent être redimensionnées.';

function parseWidth(raw: string): number {
  const width = /^\d{1,4}$/.test(raw) ? Number(raw) : NaN;
  if (!(MEDIA_WIDTHS as readonly number[]).includes(width)) throw new AppError('BAD_REQUEST', BAD_WIDTH, { w: BAD_WIDTH });
  return width;
}

/** Stored keys /media never serves, whatever the URL (the admin's course videos: `videos/<uuid>.mp4`). */
export const PRIVATE_PREFIXES = ['videos/'] as const;

function keyOf(requestPath: string): string | null {
  try {
    return decodeURIComponent(requestPath.replace(/^\/media\//, ''));
  } catch {
    return null; // malformed percent-encoding: no such file
  }
}

export function mediaRoutes(deps: Deps) {
  const app = new Hono();
  const cacheRoot = path.join(deps.config.dataDir, 'cache', 'media');
  /** One resize per variant at a time: concurrent first requests wait for the same work. */
  const inFlight = new Map<string, Promise<void>>();

  async function lookup(key: string | null): Promise<StoredObject | null> {
    // Recorded courses' videos are for the people with access to the course, never public files.
    if (!key || PRIVATE_PREFIXES.some((prefix) => key.startsWith(prefix))) return null;
    try {
      return await deps.storage.get(key);
    } catch {
      return null; // an unsafe key is simply not found
    }
  }

  async function makeVariant(object: StoredObject, width: number, target: string): Promise<void> {
    let output: Buffer;
    try {
      output = await sharp(await buffer(object.open()))
        .rotate()
        .resize({ width, withoutEnlargement: true })
        .webp({ quality: 78, effort: 4 })
        .toBuffer();
    } catch {
      throw new AppError('UNSUPPORTED_MEDIA_TYPE', NOT_AN_IMAGE);
    }
    await mkdir(path.dirname(target), { recursive: true });
    const tmp = `${target}.${process.pid}.${Date.now()}.part`;
    await writeFile(tmp, output);
    await rename(tmp, target); // readers never see a half-written file
  }

  app.get('/*', async (c) => {
    const rawWidth = c.req.query('w');
    const width = rawWidth === undefined ? null : parseWidth(rawWidth);
    const key = keyOf(c.req.path);
    const object = await lookup(key);
    if (!object || !key) throw new AppError('NOT_FOUND');

    if (width === null) {
      return new Response(Readable.toWeb(object.open()) as ReadableStream, {
        headers: {
          'Content-Type': object.contentType,
          'Content-Length': String(object.size),
          'Cache-Control': 'public, max-age=86400',
          'X-Content-Type-Options': 'nosniff',
        },
      });
    }

    if (!object.contentType.startsWith('image/')) throw new AppError('BAD_REQUEST', NOT_AN_IMAGE);
    const target = path.join(cacheRoot, `w${width}`, `${key}.${object.size}.webp`);
    let info = await stat(target).catch(() => null);
    if (!info) {
      let work = inFlight.get(target);
      if (!work) {
        work = makeVariant(object, width, target).finally(() => inFlight.delete(target));
        inFlight.set(target, work);
      }
      await work;
      info = await stat(target);
    }
    const etag = `"${createHash('sha1').update(`${target}:${info.size}:${info.mtimeMs}`).digest('base64url')}"`;
    const headers = { ETag: etag, 'Cache-Control': RESIZED_CACHE_CONTROL, 'X-Content-Type-Options': 'nosniff' };
    const inm = c.req.header('if-none-match');
    if (inm && etagMatches(inm, etag)) return new Response(null, { status: 304, headers });
    return new Response(Readable.toWeb(createReadStream(target)) as ReadableStream, {
      headers: { ...headers, 'Content-Type': 'image/webp', 'Content-Length': String(info.size) },
    });
  });
  return app;
}
