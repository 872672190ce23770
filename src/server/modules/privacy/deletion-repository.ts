// The writes of an account deletion, all inside the caller's one transaction. What each table
// undergoes is listed in coverage.ts.
import { and, eq, gt, inArray, isNotNull, or, sql } from 'drizzle-orm';
import { DELETED_ACCOUNT_NAME, DELETED_BUYER_NAME } from '@shared/schemas/privacy';
import type { Db, Tx } from '../../db/client';
import {
  adminClientNotes,
  accounts,
  adminRecoveryCodes,
  adminSecondFactors,
  calendarFeeds,
  courseProgress,
  courseSessions,
  creditEntries,
  creditPreferences,
  emailDeliveries,
  emailPreferences,
  favorites,
  notifications,
  orders,
  outboxEmails,
  passwordResetTokens,
  profiles,
  reservations,
  reservationTransfers,
  sessions,
  subscriptions,
  users,
  verifications,
} from '../../db/schema';

type Conn = Db | Tx;

/** The e-mail a deleted account keeps: unique, never deliverable (.invalid is reserved), never a sign-in. */
export const deletedEmail = (userId: string) => `supprime-${userId.toLowerCase()}@supprime.invalid`;
export const isDeletedEmail = (email: string) => /^supprime-.+@supprime\.invalid$/.test(email);

export async function findPerson(db: Conn, userId: string) {
  const [row] = await db
    .select({ email: users.email, role: profiles.role, avatarUrl: profiles.avatarUrl })
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(eq(users.id, userId));
  return row ?? null;
}

/** Locks the user row: two deletions (two tabs) run one after the other. */
export async function lockUser(tx: Tx, userId: string): Promise<string | null> {
  const [row] = await tx.select({ email: users.email }).from(users).where(eq(users.id, userId)).for('update');
  return row?.email ?? null;
}

export async function passwordHash(db: Conn, userId: string): Promise<string | null | undefined> {
  const [row] = await db
    .select({ password: accounts.password })
    .from(accounts)
    .where(and(eq(accounts.userId, userId), eq(accounts.providerId, 'credential')));
  return row ? row.password : undefined;
}

/**
 * Seats the deletion would silently lose: a confirmed seat in a class not started yet, or a hold
 * whose payment may still land. The person cancels those through the normal rules first.
 */
export async function openSeats(db: Conn, userId: string, now: Date): Promise<number> {
  const rows = await db
    .select({ id: reservations.id })
    .from(reservations)
    .innerJoin(courseSessions, eq(courseSessions.id, reservations.sessionId))
    .where(
      and(
        eq(reservations.userId, userId),
        or(
          and(eq(reservations.status, 'confirmed'), eq(courseSessions.status, 'scheduled'), gt(courseSessions.startsAt, now)),
          and(eq(reservations.status, 'pending_payment'), gt(reservations.holdExpiresAt, now)),
        ),
      ),
    );
  return rows.length;
}

/** The person's customers at the payment provider (a membership made one), to delete there too. */
export async function providerCustomerIds(db: Conn, userId: string, provider: string): Promise<string[]> {
  const rows = await db
    .selectDistinct({ id: subscriptions.providerCustomerId })
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, userId), eq(subscriptions.provider, provider), isNotNull(subscriptions.providerCustomerId)));
  return rows.flatMap((r) => (r.id ? [r.id] : []));
}

/** Everything personal goes; rows the tax records need stay, without a name, an e-mail or an address. */
export async function eraseAccount(tx: Tx, userId: string, oldEmail: string, now: Date): Promise<void> {
  const placeholder = deletedEmail(userId);
  await tx.delete(sessions).where(eq(sessions.userId, userId));
  await tx.delete(accounts).where(eq(accounts.userId, userId));
  await tx.delete(passwordResetTokens).where(eq(passwordResetTokens.userId, userId));
  await tx.delete(adminRecoveryCodes).where(eq(adminRecoveryCodes.userId, userId));
  await tx.delete(adminSecondFactors).where(eq(adminSecondFactors.userId, userId));
  await tx.delete(verifications).where(eq(verifications.identifier, oldEmail));
  await tx.delete(favorites).where(eq(favorites.userId, userId));
  await tx.delete(adminClientNotes).where(eq(adminClientNotes.userId, userId));
  // The ledger stays (money records, like the orders); the admin's free-text reasons may name the person.
  await tx.update(creditEntries).set({ reason: null }).where(eq(creditEntries.userId, userId));
  // Transfers (docs/decisions/0051): the addresses a gift went to are erased, and a gift still waiting is taken back.
  await tx
    .update(reservationTransfers)
    .set({ status: sql`case when ${reservationTransfers.status} = 'pending' then 'revoked' else ${reservationTransfers.status} end`, toEmail: null, updatedAt: now })
    .where(or(eq(reservationTransfers.fromUserId, userId), eq(reservationTransfers.toUserId, userId), eq(reservationTransfers.toEmail, oldEmail.toLowerCase())));
  await tx.delete(calendarFeeds).where(eq(calendarFeeds.userId, userId));
  await tx.delete(courseProgress).where(eq(courseProgress.userId, userId));
  await tx.delete(notifications).where(eq(notifications.userId, userId));
  await tx.delete(emailPreferences).where(eq(emailPreferences.userId, userId));
  await tx.delete(creditPreferences).where(eq(creditPreferences.userId, userId));

  await tx.update(users).set({ name: DELETED_ACCOUNT_NAME, email: placeholder, emailVerified: false, image: null, updatedAt: now }).where(eq(users.id, userId));
  await tx
    .update(profiles)
    .set({ fullName: DELETED_ACCOUNT_NAME, avatarUrl: null, phone: null, address: null, province: null, specialty: null, bio: null, updatedAt: now })
    .where(eq(profiles.userId, userId));
  // The guests' first names go with the name, and the seats' dietary needs (health data, decision 0053);
  // the seats stay: the sessions' counts and the orders keep them.
  await tx.update(reservations).set({ clientName: DELETED_ACCOUNT_NAME, guestNames: [], dietaryNeeds: [] }).where(eq(reservations.userId, userId));
  // Amounts, taxes, province and number stay for the tax records (6 years); the buyer is no longer named.
  await tx.update(orders).set({ buyerName: DELETED_BUYER_NAME, buyerEmail: '', failureMessage: null }).where(eq(orders.userId, userId));
  // Its unpaid orders are closed (« Abandonnée »): nobody will pay them; one still paid is refunded (payments/service.ts).
  await tx.update(orders).set({ status: 'canceled', updatedAt: now }).where(and(eq(orders.userId, userId), inArray(orders.status, ['pending', 'failed'])));
  await tx.update(emailDeliveries).set({ to: placeholder }).where(eq(emailDeliveries.userId, userId));
  // The outbox's copies held the whole message (name, links): only that one was sent, and when, remains;
  // the admin's list of sent e-mails names the recipient 'Compte supprimé'.
  await tx
    .update(outboxEmails)
    .set({ to: DELETED_ACCOUNT_NAME, text: 'Contenu effacé à la suppression du compte.', html: '<p>Contenu effacé à la suppression du compte.</p>' })
    .where(eq(outboxEmails.to, oldEmail));
}
