// Many signed-in learners at once, written straight into the database: users, profiles and a
// session row each, with the session cookie signed as the auth library signs it (HMAC-SHA256 of
// the token with the app's secret). Signing up 200 people through the API would hash 200
// passwords; the session rows are the same the library reads on every request.
import { createHmac, randomBytes } from 'node:crypto';
import { profiles, sessions, users } from '../../src/server/db/schema';
import type { TestApp } from '../setup/test-app';

const DAY_MS = 24 * 3_600_000;

export type SignedInLearner = { id: string; fullName: string; cookie: string };

/** The value of the session cookie for a token, as the library sets it (URL-encoded `token.signature`). */
export function signSessionToken(token: string, secret: string): string {
  const signature = createHmac('sha256', secret).update(token).digest('base64');
  return encodeURIComponent(`${token}.${signature}`);
}

/** `count` learners, each with a live session started now. */
export async function createSignedInLearners(app: TestApp, count: number): Promise<SignedInLearner[]> {
  // The library stamps sessions with the real clock, and their lifetimes are measured on it (not on
  // the app's now(), which a test or TEST_CLOCK_START moves): so do we.
  const now = new Date();
  const expiresAt = new Date(now.getTime() + 7 * DAY_MS);
  const rows = Array.from({ length: count }, (_, i) => {
    const id = `user_${randomBytes(8).toString('hex')}`;
    return { id, fullName: `Apprenant ${i + 1}`, token: randomBytes(24).toString('base64url') };
  });
  await app.db.insert(users).values(rows.map((r) => ({ id: r.id, name: r.fullName, email: `${r.id}@exemple.test`, emailVerified: true })));
  await app.db.insert(profiles).values(rows.map((r) => ({ userId: r.id, fullName: r.fullName, role: 'learner' as const })));
  await app.db.insert(sessions).values(
    rows.map((r) => ({ id: `sess_${r.id}`, token: r.token, userId: r.id, expiresAt, createdAt: now, updatedAt: now })),
  );
  return rows.map((r) => ({ id: r.id, fullName: r.fullName, cookie: signSessionToken(r.token, app.deps.config.authSecret) }));
}
