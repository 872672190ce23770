// The rows accounts need beyond what the auth library writes itself: profiles and the viewer's rights.
import { and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { ACCESS_STATUSES } from '@shared/access';
import type { Db } from '../../db/client';
import { adminSecondFactors, membershipGrants, profiles, sessionSecondFactors, sessions, subscriptions, users } from '../../db/schema';

/** Every new account gets its profile as a learner; roles above that are only ever set by the server. */
export async function createLearnerProfile(db: Db, userId: string, fullName: string): Promise<void> {
  await db.insert(profiles).values({ userId, fullName, role: 'learner' }).onConflictDoNothing();
}

/** Whether an account uses this address (as stored: lower case, trimmed by the schema). */
export async function emailInUse(db: Db, email: string): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
  return row !== undefined;
}

export type AccountRow = {
  id: string;
  email: string;
  fullName: string;
  role: 'learner' | 'chef' | 'admin';
  avatarUrl: string | null;
  latestSubscription: { status: string; currentPeriodEnd: Date | null } | null;
  /** The latest end of the person's gifted months that have started by `now` (decision 0042); null when none. */
  giftedUntil: Date | string | null;
};

/** The latest end of a person's membership grants started by `now` (shared/access hasMembership). */
const giftedUntilOf = (userId: SQL | string, now: SQL | string) =>
  sql<Date | string | null>`(select max(${membershipGrants.endsAt}) from ${membershipGrants} where ${membershipGrants.userId} = ${userId} and ${membershipGrants.startsAt} <= ${now}::timestamptz)`;

/**
 * The signed-in person with the role from their profile and the subscription record that decides
 * access (spec §4): the latest with status active, trialing or past_due — not simply the latest,
 * so an unpaid attempt or an ended record made later never hides a period still paid for.
 */
export async function findAccount(db: Db, userId: string, now: Date): Promise<AccountRow | null> {
  const [row] = await db
    .select({
      id: users.id,
      email: users.email,
      fullName: profiles.fullName,
      role: profiles.role,
      avatarUrl: profiles.avatarUrl,
      giftedUntil: giftedUntilOf(sql`${users.id}`, now.toISOString()),
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

export type SessionAccountRow = AccountRow & {
  sessionId: string;
  sessionCreatedAt: Date;
  sessionExpiresAt: Date;
  /** The admin's second factor: null when never set up; its session's verification, null when not given. */
  factorConfirmedAt: Date | null;
  sessionVerifiedAt: Date | null;
};

function sessionAccountQuery(db: Db) {
  const latest = db
    .select({ status: subscriptions.status, currentPeriodEnd: subscriptions.currentPeriodEnd })
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, users.id), inArray(subscriptions.status, [...ACCESS_STATUSES])))
    .orderBy(desc(subscriptions.createdAt))
    .limit(1)
    .as('latest');
  return db
    .select({
      sessionId: sessions.id,
      sessionCreatedAt: sessions.createdAt,
      sessionExpiresAt: sessions.expiresAt,
      id: users.id,
      email: users.email,
      fullName: profiles.fullName,
      role: profiles.role,
      avatarUrl: profiles.avatarUrl,
      subscriptionStatus: latest.status,
      subscriptionPeriodEnd: latest.currentPeriodEnd,
      giftedUntil: giftedUntilOf(sql`${users.id}`, sql`${sql.placeholder('now')}`),
      factorConfirmedAt: adminSecondFactors.confirmedAt,
      sessionVerifiedAt: sessionSecondFactors.verifiedAt,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .innerJoin(profiles, eq(profiles.userId, users.id))
    .leftJoinLateral(latest, sql`true`)
    .leftJoin(adminSecondFactors, eq(adminSecondFactors.userId, users.id))
    .leftJoin(sessionSecondFactors, eq(sessionSecondFactors.sessionId, sessions.id))
    .where(eq(sessions.token, sql.placeholder('token')))
    .limit(1)
    .prepare('toque_session_account');
}

// Built once per database (the statement is also prepared once per connection by PostgreSQL).
const prepared = new WeakMap<Db, ReturnType<typeof sessionAccountQuery>>();

/**
 * The session of a token with its person, as findAccount and adminSecondFactorOf read them, in one
 * query: what every signed-in request needs. Null when the token, the user or the profile is missing.
 */
export async function findSessionAccount(db: Db, token: string, now: Date): Promise<SessionAccountRow | null> {
  let query = prepared.get(db);
  if (!query) {
    query = sessionAccountQuery(db);
    prepared.set(db, query);
  }
  const [row] = await query.execute({ token, now: now.toISOString() });
  if (!row) return null;
  const { subscriptionStatus, subscriptionPeriodEnd, ...rest } = row;
  return { ...rest, latestSubscription: subscriptionStatus ? { status: subscriptionStatus, currentPeriodEnd: subscriptionPeriodEnd } : null };
}
