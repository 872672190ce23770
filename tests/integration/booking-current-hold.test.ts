// GET /api/booking/holds/current?courseId=: the payment page reloaded during the 15-minute hold
// asks the server for the learner's seat still held on that course, and gets it back (never
// another person's, never one lapsed, released or on another course).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOLD_MINUTES } from '@shared/booking';
import type { ApiErrorBody } from '@shared/errors';
import type { CurrentHoldResponse, HoldResponse } from '@shared/schemas/booking';
import { createCourse, createSession } from '../factories';
import { createSignedInLearners, type SignedInLearner } from '../factories/accounts';
import { send } from '../setup/auth-client';
import { createTestApp, type TestApp } from '../setup/test-app';
import { testNow } from '../setup/test-clock';

const MINUTE = 60_000;
let clock = testNow().getTime();
const now = () => new Date(clock);

let t: TestApp;
let courseId: string;
let otherCourseId: string;
let learner: SignedInLearner;
let someoneElse: SignedInLearner;

beforeAll(async () => {
  t = await createTestApp({ now });
  courseId = (await createCourse(t.db, { title: 'Tourtière en direct', isLive: true })).id;
  otherCourseId = (await createCourse(t.db, { title: 'Sushis en direct', isLive: true })).id;
  const [first, second] = await createSignedInLearners(t, 2);
  learner = first!;
  someoneElse = second!;
});
afterAll(() => t.close());

const current = (who: SignedInLearner | undefined, course: string) => send(t, 'GET', `/api/booking/holds/current?courseId=${course}`, { cookie: who?.cookie });
const currentHold = async (who: SignedInLearner, course: string) => {
  const res = await current(who, course);
  expect(res.status).toBe(200);
  return ((await res.json()) as CurrentHoldResponse).hold;
};
const holdSeat = async (who: SignedInLearner, sessionId: string) =>
  ((await (await send(t, 'POST', '/api/booking/holds', { cookie: who.cookie, body: { sessionId } })).json()) as HoldResponse).hold;

describe('the learner’s current hold on a course', () => {
  it('is the seat held, with its end, until the hold lapses; only the learner’s, only this course', async () => {
    const sessionId = (await createSession(t.db, courseId, { now: now() })).id;
    expect(await currentHold(learner, courseId)).toBeNull();
    const held = await holdSeat(learner, sessionId);

    clock += 5 * MINUTE;
    expect(await currentHold(learner, courseId)).toEqual({ id: held.id, sessionId, status: 'pending_payment', expiresAt: held.expiresAt, seats: 1, guests: [], needs: [{ needs: [], note: '' }] });
    expect(await currentHold(someoneElse, courseId)).toBeNull();
    expect(await currentHold(learner, otherCourseId)).toBeNull();

    clock += HOLD_MINUTES * MINUTE;
    expect(await currentHold(learner, courseId)).toBeNull();
  });

  it('a released hold is no longer current', async () => {
    const sessionId = (await createSession(t.db, courseId, { now: now() })).id;
    const held = await holdSeat(someoneElse, sessionId);
    expect((await currentHold(someoneElse, courseId))?.id).toBe(held.id);
    expect((await send(t, 'DELETE', `/api/booking/holds/${held.id}`, { cookie: someoneElse.cookie })).status).toBe(200);
    expect(await currentHold(someoneElse, courseId)).toBeNull();
  });

  it('a visitor 401; a malformed or missing course id, or another parameter, 400 in French', async () => {
    expect((await current(undefined, courseId)).status).toBe(401);
    for (const path of ['/api/booking/holds/current?courseId=pas-un-id', '/api/booking/holds/current', `/api/booking/holds/current?courseId=${courseId}&userId=x`]) {
      const res = await send(t, 'GET', path, { cookie: learner.cookie });
      expect(res.status, path).toBe(400);
      expect(((await res.json()) as ApiErrorBody).error.code).toBe('VALIDATION_FAILED');
    }
  });
});
