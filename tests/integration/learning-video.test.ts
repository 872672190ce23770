// GET|HEAD /api/courses/:id/video on the real database and local-disk storage: Range requests
// answered byte for byte (first bytes, middle, suffix, open-ended, HEAD, 200 without Range, 416 for
// malformed or past-the-end ranges), and the access rule applied again to every request — a buyer
// until the refund lands, a subscriber until the subscription ends, a visitor only on a free
// non-premium course — never from the public response cache. Also GET /api/courses/:id/playback.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiErrorBody } from '@shared/errors';
import { learningPaths, type CoursePlaybackResponse } from '@shared/schemas/learning';
import { courses, subscriptions } from '../../src/server/db/schema';
import { createCourse, createPurchase, createSubscription, setRole } from '../factories';
import { createPaidOrder } from '../factories/orders';
import { newSignedInUser, send } from '../setup/auth-client';
import { deliverEvents, newKey } from '../setup/payments';
import { rootDir } from '../setup/test-db';
import { createTestApp, type TestApp } from '../setup/test-app';
import { testNow } from '../setup/test-clock';

type Account = { id: string; cookie: string };

let t: TestApp;
let webm: Buffer;
let admin: Account;
const KEY = 'videos/0b9e8f4e-5c1a-4c47-9d0e-1f2a3b4c5d6e.webm';

beforeAll(async () => {
  t = await createTestApp();
  webm = await readFile(path.join(rootDir, 'tests/fixtures/videos/tiny.webm'));
  await t.deps.storage.put(KEY, webm, 'video/webm');
  admin = await newSignedInUser(t, 'Cheffe Admin');
  await setRole(t.db, admin.id, 'admin');
});
afterAll(() => t.close());

const withVideo = (values: Parameters<typeof createCourse>[1] = {}) =>
  createCourse(t.db, { isLive: false, priceCents: 3900, videoKey: KEY, videoContentType: 'video/webm', videoBytes: webm.length, ...values });

function video(courseId: string, opts: { cookie?: string; range?: string; method?: string; headers?: Record<string, string> } = {}) {
  return send(t, opts.method ?? 'GET', learningPaths.courseVideo(courseId), {
    cookie: opts.cookie,
    headers: { ...(opts.range ? { range: opts.range } : {}), ...opts.headers },
  });
}

const bytesOf = async (res: Response) => Buffer.from(await res.arrayBuffer());
const codeOf = async (res: Response) => ((await res.json()) as ApiErrorBody).error.code;

async function playback(courseId: string, cookie?: string) {
  const res = await send(t, 'GET', learningPaths.coursePlayback(courseId), { cookie });
  expect(res.headers.get('cache-control')).toBe('private, no-store');
  return { status: res.status, body: (await res.json()) as CoursePlaybackResponse };
}

describe('Range requests', () => {
  let courseId: string;
  beforeAll(async () => {
    courseId = (await withVideo({ priceCents: 0 })).id;
  });

  it('without Range: 200, the whole file, ranges offered, kept by nobody', async () => {
    const res = await video(courseId);
    expect(res.status).toBe(200);
    expect(Object.fromEntries(res.headers)).toMatchObject({
      'content-type': 'video/webm',
      'content-length': String(webm.length),
      'accept-ranges': 'bytes',
      'cache-control': 'private, no-store',
      'x-content-type-options': 'nosniff',
    });
    expect((await bytesOf(res)).equals(webm)).toBe(true);
  });

  it.each([
    ['the first bytes', 'bytes=0-1', 0, 1],
    ['the middle', 'bytes=1000-1499', 1000, 1499],
    ['a suffix', 'bytes=-500', -500, -1],
    ['open-ended', 'bytes=2000-', 2000, -1],
    ['an end past the file', 'bytes=2500-999999', 2500, -1],
  ])('%s: 206 with exactly those bytes', async (_label, range, from, to) => {
    const start = from < 0 ? webm.length + from : from;
    const end = to < 0 ? webm.length + to : to;
    const res = await video(courseId, { range });
    expect(res.status).toBe(206);
    expect(res.headers.get('content-range')).toBe(`bytes ${start}-${end}/${webm.length}`);
    expect(res.headers.get('content-length')).toBe(String(end - start + 1));
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect((await bytesOf(res)).equals(webm.subarray(start, end + 1))).toBe(true);
  });

  it('HEAD: the GET’s status and headers, no body', async () => {
    const whole = await video(courseId, { method: 'HEAD' });
    expect(whole.status).toBe(200);
    expect(whole.headers.get('content-length')).toBe(String(webm.length));
    expect(whole.headers.get('accept-ranges')).toBe('bytes');
    expect((await bytesOf(whole)).length).toBe(0);
    const part = await video(courseId, { method: 'HEAD', range: 'bytes=10-19' });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 10-19/${webm.length}`);
    expect((await bytesOf(part)).length).toBe(0);
  });

  it.each(['bytes=oops', 'bytes=20-10', 'bytes=-', 'octets'])('malformed %s: 416 with the size', async (range) => {
    const res = await video(courseId, { range });
    expect(res.status).toBe(416);
    expect(res.headers.get('content-range')).toBe(`bytes */${webm.length}`);
    expect(await codeOf(res)).toBe('RANGE_NOT_SATISFIABLE');
  });

  it('a start past the end: 416 with bytes */size', async () => {
    for (const range of [`bytes=${webm.length}-`, `bytes=${webm.length + 100}-${webm.length + 200}`]) {
      const res = await video(courseId, { range });
      expect(res.status, range).toBe(416);
      expect(res.headers.get('content-range'), range).toBe(`bytes */${webm.length}`);
      expect(await codeOf(res)).toBe('RANGE_NOT_SATISFIABLE');
    }
  });

  it('several ranges: the whole file, 200', async () => {
    const res = await video(courseId, { range: 'bytes=0-9, 100-109' });
    expect(res.status).toBe(200);
    expect((await bytesOf(res)).equals(webm)).toBe(true);
  });

  it('If-Range: the range while the file is the same, the whole file once it changed', async () => {
    const etag = (await video(courseId, { method: 'HEAD' })).headers.get('etag')!;
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect((await video(courseId, { range: 'bytes=0-9', headers: { 'if-range': etag } })).status).toBe(206);
    const stale = await video(courseId, { range: 'bytes=0-9', headers: { 'if-range': '"une-ancienne-version"' } });
    expect(stale.status).toBe(200);
    expect((await bytesOf(stale)).length).toBe(webm.length);
  });
});

describe('access on every request', () => {
  it('a paid course: a visitor 401, a non-buyer 403, a buyer 206 — until the refund lands, then 403', async () => {
    const course = await withVideo({ title: 'Pain au levain', priceCents: 4999 });
    const visitor = await video(course.id, { range: 'bytes=0-1' });
    expect(visitor.status).toBe(401);
    expect(await codeOf(visitor)).toBe('UNAUTHENTICATED');

    const stranger = await newSignedInUser(t, 'Sam Curieux');
    const refused = await video(course.id, { cookie: stranger.cookie, range: 'bytes=0-1' });
    expect(refused.status).toBe(403);
    expect(await codeOf(refused)).toBe('VIDEO_ACCESS_DENIED');

    const buyer = await newSignedInUser(t, 'Léa Acheteuse');
    const order = await createPaidOrder(t.db, { user: buyer, province: 'QC', items: [{ courseId: course.id, description: 'Pain au levain', amountCents: 4999 }] });
    expect((await video(course.id, { cookie: buyer.cookie, range: 'bytes=0-1' })).status).toBe(206);
    expect((await playback(course.id, buyer.cookie)).body).toEqual({
      canWatch: true,
      video: { url: learningPaths.courseVideo(course.id), contentType: 'video/webm' },
      progress: null,
    });

    const refund = await send(t, 'POST', `/api/admin/orders/${order.id}/refunds`, {
      cookie: admin.cookie,
      body: { idempotencyKey: newKey(), lines: [{ orderLineId: order.lines[0]!.id }], reason: 'Demande de la cliente' },
    });
    expect(refund.status).toBe(201);
    // Pending until the provider's event: the purchase still stands.
    expect((await video(course.id, { cookie: buyer.cookie, range: 'bytes=2-3' })).status).toBe(206);
    await deliverEvents(t);
    const after = await video(course.id, { cookie: buyer.cookie, range: 'bytes=2-3' });
    expect(after.status).toBe(403);
    expect(await codeOf(after)).toBe('VIDEO_ACCESS_DENIED');
    expect((await playback(course.id, buyer.cookie)).body).toEqual({ canWatch: false, video: null, progress: null });
  });

  it('a premium course: a subscriber 206 until the subscription ends, then 403; a premium buyer keeps it', async () => {
    const course = await withVideo({ title: 'Macarons', isPremium: true, priceCents: 3000 });
    const subscriber = await newSignedInUser(t, 'Alice Abonnée');
    const sub = await createSubscription(t.db, subscriber.id, { status: 'active' });
    expect((await video(course.id, { cookie: subscriber.cookie, range: 'bytes=0-99' })).status).toBe(206);
    expect((await playback(course.id, subscriber.cookie)).body.canWatch).toBe(true);

    await t.db
      .update(subscriptions)
      .set({ status: 'canceled', currentPeriodEnd: new Date(testNow().getTime() - 60_000) })
      .where(eq(subscriptions.id, sub.id));
    const ended = await video(course.id, { cookie: subscriber.cookie, range: 'bytes=100-199' });
    expect(ended.status).toBe(403);
    expect(await codeOf(ended)).toBe('VIDEO_ACCESS_DENIED');
    expect((await playback(course.id, subscriber.cookie)).body.canWatch).toBe(false);

    const visitor = await video(course.id);
    expect(visitor.status).toBe(401);
    const buyer = await newSignedInUser(t, 'Bob Acheteur');
    await createPurchase(t.db, buyer.id, course.id);
    expect((await video(course.id, { cookie: buyer.cookie })).status).toBe(200);
  });

  it('a free course that is not premium plays for a visitor; a free premium one does not', async () => {
    const free = await withVideo({ title: 'Bases du couteau', priceCents: 0 });
    expect((await video(free.id, { range: 'bytes=0-9' })).status).toBe(206);
    expect((await playback(free.id)).body).toEqual({
      canWatch: true,
      video: { url: learningPaths.courseVideo(free.id), contentType: 'video/webm' },
      progress: null,
    });
    const freePremium = await withVideo({ title: 'Bases Premium', priceCents: 0, isPremium: true });
    expect((await video(freePremium.id)).status).toBe(401);
    expect((await playback(freePremium.id)).body).toEqual({ canWatch: false, video: null, progress: null });
  });

  it('the teacher and the admin watch without buying', async () => {
    const chef = await newSignedInUser(t, 'Julie Chef');
    await setRole(t.db, chef.id, 'chef');
    const course = await withVideo({ title: 'Cours de Julie', teacherId: chef.id });
    expect((await video(course.id, { cookie: chef.cookie, range: 'bytes=0-0' })).status).toBe(206);
    expect((await video(course.id, { cookie: admin.cookie, range: 'bytes=0-0' })).status).toBe(206);
  });

  it('no video yet: 404 VIDEO_NOT_AVAILABLE for those who may watch, the refusal for others', async () => {
    const course = await createCourse(t.db, { title: 'Sans vidéo', isLive: false, priceCents: 2000, videoKey: null });
    const buyer = await newSignedInUser(t, 'Noé Patient');
    await createPurchase(t.db, buyer.id, course.id);
    const res = await video(course.id, { cookie: buyer.cookie });
    expect(res.status).toBe(404);
    expect(await codeOf(res)).toBe('VIDEO_NOT_AVAILABLE');
    expect((await playback(course.id, buyer.cookie)).body).toEqual({ canWatch: true, video: null, progress: null });
    expect((await video(course.id)).status).toBe(401);
  });

  it('an unknown, malformed or unpublished course: 404 COURSE_NOT_FOUND', async () => {
    const draft = await withVideo({ title: 'Brouillon', priceCents: 0, status: 'draft' });
    for (const id of [draft.id, '00000000-0000-4000-8000-000000000000', 'pas-un-id']) {
      const res = await video(id, { cookie: admin.cookie });
      expect(res.status, id).toBe(404);
      expect(await codeOf(res)).toBe('COURSE_NOT_FOUND');
      expect((await send(t, 'GET', learningPaths.coursePlayback(id))).status, id).toBe(404);
    }
  });

  it('an archived course (ever sold, no longer offered): its buyer keeps the page and the video, nobody else finds it', async () => {
    const course = await withVideo({ title: 'Cours retiré', status: 'archived' });
    const buyer = await newSignedInUser(t, 'Rose Fidèle');
    const other = await newSignedInUser(t, 'Paul Curieux');
    await createPurchase(t.db, buyer.id, course.id);
    expect((await video(course.id, { cookie: buyer.cookie, range: 'bytes=0-0' })).status).toBe(206);
    expect((await playback(course.id, buyer.cookie)).body.canWatch).toBe(true);
    expect((await send(t, 'GET', `/api/courses/${course.id}`, { cookie: buyer.cookie })).status).toBe(200);
    for (const cookie of [other.cookie, undefined]) {
      const res = await video(course.id, { cookie });
      expect(res.status).toBe(404);
      expect(await codeOf(res)).toBe('COURSE_NOT_FOUND');
      expect((await send(t, 'GET', `/api/courses/${course.id}`, { cookie })).status).toBe(404);
    }
  });

  it('playback refuses query parameters (400) and a visitor of a paid course is told only that they may not watch', async () => {
    const course = await withVideo({ title: 'Tarte Tatin' });
    expect((await send(t, 'GET', `${learningPaths.coursePlayback(course.id)}?userId=x`)).status).toBe(400);
    expect(await playback(course.id)).toEqual({ status: 200, body: { canWatch: false, video: null, progress: null } });
  });
});

describe('never from the public response cache', () => {
  it('a visitor’s free-course video and playback are read afresh: a course made paid stops playing at once', async () => {
    const course = await withVideo({ title: 'Gratuit puis payant', priceCents: 0 });
    for (let i = 0; i < 2; i++) {
      const res = await video(course.id);
      expect(res.status).toBe(200);
      expect(res.headers.get('etag')).not.toBeNull();
      expect(res.headers.get('vary')).toBeNull();
      await res.arrayBuffer();
      expect((await playback(course.id)).body.canWatch).toBe(true);
    }
    // Changed under the cache's feet (no invalidation): a cached answer would still play.
    await t.db.update(courses).set({ priceCents: 4500 }).where(eq(courses.id, course.id));
    const res = await video(course.id);
    expect(res.status).toBe(401);
    expect((await playback(course.id)).body).toEqual({ canWatch: false, video: null, progress: null });
  });

  it('a paid course’s video watched by its buyer never reaches a visitor', async () => {
    const course = await withVideo({ title: 'Réservé aux acheteurs' });
    const buyer = await newSignedInUser(t, 'Eve Acheteuse');
    await createPurchase(t.db, buyer.id, course.id);
    for (const range of [undefined, 'bytes=0-99']) {
      const own = await video(course.id, { cookie: buyer.cookie, range });
      expect(own.ok).toBe(true);
      await own.arrayBuffer();
      const visitor = await video(course.id, { range });
      expect(visitor.status).toBe(401);
      expect((await bytesOf(visitor)).includes(webm.subarray(0, 16))).toBe(false);
    }
  });

  it('the public course detail stays cached for visitors (only the learning routes are excluded)', async () => {
    const course = await withVideo({ title: 'Détail public' });
    const first = await send(t, 'GET', `/api/courses/${course.id}`);
    expect(first.status).toBe(200);
    expect(first.headers.get('cache-control')).toBe('no-cache');
    const etag = first.headers.get('etag')!;
    const again = await send(t, 'GET', `/api/courses/${course.id}`, { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
  });
});
