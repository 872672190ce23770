// The promises a component has started and not yet seen end: shutdown (and a test) waits for them
// with `settled()`, which also waits for any started meanwhile. Used by the mailer's sends and
// pg-boss's queries.
export function inFlight() {
  const pending = new Set<Promise<unknown>>();
  return {
    /** Keeps `promise` until it ends, whichever way; hands it back unchanged. */
    track<T>(promise: Promise<T>): Promise<T> {
      pending.add(promise);
      const forget = () => pending.delete(promise);
      promise.then(forget, forget);
      return promise;
    },
    async settled(): Promise<void> {
      while (pending.size > 0) await Promise.allSettled([...pending]);
    },
  };
}
