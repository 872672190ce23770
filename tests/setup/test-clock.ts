// The day a test run pretends to be (docs/decisions/0025-tests-independent-of-the-day.md).
// TEST_CLOCK_START=<ISO instant> pins the run's "now": the built server (e2e global-setup), the
// test apps (test-app.ts), the browser pages (e2e/browser.ts) and the tests' own business dates
// (testNow) all start at that instant and advance with real time. Unset: the real clock.
import { clockStartingAt, type Clock } from '../../src/server/clock';

function parseStart(value: string | undefined): Date | null {
  if (!value) return null;
  const start = new Date(value);
  if (!/^\d{4}-\d{2}-\d{2}T/.test(value) || Number.isNaN(start.getTime())) {
    throw new Error(`TEST_CLOCK_START must be an ISO instant such as 2026-12-31T22:00:00-05:00 (got "${value}")`);
  }
  return start;
}

/** The instant the run is pinned to, or null on the real clock. */
export const testClockStart: Date | null = parseStart(process.env.TEST_CLOCK_START);

/**
 * The real instant at which the pinned clock shows testClockStart. In an integration worker, its
 * own start (the app under test runs in the same process); the e2e files set the built server's
 * (anchorTestClock), so that their dates agree with the server's.
 */
let anchorMs = performance.timeOrigin;
let clock: Clock = clockStartingAt(testClockStart, anchorMs);

export function anchorTestClock(realMs: number): void {
  anchorMs = realMs;
  clock = clockStartingAt(testClockStart, anchorMs);
}

/** "Now" for a test's business dates (a session in 3 days, a period that ended yesterday…). */
export const testNow = (): Date => clock();

/**
 * What a server spawned by a test needs to share the run's clock: it starts at this instant of the
 * pinned clock (its own clock shows TEST_CLOCK_START at its process start), with the permission the
 * server asks for. Empty on the real clock.
 */
export function testClockEnv(): { TEST_CLOCK_START?: string; ALLOW_TEST_CLOCK?: string } {
  return testClockStart ? { TEST_CLOCK_START: testNow().toISOString(), ALLOW_TEST_CLOCK: 'true' } : {};
}
