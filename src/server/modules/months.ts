// Months as the chef counts them: calendar months in America/Toronto (CHEF_TIME_ZONE), whatever the
// server's zone. A sale paid at 23:30 on 31 January in Montréal is January's, though it is already
// February in UTC. Shared by Ventes (admin-sales), Comptabilité (books) and Clients (admin-clients).
import { CHEF_TIME_ZONE } from '@shared/format';
import { monthFromIndex, monthIndex } from '@shared/schemas/admin-sales';

const parts = new Intl.DateTimeFormat('en-CA', {
  timeZone: CHEF_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

function wallClock(instant: Date) {
  const p = Object.fromEntries(parts.formatToParts(instant).map((x) => [x.type, x.value]));
  return { y: Number(p.year), m: Number(p.month), d: Number(p.day), h: Number(p.hour), min: Number(p.minute), s: Number(p.second) };
}

/** How far the chef's wall clock is ahead of UTC at `instant` (negative: −4 h or −5 h). */
function offsetMs(instant: Date): number {
  const w = wallClock(instant);
  return Date.UTC(w.y, w.m - 1, w.d, w.h, w.min, w.s) - Math.floor(instant.getTime() / 1000) * 1000;
}

/** 'YYYY-MM' of an instant, in the chef's zone. */
export function monthOf(instant: Date): string {
  const w = wallClock(instant);
  return `${String(w.y).padStart(4, '0')}-${String(w.m).padStart(2, '0')}`;
}

/** 'YYYY-MM-DD' of an instant, in the chef's zone. */
export function dayOf(instant: Date): string {
  const w = wallClock(instant);
  return `${monthOf(instant)}-${String(w.d).padStart(2, '0')}`;
}

/** The instant the month begins: midnight of its first day in the chef's zone. */
export function monthStart(month: string): Date {
  const index = monthIndex(month);
  const wall = Date.UTC(Math.floor(index / 12), index % 12, 1);
  // The offset at the guess, then at the corrected instant (they differ only near a DST change).
  const first = wall - offsetMs(new Date(wall));
  return new Date(wall - offsetMs(new Date(first)));
}

/** [start of `from`, start of the month after `to`) and every month in between, oldest first. */
export function monthRange(from: string, to: string): { start: Date; end: Date; months: string[] } {
  const months: string[] = [];
  for (let i = monthIndex(from); i <= monthIndex(to); i++) months.push(monthFromIndex(i));
  return { start: monthStart(from), end: monthStart(monthFromIndex(monthIndex(to) + 1)), months };
}
