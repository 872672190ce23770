// Waiting for what a background job or another process does: asks again every `intervalMs` until the
// answer is the expected one, and fails with what was last seen.
import type { Jobs } from '../../src/server/jobs/jobs';
import type { QueueName } from '../../src/server/jobs/queues';

export async function until<T>(what: string, get: () => Promise<T> | T, ok: (v: T) => boolean, timeoutMs = 25_000, intervalMs = 150): Promise<T> {
  const start = Date.now();
  for (;;) {
    const v = await get();
    if (ok(v)) return v;
    if (Date.now() - start > timeoutMs) throw new Error(`timed out: ${what} (${JSON.stringify(v)?.slice(0, 300)})`);
    await new Promise((r) => setTimeout(r, intervalMs));
  }
}

/**
 * Waits until these queues of the job queue have no job left to do: none waiting (planned for later
 * included), none waiting for a retry, none running. What those jobs would do has been done: the
 * way to know that nothing else arrives, rather than a sleep.
 */
export function idle(jobs: Pick<Jobs, 'pending'>, names: readonly QueueName[], timeoutMs?: number): Promise<number> {
  return until(`job queues idle: ${names.join(', ')}`, () => jobs.pending(names), (n) => n === 0, timeoutMs);
}
