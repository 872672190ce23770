// When the player offers to resume, when it sends the position, and what the learner's progress
// reads as right after a save (before the server's answer lands). Pure, so it is unit-tested.
import { FINISHED_RATIO, PROGRESS_SAVE_INTERVAL_MS, type CourseProgress } from '@shared/schemas/learning';

/** Under this, starting again costs nothing: no 'Reprendre à 0:03'. */
const RESUME_MIN_SECONDS = 5;
/** Positions closer than this are the same place: no second save for a pause right after a save. */
const SAME_PLACE_SECONDS = 1;

/**
 * The second to offer 'Reprendre à …' from: saved progress past the first seconds and short of the
 * finish line (past it, the course is done and the video starts again from the top).
 */
export function resumePoint(progress: Pick<CourseProgress, 'positionSeconds' | 'durationSeconds'> | null | undefined): number | null {
  if (!progress || progress.durationSeconds <= 0) return null;
  const { positionSeconds: at, durationSeconds: length } = progress;
  if (at < RESUME_MIN_SECONDS || at >= length * FINISHED_RATIO) return null;
  return at;
}

export type PlayerReading = { positionSeconds: number; durationSeconds: number };

/**
 * What a save sends, or null while the player knows no duration yet (a live stream's is Infinity).
 * The server keeps whole seconds: rounded, so a seek to 0:30 that lands at 29.999 stays 0:30.
 */
export function progressInput(reading: PlayerReading): PlayerReading | null {
  const { positionSeconds: at, durationSeconds: length } = reading;
  if (!Number.isFinite(length) || length <= 0 || !Number.isFinite(at)) return null;
  const durationSeconds = Math.round(length * 1000) / 1000;
  return { positionSeconds: Math.min(Math.max(0, Math.round(at)), Math.floor(durationSeconds)), durationSeconds };
}

/**
 * Decides when a position is worth sending: while playing at most once per interval; on the
 * moments that matter (pause, end, seek while paused, leaving) at once — unless the same place was
 * just saved.
 */
export class SaveSchedule {
  private lastSentAt = Number.NEGATIVE_INFINITY;
  private lastPosition: number | null = null;

  constructor(private readonly intervalMs: number = PROGRESS_SAVE_INTERVAL_MS) {}

  /** A tick while the video plays (timeupdate). */
  duePlaying(position: number, now: number): boolean {
    return now - this.lastSentAt >= this.intervalMs && !this.samePlace(position);
  }

  /** Pause, end, a seek while paused, the page hidden or left. */
  dueNow(position: number): boolean {
    return !this.samePlace(position);
  }

  sent(position: number, now: number): void {
    this.lastSentAt = now;
    this.lastPosition = position;
  }

  private samePlace(position: number): boolean {
    return this.lastPosition !== null && Math.abs(this.lastPosition - position) < SAME_PLACE_SECONDS;
  }
}

/**
 * The progress as the server will have it after this save (same rules: percent rounded down,
 * 100 once finished, finished stays finished), shown at once on the course page.
 */
export function progressAfterSave(previous: CourseProgress | null, input: PlayerReading, now: Date): CourseProgress {
  const durationSeconds = Math.max(1, Math.round(input.durationSeconds));
  const positionSeconds = Math.min(Math.floor(input.positionSeconds), durationSeconds);
  const finishedNow = positionSeconds >= durationSeconds * FINISHED_RATIO;
  const completed = previous?.completed === true || finishedNow;
  return {
    positionSeconds,
    durationSeconds,
    percent: completed ? 100 : Math.min(100, Math.floor((positionSeconds / durationSeconds) * 100)),
    completed,
    completedAt: previous?.completedAt ?? (finishedNow ? now.toISOString() : null),
    updatedAt: now.toISOString(),
  };
}
