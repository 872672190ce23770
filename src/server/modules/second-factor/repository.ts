// The admin's second factor: the sealed TOTP secret, the recovery codes' hashes and the sessions
// that gave it. Every "use once" rule is a single conditional UPDATE, safe under concurrent requests.
import { and, count, eq, isNotNull, isNull, lt, or } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { adminRecoveryCodes, adminSecondFactors, sessionSecondFactors, users } from '../../db/schema';
import type { AdminSecondFactor } from '../../http/viewer';

export type FactorRow = { secret: string; confirmedAt: Date | null; lastUsedStep: number | null };

/** Read on every request of an admin's session (by the viewer): one indexed join. */
export async function adminSecondFactorOf(db: Db, userId: string, sessionId: string): Promise<AdminSecondFactor> {
  const [row] = await db
    .select({ confirmedAt: adminSecondFactors.confirmedAt, verifiedAt: sessionSecondFactors.verifiedAt })
    .from(adminSecondFactors)
    .leftJoin(sessionSecondFactors, eq(sessionSecondFactors.sessionId, sessionId))
    .where(eq(adminSecondFactors.userId, userId))
    .limit(1);
  if (!row?.confirmedAt) return 'not_enrolled';
  return row.verifiedAt ? 'verified' : 'unverified';
}

export async function findFactor(db: Db, userId: string): Promise<FactorRow | null> {
  const [row] = await db
    .select({ secret: adminSecondFactors.secret, confirmedAt: adminSecondFactors.confirmedAt, lastUsedStep: adminSecondFactors.lastUsedStep })
    .from(adminSecondFactors)
    .where(eq(adminSecondFactors.userId, userId))
    .limit(1);
  return row ?? null;
}

export async function emailOf(db: Db, userId: string): Promise<string | null> {
  const [row] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId)).limit(1);
  return row?.email ?? null;
}

/** A new secret while the factor is not confirmed (a new attempt replaces the last); false once confirmed. */
export async function savePendingSecret(db: Db, userId: string, sealed: string, now: Date): Promise<boolean> {
  const rows = await db
    .insert(adminSecondFactors)
    .values({ userId, secret: sealed, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({
      target: adminSecondFactors.userId,
      set: { secret: sealed, lastUsedStep: null, updatedAt: now },
      setWhere: isNull(adminSecondFactors.confirmedAt),
    })
    .returning({ userId: adminSecondFactors.userId });
  return rows.length > 0;
}

/** Confirms a pending factor with the step of its first good code; false if it was confirmed meanwhile. */
export async function confirmFactor(db: Db, userId: string, step: number, now: Date): Promise<boolean> {
  const rows = await db
    .update(adminSecondFactors)
    .set({ confirmedAt: now, lastUsedStep: step, updatedAt: now })
    .where(and(eq(adminSecondFactors.userId, userId), isNull(adminSecondFactors.confirmedAt)))
    .returning({ userId: adminSecondFactors.userId });
  return rows.length > 0;
}

/** Records a code's step as used; false when it (or a later one) already was: a code works once. */
export async function useStep(db: Db, userId: string, step: number, now: Date): Promise<boolean> {
  const rows = await db
    .update(adminSecondFactors)
    .set({ lastUsedStep: step, updatedAt: now })
    .where(
      and(
        eq(adminSecondFactors.userId, userId),
        isNotNull(adminSecondFactors.confirmedAt),
        or(isNull(adminSecondFactors.lastUsedStep), lt(adminSecondFactors.lastUsedStep, step)),
      ),
    )
    .returning({ userId: adminSecondFactors.userId });
  return rows.length > 0;
}

export async function replaceRecoveryCodes(db: Db, userId: string, hashes: string[], now: Date): Promise<void> {
  await db.delete(adminRecoveryCodes).where(eq(adminRecoveryCodes.userId, userId));
  await db.insert(adminRecoveryCodes).values(hashes.map((codeHash) => ({ userId, codeHash, createdAt: now })));
}

/** Uses up an unused recovery code; false when there is none with this hash. */
export async function useRecoveryCode(db: Db, userId: string, codeHash: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(adminRecoveryCodes)
    .set({ usedAt: now })
    .where(and(eq(adminRecoveryCodes.userId, userId), eq(adminRecoveryCodes.codeHash, codeHash), isNull(adminRecoveryCodes.usedAt)))
    .returning({ id: adminRecoveryCodes.id });
  return rows.length > 0;
}

export async function countRecoveryCodesLeft(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(adminRecoveryCodes)
    .where(and(eq(adminRecoveryCodes.userId, userId), isNull(adminRecoveryCodes.usedAt)));
  return row?.n ?? 0;
}

export async function markSessionVerified(db: Db, sessionId: string, now: Date): Promise<void> {
  await db
    .insert(sessionSecondFactors)
    .values({ sessionId, verifiedAt: now })
    .onConflictDoUpdate({ target: sessionSecondFactors.sessionId, set: { verifiedAt: now } });
}
