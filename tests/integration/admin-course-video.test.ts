// PUT /api/admin/courses/:id/video on the real database and the local-disk storage: the raw file
// is the body, its type decided by its first bytes (MP4 'ftyp', WebM EBML + DocType), its size
// counted while it streams to storage. Proven streamed, not buffered: the partial file is on disk
// while the client is still sending, a body one byte past the limit is cut off with that partial
// file removed, and an endless body is refused instead of being read forever.
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_MESSAGES, type ApiErrorBody } from '@shared/errors';
import type { AdminCourseResponse } from '@shared/schemas/admin-courses';
import { auditLog, courses } from '../../src/server/db/schema';
import { createCourse, setRole } from '../factories';
import { createSignedInLearners, type SignedInLearner } from '../factories/accounts';
import { imageBytes } from '../factories/images';
import { ORIGIN, SESSION_COOKIE } from '../setup/auth-client';
import { rootDir } from '../setup/test-db';
import { createTestApp, type TestApp } from '../setup/test-app';

/** Small real videos recorded by Chromium's MediaRecorder (a second of a moving square). */
const FIXTURES = path.join(rootDir, 'tests/fixtures/videos');
/** Small enough to test the limit quickly, large enough for the fixtures. */
const LIMIT = 512 * 1024;

let t: TestApp;
let admin: SignedInLearner;
let mp4: Buffer;
let webm: Buffer;

beforeAll(async () => {
  t = await createTestApp({ config: { videoMaxBytes: LIMIT } });
  [admin] = (await createSignedInLearners(t, 1)) as [SignedInLearner];
  await setRole(t.db, admin.id, 'admin');
  [mp4, webm] = await Promise.all([readFile(path.join(FIXTURES, 'tiny.mp4')), readFile(path.join(FIXTURES, 'tiny.webm'))]);
});
afterAll(async () => {
  await t.close();
});

const videosDir = () => path.join(t.deps.config.dataDir, 'uploads', 'videos');
const filesOnDisk = async () => (await readdir(videosDir()).catch(() => [] as string[])).sort();
const errorOf = async (res: Response) => ((await res.json()) as ApiErrorBody).error;
const recorded = () => createCourse(t.db, { title: 'Cours enregistré', isLive: false, videoKey: null });
const courseRow = async (id: string) => (await t.db.select().from(courses).where(eq(courses.id, id)))[0]!;

async function put(courseId: string, body: Buffer | ReadableStream<Uint8Array>, headers: Record<string, string> = {}) {
  return t.request(`/api/admin/courses/${courseId}/video`, {
    method: 'PUT',
    headers: { origin: ORIGIN, cookie: `${SESSION_COOKIE}=${admin.cookie}`, 'content-type': 'video/mp4', ...headers },
    body: Buffer.isBuffer(body) ? Uint8Array.from(body) : body,
    // A ReadableStream body is sent as it is produced.
    duplex: 'half',
  } as RequestInit);
}

/** `bytes` padded with zeros to `size` bytes (a real file's head, then the length we need). */
function padded(bytes: Buffer, size: number): Buffer {
  const out = Buffer.alloc(size);
  bytes.copy(out, 0, 0, Math.min(bytes.length, size));
  return out;
}

describe('accepted', () => {
  it('fixtures are what they claim', () => {
    expect(mp4.subarray(4, 8).toString('latin1')).toBe('ftyp');
    expect([...webm.subarray(0, 4)]).toEqual([0x1a, 0x45, 0xdf, 0xa3]);
    expect(mp4.length).toBeLessThan(LIMIT);
    expect(webm.length).toBeLessThan(LIMIT);
  });

  it('a real MP4 is stored byte for byte, typed by its bytes, audited; a WebM then replaces it and the MP4 file is removed', async () => {
    const course = await recorded();
    const res = await put(course.id, mp4);
    expect(res.status).toBe(200);
    const first = (await res.json()) as AdminCourseResponse;
    expect(first.course.video).toEqual({ contentType: 'video/mp4', bytes: mp4.length });
    expect(first.course.hasVideo).toBe(true);
    const row = await courseRow(course.id);
    expect(row.videoKey).toMatch(/^videos\/[0-9a-f-]{36}\.mp4$/);
    expect(await readFile(path.join(t.deps.config.dataDir, 'uploads', row.videoKey!))).toEqual(mp4);

    // The Content-Type said mp4; the bytes say WebM, and they decide.
    const again = await put(course.id, webm, { 'content-type': 'video/mp4' });
    expect(again.status).toBe(200);
    expect(((await again.json()) as AdminCourseResponse).course.video).toEqual({ contentType: 'video/webm', bytes: webm.length });
    const after = await courseRow(course.id);
    expect(after.videoKey).toMatch(/\.webm$/);
    expect(await readFile(path.join(t.deps.config.dataDir, 'uploads', after.videoKey!))).toEqual(webm);
    expect(await t.deps.storage.exists(row.videoKey!)).toBe(false);
    expect(await filesOnDisk()).toEqual([path.basename(after.videoKey!)]);

    const audit = await t.db.select().from(auditLog).where(eq(auditLog.targetId, course.id));
    expect(audit.map((a) => a.action)).toEqual(['course.video', 'course.video']);
    expect(audit.map((a) => a.details)).toContainEqual({ contentType: 'video/webm', bytes: webm.length, replaced: true });
  });

  it('a file of exactly the limit is accepted', async () => {
    const course = await recorded();
    const res = await put(course.id, padded(mp4, LIMIT));
    expect(res.status).toBe(200);
    expect(((await res.json()) as AdminCourseResponse).course.video).toEqual({ contentType: 'video/mp4', bytes: LIMIT });
  });
});

describe('refused', () => {
  it('bytes that are not MP4 or WebM: 415 UNSUPPORTED_VIDEO_TYPE, nothing stored (a PNG, a Matroska file, an HEIC photo, nothing)', async () => {
    const course = await recorded();
    const before = await filesOnDisk();
    const mkv = Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x82, 0x88]), Buffer.from('matroska'), Buffer.alloc(200)]);
    const heic = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypheic'), Buffer.alloc(200)]);
    for (const body of [await imageBytes('png'), mkv, heic, Buffer.from('pas une vidéo'), Buffer.alloc(0)]) {
      const res = await put(course.id, body);
      expect(res.status).toBe(415);
      expect(await errorOf(res)).toMatchObject({ code: 'UNSUPPORTED_VIDEO_TYPE', message: ERROR_MESSAGES.UNSUPPORTED_VIDEO_TYPE });
    }
    expect(await filesOnDisk()).toEqual(before);
    expect((await courseRow(course.id)).videoKey).toBeNull();
  });

  it('a Content-Type other than video/mp4 or video/webm is refused before the body is read (415)', async () => {
    const course = await recorded();
    for (const type of ['application/octet-stream', 'application/json', 'video/quicktime']) {
      const res = await put(course.id, mp4, { 'content-type': type });
      expect(res.status).toBe(415);
      expect((await errorOf(res)).code).toBe('UNSUPPORTED_VIDEO_TYPE');
    }
  });

  it('a live course takes no video: 409 VIDEO_ONLY_FOR_RECORDED', async () => {
    const live = await createCourse(t.db, { title: 'Cours en direct', isLive: true });
    const res = await put(live.id, mp4);
    expect(res.status).toBe(409);
    expect((await errorOf(res)).code).toBe('VIDEO_ONLY_FOR_RECORDED');
    expect((await courseRow(live.id)).videoKey).toBeNull();
  });

  it('one byte past the limit: 413 VIDEO_TOO_LARGE, the partial file removed, the previous video kept', async () => {
    const course = await recorded();
    expect((await put(course.id, webm)).status).toBe(200);
    const kept = (await courseRow(course.id)).videoKey!;
    const before = await filesOnDisk();

    // Sent as a stream without a length: only counting while it streams can catch it.
    const body = padded(mp4, LIMIT + 1);
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let at = 0; at < body.length; at += 16 * 1024) controller.enqueue(new Uint8Array(body.subarray(at, at + 16 * 1024)));
        controller.close();
      },
    });
    const res = await put(course.id, stream);
    expect(res.status).toBe(413);
    expect(await errorOf(res)).toMatchObject({ code: 'VIDEO_TOO_LARGE', message: ERROR_MESSAGES.VIDEO_TOO_LARGE });
    expect(await filesOnDisk()).toEqual(before);
    expect((await courseRow(course.id)).videoKey).toBe(kept);
  });

  it('a Content-Length past the limit is refused without reading a byte', async () => {
    const course = await recorded();
    let pulled = false;
    const stream = new ReadableStream<Uint8Array>({
      pull() {
        pulled = true;
        throw new Error('the body should not be read');
      },
      // Pulled only when someone reads it (the default would pull one chunk ahead at once).
    }, { highWaterMark: 0 });
    const res = await put(course.id, stream, { 'content-length': String(LIMIT + 1) });
    expect(res.status).toBe(413);
    expect((await errorOf(res)).code).toBe('VIDEO_TOO_LARGE');
    expect(pulled).toBe(false);
  });
});

describe('streamed, never held whole', () => {
  it('the file is on disk while the client is still sending; past the limit it is cut off and the partial file removed', async () => {
    const course = await recorded();
    const before = await filesOnDisk();
    let sawPartialOnDisk = false;
    let sent = 0;
    const chunk = 32 * 1024;
    const stream = new ReadableStream<Uint8Array>({
      async pull(controller) {
        if (sent === 0) {
          controller.enqueue(new Uint8Array(padded(mp4, chunk)));
          sent += chunk;
          return;
        }
        if (!sawPartialOnDisk) {
          // Before sending more: the server must already have written the first chunk to storage.
          const deadline = Date.now() + 5_000;
          while (Date.now() < deadline) {
            const names = (await filesOnDisk()).filter((n) => !before.includes(n));
            if (names.some((n) => n.endsWith('.part'))) {
              sawPartialOnDisk = true;
              break;
            }
            await new Promise((r) => setTimeout(r, 10));
          }
          if (!sawPartialOnDisk) throw new Error('nothing written while the upload was under way');
        }
        // Then an endless body: only a server that counts as it streams ever answers.
        controller.enqueue(new Uint8Array(chunk));
        sent += chunk;
      },
    });
    const res = await put(course.id, stream);
    expect(sawPartialOnDisk).toBe(true);
    expect(res.status).toBe(413);
    expect((await errorOf(res)).code).toBe('VIDEO_TOO_LARGE');
    // It stopped reading soon after the limit rather than at the end (there is none).
    expect(sent).toBeLessThan(LIMIT + 4 * chunk);
    expect(await filesOnDisk()).toEqual(before);
    expect((await courseRow(course.id)).videoKey).toBeNull();
  });
});
