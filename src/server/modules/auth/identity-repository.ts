// Pending identity-provider sign-ins, between the redirect to the provider and its callback:
// kept in the auth library's verifications table under the SHA-256 of their `state`, taken
// (deleted) exactly once.
import { randomUUID } from 'node:crypto';
import { and, eq, like, lte } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { verifications } from '../../db/schema';

export type PendingSignIn = { codeVerifier: string; nonce: string; returnTo: string };

const identifierOf = (stateHash: string) => `oidc-state:${stateHash}`;

export async function savePendingSignIn(db: Db, stateHash: string, pending: PendingSignIn, now: Date, expiresAt: Date): Promise<void> {
  // Sign-ins abandoned at the provider never come back: their rows go when the next one starts.
  await db.delete(verifications).where(and(like(verifications.identifier, 'oidc-state:%'), lte(verifications.expiresAt, now)));
  await db.insert(verifications).values({
    id: randomUUID(),
    identifier: identifierOf(stateHash),
    value: JSON.stringify(pending),
    expiresAt,
    createdAt: now,
    updatedAt: now,
  });
}

/** Deletes and returns the pending sign-in; null when unknown, already taken, or expired at `now`. */
export async function takePendingSignIn(db: Db, stateHash: string, now: Date): Promise<PendingSignIn | null> {
  const [row] = await db
    .delete(verifications)
    .where(eq(verifications.identifier, identifierOf(stateHash)))
    .returning({ value: verifications.value, expiresAt: verifications.expiresAt });
  if (!row || row.expiresAt.getTime() <= now.getTime()) return null;
  return JSON.parse(row.value) as PendingSignIn;
}
