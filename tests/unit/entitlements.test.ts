// The whole table of DESIGN §7, row by row, for each kind of viewer; then what is not yet deliverable,
// what a person already holds, and the words each answer is shown with.
import { describe, expect, it } from 'vitest';
import { VISITOR, type Viewer } from '@shared/access';
import { SUBSCRIPTION_PRICE_CENTS } from '@shared/catalog';
import {
  entitlement,
  notForSaleMessage,
  onceDeliverable,
  saleBlocker,
  SALE_BLOCKER_LABELS,
  type Entitlement,
  type Product,
} from '@shared/entitlements';

const learner: Viewer = { userId: 'u-learner', role: 'learner', isSubscriber: false };
const subscriber: Viewer = { userId: 'u-sub', role: 'learner', isSubscriber: true };
const admin: Viewer = { userId: 'u-admin', role: 'admin', isSubscriber: false };
const teacher: Viewer = { userId: 'chef-1', role: 'chef', isSubscriber: false };
const otherChef: Viewer = { userId: 'chef-2', role: 'chef', isSubscriber: false };

const pricing = { subscriberDiscountPercent: 15 };
const recorded = (over: Partial<Extract<Product, { kind: 'recorded_course' }>> = {}): Product => ({
  kind: 'recorded_course',
  isPremium: false,
  priceCents: 2900,
  teacherId: 'chef-1',
  hasVideo: true,
  ...over,
});
const live = (over: Partial<Extract<Product, { kind: 'live_class' }>> = {}): Product => ({
  kind: 'live_class',
  isPremium: false,
  priceCents: 9500,
  teacherId: 'chef-1',
  hasOpenSession: true,
  ...over,
});

const INCLUDED = (reason: string) => ({ status: 'included', reason });
const SUBSCRIBE = { status: 'subscribers_only', membershipPriceCents: SUBSCRIPTION_PRICE_CENTS };
const SALE = (priceCents: number, listPriceCents = priceCents, discountPercent: number | null = null) => ({
  status: 'for_sale',
  priceCents,
  listPriceCents,
  discountPercent,
});

describe('entitlement: the table of DESIGN §7', () => {
  // [product, viewer name, viewer, expected]
  const table: [string, string, Viewer, Product, object][] = [
    ['free recipe', 'visitor', VISITOR, { kind: 'recipe', isPremium: false }, INCLUDED('free')],
    ['free recipe', 'learner', learner, { kind: 'recipe', isPremium: false }, INCLUDED('free')],
    ['free recipe', 'subscriber', subscriber, { kind: 'recipe', isPremium: false }, INCLUDED('free')],
    ['premium recipe', 'visitor', VISITOR, { kind: 'recipe', isPremium: true }, SUBSCRIBE],
    ['premium recipe', 'learner', learner, { kind: 'recipe', isPremium: true }, SUBSCRIBE],
    ['premium recipe', 'guest chef', otherChef, { kind: 'recipe', isPremium: true }, SUBSCRIBE],
    ['premium recipe', 'subscriber', subscriber, { kind: 'recipe', isPremium: true }, INCLUDED('membership')],
    ['premium recipe', 'admin', admin, { kind: 'recipe', isPremium: true }, INCLUDED('admin')],

    ['recorded course, not premium', 'visitor', VISITOR, recorded(), SALE(2900)],
    ['recorded course, not premium', 'learner', learner, recorded(), SALE(2900)],
    ['recorded course, not premium, price 0', 'learner', learner, recorded({ priceCents: 0 }), INCLUDED('free')],
    ['recorded course, not premium, price 0', 'visitor', VISITOR, recorded({ priceCents: 0 }), INCLUDED('free')],
    ['recorded course, not premium', 'subscriber', subscriber, recorded(), INCLUDED('membership')],
    ['recorded course, premium', 'visitor', VISITOR, recorded({ isPremium: true, priceCents: 7900 }), SUBSCRIBE],
    ['recorded course, premium', 'learner', learner, recorded({ isPremium: true, priceCents: 7900 }), SUBSCRIBE],
    ['recorded course, premium', 'subscriber', subscriber, recorded({ isPremium: true, priceCents: 7900 }), INCLUDED('membership')],
    ['recorded course', 'admin', admin, recorded({ isPremium: true }), INCLUDED('admin')],
    ['recorded course', 'its teacher', teacher, recorded({ isPremium: true }), INCLUDED('teaching')],
    ['recorded course', 'another chef', otherChef, recorded(), SALE(2900)],

    ['live class, not premium', 'visitor', VISITOR, live(), SALE(9500)],
    ['live class, not premium', 'learner', learner, live(), SALE(9500)],
    ['live class, not premium', 'subscriber', subscriber, live(), SALE(8075, 9500, 15)],
    ['live class, premium', 'visitor', VISITOR, live({ isPremium: true }), SUBSCRIBE],
    ['live class, premium', 'learner', learner, live({ isPremium: true }), SUBSCRIBE],
    ['live class, premium', 'subscriber', subscriber, live({ isPremium: true }), SALE(8075, 9500, 15)],
    ['live class', 'admin', admin, live({ isPremium: true }), INCLUDED('admin')],
    ['live class', 'its teacher', teacher, live(), INCLUDED('teaching')],

    ['recording', 'learner, not an attendee', learner, { kind: 'recording', teacherId: 'chef-1' }, SUBSCRIBE],
    ['recording', 'subscriber, not an attendee', subscriber, { kind: 'recording', teacherId: 'chef-1' }, INCLUDED('membership')],
    ['recording', 'its teacher', teacher, { kind: 'recording', teacherId: 'chef-1' }, INCLUDED('teaching')],
    ['recording', 'admin', admin, { kind: 'recording', teacherId: 'chef-1' }, INCLUDED('admin')],
  ];

  it.each(table)('%s, %s', (_product, _viewer, viewer, product, expected) => {
    expect(entitlement(viewer, product, {}, pricing)).toEqual(expected);
  });

  it("a recording is included for its attendees, subscriber or not", () => {
    expect(entitlement(learner, { kind: 'recording', teacherId: 'chef-1' }, { attended: true })).toEqual(INCLUDED('attended'));
  });

  it('the subscribers’ discount is the configured one, rounded in the buyer’s favour, and none when the rate is 0', () => {
    expect(entitlement(subscriber, live({ priceCents: 4999 }), {}, { subscriberDiscountPercent: 10 })).toEqual(SALE(4499, 4999, 10));
    expect(entitlement(subscriber, live(), {}, { subscriberDiscountPercent: 0 })).toEqual(SALE(9500));
  });
});

describe('entitlement: what the viewer already holds', () => {
  it('a bought recorded course is included as bought, premium or not, even once its video is gone', () => {
    expect(entitlement(learner, recorded(), { purchased: true })).toEqual(INCLUDED('purchased'));
    expect(entitlement(learner, recorded({ isPremium: true }), { purchased: true })).toEqual(INCLUDED('purchased'));
    expect(entitlement(learner, recorded({ hasVideo: false }), { purchased: true })).toEqual(INCLUDED('purchased'));
    expect(entitlement(subscriber, recorded(), { purchased: true })).toEqual(INCLUDED('purchased'));
  });

  it('a live class is sold seat by seat: an earlier purchase does not include the next session', () => {
    expect(entitlement(learner, live(), { purchased: true })).toEqual(SALE(9500));
  });

  it('a visitor holds nothing, whatever a caller passes', () => {
    expect(entitlement(VISITOR, recorded({ isPremium: true }), { purchased: true })).toEqual(SUBSCRIBE);
    expect(entitlement(VISITOR, { kind: 'recording', teacherId: null }, { attended: true })).toEqual(SUBSCRIBE);
  });
});

describe('entitlement: nothing empty is for sale', () => {
  it('a recorded course without its video, and a live course with no session open, are « coming soon » for everyone who does not hold them', () => {
    for (const viewer of [VISITOR, learner, subscriber]) {
      expect(entitlement(viewer, recorded({ hasVideo: false }), {}, pricing)).toEqual({ status: 'coming_soon' });
      expect(entitlement(viewer, live({ hasOpenSession: false }), {}, pricing)).toEqual({ status: 'coming_soon' });
      expect(entitlement(viewer, live({ hasOpenSession: false, isPremium: true }), {}, pricing)).toEqual({ status: 'coming_soon' });
    }
  });

  it('onceDeliverable tells whether a membership would be needed, apart from readiness', () => {
    expect(entitlement(learner, onceDeliverable(recorded({ hasVideo: false, isPremium: true })))).toEqual(SUBSCRIBE);
    expect(entitlement(subscriber, onceDeliverable(live({ hasOpenSession: false })), {}, pricing).status).toBe('for_sale');
  });

  it('saleBlocker tells the admin why a course is not on sale', () => {
    expect(saleBlocker({ isLive: false, hasVideo: false, hasOpenSession: false })).toBe('no_video');
    expect(saleBlocker({ isLive: false, hasVideo: true, hasOpenSession: false })).toBeNull();
    expect(saleBlocker({ isLive: true, hasVideo: false, hasOpenSession: false })).toBe('no_open_session');
    expect(saleBlocker({ isLive: true, hasVideo: false, hasOpenSession: true })).toBeNull();
    expect(SALE_BLOCKER_LABELS.no_video).toBe('Pas encore en vente : aucune vidéo');
  });
});

describe('notForSaleMessage', () => {
  const cases: [Entitlement, string | null][] = [
    [{ status: 'for_sale', priceCents: 1, listPriceCents: 1, discountPercent: null }, null],
    [{ status: 'included', reason: 'purchased' }, 'Vous avez déjà acheté le cours « Brunch ».'],
    [{ status: 'included', reason: 'membership' }, 'Le cours « Brunch » est déjà inclus dans votre abonnement.'],
    [{ status: 'subscribers_only', membershipPriceCents: 1999 }, 'Le cours « Brunch » est réservé aux abonnés : abonnez-vous pour y accéder.'],
    [{ status: 'coming_soon' }, "Le cours « Brunch » n'est pas encore en vente : il sera bientôt disponible."],
  ];
  it.each(cases)('%o → %s', (e, message) => {
    expect(notForSaleMessage(e, 'Brunch')).toBe(message);
  });
});
