import { describe, expect, it } from 'vitest';
import { canReadRecipe, canWatchCourse, canWatchRecording, isActiveSubscription, VISITOR, type Viewer } from '@shared/access';

const now = new Date('2026-11-15T12:00:00Z');
const future = new Date('2026-12-15T12:00:00Z');
const past = new Date('2026-11-15T11:59:59Z');

describe('isActiveSubscription', () => {
  it.each([
    ['active', true],
    ['trialing', true],
    ['past_due', true],
    ['canceled', false],
    ['incomplete', false],
    ['incomplete_expired', false],
    ['unpaid', false],
    ['paused', false],
  ])('status %s with a future period end gives access: %s', (status, expected) => {
    expect(isActiveSubscription({ status, currentPeriodEnd: future }, now)).toBe(expected);
  });

  it('gives no access once the period has ended, whatever the status', () => {
    expect(isActiveSubscription({ status: 'active', currentPeriodEnd: past }, now)).toBe(false);
    expect(isActiveSubscription({ status: 'active', currentPeriodEnd: now }, now)).toBe(false);
  });

  it('gives no access without a period end or without a subscription', () => {
    expect(isActiveSubscription({ status: 'active', currentPeriodEnd: null }, now)).toBe(false);
    expect(isActiveSubscription(null, now)).toBe(false);
    expect(isActiveSubscription(undefined, now)).toBe(false);
  });

  it('accepts the period end as an ISO string (as the API sends it)', () => {
    expect(isActiveSubscription({ status: 'active', currentPeriodEnd: future.toISOString() }, now)).toBe(true);
    expect(isActiveSubscription({ status: 'active', currentPeriodEnd: past.toISOString() }, now)).toBe(false);
  });
});

const learner: Viewer = { userId: 'u-learner', role: 'learner', isSubscriber: false };
const subscriber: Viewer = { userId: 'u-sub', role: 'learner', isSubscriber: true };
const guestChef: Viewer = { userId: 'u-chef', role: 'chef', isSubscriber: false };
const admin: Viewer = { userId: 'u-admin', role: 'admin', isSubscriber: false };

describe('canReadRecipe', () => {
  it('opens a free recipe to everyone', () => {
    for (const v of [VISITOR, learner, subscriber, guestChef, admin]) expect(canReadRecipe({ isPremium: false }, v)).toBe(true);
  });

  it('keeps a premium recipe for subscribers and the admin', () => {
    expect(canReadRecipe({ isPremium: true }, VISITOR)).toBe(false);
    expect(canReadRecipe({ isPremium: true }, learner)).toBe(false);
    expect(canReadRecipe({ isPremium: true }, guestChef)).toBe(false);
    expect(canReadRecipe({ isPremium: true }, subscriber)).toBe(true);
    expect(canReadRecipe({ isPremium: true }, admin)).toBe(true);
  });
});

// The rules in access.ts are views of shared/entitlements.ts (tests/unit/entitlements.test.ts holds the whole table).
describe('canWatchCourse and canWatchRecording', () => {
  const course = { isPremium: false, priceCents: 2900, teacherId: 'chef-1' };

  it('a subscriber watches every recorded course, premium or not; a learner only what they bought', () => {
    expect(canWatchCourse(course, subscriber, false)).toBe(true);
    expect(canWatchCourse({ ...course, isPremium: true }, subscriber, false)).toBe(true);
    expect(canWatchCourse(course, learner, false)).toBe(false);
    expect(canWatchCourse(course, learner, true)).toBe(true);
    expect(canWatchCourse(course, VISITOR, true)).toBe(false);
    expect(canWatchCourse({ ...course, priceCents: 0 }, VISITOR, false)).toBe(true);
  });

  it("a session's recording: its attendees, every subscriber, its teacher and the admin", () => {
    expect(canWatchRecording({ teacherId: 'chef-1' }, learner, true)).toBe(true);
    expect(canWatchRecording({ teacherId: 'chef-1' }, learner, false)).toBe(false);
    expect(canWatchRecording({ teacherId: 'chef-1' }, subscriber, false)).toBe(true);
    expect(canWatchRecording({ teacherId: 'chef-1' }, { ...learner, userId: 'chef-1', role: 'chef' }, false)).toBe(true);
    expect(canWatchRecording({ teacherId: 'chef-1' }, admin, false)).toBe(true);
  });
});
