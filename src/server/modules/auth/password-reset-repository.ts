// The rows of the password-reset flow: hashed tokens, and the one transaction that spends a token,
// replaces the password and ends every session of the account.
import { randomUUID } from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { accounts, passwordResetTokens, profiles, sessions, users } from '../../db/schema';

export type ResetUser = { id: string; email: string; name: string };

/** The name the e-mails greet: the profile's full name (kept up to date by the account page). */
const greetedName = sql<string>`coalesce(${profiles.fullName}, ${users.name})`;

function selectResetUser(db: Db) {
  return db
    .select({ id: users.id, email: users.email, name: greetedName })
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id));
}

export async function findUserByEmail(db: Db, email: string): Promise<ResetUser | null> {
  const [row] = await selectResetUser(db).where(eq(users.email, email)).limit(1);
  return row ?? null;
}

/** Stores a new token for the user and deletes every older one (only the newest link works). */
export async function replaceResetToken(db: Db, userId: string, tokenHash: string, expiresAt: Date): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(passwordResetTokens).where(eq(passwordResetTokens.userId, userId));
    await tx.insert(passwordResetTokens).values({ userId, tokenHash, expiresAt });
  });
}

/**
 * The unknown-address twin of replaceResetToken: a transaction with the same kind of statements
 * that finds nothing to change, so both answers take about the same time.
 */
export async function touchNoResetToken(db: Db, tokenHash: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(passwordResetTokens).where(eq(passwordResetTokens.tokenHash, tokenHash));
    await tx.select({ id: passwordResetTokens.id }).from(passwordResetTokens).where(eq(passwordResetTokens.tokenHash, tokenHash));
  });
}

/**
 * In one transaction: claims the token (unused and unexpired at `now`, marked used), sets the
 * credential password hash (creating the credential for an account that had none, e.g. one made
 * through the identity provider) and deletes every session of the user. Returns the user, or null
 * when the token is not valid (then nothing changed).
 */
export async function spendResetToken(
  db: Db,
  tokenHash: string,
  passwordHash: string,
  now: Date,
): Promise<ResetUser | null> {
  return db.transaction(async (tx) => {
    const [claimed] = await tx
      .update(passwordResetTokens)
      .set({ usedAt: now })
      .where(
        and(
          eq(passwordResetTokens.tokenHash, tokenHash),
          isNull(passwordResetTokens.usedAt),
          gt(passwordResetTokens.expiresAt, now),
        ),
      )
      .returning({ userId: passwordResetTokens.userId });
    if (!claimed) return null;
    const { userId } = claimed;
    const updated = await tx
      .update(accounts)
      .set({ password: passwordHash, updatedAt: now })
      .where(and(eq(accounts.userId, userId), eq(accounts.providerId, 'credential')))
      .returning({ id: accounts.id });
    if (updated.length === 0) {
      // Better Auth's convention for a credential: accountId is the user's id.
      await tx.insert(accounts).values({
        id: randomUUID(),
        accountId: userId,
        providerId: 'credential',
        userId,
        password: passwordHash,
        createdAt: now,
        updatedAt: now,
      });
    }
    await tx.delete(sessions).where(eq(sessions.userId, userId));
    const [user] = await selectResetUser(tx as unknown as Db).where(eq(users.id, userId));
    return user ?? null;
  });
}
