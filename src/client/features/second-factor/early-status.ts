// The second factor's status asked as soon as an admin address starts loading, beside /api/me and
// the gate's own code, instead of after both (one round trip less before the admin's page shows:
// Lighthouse mobile on « Aperçu », DESIGN §6). Used once, by the gate's first read, while fresh; a
// refused answer (a visitor, a learner) is dropped and the gate asks again as before.
import type { SecondFactorStatus } from '@shared/schemas/second-factor';
import { SIGNED_IN_READS } from '@shared/initial-data';
import { api } from '@client/lib/api';

export const SECOND_FACTOR_PATH = SIGNED_IN_READS.secondFactor;
const FRESH_MS = 10_000;

let early: { at: number; answer: Promise<SecondFactorStatus | null> } | null = null;

/** Starts the read once per page load (later calls do nothing until the gate has used it). */
export function askSecondFactorEarly(): void {
  // Not in the server's render of an admin page: its answer is in the page already (decision 0045).
  if (early || typeof window === 'undefined') return;
  early = { at: Date.now(), answer: api<SecondFactorStatus>(SECOND_FACTOR_PATH).catch(() => null) };
}

/** The early answer, once: null when there is none, it is stale, or it was refused. */
export function takeEarlySecondFactor(): Promise<SecondFactorStatus | null> | null {
  const taken = early;
  early = null;
  return taken && Date.now() - taken.at < FRESH_MS ? taken.answer : null;
}
