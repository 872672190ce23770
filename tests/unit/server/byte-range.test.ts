// Range requests on a stored file: which bytes a Range header names (RFC 9110 §14), and the answer
// built from a real file on disk — 200 whole, 206 one range, 416 with the size, HEAD without a body.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_MESSAGES } from '@shared/errors';
import { decideRange, objectEtag, sendStoredObject } from '../../../src/server/http/byte-range';
import { errorHandler } from '../../../src/server/http/error-handler';
import { localDiskStorage } from '../../../src/server/integrations/storage/local-disk';
import type { Storage } from '../../../src/server/integrations/storage/storage';
import { createLogger } from '../../../src/server/logger';
import { loadConfig } from '../../../src/server/env';

describe('decideRange', () => {
  const size = 1000;
  it.each([
    ['bytes=0-99', { start: 0, end: 99 }],
    ['bytes=500-599', { start: 500, end: 599 }],
    ['bytes=900-', { start: 900, end: 999 }],
    ['bytes=-100', { start: 900, end: 999 }],
    ['bytes=-5000', { start: 0, end: 999 }],
    ['bytes=990-5000', { start: 990, end: 999 }],
    ['bytes=999-999', { start: 999, end: 999 }],
    ['BYTES = 10-19', { start: 10, end: 19 }],
    ['bytes=0-99999999999999999999999', { start: 0, end: 999 }],
  ])('%s names one range', (header, range) => {
    expect(decideRange(header, size)).toEqual({ kind: 'partial', range });
  });

  it('sends the whole file without a Range, for a Range in another unit, and for several ranges', () => {
    expect(decideRange(undefined, size)).toEqual({ kind: 'full' });
    expect(decideRange(null, size)).toEqual({ kind: 'full' });
    expect(decideRange('items=0-1', size)).toEqual({ kind: 'full' });
    expect(decideRange('bytes=0-1, 5-9', size)).toEqual({ kind: 'full' });
    expect(decideRange('bytes=0-1, 5000-6000', size)).toEqual({ kind: 'full' });
  });

  it.each([
    'bytes=abc',
    'bytes=5-1',
    'bytes=-',
    'bytes=',
    'bytes= , ',
    'bytes=1-2-3',
    'bytes=0x10-20',
    'bytes=+1-2',
    'bytes=1.5-2',
    '0-99',
    '=0-99',
    'bytes=0-1, oops',
  ])('%s is malformed: 416', (header) => {
    expect(decideRange(header, size)).toEqual({ kind: 'unsatisfiable' });
  });

  it.each(['bytes=1000-', 'bytes=1000-1200', 'bytes=-0', 'bytes=5000-, 2000-3000', 'bytes=99999999999999999999999-'])(
    '%s starts past the end: 416',
    (header) => {
      expect(decideRange(header, size)).toEqual({ kind: 'unsatisfiable' });
    },
  );

  it('an empty file has no range to give', () => {
    expect(decideRange('bytes=0-', 0)).toEqual({ kind: 'unsatisfiable' });
    expect(decideRange('bytes=-1', 0)).toEqual({ kind: 'unsatisfiable' });
    expect(decideRange(undefined, 0)).toEqual({ kind: 'full' });
  });
});

describe('sendStoredObject', () => {
  let dir: string;
  let storage: Storage;
  const bytes = Buffer.from(Array.from({ length: 256 * 40 }, (_, i) => i % 256));
  const app = new Hono();

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'toque-range-'));
    storage = localDiskStorage(dir);
    await storage.put('videos/sample.webm', bytes, 'video/webm');
    await storage.put('videos/empty.webm', Buffer.alloc(0), 'video/webm');
    app.onError(errorHandler(createLogger(loadConfig({ NODE_ENV: 'test' }))));
    app.get('/v/:name', async (c) => {
      const key = `videos/${c.req.param('name')}`;
      const object = (await storage.get(key))!;
      return sendStoredObject(c, object, { etag: objectEtag(key, object.size) });
    });
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  const get = (name: string, headers: Record<string, string> = {}, method = 'GET') => app.request(`/v/${name}`, { method, headers });

  it('sends the whole file, saying ranges are accepted and nothing may keep it', async () => {
    const res = await get('sample.webm');
    expect(res.status).toBe(200);
    expect(Object.fromEntries(res.headers)).toMatchObject({
      'content-type': 'video/webm',
      'content-length': String(bytes.length),
      'accept-ranges': 'bytes',
      'cache-control': 'private, no-store',
      'x-content-type-options': 'nosniff',
    });
    expect(res.headers.get('content-range')).toBeNull();
    expect(Buffer.from(await res.arrayBuffer()).equals(bytes)).toBe(true);
  });

  it('sends exactly the bytes of one range, 206 with Content-Range', async () => {
    for (const [header, start, end] of [
      ['bytes=0-1', 0, 1],
      ['bytes=5000-6000', 5000, 6000],
      ['bytes=-300', bytes.length - 300, bytes.length - 1],
      ['bytes=10000-', 10000, bytes.length - 1],
    ] as const) {
      const res = await get('sample.webm', { range: header });
      expect(res.status, header).toBe(206);
      expect(res.headers.get('content-range'), header).toBe(`bytes ${start}-${end}/${bytes.length}`);
      expect(res.headers.get('content-length'), header).toBe(String(end - start + 1));
      expect(Buffer.from(await res.arrayBuffer()).equals(bytes.subarray(start, end + 1)), header).toBe(true);
    }
  });

  it('answers 416 with the size in Content-Range, in the API error shape', async () => {
    for (const header of ['bytes=20000-', 'bytes=oops']) {
      const res = await get('sample.webm', { range: header });
      expect(res.status, header).toBe(416);
      expect(res.headers.get('content-range')).toBe(`bytes */${bytes.length}`);
      const body = (await res.json()) as { error: { code: string; message: string } };
      expect(body.error).toMatchObject({ code: 'RANGE_NOT_SATISFIABLE', message: ERROR_MESSAGES.RANGE_NOT_SATISFIABLE });
    }
  });

  it('HEAD gives the headers of the GET without a body', async () => {
    const res = await get('sample.webm', { range: 'bytes=0-99' }, 'HEAD');
    expect(res.status).toBe(206);
    expect(res.headers.get('content-length')).toBe('100');
    expect(res.headers.get('content-range')).toBe(`bytes 0-99/${bytes.length}`);
    expect((await res.arrayBuffer()).byteLength).toBe(0);
  });

  it('honours If-Range only while the file is the same one', async () => {
    const etag = objectEtag('videos/sample.webm', bytes.length);
    expect((await get('sample.webm', { range: 'bytes=0-9', 'if-range': etag })).status).toBe(206);
    const changed = await get('sample.webm', { range: 'bytes=0-9', 'if-range': objectEtag('videos/other.webm', bytes.length) });
    expect(changed.status).toBe(200);
    expect(changed.headers.get('content-length')).toBe(String(bytes.length));
    await changed.arrayBuffer();
  });

  it('an empty file is a 200 of nothing, and any range of it 416', async () => {
    const res = await get('empty.webm');
    expect(res.status).toBe(200);
    expect((await res.arrayBuffer()).byteLength).toBe(0);
    const ranged = await get('empty.webm', { range: 'bytes=0-' });
    expect(ranged.status).toBe(416);
    expect(ranged.headers.get('content-range')).toBe('bytes */0');
  });
});
