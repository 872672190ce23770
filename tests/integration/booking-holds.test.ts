// POST/GET/DELETE /api/booking/holds on the real database: seats never exceed capacity under a
// crowd, one hold per learner however often they click, holds expire by the clock alone, and the
// public course page counts seats the same way.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOLD_MINUTES } from '@shared/booking';
import { ERROR_MESSAGES, type ApiErrorBody } from '@shared/errors';
import type { HoldResponse } from '@shared/schemas/booking';
import type { CourseResponse } from '@shared/schemas/public';
import { reservations } from '../../src/server/db/schema';
import { createCourse, createReservation, createSession, createSubscription } from '../factories';
import { createSignedInLearners, type SignedInLearner } from '../factories/accounts';
import { send } from '../setup/auth-client';
import { createTestApp, type TestApp } from '../setup/test-app';
import { testNow } from '../setup/test-clock';

const MINUTE = 60_000;
// The fake clock starts at the real time: the auth library checks session expiry by the real clock.
let clock = testNow().getTime();
const now = () => new Date(clock);

let t: TestApp;
let courseId: string;

beforeAll(async () => {
  t = await createTestApp({ now });
  courseId = (await createCourse(t.db, { title: 'Tourtière en direct', isLive: true })).id;
});
afterAll(() => t.close());

const hold = (learner: SignedInLearner | undefined, sessionId: unknown) =>
  send(t, 'POST', '/api/booking/holds', { cookie: learner?.cookie, body: { sessionId } });
const read = async <T>(res: Response) => (await res.json()) as T;
const newSession = async (values: Parameters<typeof createSession>[2] = {}) =>
  (await createSession(t.db, courseId, { now: now(), ...values })).id;
const seatsLeft = async (sessionId: string) => {
  const { body } = await t.json<CourseResponse>(`/api/courses/${courseId}`);
  return body.course.sessions.find((s) => s.id === sessionId)?.seatsLeft;
};
const liveRows = (sessionId: string) =>
  t.db.select().from(reservations).where(and(eq(reservations.sessionId, sessionId), eq(reservations.status, 'pending_payment')));

describe('a crowd on a 10-seat session', () => {
  it('200 learners at once: exactly 10 holds (201) and 190 clean 409 SESSION_FULL in French', async () => {
    const sessionId = await newSession({ capacity: 10 });
    const learners = await createSignedInLearners(t, 200);
    // A visitor's read of the course page is cached before the rush; the holds must clear it.
    expect(await seatsLeft(sessionId)).toBe(10);

    const answers = await Promise.all(learners.map((l) => hold(l, sessionId)));
    const created = answers.filter((r) => r.status === 201);
    const refused = answers.filter((r) => r.status === 409);
    expect(created).toHaveLength(10);
    expect(refused).toHaveLength(190);
    for (const res of refused) {
      expect((await read<ApiErrorBody>(res)).error).toMatchObject({ code: 'SESSION_FULL', message: 'Cette séance est complète.' });
    }
    const holders = new Set<string>();
    for (const res of created) {
      const { hold: h } = await read<HoldResponse>(res);
      expect(h).toMatchObject({ sessionId, status: 'pending_payment' });
      holders.add(h.id);
    }
    expect(holders.size).toBe(10);
    expect(await liveRows(sessionId)).toHaveLength(10);
    expect(await seatsLeft(sessionId)).toBe(0);
  }, 120_000);

  it("the same learner's 5 concurrent clicks give one hold: one 201, four 200 with the same id", async () => {
    const sessionId = await newSession({ capacity: 10 });
    const [learner] = await createSignedInLearners(t, 1);
    const answers = await Promise.all(Array.from({ length: 5 }, () => hold(learner, sessionId)));
    expect(answers.map((r) => r.status).sort()).toEqual([200, 200, 200, 200, 201]);
    const ids = new Set(await Promise.all(answers.map(async (r) => (await read<HoldResponse>(r)).hold.id)));
    expect(ids.size).toBe(1);
    expect(await liveRows(sessionId)).toHaveLength(1);
    expect(await seatsLeft(sessionId)).toBe(9);
  });

  it('a learner with a confirmed seat asking again gets that reservation back, not a second seat', async () => {
    const sessionId = await newSession({ capacity: 2 });
    const [learner] = await createSignedInLearners(t, 1);
    const confirmed = await createReservation(t.db, sessionId, learner!.id, { status: 'confirmed' });
    const res = await hold(learner, sessionId);
    expect(res.status).toBe(200);
    expect((await read<HoldResponse>(res)).hold).toEqual({ id: confirmed.id, sessionId, status: 'confirmed', expiresAt: null, seats: 1, guests: [], needs: [{ needs: [], note: '' }] });
  });
});

describe('hold expiry by the clock', () => {
  it(`frees the seat ${HOLD_MINUTES} min + 1 s after the hold, and the next learner gets it`, async () => {
    const sessionId = await newSession({ capacity: 1 });
    const [first, second] = await createSignedInLearners(t, 2);
    const heldAt = clock;
    const res = await hold(first, sessionId);
    expect(res.status).toBe(201);
    const firstHold = (await read<HoldResponse>(res)).hold;
    expect(firstHold.expiresAt).toBe(new Date(heldAt + HOLD_MINUTES * MINUTE).toISOString());

    clock = heldAt + HOLD_MINUTES * MINUTE - 1000;
    const stillFull = await hold(second, sessionId);
    expect(stillFull.status).toBe(409);
    expect((await read<ApiErrorBody>(stillFull)).error.code).toBe('SESSION_FULL');

    clock = heldAt + HOLD_MINUTES * MINUTE + 1000;
    expect(await seatsLeft(sessionId)).toBe(1);
    const taken = await hold(second, sessionId);
    expect(taken.status).toBe(201);
    expect((await read<HoldResponse>(taken)).hold.expiresAt).toBe(new Date(clock + HOLD_MINUTES * MINUTE).toISOString());

    // The first hold was marked expired when the second learner's request touched the session.
    const [row] = await t.db.select().from(reservations).where(eq(reservations.id, firstHold.id));
    expect(row!.status).toBe('expired');
    const mine = await send(t, 'GET', `/api/booking/holds/${firstHold.id}`, { cookie: first!.cookie });
    expect(await read<HoldResponse>(mine)).toEqual({ hold: { id: firstHold.id, sessionId, status: 'expired', expiresAt: null, seats: 1, guests: [], needs: [{ needs: [], note: '' }] } });
    // Now the first learner is the one refused.
    const late = await hold(first, sessionId);
    expect(late.status).toBe(409);
  });

  it('a learner whose own hold lapsed gets a fresh one (the old one is marked expired)', async () => {
    const sessionId = await newSession({ capacity: 3 });
    const [learner] = await createSignedInLearners(t, 1);
    const old = (await read<HoldResponse>(await hold(learner, sessionId))).hold;
    clock += HOLD_MINUTES * MINUTE + 1000;
    const again = await hold(learner, sessionId);
    expect(again.status).toBe(201);
    const fresh = (await read<HoldResponse>(again)).hold;
    expect(fresh.id).not.toBe(old.id);
    const rows = await t.db.select().from(reservations).where(eq(reservations.sessionId, sessionId));
    expect(rows.map((r) => [r.id, r.status]).sort()).toEqual(
      [
        [old.id, 'expired'],
        [fresh.id, 'pending_payment'],
      ].sort(),
    );
  });
});

describe('sessions that cannot be held', () => {
  let learner: SignedInLearner;
  beforeAll(async () => {
    [learner] = (await createSignedInLearners(t, 1)) as [SignedInLearner];
  });

  it('a past session and a cancelled one: 409 SESSION_UNAVAILABLE in French, nothing written', async () => {
    const past = await newSession({ startsAt: new Date(clock - 60 * MINUTE) });
    const cancelled = await newSession({ status: 'cancelled' });
    for (const sessionId of [past, cancelled]) {
      const res = await hold(learner, sessionId);
      expect(res.status).toBe(409);
      expect((await read<ApiErrorBody>(res)).error).toMatchObject({
        code: 'SESSION_UNAVAILABLE',
        message: ERROR_MESSAGES.SESSION_UNAVAILABLE,
      });
      expect(await t.db.select().from(reservations).where(eq(reservations.sessionId, sessionId))).toHaveLength(0);
    }
  });

  it('an unknown session or one of an unpublished course: 404; a malformed id: 400 naming the field', async () => {
    const draft = (await createCourse(t.db, { title: 'Brouillon', status: 'draft' })).id;
    const hidden = (await createSession(t.db, draft, { now: now() })).id;
    for (const sessionId of ['00000000-0000-4000-8000-000000000000', hidden]) {
      const res = await hold(learner, sessionId);
      expect(res.status).toBe(404);
      expect((await read<ApiErrorBody>(res)).error).toMatchObject({ code: 'SESSION_NOT_FOUND', message: "Cette séance n'existe pas." });
    }
    const bad = await hold(learner, 'pas-un-id');
    expect(bad.status).toBe(400);
    expect((await read<ApiErrorBody>(bad)).error).toMatchObject({ code: 'VALIDATION_FAILED', fields: { sessionId: 'Séance invalide.' } });
  });
});

describe('a subscribers-only class (DESIGN §7)', () => {
  it('a learner without the membership is refused a seat (409 SUBSCRIBERS_ONLY in French, nothing written); a subscriber holds one', async () => {
    const premium = (await createCourse(t.db, { title: 'Grande table des abonnés', isLive: true, isPremium: true })).id;
    const sessionId = (await createSession(t.db, premium, { now: now() })).id;
    const [learner, subscriber] = (await createSignedInLearners(t, 2)) as [SignedInLearner, SignedInLearner];
    await createSubscription(t.db, subscriber.id);

    const refused = await hold(learner, sessionId);
    expect(refused.status).toBe(409);
    expect((await read<ApiErrorBody>(refused)).error).toMatchObject({
      code: 'SUBSCRIBERS_ONLY',
      message: 'Le cours « Grande table des abonnés » est réservé aux abonnés : abonnez-vous pour y accéder.',
    });
    expect(await liveRows(sessionId)).toHaveLength(0);

    const held = await hold(subscriber, sessionId);
    expect(held.status).toBe(201);
    expect(await liveRows(sessionId)).toHaveLength(1);
  });
});

describe('reading and releasing a hold', () => {
  it('own hold: GET gives status and expiry; DELETE frees the seat, and again answers the same', async () => {
    const sessionId = await newSession({ capacity: 1 });
    const [owner, next] = await createSignedInLearners(t, 2);
    const held = (await read<HoldResponse>(await hold(owner, sessionId))).hold;

    const got = await send(t, 'GET', `/api/booking/holds/${held.id}`, { cookie: owner!.cookie });
    expect(got.status).toBe(200);
    expect(got.headers.get('cache-control')).toBe('no-store');
    expect(await read<HoldResponse>(got)).toEqual({
      hold: { id: held.id, sessionId, status: 'pending_payment', expiresAt: new Date(clock + HOLD_MINUTES * MINUTE).toISOString(), seats: 1, guests: [], needs: [{ needs: [], note: '' }] },
    });
    expect(await seatsLeft(sessionId)).toBe(0);

    for (let i = 0; i < 2; i++) {
      const released = await send(t, 'DELETE', `/api/booking/holds/${held.id}`, { cookie: owner!.cookie });
      expect(released.status).toBe(200);
      expect((await read<HoldResponse>(released)).hold).toMatchObject({ id: held.id, status: 'cancelled', expiresAt: null });
    }
    expect(await seatsLeft(sessionId)).toBe(1);
    expect((await hold(next, sessionId)).status).toBe(201);
  });

  it("another learner's reservation is a 404 in French on GET and DELETE, and stays untouched", async () => {
    const sessionId = await newSession();
    const [owner, other] = await createSignedInLearners(t, 2);
    const held = (await read<HoldResponse>(await hold(owner, sessionId))).hold;
    for (const method of ['GET', 'DELETE']) {
      for (const id of [held.id, 'pas-un-id']) {
        const res = await send(t, method, `/api/booking/holds/${id}`, { cookie: other!.cookie });
        expect(res.status).toBe(404);
        expect((await read<ApiErrorBody>(res)).error).toMatchObject({
          code: 'RESERVATION_NOT_FOUND',
          message: "Cette réservation n'existe pas.",
        });
      }
    }
    const [row] = await t.db.select().from(reservations).where(eq(reservations.id, held.id));
    expect(row!.status).toBe('pending_payment');
  });

  it('a paid (confirmed) reservation cannot be released here: 409 in French', async () => {
    const sessionId = await newSession();
    const [learner] = await createSignedInLearners(t, 1);
    const confirmed = await createReservation(t.db, sessionId, learner!.id, { status: 'confirmed' });
    const res = await send(t, 'DELETE', `/api/booking/holds/${confirmed.id}`, { cookie: learner!.cookie });
    expect(res.status).toBe(409);
    expect((await read<ApiErrorBody>(res)).error).toMatchObject({ code: 'RESERVATION_CONFIRMED', message: ERROR_MESSAGES.RESERVATION_CONFIRMED });
  });
});

describe('visitors', () => {
  it('get 401 in French on every booking route', async () => {
    const sessionId = await newSession();
    const id = '00000000-0000-4000-8000-000000000000';
    for (const res of [
      await hold(undefined, sessionId),
      await send(t, 'GET', `/api/booking/holds/${id}`),
      await send(t, 'DELETE', `/api/booking/holds/${id}`),
    ]) {
      expect(res.status).toBe(401);
      expect((await read<ApiErrorBody>(res)).error).toMatchObject({ code: 'UNAUTHENTICATED', message: 'Connexion requise.' });
    }
    expect(await t.db.select().from(reservations).where(eq(reservations.sessionId, sessionId))).toHaveLength(0);
  });
});
