// Days as the chef counts them (America/Toronto), whatever the server's zone.
import { chefZoneOffset } from '@shared/format';

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;

/** 'YYYY-MM-DD' of an instant in the chef's zone. */
export function chefDay(instant: Date): string {
  return new Date(instant.getTime() + chefZoneOffset(instant) * MINUTE_MS).toISOString().slice(0, 10);
}

/** 'YYYY-MM' of an instant in the chef's zone. */
export const chefMonth = (instant: Date) => chefDay(instant).slice(0, 7);

/** Midnight of a day ('YYYY-MM-DD') in the chef's zone, `plusDays` later. */
export function chefDayStart(day: string, plusDays = 0): Date {
  const wall = Date.parse(`${day}T00:00:00Z`) + plusDays * DAY_MS;
  // The offset at the guess, then at the corrected instant (they differ only near a DST change).
  const guess = wall - chefZoneOffset(new Date(wall)) * MINUTE_MS;
  return new Date(wall - chefZoneOffset(new Date(guess)) * MINUTE_MS);
}
