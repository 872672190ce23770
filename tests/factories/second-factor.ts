// Admins of the tests come enrolled in the second factor (a known secret), and their sessions
// verified, as if they had typed a code: the many tests acting as admin test other things.
// A test about the second factor itself makes its admin without these.
import { eq } from 'drizzle-orm';
import type { Db } from '../../src/server/db/client';
import { adminSecondFactors, sessions, sessionSecondFactors } from '../../src/server/db/schema';
import { loadConfig } from '../../src/server/env';
import { sealSecret } from '../../src/server/modules/second-factor/secret-box';
import { codeAt, stepAt } from '../../src/server/modules/second-factor/totp';
import { testNow } from '../setup/test-clock';

/** The secret of every factory admin (base32), sealed with the test apps' secret. */
export const FACTORY_ADMIN_SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';

const TEST_AUTH_SECRET = loadConfig({ NODE_ENV: 'test' }).authSecret;

/** The code an admin's app shows now (`steps` later or earlier) for a base32 secret. */
export function totpCode(secret = FACTORY_ADMIN_SECRET, at = testNow(), steps = 0): string {
  return codeAt(secret, stepAt(at) + steps);
}

/** Enrols the account (confirmed, no recovery codes); an existing factor is kept. */
export async function enrolAdmin(db: Db, userId: string, secret = FACTORY_ADMIN_SECRET): Promise<void> {
  const now = testNow();
  await db
    .insert(adminSecondFactors)
    .values({ userId, secret: sealSecret(TEST_AUTH_SECRET, secret, userId), confirmedAt: now, createdAt: now, updatedAt: now })
    .onConflictDoNothing();
}

/** Marks every current session of the account as having given the second factor. */
export async function verifyAdminSessions(db: Db, userId: string): Promise<void> {
  const rows = await db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, userId));
  if (rows.length === 0) return;
  await db
    .insert(sessionSecondFactors)
    .values(rows.map((r) => ({ sessionId: r.id, verifiedAt: new Date() })))
    .onConflictDoNothing();
}
