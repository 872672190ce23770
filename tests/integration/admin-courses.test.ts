// /api/admin/courses on the real database: the admin alone lists, creates, edits, unpublishes and
// deletes courses (a course ever bought is archived, never deleted, and stays in Mes Achats), sets
// their picture (the avatar's checks), and manages a live course's sessions — the capacity never
// below the seats taken, also when a learner's hold races the change. Every write leaves an audit
// row written in its own transaction.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_MESSAGES, type ApiErrorBody } from '@shared/errors';
import type {
  AdminCourseCreateInput,
  AdminCourseDeleteResponse,
  AdminCourseListResponse,
  AdminCourseResponse,
  AdminCourseSessionResponse,
} from '@shared/schemas/admin-courses';
import type { PurchasesResponse } from '@shared/schemas/checkout';
import type { CourseListResponse } from '@shared/schemas/public';
import { auditLog, courseSessions, courses } from '../../src/server/db/schema';
import { createChef, createCourse, createReservation, createSession, setRole } from '../factories';
import { createSignedInLearners, type SignedInLearner } from '../factories/accounts';
import { createPaidSeat } from '../factories/bookings';
import { imageBytes } from '../factories/images';
import { createPaidOrder } from '../factories/orders';
import { ORIGIN, send, SESSION_COOKIE } from '../setup/auth-client';
import { holdSeat } from '../setup/payments';
import { createTestApp, type TestApp } from '../setup/test-app';
import { testNow } from '../setup/test-clock';

const HOUR = 3_600_000;

let t: TestApp;
let admin: SignedInLearner;
let learner: SignedInLearner;
let chefId: string;

beforeAll(async () => {
  t = await createTestApp();
  [admin, learner] = (await createSignedInLearners(t, 2)) as [SignedInLearner, SignedInLearner];
  await setRole(t.db, admin.id, 'admin');
  chefId = (await createChef(t.db, { fullName: 'Julie Tremblay' })).id;
});
afterAll(async () => {
  await t.close();
});

const read = async <T>(res: Response) => (await res.json()) as T;
const errorOf = async (res: Response) => (await read<ApiErrorBody>(res)).error;
const as = (who: SignedInLearner | undefined) => ({ cookie: who?.cookie });

function courseInput(over: Partial<AdminCourseCreateInput> = {}): AdminCourseCreateInput {
  return {
    title: 'Pâtes fraîches à la main',
    description: 'Farine, œufs et patience : la pâte, le laminage et trois formes.',
    priceCents: 5500,
    isLive: true,
    isPremium: false,
    difficulty: 'intermediate',
    durationMinutes: 120,
    cuisineType: 'Italienne',
    dietaryInfo: 'Végétarien',
    teacherId: chefId,
    status: 'published',
    ...over,
  };
}

async function createVia(over: Partial<AdminCourseCreateInput> = {}) {
  const res = await send(t, 'POST', '/api/admin/courses', { ...as(admin), body: courseInput(over) });
  expect(res.status).toBe(201);
  return (await read<AdminCourseResponse>(res)).course;
}

const inFuture = (hours: number) => new Date(testNow().getTime() + hours * HOUR).toISOString();

async function addSession(courseId: string, body: Record<string, unknown>) {
  return send(t, 'POST', `/api/admin/courses/${courseId}/sessions`, { ...as(admin), body });
}

const editSession = (courseId: string, sessionId: string, body: Record<string, unknown>) =>
  send(t, 'PATCH', `/api/admin/courses/${courseId}/sessions/${sessionId}`, { ...as(admin), body });

const auditOf = (targetId: string) => t.db.select().from(auditLog).where(eq(auditLog.targetId, targetId));

function imageForm(courseId: string, bytes: Buffer, name = 'photo.png') {
  const form = new FormData();
  form.append('courseId', courseId);
  form.append('image', new File([Uint8Array.from(bytes)], name, { type: 'image/png' }));
  return form;
}

const postImage = (who: SignedInLearner | undefined, form: FormData) =>
  t.request('/api/admin/courses/image', {
    method: 'POST',
    headers: { origin: ORIGIN, ...(who ? { cookie: `${SESSION_COOKIE}=${who.cookie}` } : {}) },
    body: form,
  });

const putVideo = (who: SignedInLearner | undefined, courseId: string, body: Uint8Array<ArrayBuffer>) =>
  t.request(`/api/admin/courses/${courseId}/video`, {
    method: 'PUT',
    headers: { origin: ORIGIN, 'content-type': 'video/mp4', ...(who ? { cookie: `${SESSION_COOKIE}=${who.cookie}` } : {}) },
    body,
  });

describe('only the admin', () => {
  it('a visitor gets 401 and a learner 403 on every endpoint, and nothing changes', async () => {
    const course = await createCourse(t.db, { title: 'Cours témoin', teacherId: chefId });
    const session = await createSession(t.db, course.id);
    const recorded = await createCourse(t.db, { title: 'Cours enregistré témoin', isLive: false, videoKey: null });
    const png = await imageBytes('png', 64, 48);
    const calls: ((who: SignedInLearner | undefined) => Response | Promise<Response>)[] = [
      (who) => send(t, 'GET', '/api/admin/courses', as(who)),
      (who) => send(t, 'POST', '/api/admin/courses', { ...as(who), body: courseInput() }),
      (who) => send(t, 'GET', `/api/admin/courses/${course.id}`, as(who)),
      (who) => send(t, 'PATCH', `/api/admin/courses/${course.id}`, { ...as(who), body: { title: 'Piraté' } }),
      (who) => send(t, 'POST', `/api/admin/courses/${course.id}/unpublish`, as(who)),
      (who) => send(t, 'DELETE', `/api/admin/courses/${course.id}`, as(who)),
      (who) => postImage(who, imageForm(course.id, png)),
      (who) => putVideo(who, recorded.id, Uint8Array.from(Buffer.from('\x00\x00\x00\x18ftypisom\x00\x00\x02\x00isomiso2', 'latin1'))),
      (who) => send(t, 'POST', `/api/admin/courses/${course.id}/sessions`, { ...as(who), body: { startsAt: inFuture(48), capacity: 5 } }),
      (who) => send(t, 'PATCH', `/api/admin/courses/${course.id}/sessions/${session.id}`, { ...as(who), body: { capacity: 1 } }),
    ];
    const sessionsBefore = (await t.db.select().from(courseSessions).where(eq(courseSessions.courseId, course.id))).length;
    for (const call of calls) {
      const visitor = await call(undefined);
      expect(visitor.status).toBe(401);
      expect((await errorOf(visitor)).code).toBe('UNAUTHENTICATED');
      const refused = await call(learner);
      expect(refused.status).toBe(403);
      expect(await errorOf(refused)).toMatchObject({ code: 'FORBIDDEN', message: ERROR_MESSAGES.FORBIDDEN });
    }
    const [row] = await t.db.select().from(courses).where(eq(courses.id, course.id));
    expect(row).toMatchObject({ title: 'Cours témoin', status: 'published', imageUrl: '/media/seed/courses/tourtiere.webp' });
    const [rec] = await t.db.select().from(courses).where(eq(courses.id, recorded.id));
    expect(rec!.videoKey).toBeNull();
    const sessionsAfter = (await t.db.select().from(courseSessions).where(eq(courseSessions.courseId, course.id))).length;
    expect(sessionsAfter).toBe(sessionsBefore);
    expect(await t.db.select().from(auditLog).where(eq(auditLog.actorId, learner.id))).toEqual([]);
    const [s] = await t.db.select().from(courseSessions).where(eq(courseSessions.id, session.id));
    expect(s!.capacity).toBe(10);
  });
});

describe('courses', () => {
  it('creates a course (audited), lists it with every status, and the public catalogue shows only published ones', async () => {
    const live = await createVia({ title: 'Risotto crémeux' });
    expect(live).toMatchObject({
      title: 'Risotto crémeux',
      status: 'published',
      isLive: true,
      priceCents: 5500,
      teacherId: chefId,
      teacher: { id: chefId, fullName: 'Julie Tremblay' },
      cuisineType: 'Italienne',
      dietaryInfo: 'Végétarien',
      sessions: [],
      video: null,
      deletion: 'delete',
    });
    const draft = await createVia({ title: 'Brouillon secret', status: 'draft' });
    const [audit] = await auditOf(live.id);
    expect(audit).toMatchObject({ actorId: admin.id, action: 'course.create', targetType: 'course', details: { title: 'Risotto crémeux', priceCents: 5500 } });

    const list = await read<AdminCourseListResponse>(await send(t, 'GET', '/api/admin/courses', as(admin)));
    const ids = list.courses.map((c) => c.id);
    expect(ids).toEqual(expect.arrayContaining([live.id, draft.id]));
    expect(list.courses.find((c) => c.id === draft.id)!.status).toBe('draft');
    expect(list.teachers.map((x) => x.id)).toEqual(expect.arrayContaining([chefId, admin.id]));
    expect(list.teachers.map((x) => x.id)).not.toContain(learner.id);
    expect(list.videoMaxBytes).toBe(t.deps.config.videoMaxBytes);

    const catalogue = await read<CourseListResponse>(await t.request('/api/courses'));
    const publicIds = catalogue.courses.map((c) => c.id);
    expect(publicIds).toContain(live.id);
    expect(publicIds).not.toContain(draft.id);
  });

  it('refuses bad input with French field messages, and a teacher who is not a chef', async () => {
    const res = await send(t, 'POST', '/api/admin/courses', { ...as(admin), body: courseInput({ title: 'A', priceCents: -5, teacherId: learner.id }) });
    expect(res.status).toBe(400);
    const error = await errorOf(res);
    expect(error.code).toBe('VALIDATION_FAILED');
    expect(error.fields).toMatchObject({ title: 'Le titre doit contenir au moins 3 caractères.', priceCents: 'Le prix ne peut pas être négatif.' });

    const notChef = await send(t, 'POST', '/api/admin/courses', { ...as(admin), body: courseInput({ teacherId: learner.id }) });
    expect(notChef.status).toBe(400);
    expect((await errorOf(notChef)).fields).toHaveProperty('teacherId');

    const extra = await send(t, 'POST', '/api/admin/courses', { ...as(admin), body: { ...courseInput(), status: 'archived' } });
    expect(extra.status).toBe(400);
  });

  it('updates only what changed (audited with before and after), and unpublishes to draft', async () => {
    const course = await createVia({ title: 'Soupe à l’oignon' });
    const res = await send(t, 'PATCH', `/api/admin/courses/${course.id}`, { ...as(admin), body: { priceCents: 4900, isPremium: true, title: 'Soupe à l’oignon' } });
    expect(res.status).toBe(200);
    expect((await read<AdminCourseResponse>(res)).course).toMatchObject({ priceCents: 4900, isPremium: true });
    const updates = (await auditOf(course.id)).filter((a) => a.action === 'course.update');
    expect(updates).toHaveLength(1);
    expect(updates[0]!.details).toEqual({ priceCents: { from: 5500, to: 4900 }, isPremium: { from: false, to: true } });

    const off = await send(t, 'POST', `/api/admin/courses/${course.id}/unpublish`, as(admin));
    expect((await read<AdminCourseResponse>(off)).course.status).toBe('draft');
    expect((await auditOf(course.id)).map((a) => a.action)).toContain('course.unpublish');
    expect((await t.request(`/api/courses/${course.id}`)).status).toBe(404);
  });

  it('a course never bought is deleted for good, with its sessions and its audit row', async () => {
    const course = await createVia({ title: 'À supprimer' });
    expect((await addSession(course.id, { startsAt: inFuture(72), capacity: 4 })).status).toBe(201);
    const res = await send(t, 'DELETE', `/api/admin/courses/${course.id}`, as(admin));
    expect(res.status).toBe(200);
    expect(await read<AdminCourseDeleteResponse>(res)).toEqual({ outcome: 'deleted', course: null });
    expect(await t.db.select().from(courses).where(eq(courses.id, course.id))).toEqual([]);
    expect(await t.db.select().from(courseSessions).where(eq(courseSessions.courseId, course.id))).toEqual([]);
    expect((await auditOf(course.id)).map((a) => a.action)).toContain('course.delete');
    expect((await send(t, 'GET', `/api/admin/courses/${course.id}`, as(admin))).status).toBe(404);
  });

  it('a course with a purchase is archived, never deleted, and stays in the buyer’s Mes Achats', async () => {
    const course = await createVia({ title: 'Pain au levain', isLive: false });
    const [buyer] = (await createSignedInLearners(t, 1)) as [SignedInLearner];
    await createPaidOrder(t.db, { user: { id: buyer.id }, items: [{ courseId: course.id, description: course.title, amountCents: 5500, kind: 'recorded_course' }] });
    expect((await read<AdminCourseResponse>(await send(t, 'GET', `/api/admin/courses/${course.id}`, as(admin)))).course.deletion).toBe('archive');

    const res = await send(t, 'DELETE', `/api/admin/courses/${course.id}`, as(admin));
    expect(res.status).toBe(200);
    const body = await read<AdminCourseDeleteResponse>(res);
    expect(body.outcome).toBe('archived');
    expect(body.course).toMatchObject({ id: course.id, status: 'archived' });
    const [row] = await t.db.select().from(courses).where(eq(courses.id, course.id));
    expect(row!.status).toBe('archived');
    expect((await auditOf(course.id)).map((a) => a.action)).toContain('course.archive');

    // Off the catalogue, still the buyer's.
    const catalogue = await read<CourseListResponse>(await t.request('/api/courses'));
    expect(catalogue.courses.map((c) => c.id)).not.toContain(course.id);
    const mine = await read<PurchasesResponse>(await send(t, 'GET', '/api/purchases', as(buyer)));
    expect(mine.purchases.map((p) => p.course)).toContainEqual(expect.objectContaining({ id: course.id, title: 'Pain au levain' }));

    // Deleting again changes nothing.
    const again = await send(t, 'DELETE', `/api/admin/courses/${course.id}`, as(admin));
    expect((await read<AdminCourseDeleteResponse>(again)).outcome).toBe('archived');
    expect((await auditOf(course.id)).filter((a) => a.action === 'course.archive')).toHaveLength(1);
  });

  it('a live course with seats taken in a future session cannot be deleted (409) until that session is cancelled', async () => {
    const course = await createVia({ title: 'Sushis maison' });
    const { session } = await read<AdminCourseSessionResponse>(await addSession(course.id, { startsAt: inFuture(96), capacity: 6 }));
    const [buyer] = (await createSignedInLearners(t, 1)) as [SignedInLearner];
    await createPaidSeat(t.db, { user: { id: buyer.id, fullName: buyer.fullName }, course: { id: course.id, title: course.title }, sessionId: session.id });

    const refused = await send(t, 'DELETE', `/api/admin/courses/${course.id}`, as(admin));
    expect(refused.status).toBe(409);
    expect(await errorOf(refused)).toMatchObject({ code: 'COURSE_HAS_SESSIONS_BOOKED', message: ERROR_MESSAGES.COURSE_HAS_SESSIONS_BOOKED });
    expect((await read<AdminCourseResponse>(await send(t, 'GET', `/api/admin/courses/${course.id}`, as(admin)))).course.deletion).toBe('blocked');

    // The live-classes flow cancels the session (its learner chooses card or credit); then the course is archived (it was sold).
    const cancel = await send(t, 'POST', `/api/admin/sessions/${session.id}/cancel`, {
      ...as(admin),
      body: { reason: 'Le poissonnier a fermé.', idempotencyKey: `cancel-${session.id}` },
    });
    expect(cancel.status).toBe(200);
    // The cancellation (the live-classes flow) is in the audit trail too.
    expect((await auditOf(session.id)).find((a) => a.action === 'session.cancel')).toMatchObject({
      actorId: admin.id,
      targetType: 'session',
      details: { courseId: course.id, reason: 'Le poissonnier a fermé.', awaitingChoice: 1, released: 0 },
    });
    const res = await send(t, 'DELETE', `/api/admin/courses/${course.id}`, as(admin));
    expect(res.status).toBe(200);
    expect((await read<AdminCourseDeleteResponse>(res)).outcome).toBe('archived');
  });

  it('the format cannot change once the course was sold', async () => {
    const course = await createVia({ title: 'Crêpes bretonnes', isLive: false });
    const [buyer] = (await createSignedInLearners(t, 1)) as [SignedInLearner];
    await createPaidOrder(t.db, { user: { id: buyer.id }, items: [{ courseId: course.id, description: course.title, amountCents: 5500, kind: 'recorded_course' }] });
    const res = await send(t, 'PATCH', `/api/admin/courses/${course.id}`, { ...as(admin), body: { isLive: true } });
    expect(res.status).toBe(400);
    expect((await errorOf(res)).fields).toHaveProperty('isLive');
  });

  it('an unknown or malformed course id is a 404 COURSE_NOT_FOUND', async () => {
    for (const id of ['6f1d4c8e-0000-4000-8000-000000000000', 'pas-un-id']) {
      const res = await send(t, 'GET', `/api/admin/courses/${id}`, as(admin));
      expect(res.status).toBe(404);
      expect((await errorOf(res)).code).toBe('COURSE_NOT_FOUND');
    }
  });
});

describe('the course picture', () => {
  it('is re-encoded as a 1200 × 675 WebP, replaces the previous one (removed), and is audited', async () => {
    const course = await createVia({ title: 'Tarte Tatin' });
    const first = await postImage(admin, imageForm(course.id, await imageBytes('png', 1600, 1000)));
    expect(first.status).toBe(200);
    const firstUrl = (await read<AdminCourseResponse>(first)).course.imageUrl!;
    expect(firstUrl).toMatch(/^\/media\/courses\/[0-9a-f-]{36}\.webp$/);
    const stored = await t.deps.storage.get(firstUrl.replace('/media/', ''));
    expect(stored).toMatchObject({ contentType: 'image/webp' });

    const second = await postImage(admin, imageForm(course.id, await imageBytes('jpeg', 800, 600), 'photo.jpg'));
    const secondUrl = (await read<AdminCourseResponse>(second)).course.imageUrl!;
    expect(secondUrl).not.toBe(firstUrl);
    expect(await t.deps.storage.exists(firstUrl.replace('/media/', ''))).toBe(false);
    expect((await auditOf(course.id)).filter((a) => a.action === 'course.image')).toHaveLength(2);
  });

  it('the avatar’s checks: bytes that are not an image 415, too big 413, no file 400', async () => {
    const course = await createVia({ title: 'Clafoutis' });
    const fake = await postImage(admin, imageForm(course.id, Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>')));
    expect(fake.status).toBe(415);
    expect((await errorOf(fake)).code).toBe('UNSUPPORTED_IMAGE_TYPE');
    const big = await postImage(admin, imageForm(course.id, Buffer.alloc(2 * 1024 * 1024 + 10, 1)));
    expect(big.status).toBe(413);
    expect((await errorOf(big)).code).toBe('FILE_TOO_LARGE');
    const none = new FormData();
    none.append('courseId', course.id);
    const empty = await postImage(admin, none);
    expect(empty.status).toBe(400);
    const [row] = await t.db.select().from(courses).where(eq(courses.id, course.id));
    expect(row!.imageUrl).toBeNull();
  });
});

describe('sessions of a live course', () => {
  it('adds a session (future start, capacity ≥ 1), audited; refuses a past start and a recorded course', async () => {
    const course = await createVia({ title: 'Bagels de Montréal' });
    const startsAt = inFuture(50);
    const res = await addSession(course.id, { startsAt, capacity: 8, durationMinutes: 90 });
    expect(res.status).toBe(201);
    const { session } = await read<AdminCourseSessionResponse>(res);
    expect(session).toMatchObject({ startsAt, capacity: 8, durationMinutes: 90, seatsTaken: 0, status: 'scheduled' });
    expect((await auditOf(session.id))[0]).toMatchObject({ action: 'session.create', targetType: 'session', actorId: admin.id });

    const past = await addSession(course.id, { startsAt: inFuture(-1), capacity: 8 });
    expect(past.status).toBe(400);
    expect((await errorOf(past)).fields).toEqual({ startsAt: 'La séance doit commencer dans le futur.' });
    const zero = await addSession(course.id, { startsAt, capacity: 0 });
    expect(zero.status).toBe(400);
    expect((await errorOf(zero)).fields).toHaveProperty('capacity');

    const recorded = await createVia({ title: 'Vidéo de cuisine', isLive: false });
    const refused = await addSession(recorded.id, { startsAt, capacity: 8 });
    expect(refused.status).toBe(409);

    // The public course page lists it.
    const detail = await read<{ course: { sessions: { id: string }[] } }>(await t.request(`/api/courses/${course.id}`));
    expect(detail.course.sessions.map((s) => s.id)).toContain(session.id);
  });

  it('capacity can go down to the seats taken, never below (409 CAPACITY_BELOW_SEATS, nothing written)', async () => {
    const course = await createVia({ title: 'Macarons' });
    const { session } = await read<AdminCourseSessionResponse>(await addSession(course.id, { startsAt: inFuture(80), capacity: 5 }));
    const [a, b, c] = (await createSignedInLearners(t, 3)) as SignedInLearner[];
    await createPaidSeat(t.db, { user: { id: a!.id }, course: { id: course.id, title: course.title }, sessionId: session.id });
    await createReservation(t.db, session.id, b!.id, { status: 'pending_payment', holdExpiresAt: new Date(testNow().getTime() + 10 * 60_000) });
    // A lapsed hold holds nothing.
    await createReservation(t.db, session.id, c!.id, { status: 'pending_payment', holdExpiresAt: new Date(testNow().getTime() - 60_000) });

    const below = await editSession(course.id, session.id, { capacity: 1 });
    expect(below.status).toBe(409);
    expect(await errorOf(below)).toMatchObject({ code: 'CAPACITY_BELOW_SEATS', message: ERROR_MESSAGES.CAPACITY_BELOW_SEATS });
    const [unchanged] = await t.db.select().from(courseSessions).where(eq(courseSessions.id, session.id));
    expect(unchanged!.capacity).toBe(5);
    expect((await auditOf(session.id)).filter((x) => x.action === 'session.update')).toHaveLength(0);

    const ok = await editSession(course.id, session.id, { capacity: 2 });
    expect(ok.status).toBe(200);
    expect((await read<AdminCourseSessionResponse>(ok)).session).toMatchObject({ capacity: 2, seatsTaken: 2 });
    const [audit] = (await auditOf(session.id)).filter((x) => x.action === 'session.update');
    expect(audit!.details).toMatchObject({ capacity: { from: 5, to: 2 }, seatsTaken: 2 });
  });

  it("keeps a minimum of enrolments (0 by default), audited before → after, never above the places", async () => {
    // Far from the other tests' sessions of the same chef (no overlap).
    const course = await createVia({ title: 'Tartes au sucre' });
    const plain = await read<AdminCourseSessionResponse>(await addSession(course.id, { startsAt: inFuture(1000), capacity: 6 }));
    expect(plain.session.minSeats).toBe(0);
    const created = await addSession(course.id, { startsAt: inFuture(1030), capacity: 6, minSeats: 3 });
    expect(created.status).toBe(201);
    const { session } = await read<AdminCourseSessionResponse>(created);
    expect(session.minSeats).toBe(3);
    expect((await auditOf(session.id))[0]!.details).toMatchObject({ capacity: 6, minSeats: 3 });

    const above = await addSession(course.id, { startsAt: inFuture(1060), capacity: 4, minSeats: 5 });
    expect(above.status).toBe(400);
    expect((await errorOf(above)).fields).toEqual({ minSeats: "Le minimum d'inscriptions ne peut pas dépasser le nombre de places." });
    const negative = await addSession(course.id, { startsAt: inFuture(1060), capacity: 4, minSeats: -1 });
    expect(negative.status).toBe(400);
    expect((await errorOf(negative)).fields).toHaveProperty('minSeats');

    const edited = await editSession(course.id, session.id, { minSeats: 5 });
    expect(edited.status).toBe(200);
    expect((await read<AdminCourseSessionResponse>(edited)).session.minSeats).toBe(5);
    const [audit] = (await auditOf(session.id)).filter((x) => x.action === 'session.update');
    expect(audit!.details).toMatchObject({ minSeats: { from: 3, to: 5 } });
    // The places cannot go under the minimum either; nothing is written.
    const lower = await editSession(course.id, session.id, { capacity: 4 });
    expect(lower.status).toBe(400);
    expect((await errorOf(lower)).fields).toHaveProperty('minSeats');
    const [row] = await t.db.select().from(courseSessions).where(eq(courseSessions.id, session.id));
    expect(row).toMatchObject({ capacity: 6, minSeats: 5 });
  });

  it('under a concurrent hold, a capacity change and the hold never both win', async () => {
    const course = await createVia({ title: 'Dumplings' });
    for (let round = 0; round < 6; round++) {
      const { session } = await read<AdminCourseSessionResponse>(await addSession(course.id, { startsAt: inFuture(100 + round * 4), capacity: 3 }));
      const people = (await createSignedInLearners(t, 3)) as SignedInLearner[];
      // Two seats taken; the third learner's hold races the capacity going down to 2.
      for (const p of people.slice(0, 2)) expect((await holdSeat(t, p.cookie, session.id)).status).toBe(201);
      const [hold, edit] = await Promise.all([holdSeat(t, people[2]!.cookie, session.id), editSession(course.id, session.id, { capacity: 2 })]);
      const holdWon = hold.status === 201;
      const editWon = edit.status === 200;
      expect(holdWon !== editWon).toBe(true);
      if (editWon) expect(hold.body.error?.code).toBe('SESSION_FULL');
      else expect((await errorOf(edit)).code).toBe('CAPACITY_BELOW_SEATS');
      const detail = await read<AdminCourseResponse>(await send(t, 'GET', `/api/admin/courses/${course.id}`, as(admin)));
      const after = detail.course.sessions.find((x) => x.id === session.id)!;
      expect(after).toMatchObject(editWon ? { capacity: 2, seatsTaken: 2 } : { capacity: 3, seatsTaken: 3 });
    }
  });

  it('moves a session to a new time (audited); a cancelled session cannot be edited', async () => {
    const course = await createVia({ title: 'Poutine gastronomique' });
    const { session } = await read<AdminCourseSessionResponse>(await addSession(course.id, { startsAt: inFuture(60), capacity: 4 }));
    const later = inFuture(84);
    const moved = await editSession(course.id, session.id, { startsAt: later });
    expect(moved.status).toBe(200);
    expect((await read<AdminCourseSessionResponse>(moved)).session.startsAt).toBe(later);
    const cancel = await send(t, 'POST', `/api/admin/sessions/${session.id}/cancel`, {
      ...as(admin),
      body: { reason: 'Changement de programme.', idempotencyKey: `cancel-${session.id}` },
    });
    expect(cancel.status).toBe(200);
    const refused = await editSession(course.id, session.id, { capacity: 6 });
    expect(refused.status).toBe(409);
    expect((await errorOf(refused)).code).toBe('SESSION_CANCELLED');
    // A session of another course is not found under this one.
    const other = await createVia({ title: 'Autre cours' });
    expect((await editSession(other.id, session.id, { capacity: 6 })).status).toBe(404);
  });
});
