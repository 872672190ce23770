// The hold's expiry job: sent with the hold, in its transaction, for the moment it ends; when it
// runs, an unpaid hold is written down 'expired' (the learner's and the admin's pages told), a
// paid one is left alone. The app's clock is moved past the hold's end; the database's clock cannot
// be, so the job is made due through the Jobs port (runNow).
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOLD_MINUTES } from '@shared/booking';
import { reservations } from '../../src/server/db/schema';
import { QUEUES } from '../../src/server/jobs/queues';
import { createCourse, createSession } from '../factories';
import { newSignedInUser } from '../setup/auth-client';
import { checkout, confirm, deliverEvents, holdSeat, newKey, setProvince, SUCCESS_CARD } from '../setup/payments';
import { createTestApp, type TestApp } from '../setup/test-app';
import { until } from '../setup/until';
import { testNow } from '../setup/test-clock';

const MINUTE = 60_000;
let clock = testNow().getTime();
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ now: () => new Date(clock) });
  await t.jobs.start();
});
afterAll(() => t.close());

// The job is sent with the reservation's id as its key.
const expiryJob = (reservationId: string) => t.jobs.get(QUEUES.holdExpire, { key: reservationId });

async function makeDue(reservationId: string) {
  expect(await t.jobs.runNow(QUEUES.holdExpire, { key: reservationId })).toBe(true);
}

const completed = (reservationId: string) => until('expiry job completed', () => expiryJob(reservationId), (job) => job?.state === 'completed');

const status = async (id: string) => (await t.db.select({ status: reservations.status }).from(reservations).where(eq(reservations.id, id)))[0]!.status;

async function heldSeat() {
  const user = await newSignedInUser(t, 'Camille Attente');
  await setProvince(t, user.id, 'QC');
  const course = await createCourse(t.db, { title: 'Grands-pères au sirop', isLive: true, priceCents: 4000 });
  const session = await createSession(t.db, course.id, { now: new Date(clock) });
  const held = await holdSeat(t, user.cookie, session.id);
  expect(held.status).toBe(201);
  return { user, courseId: course.id, sessionId: session.id, holdId: held.body.hold.id };
}

describe('hold expiry job', () => {
  it('is sent with the hold for its end, and marks the unpaid hold expired', async () => {
    const { holdId } = await heldSeat();
    const job = (await expiryJob(holdId))!;
    expect(job).toMatchObject({ state: 'created', data: { reservationId: holdId } });
    const wait = job.startAfter.getTime() - Date.now();
    expect(wait).toBeGreaterThan((HOLD_MINUTES - 1) * MINUTE);
    expect(wait).toBeLessThanOrEqual(HOLD_MINUTES * MINUTE + 2000);

    clock += (HOLD_MINUTES + 1) * MINUTE;
    await makeDue(holdId);
    await completed(holdId);
    expect(await status(holdId)).toBe('expired');
  });

  it('leaves a hold paid in time as it is', async () => {
    const { user, courseId, sessionId, holdId } = await heldSeat();
    const order = await checkout(t, user.cookie, { idempotencyKey: newKey(), items: [{ courseId, sessionId }] });
    expect(order.status).toBe(201);
    expect((await confirm(t, user.cookie, order.body.payment!, SUCCESS_CARD)).body.status).toBe('succeeded');
    await deliverEvents(t);
    expect(await status(holdId)).toBe('confirmed');

    clock += (HOLD_MINUTES + 1) * MINUTE;
    await makeDue(holdId);
    await completed(holdId);
    expect(await status(holdId)).toBe('confirmed');
  });
});
