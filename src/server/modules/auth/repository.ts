// The rows accounts need beyond what the auth library writes itself: profiles and the viewer's rights.
import DataLoader from 'dataloader';
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
      token: sessions.token,
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
    .where(sql`${sessions.token} = any(${sql.placeholder('tokens')}::text[])`)
    .prepare('toque_session_accounts');
}

type SessionLookup = { token: string; now: Date };

/**
 * The lookups asked while the server reads one batch of requests, answered by one query: a rush of
 * signed-in requests (a class opening for booking) asked the database once per request, and each
 * round trip cost more than the lookup itself. Nothing is kept once answered (no cache: a revoked
 * session is refused on its next request). The query is evaluated as of the batch's latest `now`,
 * a few milliseconds at most after the others' (the membership a gift starts then counts).
 */
function sessionAccountLoader(db: Db) {
  const query = sessionAccountQuery(db);
  return new DataLoader<SessionLookup, SessionAccountRow | null>(
    async (asked) => {
      const now = new Date(Math.max(...asked.map((a) => a.now.getTime())));
      const rows = await query.execute({ tokens: [...new Set(asked.map((a) => a.token))], now: now.toISOString() });
      const byToken = new Map(rows.map(({ token, subscriptionStatus, subscriptionPeriodEnd, ...rest }) => [token, { ...rest, latestSubscription: subscriptionStatus ? { status: subscriptionStatus, currentPeriodEnd: subscriptionPeriodEnd } : null }]));
      return asked.map((a) => byToken.get(a.token) ?? null);
    },
    // After the poll phase (setImmediate): the requests read together from the sockets join one batch.
    { cache: false, maxBatchSize: 500, batchScheduleFn: (run) => setImmediate(run) },
  );
}

// One loader per database (the statement is also prepared once per connection by PostgreSQL).
const loaders = new WeakMap<Db, ReturnType<typeof sessionAccountLoader>>();

/**
 * The session of a token with its person, as findAccount and adminSecondFactorOf read them, in one
 * query (shared with the other requests of the moment): what every signed-in request needs. Null
 * when the token, the user or the profile is missing.
 */
export async function findSessionAccount(db: Db, token: string, now: Date): Promise<SessionAccountRow | null> {
  let loader = loaders.get(db);
  if (!loader) {
    loader = sessionAccountLoader(db);
    loaders.set(db, loader);
  }
  return loader.load({ token, now });
}
