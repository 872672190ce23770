// The progress rules, pure: whole seconds, clamped to the duration, finished from 90 % on.
import { describe, expect, it } from 'vitest';
import { nextProgress, progressPercent, progressSummary, toCourseProgress } from '../../../src/server/modules/learning/progress';

const now = new Date('2026-11-20T15:00:00Z');

describe('nextProgress', () => {
  it('keeps whole seconds and never passes the duration', () => {
    expect(nextProgress({ positionSeconds: 12.9, durationSeconds: 59.6 }, now)).toEqual({ positionSeconds: 12, durationSeconds: 60, completedAt: null });
    expect(nextProgress({ positionSeconds: 75, durationSeconds: 60 }, now)).toEqual({ positionSeconds: 60, durationSeconds: 60, completedAt: now });
  });

  it('a video shorter than a second still has a duration', () => {
    expect(nextProgress({ positionSeconds: 0.2, durationSeconds: 0.4 }, now).durationSeconds).toBe(1);
  });

  it('finishes at 90 % exactly, not a second before', () => {
    expect(nextProgress({ positionSeconds: 89, durationSeconds: 100 }, now).completedAt).toBeNull();
    expect(nextProgress({ positionSeconds: 90, durationSeconds: 100 }, now).completedAt).toEqual(now);
  });
});

describe('how it is shown', () => {
  it('rounds the percentage down, and says 100 once finished', () => {
    expect(progressPercent({ positionSeconds: 2, durationSeconds: 3, completedAt: null })).toBe(66);
    expect(progressPercent({ positionSeconds: 10, durationSeconds: 100, completedAt: now })).toBe(100);
    expect(progressSummary({ positionSeconds: 10, durationSeconds: 100, completedAt: null })).toEqual({ percent: 10, completed: false, positionSeconds: 10 });
  });

  it('gives the API shape with ISO dates', () => {
    expect(toCourseProgress({ positionSeconds: 95, durationSeconds: 100, completedAt: now, updatedAt: now })).toEqual({
      positionSeconds: 95,
      durationSeconds: 100,
      percent: 100,
      completed: true,
      completedAt: now.toISOString(),
      updatedAt: now.toISOString(),
    });
  });
});
