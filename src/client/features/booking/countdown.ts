// The booking page's countdown to the class (docs/decisions/0052). Pure, so it is tested alone.

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;


/**
 * « 2 j 4 h 12 min » far off, « 12 min 30 s » within the hour (the seconds only then: the page
 * does not tick every second for days); '' once the moment came.
 */
export function countdownLabel(ms: number): string {
  if (ms <= 0) return '';
  if (ms < HOUR) {
    const total = Math.ceil(ms / 1000);
    return `${Math.floor(total / 60)} min ${String(total % 60).padStart(2, '0')} s`;
  }
  const minutes = Math.ceil(ms / MINUTE);
  const days = Math.floor(minutes / (24 * 60));
  const hours = Math.floor((minutes % (24 * 60)) / 60);
  const rest = minutes % 60;
  return [days ? `${days} j` : '', days || hours ? `${hours} h` : '', `${rest} min`].filter(Boolean).join(' ');
}

/** How often the countdown needs to change: every second within the hour, else every minute. */
export const countdownTick = (ms: number) => (ms < HOUR ? 1000 : MINUTE);

/** Where the class stands for its join button. */
export type JoinStage = 'before' | 'open' | 'over';
export function joinStage(now: number, joinOpensAt: string, endsAt: string): JoinStage {
  if (now < Date.parse(joinOpensAt)) return 'before';
  return now < Date.parse(endsAt) ? 'open' : 'over';
}

