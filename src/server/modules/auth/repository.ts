// The rows accounts need beyond what the auth library writes itself: profiles and the viewer's rights.
import { and, desc, eq, inArray } from 'drizzle-orm';
import { ACCESS_STATUSES } from '@shared/access';
import type { Db } from '../../db/client';
import { profiles, subscriptions, users } from '../../db/schema';

/** Every new account gets its profile as a learner; roles above that are only ever set by the server. */
export async function createLearnerProfile(db: Db, userId: string, fullName: string): Promise<void> {
  await db.insert(profiles).values({ userId, fullName, role: 'learner' }).onConflictDoNothing();
}

export type AccountRow = {
  id: string;
  email: string;
  fullName: string;
  role: 'learner' | 'chef' | 'admin';
  avatarUrl: string | null;
  latestSubscription: { status: string; currentPeriodEnd: Date | null } | null;
};

/**
 * The signed-in person with the role from their profile and the subscription record that decides
 * access (spec §4): the latest with status active, trialing or past_due — not simply the latest,
 * so an unpaid attempt or an ended record made later never hides a period still paid for.
 */
export async function findAccount(db: Db, userId: string): Promise<AccountRow | null> {
  const [row] = await db
    .select({
      id: users.id,
      email: users.email,
      fullName: profiles.fullName,
      role: profiles.role,
      avatarUrl: profiles.avatarUrl,
    })
    .from(users)
    .innerJoin(profiles, eq(profiles.userId, users.id))
    .where(eq(users.id, userId))
    .limit(1);
  if (!row) return null;
  const [latest] = await db
    .select({ status: subscriptions.status, currentPeriodEnd: subscriptions.currentPeriodEnd })
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, userId), inArray(subscriptions.status, [...ACCESS_STATUSES])))
    .orderBy(desc(subscriptions.createdAt))
    .limit(1);
  return { ...row, latestSubscription: latest ?? null };
}
