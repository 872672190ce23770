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
