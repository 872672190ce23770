// « Aperçu » (GET /api/admin/overview) on the real database, with the clock pinned on Friday
// 20 February 2026, 10:00 in Montréal: the sessions of today and the next 7 days (seats, what is
// missing, under the minimum), February's revenue against January's after refunds and before tax, the members who
// joined, left or failed to renew in February, and what waits for the admin — all in one answer.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiErrorBody } from '@shared/errors';
import { sessionGapLabel, type OverviewResponse } from '@shared/schemas/admin-overview';
import { emailDeliveries, refunds } from '../../src/server/db/schema';
import { createCourse, createReservation, createSession, createSubscription, createUser, setRole } from '../factories';
import { createPaidOrder } from '../factories/orders';
import { newSignedInUser, send } from '../setup/auth-client';
import { createTestApp, type TestApp } from '../setup/test-app';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const clock = Date.parse('2026-02-20T15:00:00Z');
let t: TestApp;
let admin: { id: string; cookie: string };
let learner: { id: string; cookie: string };
const ids = { tonight: '', morning: '', monday: '', lastDay: '' };

async function refund(orderId: string, values: { subtotalCents: number; status: 'succeeded' | 'pending' | 'failed'; succeededAt?: Date }) {
  await t.db.insert(refunds).values({
    orderId,
    status: values.status,
    lines: [],
    subtotalCents: values.subtotalCents,
    taxLines: [],
    taxCents: 0,
    totalCents: values.subtotalCents,
    idempotencyKey: `overview-${Math.random()}`,
    succeededAt: values.succeededAt ?? null,
  });
}

beforeAll(async () => {
  t = await createTestApp({ now: () => new Date(clock) });
  admin = await newSignedInUser(t, 'Cheffe Admin');
  await setRole(t.db, admin.id, 'admin');
  learner = await newSignedInUser(t, 'Léa Apprenante');

  const withKit = await createCourse(t.db, { title: 'Cabane à sucre', prepKit: '1 l de sirop', durationMinutes: 120 });
  const noKit = await createCourse(t.db, { title: 'Pâtes fraîches', prepKit: null, durationMinutes: 90 });
  // Today 18:00 in Montréal (23:00 UTC), no link: the link is missing; 2 confirmed, 1 live hold, 1 hold
  // lapsed: under its minimum of 3 (a hold is not an enrolment).
  ids.tonight = (await createSession(t.db, withKit.id, { startsAt: new Date('2026-02-20T23:00:00Z'), capacity: 10, minSeats: 3 })).id;
  for (let i = 0; i < 2; i++) await createReservation(t.db, ids.tonight, (await createUser(t.db)).id);
  await createReservation(t.db, ids.tonight, (await createUser(t.db)).id, { status: 'pending_payment', holdExpiresAt: new Date(clock + 10 * 60_000) });
  await createReservation(t.db, ids.tonight, (await createUser(t.db)).id, { status: 'pending_payment', holdExpiresAt: new Date(clock - 60_000) });
  // This morning, already over: nothing missing any more (not even its minimum) but it is today's.
  ids.morning = (await createSession(t.db, withKit.id, { startsAt: new Date('2026-02-20T12:00:00Z'), capacity: 6, minSeats: 4 })).id;
  // In 3 days, no kit anywhere, no link (not due yet).
  ids.monday = (await createSession(t.db, noKit.id, { startsAt: new Date(clock + 3 * DAY), capacity: 8 })).id;
  // Its own kit on the session, and a link, its minimum of 1 reached: nothing missing; on the 7th day after today, late evening.
  ids.lastDay = (await createSession(t.db, noKit.id, { startsAt: new Date('2026-02-28T04:00:00Z'), capacity: 8, minSeats: 1, prepKit: '2 œufs', videoLink: 'https://meet.exemple.ca/x' })).id;
  await createReservation(t.db, ids.lastDay, (await createUser(t.db)).id);
  // Outside: yesterday, the 8th day after today (00:30 on 28 Feb in Montréal), a cancelled one.
  await createSession(t.db, withKit.id, { startsAt: new Date('2026-02-19T23:00:00Z') });
  await createSession(t.db, withKit.id, { startsAt: new Date('2026-02-28T05:30:00Z') });
  await createSession(t.db, withKit.id, { startsAt: new Date(clock + DAY), status: 'cancelled' });

  // January: 100,00 before tax. February: 60,00 + 40,00, less a refund of 25,00 that succeeded in
  // February (and one still pending, one failed: not revenue, but to act on).
  const course = await createCourse(t.db, { title: 'Sushis', isLive: false, priceCents: 1000 });
  const item = (amountCents: number) => [{ courseId: course.id, description: 'Sushis', amountCents }];
  await createPaidOrder(t.db, { user: learner, paidAt: new Date('2026-01-10T15:00:00Z'), items: item(10000) });
  const feb = await createPaidOrder(t.db, { user: learner, paidAt: new Date('2026-02-02T15:00:00Z'), items: item(6000) });
  await createPaidOrder(t.db, { user: learner, paidAt: new Date('2026-02-15T15:00:00Z'), items: item(4000) });
  await refund(feb.id, { subtotalCents: 2500, status: 'succeeded', succeededAt: new Date('2026-02-18T15:00:00Z') });
  await refund(feb.id, { subtotalCents: 500, status: 'pending' });
  await refund(feb.id, { subtotalCents: 700, status: 'failed' });
  // December's: neither this month's nor last month's.
  await createPaidOrder(t.db, { user: learner, paidAt: new Date('2025-12-31T15:00:00Z'), items: item(9900) });
  // Processing for two hours (to reconcile) and for ten minutes (not yet).
  await createPaidOrder(t.db, { user: learner, status: 'processing', paidAt: new Date(clock - 2 * HOUR), items: item(1000) });
  await createPaidOrder(t.db, { user: learner, status: 'processing', paidAt: new Date(clock - 10 * 60_000), items: item(1000) });

  // Members: two joined in February (one active, one already failing its renewal), one joined in
  // December and left on 10 February, one in January still active; one never paid (incomplete).
  const member = async (values: Parameters<typeof createSubscription>[2]) => createSubscription(t.db, (await createUser(t.db)).id, values);
  const periodEnd = new Date(clock + 20 * DAY);
  await member({ status: 'active', createdAt: new Date('2026-02-05T15:00:00Z'), currentPeriodEnd: periodEnd });
  await member({ status: 'past_due', createdAt: new Date('2026-02-01T15:00:00Z'), currentPeriodEnd: new Date(clock + DAY) });
  await member({ status: 'canceled', createdAt: new Date('2025-12-05T15:00:00Z'), endedAt: new Date('2026-02-10T15:00:00Z'), currentPeriodEnd: new Date('2026-02-10T15:00:00Z') });
  await member({ status: 'canceled', createdAt: new Date('2025-11-05T15:00:00Z'), endedAt: new Date('2026-01-10T15:00:00Z'), currentPeriodEnd: new Date('2026-01-10T15:00:00Z') });
  await member({ status: 'active', createdAt: new Date('2026-01-05T15:00:00Z'), currentPeriodEnd: periodEnd });
  await member({ status: 'incomplete', createdAt: new Date('2026-02-19T15:00:00Z'), currentPeriodEnd: null });

  // E-mails: one failed, one not sent by the person's choice, one sent.
  await t.db.insert(emailDeliveries).values([
    { dedupeKey: 'overview:failed', kind: 'booking.confirmed', to: 'a@exemple.test', skippedReason: 'connect ECONNREFUSED', attempts: 3 },
    { dedupeKey: 'overview:preference', kind: 'reminder.24h', to: 'b@exemple.test', skippedReason: 'preference' },
    { dedupeKey: 'overview:sent', kind: 'booking.confirmed', to: 'c@exemple.test', sentAt: new Date(clock - HOUR), attempts: 1 },
  ]);
});
afterAll(() => t.close());

async function overview(cookie?: string) {
  const res = await send(t, 'GET', '/api/admin/overview', { cookie });
  return { status: res.status, body: (await res.json()) as OverviewResponse & ApiErrorBody };
}

describe('GET /api/admin/overview', () => {
  it("lists today's and the next 7 days' sessions (Montréal days) with seats taken and what they lack", async () => {
    const { status, body } = await overview(admin.cookie);
    expect(status).toBe(200);
    expect(body.today).toBe('2026-02-20');
    expect(body.sessions.map((s) => s.id)).toEqual([ids.morning, ids.tonight, ids.monday, ids.lastDay]);
    const byId = new Map(body.sessions.map((s) => [s.id, s]));
    expect(byId.get(ids.tonight)).toMatchObject({
      courseTitle: 'Cabane à sucre',
      day: '2026-02-20',
      capacity: 10,
      seatsTaken: 3,
      confirmedSeats: 2,
      minSeats: 3,
      missing: ['video_link', 'under_minimum'],
      endsAt: '2026-02-21T01:00:00.000Z',
    });
    expect(sessionGapLabel('under_minimum', byId.get(ids.tonight)!)).toBe('Sous le minimum (2 / 3)');
    expect(byId.get(ids.morning)).toMatchObject({ day: '2026-02-20', seatsTaken: 0, minSeats: 4, missing: [] });
    expect(byId.get(ids.monday)).toMatchObject({ courseTitle: 'Pâtes fraîches', day: '2026-02-23', minSeats: 0, missing: ['prep_kit'] });
    expect(byId.get(ids.lastDay)).toMatchObject({ day: '2026-02-27', confirmedSeats: 1, minSeats: 1, missing: [] });
  });

  it("gives this month's revenue after refunds and before tax against last month's, and the members", async () => {
    const { body } = await overview(admin.cookie);
    expect(body.revenue).toEqual({ month: '2026-02', netCents: 6000 + 4000 - 2500, previousMonth: '2026-01', previousNetCents: 10000 });
    expect(body.members).toEqual({ active: 3, newThisMonth: 2, cancelledThisMonth: 1, failedRenewals: 1 });
  });

  it('counts what waits for the admin', async () => {
    const { body } = await overview(admin.cookie);
    expect(body.toAct).toEqual({ failedEmails: 1, paymentsToReconcile: 1, refundsPending: 1, refundsFailed: 1 });
  });

  it('answers the admin alone (401, 403) and takes no parameters (400)', async () => {
    expect((await overview()).status).toBe(401);
    expect((await overview(learner.cookie)).status).toBe(403);
    expect((await send(t, 'GET', '/api/admin/overview?x=1', { cookie: admin.cookie })).status).toBe(400);
  });
});
