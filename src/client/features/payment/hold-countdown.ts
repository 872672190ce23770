// The time left on a seat hold, as the payment page counts it down. Pure, so it is tested alone.

/** Milliseconds until the hold lapses (never below 0); null for a hold without an end. */
export function holdRemainingMs(expiresAt: string | null | undefined, nowMs: number): number | null {
  if (!expiresAt) return null;
  const end = Date.parse(expiresAt);
  if (Number.isNaN(end)) return null;
  return Math.max(0, end - nowMs);
}

/**
 * 'mm:ss', rounded up to the second: the clock shows 00:00 only once the time is really up, and
 * 15 minutes read 15:00 rather than 14:59 at the first tick.
 */
export function formatCountdown(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const minutes = Math.floor(total / 60);
  const seconds = total % 60;
  return `${String(minutes).padStart(2, '0')}:${String(seconds).padStart(2, '0')}`;
}

/** The last minutes: the clock turns to a warning. */
export const HOLD_WARNING_MS = 2 * 60_000;

/** Moments read out to screen-reader users (the clock itself is not announced every second). */
export function holdAnnouncement(ms: number): string | null {
  const minutesLeft = Math.ceil(ms / 60_000);
  if (ms <= 0) return 'Le délai pour payer votre place est écoulé.';
  if (minutesLeft === 5) return 'Il vous reste 5 minutes pour payer votre place.';
  if (minutesLeft === 1) return 'Il vous reste moins d’une minute pour payer votre place.';
  return null;
}
