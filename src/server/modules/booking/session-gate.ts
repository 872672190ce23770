// One hold at a time per session, in this process. The database lock alone keeps seats exact, but
// under a rush every waiter holds a pooled connection while it queues on the session row, and the
// pool runs dry for everyone. Queued here instead, a waiter costs no connection; when its turn
// comes it first re-reads the seats, so once the session is full the rest are refused with one
// short read each, never entering the locked transaction. Other instances still meet at the lock.

export type SessionGate = { run<T>(sessionId: string, task: () => Promise<T>): Promise<T> };

export function createSessionGate(): SessionGate {
  const tails = new Map<string, Promise<unknown>>();
  return {
    run<T>(sessionId: string, task: () => Promise<T>): Promise<T> {
      const previous = tails.get(sessionId) ?? Promise.resolve();
      const mine = previous.then(task, task);
      // The queue's tail never rejects (a failed hold must not fail the next one), and the map
      // forgets a session once its last task is done.
      const tail = mine.then(
        () => undefined,
        () => undefined,
      );
      tails.set(sessionId, tail);
      void tail.then(() => {
        if (tails.get(sessionId) === tail) tails.delete(sessionId);
      });
      return mine;
    },
  };
}
