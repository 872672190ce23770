// Who may see what. The server decides with these rules; the client only mirrors them.
import { entitlement, isIncluded } from './entitlements';

export type Viewer = {
  userId: string | null;
  role: 'learner' | 'chef' | 'admin' | null;
  isSubscriber: boolean;
};

export const VISITOR: Viewer = { userId: null, role: null, isSubscriber: false };

/** Subscription statuses that can give access, when the period has not ended (spec §4). */
export const ACCESS_STATUSES = ['active', 'trialing', 'past_due'] as const;

/** The latest subscription record counts only with an access status and a period end in the future. */
export function isActiveSubscription(
  latest: { status: string; currentPeriodEnd: Date | string | null } | null | undefined,
  now: Date = new Date(),
): boolean {
  if (!latest || !latest.currentPeriodEnd) return false;
  if (!(ACCESS_STATUSES as readonly string[]).includes(latest.status)) return false;
  return new Date(latest.currentPeriodEnd).getTime() > now.getTime();
}

/**
 * Whether a person is a member now — what `Viewer.isSubscriber` means everywhere, and so what the one
 * entitlement function (entitlements.ts) counts as « part of the membership »: a subscription that
 * gives access (above), or gifted months (a membership gift card, decision 0042) whose period holds
 * now. `giftedUntil` is the latest end of the person's grants that have started.
 */
export function hasMembership(
  sources: { subscription: Parameters<typeof isActiveSubscription>[0]; giftedUntil: Date | string | null | undefined },
  now: Date = new Date(),
): boolean {
  if (isActiveSubscription(sources.subscription, now)) return true;
  return !!sources.giftedUntil && new Date(sources.giftedUntil).getTime() > now.getTime();
}

// The rules below are views of the one answer in entitlements.ts (DESIGN §7): they ask it, never decide apart.

/** A premium recipe's ingredients and steps are for subscribers (and the admin who writes them). */
export function canReadRecipe(recipe: { isPremium: boolean }, viewer: Viewer): boolean {
  return isIncluded(entitlement(viewer, { kind: 'recipe', isPremium: recipe.isPremium }));
}

/**
 * Who may play a recorded course's video (every byte request is checked with this): whoever the
 * course is included for — the admin, its teacher, a buyer whose purchase stands, every subscriber,
 * and anyone for a free course. Asked as if the video were there: a missing file is its own answer.
 */
export function canWatchCourse(
  course: { isPremium: boolean; priceCents: number; teacherId: string | null },
  viewer: Viewer,
  hasSucceededPurchase: boolean,
): boolean {
  const product = { kind: 'recorded_course', ...course, hasVideo: true } as const;
  return isIncluded(entitlement(viewer, product, { purchased: hasSucceededPurchase }));
}

/** A live session's recording: the admin, the course's teacher, the session's confirmed attendees and every subscriber. */
export function canWatchRecording(course: { teacherId: string | null }, viewer: Viewer, isConfirmedAttendee: boolean): boolean {
  return isIncluded(entitlement(viewer, { kind: 'recording', teacherId: course.teacherId }, { attended: isConfirmedAttendee }));
}
