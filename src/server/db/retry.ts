/**
 * A transaction run again, whole, when it failed in a way that a fresh start resolves: rolled back,
 * the next attempt sees the committed state. `when` says which failures qualify; any other error,
 * or the last try's, is thrown. Two uses:
 * - `lostRace`: a race the database reports rather than waits out — a row it refers to deleted
 *   between its reads and its writes (foreign key, 23503: a buyer's account erased while their
 *   payment lands) or a deadlock (40P01);
 * - a transaction that found, once its locks were taken, that what it had to lock first changed
 *   meanwhile (booking/seat-refund.ts's OrdersChanged: a payment landed), and starts again with the
 *   new set.
 */
export async function retryTransaction<T>(attempt: () => Promise<T>, when: (err: unknown) => boolean, tries = 3): Promise<T> {
  for (let i = 1; ; i++) {
    try {
      return await attempt();
    } catch (err) {
      if (i >= tries || !when(err)) throw err;
    }
  }
}

/** PostgreSQL's foreign-key violation (23503) or deadlock (40P01), as the driver or drizzle wraps it. */
export function lostRace(err: unknown): boolean {
  const code = (err as { cause?: { code?: string }; code?: string }).cause?.code ?? (err as { code?: string }).code;
  return code === '23503' || code === '40P01';
}

/** Runs `attempt` again (a few times) when PostgreSQL reports a lost race (see lostRace). */
export function retryRace<T>(attempt: () => Promise<T>, tries = 3): Promise<T> {
  return retryTransaction(attempt, lostRace, tries);
}
