// What an event from the server marks to be read again in a tab's query cache (the toast itself is
// checked in a real browser: tests/e2e/realtime.test.ts).
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { RealtimeEvent } from '@shared/schemas/events';
import { ME_QUERY_KEY } from '@client/app/auth';
import { handleEvent } from '@client/app/realtime/event-stream';

const KEYS = {
  calendar: ['calendar', 'u1', '2030-01'],
  reservation: ['reservation', 'r1'],
  purchases: ['purchases', 'u1'],
  hold: ['booking-hold', 'r1'],
  adminOrders: ['admin-orders', 'list', 1, 'all'],
  coursePage: ['api', '/courses/c1'],
  recipes: ['api', '/recipes'],
  favourites: ['favorites', 'ids', 'u1'],
  subscription: ['subscription', 'u1'],
  me: ME_QUERY_KEY,
  notificationList: ['notifications', 'u1', 'list', 1],
  unreadCount: ['notifications', 'u1', 'unread-count'],
  emailPreferences: ['email-preferences', 'u1'],
  waitlist: ['waitlist', 'c1'],
} as const;

function cacheWithEveryKey() {
  const client = new QueryClient();
  for (const key of Object.values(KEYS)) client.setQueryData(key, { seeded: true });
  return client;
}

function invalidated(client: QueryClient): string[] {
  return Object.entries(KEYS)
    .filter(([, key]) => client.getQueryState(key)?.isInvalidated)
    .map(([name]) => name)
    .sort();
}

describe('an event in an open tab', () => {
  // The waitlist too: an offer is a hold made for the learner (« Une place s'est libérée »).
  const reservationKeys = ['adminOrders', 'calendar', 'coursePage', 'hold', 'purchases', 'reservation', 'waitlist'];

  it.each<[string, RealtimeEvent]>([
    ['reservation.confirmed', { type: 'reservation.confirmed', reservationId: 'r1', courseTitle: 'Tourtière', startsAt: '2030-01-15T23:00:00.000Z' }],
    ['reservation.updated', { type: 'reservation.updated', reservationId: 'r1' }],
  ])('%s reads the reservation data again (calendar, purchases, hold, orders, seats, waitlist), nothing else', (_, event) => {
    const client = cacheWithEveryKey();
    handleEvent(client, event);
    expect(invalidated(client)).toEqual(reservationKeys);
  });

  it.each<[string, string | null, boolean]>([
    ['active', 'incomplete', false],
    ['active', 'active', true],
    ['past_due', 'active', false],
    ['canceled', 'active', true],
  ])('subscription.updated (%s, was %s) reads the subscription and /api/me (subscriber or not) again, nothing else', (status, previousStatus, cancelAtPeriodEnd) => {
    const client = cacheWithEveryKey();
    handleEvent(client, { type: 'subscription.updated', subscriptionId: 's1', status, previousStatus, cancelAtPeriodEnd });
    expect(invalidated(client)).toEqual(['me', 'subscription']);
  });

  it.each<[string, RealtimeEvent]>([
    ['notification.created', { type: 'notification.created', notificationId: 'n1', unreadCount: 4 }],
    ['notifications.read', { type: 'notifications.read', unreadCount: 4 }],
  ])("%s sets the header's count to the server's and reads the open list again, nothing else", (_, event) => {
    const client = cacheWithEveryKey();
    handleEvent(client, event);
    expect(client.getQueryData(KEYS.unreadCount)).toEqual({ unreadCount: 4 });
    expect(invalidated(client)).toEqual(['notificationList']);
  });
});
