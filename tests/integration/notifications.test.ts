// In-app notifications on the real database: notify() creates one per event and person (a replay
// adds nothing), inside the caller's transaction (a rollback leaves none and tells no tab); the
// list is the person's own, newest first, 20 a page; reading one or all lowers the count and tells
// the person's other tabs; visitors get 401 and someone else's id is a 404.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiErrorBody } from '@shared/errors';
import type { RealtimeEvent } from '@shared/schemas/events';
import type { MarkReadResponse, NotificationListResponse, UnreadCountResponse } from '@shared/schemas/notifications';
import { notifications } from '../../src/server/db/schema';
import { notify, type NotifyInput } from '../../src/server/modules/notifications/notify';
import { createSignedInLearners, type SignedInLearner } from '../factories/accounts';
import { send } from '../setup/auth-client';
import { sseReader, type SseReader } from '../setup/sse';
import { createTestApp, type TestApp } from '../setup/test-app';

let t: TestApp;
const readers: SseReader[] = [];

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await Promise.all(readers.map((r) => r.close()));
  await t.close();
});

const learner = async () => (await createSignedInLearners(t, 1))[0]!;
const input = (userId: string, n: number, at = new Date(Date.UTC(2030, 0, 1, 12, n))): NotifyInput => ({
  userId,
  kind: 'booking.confirmed',
  title: `Réservation confirmée ${n}`,
  body: `Votre place au cours ${n} est confirmée.`,
  link: '/calendrier',
  dedupeKey: `booking.confirmed:${n}`,
  at,
});
const notifyCommitted = (i: NotifyInput) => t.db.transaction((tx) => notify(tx, i));

const list = async (user: SignedInLearner, query = '') => {
  const res = await send(t, 'GET', `/api/notifications${query}`, { cookie: user.cookie });
  expect(res.status).toBe(200);
  return (await res.json()) as NotificationListResponse;
};
const count = async (user: SignedInLearner) =>
  ((await (await send(t, 'GET', '/api/notifications/unread-count', { cookie: user.cookie })).json()) as UnreadCountResponse).unreadCount;

async function openReader(user: SignedInLearner) {
  const res = await send(t, 'GET', '/api/events', { cookie: user.cookie, headers: { accept: 'text/event-stream' } });
  expect(res.status).toBe(200);
  const reader = sseReader(res);
  readers.push(reader);
  await reader.next(); // the retry hint
  return reader;
}
const nextEvent = async (reader: SseReader) => JSON.parse((await reader.nextEvent(5000)).data) as RealtimeEvent;
/**
 * The next event that is not a `notification.created`: on PostgreSQL, the NOTIFY of a notification
 * committed just before the tab connected may reach it after it has connected (seen once in CI, with
 * the machine busy): the tab rightly hears of it, then of what the test did.
 */
const nextEventAfterCreations = async (reader: SseReader) => {
  for (;;) {
    const event = await nextEvent(reader);
    if (event.type !== 'notification.created') return event;
  }
};

describe('notify()', () => {
  it('creates one notification per dedupe key and person, however often the event comes', async () => {
    const ana = await learner();
    const ben = await learner();
    const first = await notifyCommitted(input(ana.id, 1));
    expect(first).toMatch(/^[0-9a-f-]{36}$/);
    expect(await notifyCommitted(input(ana.id, 1))).toBeNull();
    await Promise.all([notifyCommitted(input(ana.id, 1)), notifyCommitted(input(ana.id, 1))]);
    // The same key for another person is another notification.
    expect(await notifyCommitted(input(ben.id, 1))).not.toBeNull();
    const rows = await t.db.select().from(notifications).where(and(eq(notifications.userId, ana.id), eq(notifications.dedupeKey, 'booking.confirmed:1')));
    expect(rows).toHaveLength(1);
    expect(await count(ana)).toBe(1);
  });

  it("tells the person's open tabs, with the new unread count, once the transaction commits", async () => {
    const ana = await learner();
    const reader = await openReader(ana);
    await notifyCommitted(input(ana.id, 1));
    const id = await notifyCommitted(input(ana.id, 2));
    const events = [await nextEvent(reader), await nextEvent(reader)];
    expect(events[1]).toEqual({ type: 'notification.created', notificationId: id, unreadCount: 2 });
    expect(events[0]).toMatchObject({ type: 'notification.created', unreadCount: 1 });
    // A replay publishes nothing: the next event the tab hears is the next real one.
    await notifyCommitted(input(ana.id, 2));
    const third = await notifyCommitted(input(ana.id, 3));
    expect(await nextEvent(reader)).toEqual({ type: 'notification.created', notificationId: third, unreadCount: 3 });
  });

  it('leaves nothing and tells no one when the transaction rolls back', async () => {
    const ana = await learner();
    const reader = await openReader(ana);
    await expect(
      t.db.transaction(async (tx) => {
        await notify(tx, input(ana.id, 9));
        throw new Error('paiement refusé plus loin');
      }),
    ).rejects.toThrow('paiement refusé');
    expect((await list(ana)).total).toBe(0);
    const later = await notifyCommitted(input(ana.id, 10));
    expect(await nextEvent(reader)).toEqual({ type: 'notification.created', notificationId: later, unreadCount: 1 });
  });
});

describe('GET /api/notifications', () => {
  it('lists only the own notifications, newest first, 20 a page, with the total and unread count', async () => {
    const ana = await learner();
    const ben = await learner();
    for (let n = 1; n <= 23; n++) await notifyCommitted(input(ana.id, n));
    await notifyCommitted(input(ben.id, 99));

    const first = await list(ana);
    expect(first).toMatchObject({ total: 23, unreadCount: 23, page: 1, pageSize: 20 });
    expect(first.notifications.map((n) => n.title)).toEqual(Array.from({ length: 20 }, (_, i) => `Réservation confirmée ${23 - i}`));
    expect(first.notifications[0]).toEqual({
      id: expect.any(String),
      kind: 'booking.confirmed',
      title: 'Réservation confirmée 23',
      body: 'Votre place au cours 23 est confirmée.',
      link: '/calendrier',
      readAt: null,
      createdAt: new Date(Date.UTC(2030, 0, 1, 12, 23)).toISOString(),
    });
    const second = await list(ana, '?page=2');
    expect(second.notifications.map((n) => n.title)).toEqual(['Réservation confirmée 3', 'Réservation confirmée 2', 'Réservation confirmée 1']);
    expect((await list(ana, '?page=3')).notifications).toEqual([]);
    expect((await list(ben)).notifications.map((n) => n.title)).toEqual(['Réservation confirmée 99']);
  });

  it.each(['?page=0', '?page=abc', '?page=1.5', '?autre=1'])('refuses %s with a French 400', async (query) => {
    const ana = await learner();
    const res = await send(t, 'GET', `/api/notifications${query}`, { cookie: ana.cookie });
    expect(res.status).toBe(400);
    expect(((await res.json()) as ApiErrorBody).error.code).toBe('VALIDATION_FAILED');
  });
});

describe('marking read', () => {
  it('one at a time: the count goes down once, the read time stays the first, other tabs hear it', async () => {
    const ana = await learner();
    const a = (await notifyCommitted(input(ana.id, 1)))!;
    await notifyCommitted(input(ana.id, 2));
    const reader = await openReader(ana);
    const res = await send(t, 'POST', `/api/notifications/${a}/read`, { cookie: ana.cookie });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect((await res.json()) as MarkReadResponse).toEqual({ unreadCount: 1 });
    expect(await nextEventAfterCreations(reader)).toEqual({ type: 'notifications.read', unreadCount: 1 });
    const readAt = (await list(ana)).notifications.find((n) => n.id === a)!.readAt;
    expect(readAt).not.toBeNull();
    // Again (a double click, its id in capitals): same count, same read time.
    const again = await send(t, 'POST', `/api/notifications/${a.toUpperCase()}/read`, { cookie: ana.cookie });
    expect(await again.json()).toEqual({ unreadCount: 1 });
    expect((await list(ana)).notifications.find((n) => n.id === a)!.readAt).toBe(readAt);
    expect(await count(ana)).toBe(1);
  });

  it('all at once: every own notification read, nobody else’s', async () => {
    const ana = await learner();
    const ben = await learner();
    for (let n = 1; n <= 3; n++) await notifyCommitted(input(ana.id, n));
    await notifyCommitted(input(ben.id, 1));
    const reader = await openReader(ana);
    const res = await send(t, 'POST', '/api/notifications/read-all', { cookie: ana.cookie });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ unreadCount: 0 });
    expect(await nextEventAfterCreations(reader)).toEqual({ type: 'notifications.read', unreadCount: 0 });
    expect((await list(ana)).notifications.every((n) => n.readAt !== null)).toBe(true);
    expect(await count(ben)).toBe(1);
    // A new one after that is unread again.
    await notifyCommitted(input(ana.id, 4));
    expect(await count(ana)).toBe(1);
  });

  it.each([
    ["someone else's notification", 'other'],
    ['an unknown id', '00000000-0000-4000-8000-000000000000'],
    ['a malformed id', 'pas-un-identifiant'],
  ])('%s → 404 NOTIFICATION_NOT_FOUND, and nothing is marked', async (_label, which) => {
    const ana = await learner();
    const ben = await learner();
    const bens = (await notifyCommitted(input(ben.id, 1)))!;
    const id = which === 'other' ? bens : which;
    const res = await send(t, 'POST', `/api/notifications/${encodeURIComponent(id)}/read`, { cookie: ana.cookie });
    expect(res.status).toBe(404);
    expect(((await res.json()) as ApiErrorBody).error).toMatchObject({ code: 'NOTIFICATION_NOT_FOUND', message: "Cette notification n'existe pas." });
    expect(await count(ben)).toBe(1);
  });
});

describe('visitors', () => {
  it.each([
    ['GET', '/api/notifications'],
    ['GET', '/api/notifications/unread-count'],
    ['POST', '/api/notifications/read-all'],
    ['POST', '/api/notifications/00000000-0000-4000-8000-000000000000/read'],
  ])('%s %s → 401', async (method, path) => {
    const res = await send(t, method, path);
    expect(res.status).toBe(401);
    expect(((await res.json()) as ApiErrorBody).error.code).toBe('UNAUTHENTICATED');
  });

  it('a cross-site POST changes nothing (403)', async () => {
    const ana = await learner();
    await notifyCommitted(input(ana.id, 1));
    const res = await send(t, 'POST', '/api/notifications/read-all', { cookie: ana.cookie, headers: { origin: 'https://ailleurs.example' } });
    expect(res.status).toBe(403);
    expect(await count(ana)).toBe(1);
  });
});
