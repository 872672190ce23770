// GET /api/courses and /api/courses/:id on the real database: published only, catalogue order,
// filters, next session, seats left, the premium panel, and bad input answered in French.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VISITOR } from '@shared/access';
import type { ApiErrorBody } from '@shared/errors';
import type { CourseListResponse, CourseResponse } from '@shared/schemas/public';
import { courseService } from '../../src/server/modules/courses/service';
import { createChef, createCourse, createPurchase, createReservation, createSession, createUser } from '../factories';
import { createTestApp, type TestApp } from '../setup/test-app';

const NOW = new Date('2026-03-01T12:00:00.000Z');
const HOUR = 3_600_000;
const inHours = (h: number) => new Date(NOW.getTime() + h * HOUR);
const at = (minutesAgo: number) => new Date(NOW.getTime() - minutesAgo * 60_000);

let t: TestApp;
let chef: { id: string; fullName: string };
let guest: { id: string; fullName: string };
const ids: Record<string, string> = {};
const sessions: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp({ now: () => NOW });
  chef = await createChef(t.db, { fullName: 'Julie Tremblay', role: 'admin', phone: '514-555-0199', address: '12 rue Secrète', province: 'QC' });
  guest = await createChef(t.db, { fullName: 'Marc Gagnon', phone: '418-555-0123', address: '99 chemin Privé' });
  const learner = await createUser(t.db, { fullName: 'Léa Learner' });

  ids.liveOld = (await createCourse(t.db, { title: 'Tourtière en direct', isLive: true, teacherId: chef.id, cuisineType: 'Québécoise', createdAt: at(300) })).id;
  ids.liveNew = (await createCourse(t.db, { title: 'Sushis en direct', isLive: true, teacherId: guest.id, cuisineType: 'Japonaise', difficulty: 'advanced', createdAt: at(100) })).id;
  ids.recorded = (await createCourse(t.db, { title: 'Pain au levain', isLive: false, teacherId: chef.id, cuisineType: 'Française', difficulty: 'beginner', durationMinutes: 90, createdAt: at(50) })).id;
  ids.premium = (await createCourse(t.db, { title: 'Macarons', isLive: false, isPremium: true, teacherId: chef.id, cuisineType: 'Française', createdAt: at(10) })).id;
  ids.draft = (await createCourse(t.db, { title: 'Brouillon caché', status: 'draft', teacherId: chef.id, createdAt: at(1) })).id;
  ids.archived = (await createCourse(t.db, { title: 'Archivé caché', status: 'archived', teacherId: chef.id, createdAt: at(2) })).id;
  ids.noTeacher = (await createCourse(t.db, { title: 'Sans chef', isLive: false, teacherId: null, durationMinutes: null, createdAt: at(400) })).id;

  // Tourtière: a past session, a cancelled one, then two ahead.
  await createSession(t.db, ids.liveOld, { startsAt: inHours(-2), capacity: 8 });
  await createSession(t.db, ids.liveOld, { startsAt: inHours(5), capacity: 8, status: 'cancelled' });
  sessions.later = (await createSession(t.db, ids.liveOld, { startsAt: inHours(72), capacity: 3, durationMinutes: 45 })).id;
  sessions.soon = (await createSession(t.db, ids.liveOld, { startsAt: inHours(24), capacity: 10 })).id;
  sessions.sushi = (await createSession(t.db, ids.liveNew, { startsAt: inHours(48), capacity: 6 })).id;

  // Seats of the soon session: 2 confirmed, 1 held until later (counts), 1 hold expired, 1 cancelled, 1 expired.
  // Each seat is another learner's: one learner has at most one live reservation per session.
  const r = async (status: 'confirmed' | 'pending_payment' | 'cancelled' | 'expired', holdExpiresAt: Date | null = null) =>
    createReservation(t.db, sessions.soon!, (await createUser(t.db)).id, { status, holdExpiresAt });
  await r('confirmed');
  await r('confirmed');
  await r('pending_payment', inHours(0.25));
  await r('pending_payment', inHours(-0.25));
  await r('cancelled');
  await r('expired');
  // The later session is over-full on paper (3 confirmed + 1 held, capacity 3): never negative.
  for (let i = 0; i < 3; i++) await createReservation(t.db, sessions.later!, (await createUser(t.db)).id);
  await createReservation(t.db, sessions.later!, learner.id, { status: 'pending_payment', holdExpiresAt: inHours(1) });
  await createPurchase(t.db, learner.id, ids.premium!);
});
afterAll(() => t.close());

const titles = (body: CourseListResponse) => body.courses.map((c) => c.title);

describe('GET /api/courses', () => {
  it('lists published courses only, live first, then newest', async () => {
    const { status, body } = await t.json<CourseListResponse>('/api/courses');
    expect(status).toBe(200);
    expect(titles(body)).toEqual(['Sushis en direct', 'Tourtière en direct', 'Macarons', 'Pain au levain', 'Sans chef']);
  });

  it('gives each course its teacher by public name only, and its next session', async () => {
    const res = await t.request('/api/courses');
    const text = await res.text();
    for (const secret of ['514-555-0199', '12 rue Secrète', '418-555-0123', 'Privé', 'province', 'phone', 'address', 'videoKey']) {
      expect(text).not.toContain(secret);
    }
    const { courses } = JSON.parse(text) as CourseListResponse;
    const tourtiere = courses.find((c) => c.id === ids.liveOld)!;
    expect(tourtiere).toMatchObject({
      teacher: { id: chef.id, fullName: 'Julie Tremblay' },
      isLive: true,
      cuisineType: 'Québécoise',
      priceCents: 4500,
      // The past and the cancelled sessions do not count.
      nextSessionAt: inHours(24).toISOString(),
    });
    expect(courses.find((c) => c.id === ids.recorded)?.nextSessionAt).toBeNull();
    expect(courses.find((c) => c.id === ids.noTeacher)?.teacher).toBeNull();
  });

  it('filters by cuisine (any case), difficulty, chef and format', async () => {
    expect(titles((await t.json<CourseListResponse>('/api/courses?cuisine=fran%C3%A7aise')).body)).toEqual(['Macarons', 'Pain au levain']);
    expect(titles((await t.json<CourseListResponse>('/api/courses?difficulty=advanced')).body)).toEqual(['Sushis en direct']);
    expect(titles((await t.json<CourseListResponse>(`/api/courses?chef=${guest.id}`)).body)).toEqual(['Sushis en direct']);
    expect(titles((await t.json<CourseListResponse>('/api/courses?format=live')).body)).toEqual(['Sushis en direct', 'Tourtière en direct']);
    expect(titles((await t.json<CourseListResponse>('/api/courses?format=recorded&cuisine=Fran%C3%A7aise&chef=' + chef.id)).body)).toEqual([
      'Macarons',
      'Pain au levain',
    ]);
    expect((await t.json<CourseListResponse>('/api/courses?chef=inconnu')).body).toEqual({ courses: [] });
  });

  it.each([
    ['/api/courses?difficulty=expert', 'difficulty', 'Niveau de difficulté inconnu.'],
    ['/api/courses?format=video', 'format', 'Format de cours inconnu.'],
    ['/api/courses?page=2', 'page', 'Paramètre inconnu.'],
  ])('refuses %s with a French 400', async (url, field, message) => {
    const { status, body } = await t.json<ApiErrorBody>(url);
    expect(status).toBe(400);
    expect(body.error.code).toBe('VALIDATION_FAILED');
    expect(body.error.fields?.[field]).toBe(message);
  });

  it('refuses a huge or NUL-bearing cuisine or chef value with a 400, not a 500', async () => {
    for (const url of [`/api/courses?cuisine=${'x'.repeat(5000)}`, `/api/courses?chef=${'x'.repeat(5000)}`, '/api/courses?cuisine=%00', '/api/courses?chef=a%00b']) {
      const { status, body } = await t.json<ApiErrorBody>(url);
      expect(status).toBe(400);
      expect(body.error.code).toBe('VALIDATION_FAILED');
    }
  });
});

describe('GET /api/courses/:id', () => {
  it('gives a live course its upcoming sessions, soonest first, with the seats left', async () => {
    const { status, body } = await t.json<CourseResponse>(`/api/courses/${ids.liveOld}`);
    expect(status).toBe(200);
    expect(body.course.unlocked).toBe(true);
    expect(body.course.sessions).toEqual([
      // 10 seats − 2 confirmed − 1 hold still running; expired holds and cancelled bookings free their seat.
      { id: sessions.soon, startsAt: inHours(24).toISOString(), durationMinutes: 120, capacity: 10, seatsLeft: 7, maxSeatsPerBooking: 6, hasPrepKit: false },
      // Its own duration; more taken than seats never shows a negative count.
      { id: sessions.later, startsAt: inHours(72).toISOString(), durationMinutes: 45, capacity: 3, seatsLeft: 0, maxSeatsPerBooking: 6, hasPrepKit: false },
    ]);
  });

  it('counts a hold as taken until it expires, by the app clock', async () => {
    const later = courseService({ ...t.deps, now: () => inHours(0.5) });
    const detail = await later.detail(ids.liveOld!, VISITOR);
    expect(detail.sessions.find((s) => s.id === sessions.soon)?.seatsLeft).toBe(8);
  });

  it('gives a recorded course no sessions', async () => {
    const { body } = await t.json<CourseResponse>(`/api/courses/${ids.recorded}`);
    expect(body.course).toMatchObject({ title: 'Pain au levain', isLive: false, sessions: [], unlocked: true, durationMinutes: 90 });
  });

  it('keeps a premium course locked for a visitor, open to a buyer or a subscriber', async () => {
    const { body } = await t.json<CourseResponse>(`/api/courses/${ids.premium}`);
    expect(body.course).toMatchObject({ isPremium: true, unlocked: false });
    const service = courseService(t.deps);
    const buyer = (await t.db.query.purchases.findFirst())!.userId;
    expect(await service.detail(ids.premium!, { userId: buyer, role: 'learner', isSubscriber: false })).toMatchObject({ unlocked: true, purchased: true });
    expect(await service.detail(ids.premium!, { userId: 'someone-else', role: 'learner', isSubscriber: false })).toMatchObject({ unlocked: false, purchased: false });
    expect(await service.detail(ids.premium!, { userId: 'someone-else', role: 'learner', isSubscriber: true })).toMatchObject({ unlocked: true, purchased: false });
  });

  it.each([
    ['a draft', () => ids.draft!],
    ['an archived course', () => ids.archived!],
    ['an unknown id', () => '00000000-0000-4000-8000-000000000000'],
    ['a malformed id', () => 'cours-42'],
    ['a huge id', () => 'x'.repeat(5000)],
  ])('answers %s with 404 COURSE_NOT_FOUND', async (_label, id) => {
    const { status, body } = await t.json<ApiErrorBody>(`/api/courses/${id()}`);
    expect(status).toBe(404);
    expect(body.error).toMatchObject({ code: 'COURSE_NOT_FOUND', message: "Ce cours n'a pas été trouvé." });
  });
});
