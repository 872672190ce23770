// The server's "now". In production, the system clock. A test run may pin it to a chosen day
// (TEST_CLOCK_START, accepted only with ALLOW_TEST_CLOCK=true: see env.ts): the clock then shows
// that instant at `anchorMs` and advances with real time from there, so timers, job delays and
// waits behave as usual while every business date is the chosen day's.

export type Clock = () => Date;

/**
 * `start` null: the system clock. Otherwise a clock showing `start` at the real instant `anchorMs`
 * (by default when this process started). Read through Date.now(), so a test that fakes Date
 * moves it too.
 */
export function clockStartingAt(start: Date | null, anchorMs: number = performance.timeOrigin): Clock {
  if (!start) return () => new Date();
  const offset = start.getTime() - anchorMs;
  return () => new Date(Date.now() + offset);
}
