// The progress rules in one place, pure: what a saved position becomes (whole seconds, never past
// the video's end, finished once past FINISHED_RATIO and finished for good), and how it is shown.
import { FINISHED_RATIO, type CourseProgress, type ProgressInput } from '@shared/schemas/learning';

export type ProgressRecord = {
  positionSeconds: number;
  durationSeconds: number;
  completedAt: Date | null;
};

/**
 * The record to store for what the player reported. The position is clamped to the duration (a
 * player can report a few milliseconds past it). `completedAt` is `now` when this position passes
 * the finish line; saving keeps an earlier completion date (repository.saveProgress), so a course
 * finished once stays finished when the learner watches again from the start.
 */
export function nextProgress(input: ProgressInput, now: Date): ProgressRecord {
  const durationSeconds = Math.max(1, Math.round(input.durationSeconds));
  const positionSeconds = Math.min(Math.floor(input.positionSeconds), durationSeconds);
  const reached = positionSeconds >= FINISHED_RATIO * durationSeconds;
  return { positionSeconds, durationSeconds, completedAt: reached ? now : null };
}

/** 0–100, rounded down; 100 once completed. */
export function progressPercent(record: ProgressRecord): number {
  if (record.completedAt) return 100;
  return Math.min(100, Math.floor((record.positionSeconds / record.durationSeconds) * 100));
}

/** Mes Achats' line: how far, and whether finished. */
export function progressSummary(record: ProgressRecord): { percent: number; completed: boolean; positionSeconds: number } {
  return { percent: progressPercent(record), completed: record.completedAt !== null, positionSeconds: record.positionSeconds };
}

export function toCourseProgress(record: ProgressRecord & { updatedAt: Date }): CourseProgress {
  return {
    positionSeconds: record.positionSeconds,
    durationSeconds: record.durationSeconds,
    percent: progressPercent(record),
    completed: record.completedAt !== null,
    completedAt: record.completedAt ? record.completedAt.toISOString() : null,
    updatedAt: record.updatedAt.toISOString(),
  };
}
