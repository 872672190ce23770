// When the demo's live sessions take place: N days from today, at 18 h 30 in the chef's zone.
import { CHEF_TIME_ZONE } from '@shared/format';

/** Minutes the zone is ahead of UTC at that instant (negative in the Americas; DST included). */
export function zoneOffsetMinutes(instant: Date, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(instant);
  const get = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value);
  const wallAsUtc = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'));
  const whole = Math.floor(instant.getTime() / 1000) * 1000;
  return Math.round((wallAsUtc - whole) / 60_000);
}

/** The calendar date an instant falls on in a zone. */
export function zonedDate(instant: Date, timeZone: string): { year: number; month: number; day: number } {
  const local = new Date(instant.getTime() + zoneOffsetMinutes(instant, timeZone) * 60_000);
  return { year: local.getUTCFullYear(), month: local.getUTCMonth() + 1, day: local.getUTCDate() };
}

/**
 * The UTC instant of a wall-clock time in a zone. The offset is looked up at a first guess, then
 * again at the result, so a date across a DST change gets the offset of its own day.
 */
export function zonedTimeToUtc(
  wall: { year: number; month: number; day: number; hour: number; minute: number },
  timeZone: string,
): Date {
  const asUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute);
  const first = asUtc - zoneOffsetMinutes(new Date(asUtc), timeZone) * 60_000;
  return new Date(asUtc - zoneOffsetMinutes(new Date(first), timeZone) * 60_000);
}

export const SESSION_START = { hour: 18, minute: 30 } as const;

/** 18 h 30 (America/Toronto) on the day `inDays` calendar days after today's date there. */
export function sessionStartsAt(now: Date, inDays: number, timeZone = CHEF_TIME_ZONE): Date {
  const today = zonedDate(now, timeZone);
  // Calendar arithmetic on a UTC date avoids any DST shift in the day count.
  const target = new Date(Date.UTC(today.year, today.month - 1, today.day + inDays));
  return zonedTimeToUtc(
    { year: target.getUTCFullYear(), month: target.getUTCMonth() + 1, day: target.getUTCDate(), ...SESSION_START },
    timeZone,
  );
}
