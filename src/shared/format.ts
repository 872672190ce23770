// How money, dates and durations read in French (fr-CA).

export const CHEF_TIME_ZONE = 'America/Toronto';

// The first Intl object a browser tab builds loads the locale's data: ~100–150 ms of a phone's CPU
// (measured on Lighthouse's slowed CPU), in the middle of adopting the page. So the formats public
// pages show — amounts, and dates in the chef's zone or the viewer's own — are written here by hand,
// checked against Intl by tests/unit/format.test.ts; Intl stays for any other named zone (built
// once per zone and kept: building one costs ~50 format calls).
const dateFormats = new Map<string, Intl.DateTimeFormat>();

function dateFormat(kind: 'long' | 'session', timeZone: string): Intl.DateTimeFormat {
  const key = `${kind} ${timeZone}`;
  let format = dateFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(
      'fr-CA',
      kind === 'long'
        ? { dateStyle: 'long', timeZone }
        : { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', hour: '2-digit', minute: '2-digit', timeZoneName: 'short', timeZone },
    );
    dateFormats.set(key, format);
  }
  return format;
}

const WEEKDAYS = ['dimanche', 'lundi', 'mardi', 'mercredi', 'jeudi', 'vendredi', 'samedi'];
const MONTHS = ['janvier', 'février', 'mars', 'avril', 'mai', 'juin', 'juillet', 'août', 'septembre', 'octobre', 'novembre', 'décembre'];

/** The UTC instant of the n-th Sunday (1-based) of a month, at `hourUtc`. */
function nthSunday(year: number, month: number, n: number, hourUtc: number): number {
  const first = new Date(Date.UTC(year, month, 1)).getUTCDay();
  return Date.UTC(year, month, 1 + ((7 - first) % 7) + (n - 1) * 7, hourUtc);
}

/**
 * Minutes to add to UTC for the chef's zone (Eastern time), by the rule in force since 2007:
 * daylight time from the second Sunday of March at 2 h to the first Sunday of November at 2 h.
 */
export function chefZoneOffset(d: Date): number {
  const year = d.getUTCFullYear();
  const t = d.getTime();
  return t >= nthSunday(year, 2, 2, 7) && t < nthSunday(year, 10, 1, 6) ? -240 : -300;
}

/**
 * The year in the chef's zone: the same on the server (in UTC) and in the browser (any zone), so a
 * page rendered on one and hydrated on the other agrees on the evening of 31 December.
 */
export function yearInChefZone(d: Date): number {
  return new Date(d.getTime() + chefZoneOffset(d) * 60_000).getUTCFullYear();
}

type WallClock = { year: number; month: number; day: number; weekday: number; hour: number; minute: number; zone: string };

/** 'UTC', 'UTC+2', 'UTC−5', 'UTC+5:30': what Intl names a zone it has no French name for. */
function offsetName(minutes: number): string {
  if (minutes === 0) return 'UTC';
  const abs = Math.abs(minutes);
  const mm = abs % 60;
  return `UTC${minutes < 0 ? '\u2212' : '+'}${Math.floor(abs / 60)}${mm ? `:${String(mm).padStart(2, '0')}` : ''}`;
}

const chefZoneName = (offset: number) => (offset === -240 ? 'HAE' : 'HNE');

/** The date's wall clock in the chef's zone, or in the runtime's own (the viewer's, in a browser). */
function wallClock(d: Date, timeZone: typeof CHEF_TIME_ZONE | undefined): WallClock {
  const chefOffset = chefZoneOffset(d);
  if (timeZone === CHEF_TIME_ZONE) {
    const w = new Date(d.getTime() + chefOffset * 60_000);
    return { year: w.getUTCFullYear(), month: w.getUTCMonth(), day: w.getUTCDate(), weekday: w.getUTCDay(), hour: w.getUTCHours(), minute: w.getUTCMinutes(), zone: chefZoneName(chefOffset) };
  }
  const offset = -d.getTimezoneOffset();
  return {
    year: d.getFullYear(),
    month: d.getMonth(),
    day: d.getDate(),
    weekday: d.getDay(),
    hour: d.getHours(),
    minute: d.getMinutes(),
    // A viewer on Eastern time reads HNE/HAE as Intl writes it; elsewhere the offset (Intl's
    // French names of other North American zones, such as HNP, are not reproduced).
    zone: offset === chefOffset ? chefZoneName(offset) : offsetName(offset),
  };
}

/** Whether this module writes the date itself (the chef's zone or the runtime's, since 2007). */
const byHand = (d: Date, timeZone: string | undefined): timeZone is typeof CHEF_TIME_ZONE | undefined =>
  (timeZone === undefined || timeZone === CHEF_TIME_ZONE) && d.getTime() >= Date.UTC(2007, 0, 1) && d.getTime() < Date.UTC(2100, 0, 1);

/**
 * Joins a time's parts with no-break spaces ('18 h 30', '18 h 00 HNE', '1 h 30'): a line never
 * breaks inside a time, on a page, in a PDF or in an e-mail.
 */
export function keepTimeTogether(text: string): string {
  return text.replace(/(\d)[ \u00a0\u202f]h(?:[ \u00a0\u202f](\d{2}))?(?:[ \u00a0\u202f]([A-Z]{2,4}\b|UTC[^\s]*))?/g, (_, d: string, mm?: string, zone?: string) =>
    `${d}\u00a0h${mm ? `\u00a0${mm}` : ''}${zone ? `\u00a0${zone}` : ''}`,
  );
}

function amount(cents: number): string {
  const abs = Math.abs(Math.round(cents));
  const units = String(Math.floor(abs / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, '\u00a0');
  return `${cents < 0 && abs > 0 ? '-' : ''}${units},${String(abs % 100).padStart(2, '0')}`;
}

/** An amount typed in dollars ('45', '45,5', '45,00', '45.00') → 4500 cents; null when it is not one. */
export function parseDollars(text: string): number | null {
  const t = text.trim().replace(/\s/g, '').replace(',', '.');
  if (!/^\d+(\.\d{1,2})?$/.test(t)) return null;
  return Math.round(Number(t) * 100);
}

/** 1999 -> '19,99 CAD' (spec: prices in CAD, fr-CA digits). */
export function formatPrice(cents: number): string {
  return `${amount(cents)} CAD`;
}

/** 1999 -> '19,99' (for 'Payer {price} CAD'). */
export function formatAmount(cents: number): string {
  return amount(cents);
}

function toDate(value: Date | string | null | undefined): Date | null {
  if (value == null) return null;
  const d = value instanceof Date ? value : new Date(value);
  return Number.isNaN(d.getTime()) ? null : d;
}

/** '22 novembre 2026', or 'N/A' when missing (spec: dates in French long form). */
export function formatLongDate(value: Date | string | null | undefined, timeZone?: string): string {
  const d = toDate(value);
  if (!d) return 'N/A';
  if (!byHand(d, timeZone)) return dateFormat('long', timeZone!).format(d);
  const w = wallClock(d, timeZone);
  return `${w.day} ${MONTHS[w.month]} ${w.year}`;
}

/** 'samedi 28 novembre 2026 à 18 h 00 HNE' — a live session's time with its zone named. */
export function formatSessionDateTime(value: Date | string | null | undefined, timeZone?: string): string {
  const d = toDate(value);
  if (!d) return 'N/A';
  if (!byHand(d, timeZone)) return keepTimeTogether(dateFormat('session', timeZone!).format(d));
  const w = wallClock(d, timeZone);
  const hh = String(w.hour).padStart(2, '0');
  const mm = String(w.minute).padStart(2, '0');
  return `${WEEKDAYS[w.weekday]} ${w.day} ${MONTHS[w.month]} ${w.year} à ${hh}\u00a0h\u00a0${mm}\u00a0${w.zone}`;
}

const SHORT_MONTHS = ['janv.', 'févr.', 'mars', 'avr.', 'mai', 'juin', 'juill.', 'août', 'sept.', 'oct.', 'nov.', 'déc.'];
const clockOf = (w: WallClock) => `${String(w.hour).padStart(2, '0')}\u00a0h\u00a0${String(w.minute).padStart(2, '0')}`;

/**
 * '09 h 05' (as Intl writes fr-CA's two-digit hour and minute), in the chef's zone or the runtime's
 * own (undefined: the viewer's, in a browser), on one line. By hand, like the dates above: the same
 * in the server's render and the browser's hydration, with no Intl to load.
 */
export function formatClock(value: Date | string, timeZone?: typeof CHEF_TIME_ZONE): string {
  const d = toDate(value);
  return d ? clockOf(wallClock(d, timeZone)) : 'N/A';
}

/** '5 janv., 09 h 05' (Intl's fr-CA day, short month, hour and minute), on one line; '—' when missing. */
export function formatShortDateTime(value: Date | string | null | undefined, timeZone?: typeof CHEF_TIME_ZONE): string {
  const d = toDate(value);
  if (!d) return '—';
  const w = wallClock(d, timeZone);
  return `${w.day}\u00a0${SHORT_MONTHS[w.month]},\u00a0${clockOf(w)}`;
}

/** '5 janvier 2026 à 09 h 05' (Intl's fr-CA long date and short time). */
export function formatLongDateTime(value: Date | string, timeZone?: typeof CHEF_TIME_ZONE): string {
  const d = toDate(value);
  if (!d) return 'N/A';
  const w = wallClock(d, timeZone);
  return `${w.day} ${MONTHS[w.month]} ${w.year} à ${clockOf(w)}`;
}

/** 45 -> '45 min', 90 -> '1 h 30', 120 -> '2 h' (no-break spaces inside the hours). */
export function formatDuration(minutes: number | null | undefined): string {
  if (minutes == null) return 'N/A';
  if (minutes < 60) return `${minutes} min`;
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return m === 0 ? `${h}\u00a0h` : `${h}\u00a0h\u00a0${String(m).padStart(2, '0')}`;
}

/** ISO 8601 duration for schema.org ('PT1H30M'). */
export function isoDuration(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return `PT${h ? `${h}H` : ''}${m || !h ? `${m}M` : ''}`;
}
