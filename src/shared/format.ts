// How money, dates and durations read in French (fr-CA).

export const CHEF_TIME_ZONE = 'America/Toronto';

// Building an Intl formatter costs ~50 times a format call (the locale's data is looked up), so each
// is built on first use and kept, one per time zone: pages and receipts format dates by the dozen.
let number2: Intl.NumberFormat | undefined;
const dateFormats = new Map<string, Intl.DateTimeFormat>();

function dateFormat(kind: 'long' | 'session', timeZone: string | undefined): Intl.DateTimeFormat {
  const key = `${kind} ${timeZone ?? ''}`;
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

function amount(cents: number): string {
  number2 ??= new Intl.NumberFormat('fr-CA', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  return number2.format(cents / 100);
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
  return dateFormat('long', timeZone).format(d);
}

/** 'samedi 28 novembre 2026 à 18 h 00 HNE' — a live session's time with its zone named. */
export function formatSessionDateTime(value: Date | string | null | undefined, timeZone?: string): string {
  const d = toDate(value);
  if (!d) return 'N/A';
  return dateFormat('session', timeZone).format(d);
}

/** 45 -> '45 min', 90 -> '1 h 30', 120 -> '2 h'. */
export function formatDuration(minutes: number | null | undefined): string {
  if (minutes == null) return 'N/A';
  if (minutes < 60) return `${minutes} min`;
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return m === 0 ? `${h} h` : `${h} h ${String(m).padStart(2, '0')}`;
}

/** ISO 8601 duration for schema.org ('PT1H30M'). */
export function isoDuration(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return `PT${h ? `${h}H` : ''}${m || !h ? `${m}M` : ''}`;
}
