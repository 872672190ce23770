// The hour a gift card is delivered, typed as a day and an hour in the chef's zone (America/Toronto),
// read as a UTC instant: the last hour of the year, and both clock changes of 2026 (8 March, 1 November).
import { describe, expect, it } from 'vitest';
import { chefZoneOffset } from '@shared/format';
import { torontoHourToUtc } from '@shared/gift-cards';

const at = (day: string, hour: number) => torontoHourToUtc(day, hour).toISOString();

describe('torontoHourToUtc', () => {
  it('31 December at 23 h is already 1 January in UTC (winter time, UTC−5)', () => {
    expect(at('2026-12-31', 23)).toBe('2027-01-01T04:00:00.000Z');
    expect(at('2027-01-01', 0)).toBe('2027-01-01T05:00:00.000Z');
  });

  it('on 8 March 2026 the clocks go forward at 2 h: 1 h is winter time, 3 h summer time, and the missing 2 h is 3 h', () => {
    expect(at('2026-03-08', 1)).toBe('2026-03-08T06:00:00.000Z');
    expect(at('2026-03-08', 2)).toBe('2026-03-08T07:00:00.000Z');
    expect(at('2026-03-08', 3)).toBe('2026-03-08T07:00:00.000Z');
    expect(at('2026-03-08', 8)).toBe('2026-03-08T12:00:00.000Z');
    // The day before, still winter time.
    expect(at('2026-03-07', 8)).toBe('2026-03-07T13:00:00.000Z');
  });

  it('on 1 November 2026 the clocks go back at 2 h: 1 h comes twice and is the first (summer time); 8 h is winter time', () => {
    expect(at('2026-11-01', 0)).toBe('2026-11-01T04:00:00.000Z');
    expect(at('2026-11-01', 1)).toBe('2026-11-01T05:00:00.000Z');
    expect(at('2026-11-01', 2)).toBe('2026-11-01T07:00:00.000Z');
    expect(at('2026-11-01', 8)).toBe('2026-11-01T13:00:00.000Z');
    expect(at('2026-10-31', 8)).toBe('2026-10-31T12:00:00.000Z');
  });

  it('every hour of the year reads back as the same hour in Toronto, but the skipped one', () => {
    const hourIn = (t: Date) => new Date(t.getTime() + chefZoneOffset(t) * 60_000).getUTCHours();
    for (let day = new Date('2026-01-01T12:00:00Z'); day.getUTCFullYear() === 2026; day = new Date(day.getTime() + 86_400_000)) {
      const iso = day.toISOString().slice(0, 10);
      for (let hour = 0; hour < 24; hour++) {
        if (iso === '2026-03-08' && hour === 2) continue;
        expect(hourIn(torontoHourToUtc(iso, hour)), `${iso} ${hour} h`).toBe(hour);
      }
    }
  });
});
