// TEST_CLOCK_START pins the server's clock for a test run: refused without ALLOW_TEST_CLOCK, so a
// deployment can never run on a fake clock; with it, the clock starts there and keeps time.
import { describe, expect, it, vi } from 'vitest';
import { clockStartingAt } from '../../../src/server/clock';
import { loadConfig } from '../../../src/server/env';

describe('TEST_CLOCK_START', () => {
  it('is refused without ALLOW_TEST_CLOCK=true, in production as anywhere, saying why', () => {
    for (const NODE_ENV of ['production', 'development', 'test'] as const) {
      expect(() => loadConfig({ NODE_ENV, AUTH_SECRET: 'x'.repeat(32), TEST_CLOCK_START: '2026-12-31T22:00:00-05:00' })).toThrow(
        /TEST_CLOCK_START.*ALLOW_TEST_CLOCK=true, jamais en production/,
      );
    }
  });

  it('must be an ISO instant with its offset', () => {
    expect(() => loadConfig({ ALLOW_TEST_CLOCK: 'true', TEST_CLOCK_START: '2026-12-31' })).toThrow(/TEST_CLOCK_START: un instant ISO 8601/);
  });

  it('is the config’s start when allowed; unset, the system clock', () => {
    expect(loadConfig({ ALLOW_TEST_CLOCK: 'true', TEST_CLOCK_START: '2026-11-30T23:30:00-05:00' }).testClockStart?.toISOString()).toBe('2026-12-01T04:30:00.000Z');
    expect(loadConfig({}).testClockStart).toBeNull();
  });
});

describe('clockStartingAt', () => {
  it('shows the start at the anchor, then advances with real time (and with a faked Date)', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const anchor = Date.now();
      const now = clockStartingAt(new Date('2027-03-14T01:30:00-05:00'), anchor);
      expect(now().toISOString()).toBe('2027-03-14T06:30:00.000Z');
      vi.setSystemTime(anchor + 45 * 60_000);
      // 45 minutes later: past the spring-forward hour (2 h → 3 h), 03:15 in Toronto.
      expect(now().toISOString()).toBe('2027-03-14T07:15:00.000Z');
      expect(clockStartingAt(null)().getTime()).toBe(Date.now());
    } finally {
      vi.useRealTimers();
    }
  });
});
