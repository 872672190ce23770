import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  keepTimeTogether,
  CHEF_TIME_ZONE,
  formatAmount,
  formatClock,
  formatDuration,
  formatLongDateTime,
  formatShortDateTime,
  formatLongDate,
  formatPrice,
  formatSessionDateTime,
  isoDuration,
  yearInChefZone,
} from '@shared/format';

// fr-CA groups thousands with a no-break space (U+00A0) and uses a decimal comma.
const NBSP = '\u00a0';

describe('formatPrice', () => {
  it('shows cents as CAD with a decimal comma', () => {
    expect(formatPrice(1999)).toBe('19,99 CAD');
    expect(formatPrice(4500)).toBe('45,00 CAD');
    expect(formatPrice(5)).toBe('0,05 CAD');
  });

  it('shows zero as 0,00 CAD', () => {
    expect(formatPrice(0)).toBe('0,00 CAD');
  });

  it('groups thousands with the fr-CA separator', () => {
    expect(formatPrice(123456)).toBe(`1${NBSP}234,56 CAD`);
    expect(formatPrice(100_000_000)).toBe(`1${NBSP}000${NBSP}000,00 CAD`);
  });

  it('formatAmount gives the number alone, for "Payer {price} CAD"', () => {
    expect(formatAmount(1999)).toBe('19,99');
    expect(formatAmount(250000)).toBe(`2${NBSP}500,00`);
  });
});

describe('formatLongDate', () => {
  it('writes the date in French long form', () => {
    expect(formatLongDate('2026-11-22T15:00:00Z', CHEF_TIME_ZONE)).toBe('22 novembre 2026');
    expect(formatLongDate(new Date('2027-01-05T12:00:00Z'), 'UTC')).toBe('5 janvier 2027');
  });

  it('uses the given zone for the calendar day', () => {
    // 03:00 UTC on the 22nd is still the evening of the 21st in Toronto.
    expect(formatLongDate('2026-11-22T03:00:00Z', CHEF_TIME_ZONE)).toBe('21 novembre 2026');
    expect(formatLongDate('2026-11-22T03:00:00Z', 'UTC')).toBe('22 novembre 2026');
  });

  it("says 'N/A' when the date is missing or unreadable", () => {
    expect(formatLongDate(null)).toBe('N/A');
    expect(formatLongDate(undefined)).toBe('N/A');
    expect(formatLongDate('pas une date')).toBe('N/A');
  });
});

describe('formatSessionDateTime', () => {
  it('names the zone: standard and daylight time in Toronto', () => {
    expect(formatSessionDateTime('2026-11-28T23:00:00Z', CHEF_TIME_ZONE)).toBe(keepTimeTogether('samedi 28 novembre 2026 à 18 h 00 HNE'));
    expect(formatSessionDateTime('2026-07-28T22:00:00Z', CHEF_TIME_ZONE)).toBe(keepTimeTogether('mardi 28 juillet 2026 à 18 h 00 HAE'));
  });

  it("shows the same instant in the viewer's own zone", () => {
    expect(formatSessionDateTime('2026-11-28T23:00:00Z', 'America/Vancouver')).toBe(keepTimeTogether('samedi 28 novembre 2026 à 15 h 00 HNP'));
    expect(formatSessionDateTime('2026-11-28T23:00:00Z', 'UTC')).toBe(keepTimeTogether('samedi 28 novembre 2026 à 23 h 00 UTC'));
    // Across midnight the weekday and the day change too.
    expect(formatSessionDateTime('2026-11-28T23:00:00Z', 'Europe/Paris')).toMatch(/^dimanche 29 novembre 2026 à 00\u00a0h\u00a000\u00a0/);
  });

  it("says 'N/A' when missing", () => {
    expect(formatSessionDateTime(null)).toBe('N/A');
    expect(formatSessionDateTime('n’importe quoi')).toBe('N/A');
  });
});

// Public pages format without Intl (see format.ts): the hand-written formats must read exactly as
// Intl writes them, hour by hour across the daylight-time changes and at random instants.
describe('the hand-written formats read as Intl writes them', () => {
  const intlSession = (tz?: string) =>
    new Intl.DateTimeFormat('fr-CA', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', hour: '2-digit', minute: '2-digit', timeZoneName: 'short', timeZone: tz });
  const intlLong = (tz?: string) => new Intl.DateTimeFormat('fr-CA', { dateStyle: 'long', timeZone: tz });
  const instants = (() => {
    const list: Date[] = [];
    for (let year = 2007; year <= 2040; year++) {
      // Every hour of the weeks around both changes, and of New Year's Eve.
      for (const [month, day] of [[2, 7], [9, 31], [11, 30]] as const) {
        const start = Date.UTC(year, month, day);
        for (let h = 0; h < 24 * 9; h++) list.push(new Date(start + h * 3_600_000 + (h % 7) * 60_000));
      }
    }
    let seed = 7;
    for (let i = 0; i < 3000; i++) {
      seed = (seed * 48271) % 2147483647;
      list.push(new Date(Date.UTC(2007, 0, 1) + (seed / 2147483647) * 33 * 365 * 86_400_000));
    }
    return list;
  })();

  it("in the chef's zone", () => {
    const session = intlSession(CHEF_TIME_ZONE);
    const long = intlLong(CHEF_TIME_ZONE);
    for (const d of instants) {
      expect(formatSessionDateTime(d, CHEF_TIME_ZONE), d.toISOString()).toBe(keepTimeTogether(session.format(d)));
      expect(formatLongDate(d, CHEF_TIME_ZONE), d.toISOString()).toBe(long.format(d));
    }
  });

  // Six Node processes loading TypeScript: seconds on a busy machine, so a test timeout of its own.
  it("in the runtime's own zone, whatever it is (the viewer's, in a browser)", async () => {
    const script = `
      const { formatSessionDateTime, formatLongDate, keepTimeTogether } = await import(${JSON.stringify(fileURLToPath(new URL('../../src/shared/format.ts', import.meta.url)))});
      const session = new Intl.DateTimeFormat('fr-CA', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', hour: '2-digit', minute: '2-digit', timeZoneName: 'short' });
      const long = new Intl.DateTimeFormat('fr-CA', { dateStyle: 'long' });
      const bad = [];
      for (let t = Date.UTC(2025, 0, 1); t < Date.UTC(2028, 0, 1); t += 3_600_000 * 7 + 60_000) {
        const d = new Date(t);
        if (formatSessionDateTime(d) !== keepTimeTogether(session.format(d))) bad.push(formatSessionDateTime(d) + ' / ' + session.format(d));
        if (formatLongDate(d) !== long.format(d)) bad.push(formatLongDate(d) + ' / ' + long.format(d));
      }
      console.log(JSON.stringify(bad.slice(0, 3)));`;
    // Zones Intl names by offset, and Eastern time (named like the chef's).
    const zones = ['UTC', 'America/Toronto', 'America/New_York', 'Europe/Paris', 'Asia/Kolkata', 'America/Sao_Paulo'];
    const run = promisify(execFile);
    const outputs = await Promise.all(
      zones.map((tz) => run(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { env: { ...process.env, TZ: tz }, encoding: 'utf8' })),
    );
    outputs.forEach(({ stdout }, i) => expect(JSON.parse(stdout), zones[i]).toEqual([]));
  }, 60_000);

  it('amounts', () => {
    const intl = new Intl.NumberFormat('fr-CA', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    for (const cents of [0, 1, 9, 10, 99, 100, 101, 999, 1000, 99999, 100000, 123456, 1234567, 100_000_000, 987_654_321, -1, -1999, -123456]) {
      expect(formatAmount(cents), String(cents)).toBe(intl.format(cents / 100));
    }
  });
});

describe('formatDuration', () => {
  it.each([
    [0, '0 min'],
    [45, '45 min'],
    [59, '59 min'],
    [60, '1\u00a0h'],
    [61, '1\u00a0h\u00a001'],
    [90, '1\u00a0h\u00a030'],
    [120, '2\u00a0h'],
    [125, '2\u00a0h\u00a005'],
  ])('%i minutes read %j', (minutes, text) => {
    expect(formatDuration(minutes)).toBe(text);
  });

  it("says 'N/A' when unknown", () => {
    expect(formatDuration(null)).toBe('N/A');
    expect(formatDuration(undefined)).toBe('N/A');
  });
});

describe('isoDuration (schema.org)', () => {
  it.each([
    [0, 'PT0M'],
    [45, 'PT45M'],
    [60, 'PT1H'],
    [61, 'PT1H1M'],
    [90, 'PT1H30M'],
    [240, 'PT4H'],
  ])('%i minutes is %s', (minutes, iso) => {
    expect(isoDuration(minutes)).toBe(iso);
  });
});

describe('yearInChefZone', () => {
  it("is Québec's year, not UTC's, on the evening of 31 December (the footer's ©, rendered in UTC, hydrated in Toronto)", () => {
    // 22 h in Toronto: already 3 h on 1 January in UTC.
    expect(yearInChefZone(new Date('2026-12-31T22:00:00-05:00'))).toBe(2026);
    expect(yearInChefZone(new Date('2027-01-01T00:00:00-05:00'))).toBe(2027);
    expect(yearInChefZone(new Date('2026-12-31T23:59:59-05:00'))).toBe(2026);
  });
});

describe('the roster\'s dates, written by hand (same in the server\'s render and the hydration)', () => {
  // Intl's fr-CA separates with plain spaces; the roster keeps its short forms on one line.
  const oneLine = (text: string) => text.replace(/ /g, NBSP);
  const instants = Array.from({ length: 12 }, (_, m) => new Date(Date.UTC(2026, m, 1 + 2 * m, (5 * m + 3) % 24, (7 * m) % 60)));
  const zone = { timeZone: CHEF_TIME_ZONE } as const;

  it('formatShortDateTime reads as Intl writes a day, short month and time', () => {
    const intl = new Intl.DateTimeFormat('fr-CA', { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit', ...zone });
    for (const d of instants) expect(formatShortDateTime(d, CHEF_TIME_ZONE)).toBe(oneLine(intl.format(d)));
    expect(formatShortDateTime(null)).toBe('—');
  });

  it('formatClock reads as Intl writes a two-digit time', () => {
    const intl = new Intl.DateTimeFormat('fr-CA', { hour: '2-digit', minute: '2-digit', ...zone });
    for (const d of instants) expect(formatClock(d, CHEF_TIME_ZONE)).toBe(oneLine(intl.format(d)));
  });

  it('formatLongDateTime reads as Intl writes a long date and a short time', () => {
    const intl = new Intl.DateTimeFormat('fr-CA', { dateStyle: 'long', timeStyle: 'short', ...zone });
    for (const d of instants) expect(formatLongDateTime(d, CHEF_TIME_ZONE).replace(/\u00a0/g, ' ')).toBe(intl.format(d));
  });
});
