// PUT /api/courses/:id/progress on the real database: only a signed-in viewer who may watch a
// course that has a video saves a place; the position is clamped to the duration; the course is
// finished from 90 % on and stays finished; the place comes back in the playback answer (the
// 'Reprendre à' offer) and in Mes Achats.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiErrorBody } from '@shared/errors';
import type { PurchasesResponse } from '@shared/schemas/checkout';
import { learningPaths, type CoursePlaybackResponse, type ProgressResponse } from '@shared/schemas/learning';
import { courseProgress, subscriptions } from '../../src/server/db/schema';
import { createCourse, createPurchase, createSubscription } from '../factories';
import { newSignedInUser, send } from '../setup/auth-client';
import { createTestApp, type TestApp } from '../setup/test-app';

let clock = Date.parse('2026-11-20T15:00:00Z');
let t: TestApp;
const KEY = 'videos/5d8f1c2e-0a3b-4c5d-8e9f-0a1b2c3d4e5f.webm';

beforeAll(async () => {
  t = await createTestApp({ now: () => new Date(clock) });
  await t.deps.storage.put(KEY, Buffer.from('1a45dfa3', 'hex'), 'video/webm');
});
afterAll(() => t.close());

const recorded = (values: Parameters<typeof createCourse>[1] = {}) =>
  createCourse(t.db, { isLive: false, priceCents: 3900, videoKey: KEY, videoContentType: 'video/webm', videoBytes: 4, ...values });

async function save(courseId: string, cookie: string | undefined, body: unknown) {
  clock += 10_000;
  const res = await send(t, 'PUT', learningPaths.courseProgress(courseId), { cookie, body });
  return { status: res.status, cacheControl: res.headers.get('cache-control'), body: (await res.json()) as ProgressResponse & ApiErrorBody };
}

async function playback(courseId: string, cookie?: string) {
  return (await (await send(t, 'GET', learningPaths.coursePlayback(courseId), { cookie })).json()) as CoursePlaybackResponse;
}

async function buyer(name: string, courseId: string) {
  const person = await newSignedInUser(t, name);
  await createPurchase(t.db, person.id, courseId);
  return person;
}

describe('saving a place', () => {
  it('saves whole seconds, resumes from them, and answers privately', async () => {
    const course = await recorded({ title: 'Pain au levain' });
    const learner = await buyer('Léa Apprenante', course.id);
    const first = await save(course.id, learner.cookie, { positionSeconds: 754.6, durationSeconds: 1800.4 });
    expect(first.status).toBe(200);
    expect(first.cacheControl).toBe('private, no-store');
    expect(first.body.progress).toEqual({
      positionSeconds: 754,
      durationSeconds: 1800,
      percent: 41,
      completed: false,
      completedAt: null,
      updatedAt: new Date(clock).toISOString(),
    });
    // The course page offers 'Reprendre à 12:34' from this.
    expect((await playback(course.id, learner.cookie)).progress).toEqual(first.body.progress);
    // A later save moves it, even backwards (the learner went back to a step).
    const back = await save(course.id, learner.cookie, { positionSeconds: 120, durationSeconds: 1800 });
    expect(back.body.progress).toMatchObject({ positionSeconds: 120, percent: 6, completed: false });
    const rows = await t.db.select().from(courseProgress).where(eq(courseProgress.userId, learner.id));
    expect(rows).toHaveLength(1);
  });

  it('clamps a position past the end to the duration', async () => {
    const course = await recorded({ title: 'Macarons' });
    const learner = await buyer('Max Fin', course.id);
    const res = await save(course.id, learner.cookie, { positionSeconds: 700.9, durationSeconds: 600 });
    expect(res.body.progress).toMatchObject({ positionSeconds: 600, durationSeconds: 600, percent: 100, completed: true });
  });

  it('finishes the course from 90 % on, and keeps it finished (with its first date) when watched again', async () => {
    const course = await recorded({ title: 'Tartes' });
    const learner = await buyer('Zoé Assidue', course.id);
    expect((await save(course.id, learner.cookie, { positionSeconds: 899, durationSeconds: 1000 })).body.progress).toMatchObject({
      percent: 89,
      completed: false,
      completedAt: null,
    });
    const done = await save(course.id, learner.cookie, { positionSeconds: 900, durationSeconds: 1000 });
    expect(done.body.progress).toMatchObject({ positionSeconds: 900, percent: 100, completed: true, completedAt: new Date(clock).toISOString() });
    const finishedAt = done.body.progress.completedAt;
    const again = await save(course.id, learner.cookie, { positionSeconds: 30, durationSeconds: 1000 });
    expect(again.body.progress).toMatchObject({ positionSeconds: 30, percent: 100, completed: true, completedAt: finishedAt });
  });

  it('shows each recorded course’s progress in Mes Achats, and none for a course never played', async () => {
    const played = await recorded({ title: 'Gnocchis' });
    const untouched = await recorded({ title: 'Brunch' });
    const learner = await buyer('Noé Acheteur', played.id);
    await createPurchase(t.db, learner.id, untouched.id);
    await save(played.id, learner.cookie, { positionSeconds: 300, durationSeconds: 1200 });
    const res = await send(t, 'GET', '/api/purchases', { cookie: learner.cookie });
    const { purchases } = (await res.json()) as PurchasesResponse;
    const byCourse = Object.fromEntries(purchases.map((p) => [p.course.id, p.progress]));
    expect(byCourse[played.id]).toEqual({ percent: 25, completed: false, positionSeconds: 300 });
    expect(byCourse[untouched.id]).toBeNull();
    // Another person's place never shows in anyone else's answers.
    const other = await buyer('Ana Autre', played.id);
    expect((await playback(played.id, other.cookie)).progress).toBeNull();
  });

  it('a subscriber saves a place in a premium course, and keeps nothing more once the subscription ends', async () => {
    const course = await recorded({ title: 'Bistro', isPremium: true });
    const member = await newSignedInUser(t, 'Sam Abonné');
    const sub = await createSubscription(t.db, member.id);
    expect((await save(course.id, member.cookie, { positionSeconds: 60, durationSeconds: 600 })).status).toBe(200);
    await t.db.update(subscriptions).set({ status: 'canceled', currentPeriodEnd: new Date(clock - 1000) }).where(eq(subscriptions.id, sub.id));
    const refused = await save(course.id, member.cookie, { positionSeconds: 120, durationSeconds: 600 });
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe('VIDEO_ACCESS_DENIED');
    expect((await playback(course.id, member.cookie)).progress).toBeNull();
  });
});

describe('refused', () => {
  it('a visitor 401, even on a free course (no place to keep)', async () => {
    const free = await recorded({ title: 'Couteau', priceCents: 0 });
    const res = await save(free.id, undefined, { positionSeconds: 10, durationSeconds: 100 });
    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe('UNAUTHENTICATED');
  });

  it('someone who may not watch 403; a course without video 404; an unknown or unpublished one 404', async () => {
    const course = await recorded({ title: 'Payant' });
    const stranger = await newSignedInUser(t, 'Sam Curieux');
    const denied = await save(course.id, stranger.cookie, { positionSeconds: 10, durationSeconds: 100 });
    expect(denied.status).toBe(403);
    expect(denied.body.error.code).toBe('VIDEO_ACCESS_DENIED');

    const bare = await createCourse(t.db, { title: 'Sans vidéo', isLive: false, priceCents: 0, videoKey: null });
    const none = await save(bare.id, stranger.cookie, { positionSeconds: 10, durationSeconds: 100 });
    expect(none.status).toBe(404);
    expect(none.body.error.code).toBe('VIDEO_NOT_AVAILABLE');

    const archived = await recorded({ title: 'Archivé', priceCents: 0, status: 'archived' });
    for (const id of [archived.id, '00000000-0000-4000-8000-000000000000', 'nope']) {
      const res = await save(id, stranger.cookie, { positionSeconds: 10, durationSeconds: 100 });
      expect(res.status, id).toBe(404);
      expect(res.body.error.code).toBe('COURSE_NOT_FOUND');
    }
    expect(await t.db.select().from(courseProgress).where(eq(courseProgress.userId, stranger.id))).toEqual([]);
  });

  it.each([
    [{ positionSeconds: -1, durationSeconds: 100 }, 'positionSeconds'],
    [{ positionSeconds: 10, durationSeconds: 0 }, 'durationSeconds'],
    [{ positionSeconds: 10 }, 'durationSeconds'],
    [{ positionSeconds: '10', durationSeconds: 100 }, 'positionSeconds'],
    [{ positionSeconds: 10, durationSeconds: 100_000 }, 'durationSeconds'],
  ])('bad input %j: 400 naming %s in French', async (body, field) => {
    const course = await recorded({ title: 'Validation', priceCents: 0 });
    const learner = await newSignedInUser(t, 'Val Idation');
    const res = await save(course.id, learner.cookie, body);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('VALIDATION_FAILED');
    expect(res.body.error.fields?.[field]).toMatch(/invalide/);
  });
});
