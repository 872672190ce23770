// DESIGN §7 on the real database, through the public reads: every course card and page carries the
// asking person's entitlement (shared/entitlements.ts) — a fresh subscriber is given every recorded
// course and plays its video; a premium course offers a non-subscriber only the membership; nothing
// empty is for sale; the next session shown is the next one open for booking; the kit question is
// asked only where a kit exists; the admin is told why a published course is not on sale yet.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminCourseListResponse } from '@shared/schemas/admin-courses';
import { learningPaths, type CoursePlaybackResponse } from '@shared/schemas/learning';
import type { CourseListResponse, CourseResponse, HomeData } from '@shared/schemas/public';
import { createCourse, createReservation, createSession, createSubscription, createUser, setRole } from '../factories';
import { newSignedInUser, send } from '../setup/auth-client';
import { createTestApp, type TestApp } from '../setup/test-app';
import { rootDir } from '../setup/test-db';

const NOW = new Date('2026-03-01T12:00:00.000Z');
const inHours = (h: number) => new Date(NOW.getTime() + h * 3_600_000);
const KEY = 'videos/5d0c3a1e-7b2f-4e3a-9c4d-2a1b0c9d8e7f.webm';

let t: TestApp;
const id: Record<'brunch' | 'premium' | 'noVideo' | 'fullThenOpen' | 'full' | 'premiumLive' | 'kit', string> = {} as never;
const sessions: Record<'full' | 'open', string> = {} as never;

beforeAll(async () => {
  t = await createTestApp({ now: () => NOW });
  const webm = await readFile(path.join(rootDir, 'tests/fixtures/videos/tiny.webm'));
  await t.deps.storage.put(KEY, webm, 'video/webm');
  const video = { videoKey: KEY, videoContentType: 'video/webm', videoBytes: webm.length };
  id.brunch = (await createCourse(t.db, { title: 'Brunch végétarien du dimanche', isLive: false, priceCents: 2900, ...video })).id;
  id.premium = (await createCourse(t.db, { title: 'Pâtisserie de palace', isLive: false, isPremium: true, priceCents: 7900, ...video })).id;
  id.noVideo = (await createCourse(t.db, { title: 'Vidéo à venir', isLive: false, priceCents: 2500, videoKey: null })).id;

  // A full session first, an open one later: the open one is "next".
  const taker = await createUser(t.db, { fullName: 'Place Prise' });
  id.fullThenOpen = (await createCourse(t.db, { title: 'Tourtière en direct', isLive: true, priceCents: 6000 })).id;
  sessions.full = (await createSession(t.db, id.fullThenOpen, { startsAt: inHours(24), capacity: 1 })).id;
  await createReservation(t.db, sessions.full, taker.id);
  sessions.open = (await createSession(t.db, id.fullThenOpen, { startsAt: inHours(72), capacity: 8 })).id;
  // Only a full session and a cancelled one: nothing to book.
  id.full = (await createCourse(t.db, { title: 'Sushis complets', isLive: true, priceCents: 5500 })).id;
  const onlySeat = (await createSession(t.db, id.full, { startsAt: inHours(48), capacity: 1 })).id;
  await createReservation(t.db, onlySeat, taker.id);
  await createSession(t.db, id.full, { startsAt: inHours(30), status: 'cancelled' });

  id.premiumLive = (await createCourse(t.db, { title: 'Gastronomie en direct', isLive: true, isPremium: true, priceCents: 9500 })).id;
  await createSession(t.db, id.premiumLive, { startsAt: inHours(96) });
  id.kit = (await createCourse(t.db, { title: 'Pâtes fraîches en direct', isLive: true, priceCents: 4500, prepKit: '400 g de farine\n4 œufs', prepKitServings: 4 })).id;
  await createSession(t.db, id.kit, { startsAt: inHours(120) });
});
afterAll(() => t.close());

async function list(cookie?: string) {
  const res = await send(t, 'GET', '/api/courses', { cookie });
  expect(res.status).toBe(200);
  const { courses } = (await res.json()) as CourseListResponse;
  return new Map(courses.map((c) => [c.id, c]));
}

async function detail(courseId: string, cookie?: string) {
  const res = await send(t, 'GET', `/api/courses/${courseId}`, { cookie });
  expect(res.status).toBe(200);
  return ((await res.json()) as CourseResponse).course;
}

async function subscriber() {
  const user = await newSignedInUser(t, 'Sam Abonnée');
  await createSubscription(t.db, user.id);
  return user;
}

describe('a visitor', () => {
  it('sees a price only on what is for sale: premium courses for subscribers, empty courses « coming soon »', async () => {
    const courses = await list();
    expect(courses.get(id.brunch)!.entitlement).toEqual({ status: 'for_sale', priceCents: 2900, listPriceCents: 2900, discountPercent: null });
    expect(courses.get(id.premium)!.entitlement).toEqual({ status: 'subscribers_only', membershipPriceCents: 1999 });
    expect(courses.get(id.premiumLive)!.entitlement).toEqual({ status: 'subscribers_only', membershipPriceCents: 1999 });
    expect(courses.get(id.noVideo)!.entitlement).toEqual({ status: 'coming_soon' });
    expect(courses.get(id.full)!.entitlement).toEqual({ status: 'coming_soon' });
  });

  it('is shown the next session open for booking: never a full or cancelled one', async () => {
    const courses = await list();
    expect(courses.get(id.fullThenOpen)!.nextSessionAt).toBe(inHours(72).toISOString());
    expect(courses.get(id.full)!.nextSessionAt).toBeNull();
    const home = (await (await send(t, 'GET', '/api/home')).json()) as HomeData;
    expect(home.courses.map((c) => c.title)).toEqual(['Tourtière en direct', 'Gastronomie en direct', 'Pâtes fraîches en direct']);
    expect(home.courses[0]!.nextSessionAt).toBe(inHours(72).toISOString());
  });
});

describe('a fresh subscriber', () => {
  it('is given every recorded course, premium or not, and plays a non-premium one’s video', async () => {
    const user = await subscriber();
    const courses = await list(user.cookie);
    expect(courses.get(id.brunch)!.entitlement).toEqual({ status: 'included', reason: 'membership' });
    expect(courses.get(id.premium)!.entitlement).toEqual({ status: 'included', reason: 'membership' });
    expect((await detail(id.brunch, user.cookie)).entitlement).toEqual({ status: 'included', reason: 'membership' });

    const playback = await send(t, 'GET', learningPaths.coursePlayback(id.brunch), { cookie: user.cookie });
    expect(((await playback.json()) as CoursePlaybackResponse).canWatch).toBe(true);
    const video = await send(t, 'GET', learningPaths.courseVideo(id.brunch), { cookie: user.cookie });
    expect(video.status).toBe(200);
    expect(video.headers.get('content-type')).toBe('video/webm');
  });

  it('is sold a premium live class at the subscribers’ price; what is empty stays « coming soon »', async () => {
    const user = await subscriber();
    const live = await detail(id.premiumLive, user.cookie);
    expect(live.unlocked).toBe(true);
    expect(live.entitlement).toMatchObject({ status: 'for_sale', listPriceCents: 9500 });
    const e = live.entitlement as { priceCents: number; discountPercent: number | null };
    expect(e.priceCents).toBe(9500 - Math.ceil((9500 * (e.discountPercent ?? 0)) / 100));
    expect((await detail(id.noVideo, user.cookie)).entitlement).toEqual({ status: 'coming_soon' });
  });
});

describe("a live session's recording", () => {
  it('opens to every subscriber, not only its attendees; a learner who was not there is refused', async () => {
    const past = (await createSession(t.db, id.fullThenOpen, { startsAt: inHours(-48), recordingUrl: 'https://video.example/enregistrement' })).id;
    const member = await subscriber();
    const res = await send(t, 'GET', `/api/recordings/${past}`, { cookie: member.cookie });
    expect(res.status).toBe(200);
    const learner = await newSignedInUser(t, 'Noa Absente');
    expect((await send(t, 'GET', `/api/recordings/${past}`, { cookie: learner.cookie })).status).toBe(403);
  });
});

describe('a learner without a membership', () => {
  it('is offered only the membership for a premium course, and may not play what they did not buy', async () => {
    const user = await newSignedInUser(t, 'Léo Apprenant');
    const live = await detail(id.premiumLive, user.cookie);
    expect(live.unlocked).toBe(false);
    expect(live.entitlement).toEqual({ status: 'subscribers_only', membershipPriceCents: 1999 });
    expect((await send(t, 'GET', learningPaths.courseVideo(id.brunch), { cookie: user.cookie })).status).toBe(403);
  });
});

describe('the class preparation kit', () => {
  it('is said to exist only where one is written', async () => {
    expect((await detail(id.kit)).hasPrepKit).toBe(true);
    expect((await detail(id.fullThenOpen)).hasPrepKit).toBe(false);
    expect((await detail(id.fullThenOpen)).sessions.map((s) => s.hasPrepKit)).toEqual([false, false]);
  });
});

describe('the admin', () => {
  it('is told why a published course is not on sale yet', async () => {
    const admin = await newSignedInUser(t, 'Cheffe Admin');
    await setRole(t.db, admin.id, 'admin');
    const res = await send(t, 'GET', '/api/admin/courses', { cookie: admin.cookie });
    expect(res.status).toBe(200);
    const byId = new Map(((await res.json()) as AdminCourseListResponse).courses.map((c) => [c.id, c.notOnSale]));
    expect(byId.get(id.noVideo)).toBe('no_video');
    expect(byId.get(id.full)).toBe('no_open_session');
    expect(byId.get(id.brunch)).toBeNull();
    expect(byId.get(id.fullThenOpen)).toBeNull();
  });
});
