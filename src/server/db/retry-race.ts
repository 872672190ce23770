/**
 * A transaction run again when it lost a race the database reports rather than waits out: a row it
 * refers to deleted between its reads and its writes (foreign key, 23503: a buyer's account erased
 * while their payment lands) or a deadlock (40P01). Rolled back whole, it runs again and sees the
 * committed state.
 */
export async function retryRace<T>(attempt: () => Promise<T>, tries = 3): Promise<T> {
  for (let i = 1; ; i++) {
    try {
      return await attempt();
    } catch (err) {
      const code = (err as { cause?: { code?: string }; code?: string }).cause?.code ?? (err as { code?: string }).code;
      if (i >= tries || (code !== '23503' && code !== '40P01')) throw err;
    }
  }
}
