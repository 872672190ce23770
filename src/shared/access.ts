// Who may see what. The server decides with these rules; the client only mirrors them.

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

/** A premium recipe's ingredients and steps are for subscribers (and the admin who writes them). */
export function canReadRecipe(recipe: { isPremium: boolean }, viewer: Viewer): boolean {
  return !recipe.isPremium || viewer.isSubscriber || viewer.role === 'admin';
}

/**
 * Whether a course's detail is open or shows the 'Contenu Exclusif pour Abonnés' panel:
 * anonymous only non-premium; signed-in if non-premium, subscriber, or a succeeded purchase.
 */
export function canViewCourseDetail(
  course: { isPremium: boolean },
  viewer: Viewer,
  hasSucceededPurchase: boolean,
): boolean {
  if (viewer.role === 'admin') return true;
  if (!course.isPremium) return true;
  if (!viewer.userId) return false;
  return viewer.isSubscriber || hasSucceededPurchase;
}

/**
 * Who may watch a recorded course's video (every byte request is checked with this): the admin, the
 * course's teacher, a buyer whose purchase stands (not refunded), a subscriber for a premium course,
 * and anyone — visitors too — for a free course that is not premium.
 */
export function canWatchCourse(
  course: { isPremium: boolean; priceCents: number; teacherId: string | null },
  viewer: Viewer,
  hasSucceededPurchase: boolean,
): boolean {
  if (viewer.role === 'admin') return true;
  if (viewer.userId && course.teacherId === viewer.userId) return true;
  if (hasSucceededPurchase) return true;
  if (course.isPremium) return viewer.isSubscriber;
  return course.priceCents === 0;
}

/** A live session's uploaded recording: the admin, the course's teacher, and the session's confirmed attendees. */
export function canWatchRecording(
  course: { teacherId: string | null },
  viewer: Viewer,
  isConfirmedAttendee: boolean,
): boolean {
  if (viewer.role === 'admin') return true;
  if (viewer.userId && course.teacherId === viewer.userId) return true;
  return isConfirmedAttendee;
}
