// GET /api/admin/reservations on the real database: the admin alone reads every reservation of the
// site (visitor 401, learner and guest chef 403), sessions to come by default soonest first, past
// ones latest first; filtered by session (whatever the period) and by status — an unpaid hold whose
// time is up counts as expired before anything marks it; paged; bad parameters refused in French;
// a video link set through the sessions API shows on every reservation of that session.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiErrorBody } from '@shared/errors';
import type { AdminBookingsResponse } from '@shared/schemas/admin-bookings';
import { createCourse, createReservation, createSession, setRole } from '../factories';
import { createSignedInLearners, type SignedInLearner } from '../factories/accounts';
import { send } from '../setup/auth-client';
import { createTestApp, type TestApp } from '../setup/test-app';
import { testNow } from '../setup/test-clock';

const HOUR = 3_600_000;
const MINUTE = 60_000;
const clock = testNow().getTime();
const now = () => new Date(clock);

let t: TestApp;
let admin: SignedInLearner;
let learner: SignedInLearner;
let chef: SignedInLearner;
let clients: SignedInLearner[];

/** The sessions of this file, by name. */
const s: Record<'soon' | 'later' | 'running' | 'past' | 'older' | 'empty', { id: string }> = {} as never;
/** Reservations, by name. */
const r: Record<string, { id: string }> = {};

beforeAll(async () => {
  t = await createTestApp({ now });
  [admin, learner, chef, ...clients] = (await createSignedInLearners(t, 7)) as [SignedInLearner, SignedInLearner, SignedInLearner, ...SignedInLearner[]];
  await setRole(t.db, admin!.id, 'admin');
  await setRole(t.db, chef!.id, 'chef');
  // 90-minute course; 'running' started 30 minutes ago (not over: still to come), 'past' ended.
  const tourtiere = await createCourse(t.db, { title: 'Tourtière du Lac-Saint-Jean', durationMinutes: 90 });
  const sushi = await createCourse(t.db, { title: 'Sushis maison', durationMinutes: null });
  s.soon = await createSession(t.db, tourtiere.id, { startsAt: new Date(clock + 24 * HOUR), capacity: 8 });
  s.later = await createSession(t.db, sushi.id, { startsAt: new Date(clock + 72 * HOUR), capacity: 4 });
  s.running = await createSession(t.db, tourtiere.id, { startsAt: new Date(clock - 30 * MINUTE), capacity: 8 });
  // Sushis: the default 60 minutes; started 61 minutes ago, so it is over.
  s.past = await createSession(t.db, sushi.id, { startsAt: new Date(clock - 61 * MINUTE), capacity: 4 });
  s.older = await createSession(t.db, tourtiere.id, { startsAt: new Date(clock - 30 * 24 * HOUR), capacity: 8 });
  s.empty = await createSession(t.db, sushi.id, { startsAt: new Date(clock + 96 * HOUR), capacity: 4 });
  const [a, b, c, d] = clients as [SignedInLearner, SignedInLearner, SignedInLearner, SignedInLearner];
  // Booked one after the other, a second apart (inserted within the same instant, two rows would tie
  // on their time and fall back to their random ids): within a session the list keeps booking order.
  let booked = 0;
  const book = (name: string, session: { id: string }, who: SignedInLearner, values: Parameters<typeof createReservation>[3] = {}) =>
    createReservation(t.db, session.id, who.id, { clientName: who.fullName, createdAt: new Date(clock - 2 * 24 * HOUR + ++booked * 1000), ...values }).then((row) => (r[name] = row));
  await book('soonConfirmed', s.soon, a);
  await book('soonHold', s.soon, b, { status: 'pending_payment', holdExpiresAt: new Date(clock + 10 * MINUTE) });
  await book('soonStaleHold', s.soon, c, { status: 'pending_payment', holdExpiresAt: new Date(clock - MINUTE) });
  await book('soonCancelled', s.soon, d, { status: 'cancelled', cancelReason: 'learner_refunded', cancelledAt: new Date(clock - HOUR) });
  await book('laterConfirmed', s.later, a);
  await book('laterExpired', s.later, b, { status: 'expired', holdExpiresAt: new Date(clock - HOUR) });
  await book('runningConfirmed', s.running, c);
  await book('pastConfirmed', s.past, d);
  await book('olderConfirmed', s.older, a);
});
afterAll(async () => {
  await t.close();
});

const list = (who: SignedInLearner | undefined, query = '') => send(t, 'GET', `/api/admin/reservations${query}`, { cookie: who?.cookie });
async function read(query = ''): Promise<AdminBookingsResponse> {
  const res = await list(admin, query);
  expect(res.status).toBe(200);
  return (await res.json()) as AdminBookingsResponse;
}
const ids = (body: AdminBookingsResponse) => body.reservations.map((b) => b.id);
const errorOf = async (res: Response) => ((await res.json()) as ApiErrorBody).error;

describe('who may read it', () => {
  it('a visitor gets 401, a learner and a guest chef 403, all in French and never cached', async () => {
    const visitor = await list(undefined);
    expect(visitor.status).toBe(401);
    expect((await errorOf(visitor)).code).toBe('UNAUTHENTICATED');
    for (const who of [learner, chef]) {
      const res = await list(who, '?status=confirmed');
      expect(res.status).toBe(403);
      expect(await errorOf(res)).toMatchObject({ code: 'FORBIDDEN', message: "Vous n'avez pas accès à cette ressource." });
    }
    const ok = await list(admin);
    expect(ok.status).toBe(200);
    expect(ok.headers.get('cache-control')).toBe('no-store');
  });
});

describe('the list', () => {
  it('by default: every reservation of the sessions not over yet, soonest session first, in booking order', async () => {
    const body = await read();
    expect(ids(body)).toEqual([
      r.runningConfirmed!.id,
      r.soonConfirmed!.id,
      r.soonHold!.id,
      r.soonStaleHold!.id,
      r.soonCancelled!.id,
      r.laterConfirmed!.id,
      r.laterExpired!.id,
    ]);
    expect(body.total).toBe(7);
  });

  it('says for each the course, the session times, the client, the status as the admin sees it and the link', async () => {
    const body = await read();
    const byId = new Map(body.reservations.map((b) => [b.id, b]));
    const [a, b] = clients as [SignedInLearner, SignedInLearner];
    expect(byId.get(r.soonConfirmed!.id)).toEqual({
      id: r.soonConfirmed!.id,
      sessionId: s.soon.id,
      courseId: expect.any(String),
      courseTitle: 'Tourtière du Lac-Saint-Jean',
      startsAt: new Date(clock + 24 * HOUR).toISOString(),
      endsAt: new Date(clock + 24 * HOUR + 90 * MINUTE).toISOString(),
      clientName: a.fullName,
      clientEmail: `${a.id}@exemple.test`,
      status: 'confirmed',
      cancelReason: null,
      holdExpiresAt: null,
      sessionStatus: 'scheduled',
      videoLink: null,
    });
    expect(byId.get(r.soonHold!.id)).toMatchObject({
      clientName: b.fullName,
      status: 'pending_payment',
      holdExpiresAt: new Date(clock + 10 * MINUTE).toISOString(),
    });
    // A hold whose time is up is expired, though its row still says pending_payment.
    expect(byId.get(r.soonStaleHold!.id)).toMatchObject({ status: 'expired', holdExpiresAt: null });
    expect(byId.get(r.soonCancelled!.id)).toMatchObject({ status: 'cancelled', cancelReason: 'learner_refunded' });
    // No duration on the course: the default hour.
    expect(byId.get(r.laterConfirmed!.id)!.endsAt).toBe(new Date(clock + 72 * HOUR + 60 * MINUTE).toISOString());
  });

  it('period=past: the sessions that are over, the latest first', async () => {
    const body = await read('?period=past');
    expect(ids(body)).toEqual([r.pastConfirmed!.id, r.olderConfirmed!.id]);
    expect(body.total).toBe(2);
  });

  it.each([
    ['confirmed', ['runningConfirmed', 'soonConfirmed', 'laterConfirmed']],
    ['pending_payment', ['soonHold']],
    ['expired', ['soonStaleHold', 'laterExpired']],
    ['cancelled', ['soonCancelled']],
  ])('status=%s keeps only those', async (status, names) => {
    const body = await read(`?status=${status}`);
    expect(ids(body)).toEqual(names.map((n) => r[n]!.id));
    expect(body.total).toBe(names.length);
    expect(new Set(body.reservations.map((b) => b.status))).toEqual(new Set([status]));
  });

  it('sessionId: that session only, whatever the period, combined with the status', async () => {
    expect(ids(await read(`?sessionId=${s.soon.id}`))).toEqual([r.soonConfirmed!.id, r.soonHold!.id, r.soonStaleHold!.id, r.soonCancelled!.id]);
    expect(ids(await read(`?sessionId=${s.soon.id}&status=confirmed`))).toEqual([r.soonConfirmed!.id]);
    // A past session chosen while the period says 'upcoming' is still listed.
    expect(ids(await read(`?sessionId=${s.older.id}`))).toEqual([r.olderConfirmed!.id]);
    // A session without reservations, or none at all: an empty list, not an error.
    expect(await read(`?sessionId=${s.empty.id}`)).toMatchObject({ reservations: [], total: 0 });
    expect(await read('?sessionId=00000000-0000-4000-8000-000000000000')).toMatchObject({ reservations: [], total: 0 });
  });

  it('offers the sessions of the period that have reservations, with the seats taken (confirmed and running holds)', async () => {
    const body = await read();
    expect(body.sessions.map((x) => x.id)).toEqual([s.running.id, s.soon.id, s.later.id]);
    expect(body.sessions.find((x) => x.id === s.soon.id)).toEqual({
      id: s.soon.id,
      courseTitle: 'Tourtière du Lac-Saint-Jean',
      startsAt: new Date(clock + 24 * HOUR).toISOString(),
      status: 'scheduled',
      seatsTaken: 2,
      capacity: 8,
      confirmed: 1,
      holds: 1,
      cancelled: 1,
      hasVideoLink: false,
    });
    // With a status, the sessions that have a reservation of it (the list's rows are sessions).
    expect((await read('?status=cancelled')).sessions.map((x) => x.id)).toEqual([s.soon.id]);
    expect(body.sessions.find((x) => x.id === s.later.id)!.seatsTaken).toBe(1);
    expect((await read('?period=past')).sessions.map((x) => x.id)).toEqual([s.past.id, s.older.id]);
    // The chosen session is offered even from the other period (in date order), so the filter can name it.
    expect((await read(`?sessionId=${s.older.id}`)).sessions.map((x) => x.id)).toEqual([s.older.id, s.running.id, s.soon.id, s.later.id]);
  });

  it('pages with limit and offset; the total counts them all', async () => {
    const first = await read('?limit=3');
    const second = await read('?limit=3&offset=3');
    const third = await read('?limit=3&offset=6');
    expect([first, second, third].map((p) => p.total)).toEqual([7, 7, 7]);
    expect([...ids(first), ...ids(second), ...ids(third)]).toEqual(ids(await read()));
    expect(ids(third)).toHaveLength(1);
  });

  it('a video link set on a session shows on every reservation of it, and only there', async () => {
    const link = 'https://zoom.us/j/98765432100';
    const patched = await send(t, 'PATCH', `/api/admin/sessions/${s.later.id}`, { cookie: admin.cookie, body: { videoLink: link } });
    expect(patched.status).toBe(200);
    const body = await read();
    for (const b of body.reservations) expect(b.videoLink).toBe(b.sessionId === s.later.id ? link : null);
    await send(t, 'PATCH', `/api/admin/sessions/${s.later.id}`, { cookie: admin.cookie, body: { videoLink: null } });
    expect((await read(`?sessionId=${s.later.id}`)).reservations.every((b) => b.videoLink === null)).toBe(true);
  });
});

describe('bad parameters', () => {
  it.each([
    ['?status=paid', 'status', 'Choisissez un statut dans la liste.'],
    ['?period=demain', 'period', 'Choisissez une période dans la liste.'],
    ['?sessionId=abc', 'sessionId', 'Choisissez une séance dans la liste.'],
    ['?limit=0', 'limit', 'La limite doit être un nombre entier de 1 à 100.'],
    ['?offset=-1', 'offset', 'Le décalage doit être un nombre entier de 0 à 10 000.'],
    ['?userId=x', 'userId', 'Paramètre inconnu.'],
  ])('%s is refused with 400 naming the field in French', async (query, field, message) => {
    const res = await list(admin, query);
    expect(res.status).toBe(400);
    const error = await errorOf(res);
    expect(error.code).toBe('VALIDATION_FAILED');
    expect(error.fields).toEqual({ [field]: message });
  });
});
