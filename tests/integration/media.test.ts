// /media/<key>?w=…: a resized WebP (never enlarged), made once and kept on disk, with an ETag
// and a long cache; other widths are a French 400, a missing file a 404.
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiErrorBody } from '@shared/errors';
import { putImage } from '../factories';
import { createTestApp, type TestApp } from '../setup/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await putImage(t.deps.storage, 'seed/recipes/grande.png', 1600, 1000);
  await putImage(t.deps.storage, 'seed/recipes/petite.png', 400, 300);
  await t.deps.storage.put('seed/videos/cours.mp4', Buffer.from('not really a video'), 'video/mp4');
  // Where the admin's uploads of recorded courses' videos go (admin-courses): never public.
  await t.deps.storage.put('videos/0b8a6a52-4a8e-4a4e-9d61-3f1f1f1f1f1f.mp4', Buffer.from('a paid course'), 'video/mp4');
});
afterAll(() => t.close());

async function image(res: Response) {
  return sharp(Buffer.from(await res.arrayBuffer())).metadata();
}

describe('GET /media/<key>?w=', () => {
  it.each([320, 480, 640, 768, 1200])('gives a %i px wide WebP', async (w) => {
    const res = await t.request(`/media/seed/recipes/grande.png?w=${w}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/webp');
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const meta = await image(res);
    expect(meta.format).toBe('webp');
    expect(meta.width).toBe(w);
    expect(meta.height).toBe(Math.round((1000 * w) / 1600));
  });

  it('never enlarges a small image', async () => {
    const meta = await image(await t.request('/media/seed/recipes/petite.png?w=1200'));
    expect(meta.width).toBe(400);
    expect(meta.format).toBe('webp');
  });

  it('keeps each variant on disk under the data dir, and answers 304 to its ETag', async () => {
    const first = await t.request('/media/seed/recipes/grande.png?w=480');
    const etag = first.headers.get('etag');
    expect(etag).toMatch(/^".+"$/);
    const files = await readdir(path.join(t.deps.config.dataDir, 'cache', 'media', 'w480', 'seed', 'recipes'));
    expect(files.some((f) => f.startsWith('grande.png.') && f.endsWith('.webp'))).toBe(true);
    const again = await t.request('/media/seed/recipes/grande.png?w=480', { headers: { 'If-None-Match': etag! } });
    expect(again.status).toBe(304);
    const same = await t.request('/media/seed/recipes/grande.png?w=480');
    expect(same.headers.get('etag')).toBe(etag);
  });

  it('makes a variant once when many ask for it together', async () => {
    const answers = await Promise.all(Array.from({ length: 8 }, () => t.request('/media/seed/recipes/petite.png?w=320')));
    expect(answers.map((r) => r.status)).toEqual(Array(8).fill(200));
    expect(new Set(answers.map((r) => r.headers.get('etag'))).size).toBe(1);
  });

  it.each(['100', '321', '1200.0', 'abc', '', '99999999999'])('refuses w=%s with a French 400', async (w) => {
    const { status, body } = await t.json<ApiErrorBody>(`/media/seed/recipes/grande.png?w=${w}`);
    expect(status).toBe(400);
    expect(body.error.code).toBe('BAD_REQUEST');
    expect(body.error.message).toBe("Largeur d'image non prise en charge : choisissez 320, 480, 640, 768 ou 1200.");
  });

  it('answers 404 for a missing or unsafe key, sized or not', async () => {
    for (const url of ['/media/seed/recipes/absente.png?w=320', '/media/seed/recipes/absente.png', '/media/..%2F..%2Fetc%2Fpasswd?w=320', '/media/%E0%A4%A?w=320']) {
      const res = await t.request(url);
      expect(res.status, url).toBe(404);
    }
  });

  it('refuses to resize what is not an image', async () => {
    const { status, body } = await t.json<ApiErrorBody>('/media/seed/videos/cours.mp4?w=320');
    expect(status).toBe(400);
    expect(body.error.message).toBe('Seules les images peuvent être redimensionnées.');
  });

  it("never serves a course's uploaded video, with or without w", async () => {
    for (const url of ['/media/videos/0b8a6a52-4a8e-4a4e-9d61-3f1f1f1f1f1f.mp4', '/media/videos%2F0b8a6a52-4a8e-4a4e-9d61-3f1f1f1f1f1f.mp4', '/media/videos/0b8a6a52-4a8e-4a4e-9d61-3f1f1f1f1f1f.mp4?w=320']) {
      const res = await t.request(url);
      expect(res.status, url).toBe(404);
      expect(await res.text()).not.toContain('a paid course');
    }
  });

  it('still serves the original without w', async () => {
    const res = await t.request('/media/seed/recipes/petite.png');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
  });
});
