// One hold at a time per session, in this process. The database lock alone keeps seats exact, but
// under a rush every waiter holds a pooled connection while it queues on the session row, and the
// pool runs dry for everyone. Queued here instead, a waiter costs no connection.
//
// Once a task finds the session full, every attempt already waiting in its queue is answered 'full'
// without touching the database: each of them arrived before that moment and is still unanswered
// after it, so 'full as of that moment' is a true answer for it (a seat freed later goes to a later
// attempt). Without this, 190 losers of a 10-seat rush would drain the queue one read at a time.
// A booking asks 1 to 6 seats (docs/decisions/0047): a task that found fewer than k seats left
// answers, from memory, only the waiters that ask k seats or more. Other instances still meet at
// the database lock.

/** What a queued task may ask its queue. */
export type GateTurn = {
  /** The session was seen full after this task joined the queue (and it gained no seat in it since). */
  seenFull(): boolean;
  /** This task found the session full: everyone waiting behind it may be told so at once. */
  markFull(): void;
  /** This task's person got a seat: their other waiting attempts must reach the database (to get it back). */
  markHolder(): void;
  /** Fewer than `seats` seats were seen left after this task joined the queue (seenFull for one seat). */
  seenShort(seats: number): boolean;
  /** This task found fewer seats left than its `seats`: waiters asking as many or more may be told so. */
  markShort(seats: number): void;
};

export type SessionGate = {
  /** `who`: the person asking (a holder is never answered 'full' from memory). */
  run<T>(sessionId: string, who: string, task: (turn: GateTurn) => Promise<T>): Promise<T>;
};

/** shortUpTo[k]: the last ticket issued when an attempt for k seats found fewer left (0: never). */
type Queue = { tail: Promise<unknown>; issued: number; shortUpTo: number[]; holders: Set<string>; pending: number };

export function createSessionGate(): SessionGate {
  const queues = new Map<string, Queue>();
  return {
    run<T>(sessionId: string, who: string, task: (turn: GateTurn) => Promise<T>): Promise<T> {
      let queue = queues.get(sessionId);
      if (!queue) {
        queue = { tail: Promise.resolve(), issued: 0, shortUpTo: [], holders: new Set(), pending: 0 };
        queues.set(sessionId, queue);
      }
      const q = queue;
      const ticket = ++q.issued;
      q.pending++;
      const seenShort = (seats: number) => {
        if (q.holders.has(who)) return false;
        // Fewer than k left then means fewer than `seats` left for any k ≤ seats.
        for (let k = 1; k <= seats; k++) if (ticket <= (q.shortUpTo[k] ?? 0)) return true;
        return false;
      };
      const markShort = (seats: number) => {
        q.shortUpTo[seats] = q.issued;
      };
      const turn: GateTurn = {
        seenFull: () => seenShort(1),
        markFull: () => markShort(1),
        seenShort,
        markShort,
        markHolder: () => {
          q.holders.add(who);
        },
      };
      const run = () => task(turn);
      const mine = q.tail.then(run, run);
      // The queue's tail never rejects (a failed hold must not fail the next one), and the map
      // forgets a session once its last task is done.
      q.tail = mine.then(
        () => undefined,
        () => undefined,
      );
      void q.tail.then(() => {
        if (--q.pending === 0 && queues.get(sessionId) === q) queues.delete(sessionId);
      });
      return mine;
    },
  };
}
