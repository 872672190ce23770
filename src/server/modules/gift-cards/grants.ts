// Months of membership given by membership gift cards (docs/decisions/0042-gifted-membership.md).
// Only this file touches membership_grants. The entitlement rules read a person's grants through
// `giftedUntil` (shared/access hasMembership); the redemption writes one grant per card.
import { and, asc, desc, eq, gt, lte, max } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { membershipGrants, profiles } from '../../db/schema';

type Conn = Db | Tx;

export type MembershipGrantRow = typeof membershipGrants.$inferSelect;

/** The latest end of the person's grants started by `now` (null when none): a member while it is after now. */
export async function giftedUntil(db: Conn, userId: string, now: Date): Promise<Date | null> {
  const [row] = await db
    .select({ until: max(membershipGrants.endsAt) })
    .from(membershipGrants)
    .where(and(eq(membershipGrants.userId, userId), lte(membershipGrants.startsAt, now)));
  return row?.until ? new Date(row.until) : null;
}

/** The person's grants not ended at `now`, first to start first (Mon abonnement). */
export async function currentGrants(db: Conn, userId: string, now: Date): Promise<MembershipGrantRow[]> {
  return db
    .select()
    .from(membershipGrants)
    .where(and(eq(membershipGrants.userId, userId), gt(membershipGrants.endsAt, now)))
    .orderBy(asc(membershipGrants.startsAt));
}

/** The latest end of all the person's grants (the next one starts after it). */
export async function lastGrantEnd(tx: Tx, userId: string): Promise<Date | null> {
  const [row] = await tx.select({ endsAt: membershipGrants.endsAt }).from(membershipGrants).where(eq(membershipGrants.userId, userId)).orderBy(desc(membershipGrants.endsAt)).limit(1);
  return row?.endsAt ?? null;
}

export async function findByCard(db: Conn, giftCardId: string): Promise<MembershipGrantRow | undefined> {
  const [row] = await db.select().from(membershipGrants).where(eq(membershipGrants.giftCardId, giftCardId));
  return row;
}

/** One person's grants are written one at a time (their profile row locked): two cards redeemed at once stack, never overlap. */
export async function lockPerson(tx: Tx, userId: string): Promise<void> {
  await tx.select({ userId: profiles.userId }).from(profiles).where(eq(profiles.userId, userId)).for('update');
}

export async function insertGrant(tx: Tx, grant: typeof membershipGrants.$inferInsert): Promise<MembershipGrantRow> {
  const [row] = await tx.insert(membershipGrants).values(grant).returning();
  return row!;
}

/** The data export: the months a person was given. */
export async function listForUser(db: Conn, userId: string): Promise<MembershipGrantRow[]> {
  return db.select().from(membershipGrants).where(eq(membershipGrants.userId, userId)).orderBy(asc(membershipGrants.startsAt));
}
