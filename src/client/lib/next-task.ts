// Lets the browser run what waits (input, rendering, other tasks) before going on: work split by
// it runs in several tasks rather than one long one. `scheduler.yield()` where the browser has it
// (the continuation goes first among ordinary tasks), else a zero-delay timer.
type YieldingScheduler = { yield?: () => Promise<void> };

export function nextTask(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: YieldingScheduler }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}
