import { describe, expect, it } from 'vitest';
import { formatPlaybackTime, PROGRESS_SAVE_INTERVAL_MS, type CourseProgress } from '@shared/schemas/learning';
import { progressAfterSave, progressInput, resumePoint, SaveSchedule } from '@client/features/learning/progress-policy';
import { ERROR_MESSAGES } from '@shared/errors';
import { uploadRefusal } from '@client/lib/upload-video';

const saved = (positionSeconds: number, durationSeconds = 60, completed = false): CourseProgress => ({
  positionSeconds,
  durationSeconds,
  percent: completed ? 100 : Math.floor((positionSeconds / durationSeconds) * 100),
  completed,
  completedAt: completed ? '2026-11-20T10:00:00.000Z' : null,
  updatedAt: '2026-11-20T10:00:00.000Z',
});

describe("the offer to resume ('Reprendre à 0:30')", () => {
  it('stands for a place past the first seconds and short of the finish line', () => {
    expect(resumePoint(saved(30))).toBe(30);
    expect(resumePoint(saved(5))).toBe(5);
    expect(resumePoint(saved(53))).toBe(53);
    expect(formatPlaybackTime(resumePoint(saved(30))!)).toBe('0:30');
  });

  it('is not made with nothing saved, at the very start, or past 90 % (the course is done: it starts over)', () => {
    expect(resumePoint(null)).toBeNull();
    expect(resumePoint(undefined)).toBeNull();
    expect(resumePoint(saved(4))).toBeNull();
    expect(resumePoint(saved(54))).toBeNull();
    expect(resumePoint(saved(60, 60, true))).toBeNull();
    expect(resumePoint({ positionSeconds: 10, durationSeconds: 0 })).toBeNull();
  });

  it('still stands for a finished course watched again from the start and left midway', () => {
    expect(resumePoint(saved(20, 60, true))).toBe(20);
  });
});

describe('what a save sends', () => {
  it('whole seconds, rounded (a seek to 0:30 that lands at 29.999 stays 0:30), never past the end', () => {
    expect(progressInput({ positionSeconds: 29.999, durationSeconds: 60.04 })).toEqual({ positionSeconds: 30, durationSeconds: 60.04 });
    expect(progressInput({ positionSeconds: 12.4, durationSeconds: 60 })).toEqual({ positionSeconds: 12, durationSeconds: 60 });
    expect(progressInput({ positionSeconds: 60.5, durationSeconds: 60.2 })).toEqual({ positionSeconds: 60, durationSeconds: 60.2 });
    expect(progressInput({ positionSeconds: -1, durationSeconds: 60 })).toEqual({ positionSeconds: 0, durationSeconds: 60 });
  });

  it('nothing while the player knows no duration (before its metadata, or a stream without an end)', () => {
    expect(progressInput({ positionSeconds: 0, durationSeconds: Number.NaN })).toBeNull();
    expect(progressInput({ positionSeconds: 3, durationSeconds: Number.POSITIVE_INFINITY })).toBeNull();
    expect(progressInput({ positionSeconds: 3, durationSeconds: 0 })).toBeNull();
    expect(progressInput({ positionSeconds: Number.NaN, durationSeconds: 60 })).toBeNull();
  });
});

describe('when the position is sent', () => {
  it('while playing, at most once per interval', () => {
    const schedule = new SaveSchedule();
    expect(schedule.duePlaying(1, 0)).toBe(true);
    schedule.sent(1, 0);
    expect(schedule.duePlaying(5, PROGRESS_SAVE_INTERVAL_MS - 1)).toBe(false);
    expect(schedule.duePlaying(11, PROGRESS_SAVE_INTERVAL_MS)).toBe(true);
    schedule.sent(11, PROGRESS_SAVE_INTERVAL_MS);
    expect(schedule.duePlaying(12, PROGRESS_SAVE_INTERVAL_MS + 1_000)).toBe(false);
  });

  it('at once on a pause, an end, a seek while paused or leaving — unless that very place was just sent', () => {
    const schedule = new SaveSchedule(10_000);
    schedule.sent(30, 1_000);
    expect(schedule.dueNow(30)).toBe(false);
    expect(schedule.dueNow(30.5)).toBe(false);
    expect(schedule.dueNow(31)).toBe(true);
    expect(schedule.dueNow(12)).toBe(true);
  });

  it('not twice for a playhead that has not moved, even once the interval has passed', () => {
    const schedule = new SaveSchedule(10_000);
    schedule.sent(42, 0);
    expect(schedule.duePlaying(42, 60_000)).toBe(false);
  });
});

describe('the progress shown right after a save (the server applies the same rules)', () => {
  const now = new Date('2026-11-22T16:00:00.000Z');

  it('percent rounded down, not finished short of 90 %', () => {
    const p = progressAfterSave(null, { positionSeconds: 30, durationSeconds: 60.04 }, now);
    expect(p).toMatchObject({ positionSeconds: 30, durationSeconds: 60, percent: 50, completed: false, completedAt: null });
    expect(p.updatedAt).toBe(now.toISOString());
  });

  it('finished past 90 %, at 100 %, and finished for good when watched again from the start', () => {
    const done = progressAfterSave(null, { positionSeconds: 54, durationSeconds: 60 }, now);
    expect(done).toMatchObject({ percent: 100, completed: true, completedAt: now.toISOString() });
    const again = progressAfterSave(saved(58, 60, true), { positionSeconds: 6, durationSeconds: 60 }, now);
    expect(again).toMatchObject({ positionSeconds: 6, percent: 100, completed: true, completedAt: '2026-11-20T10:00:00.000Z' });
  });

  it('never a place past the end', () => {
    expect(progressAfterSave(null, { positionSeconds: 75, durationSeconds: 60 }, now).positionSeconds).toBe(60);
  });
});

describe("the admin's upload refused without a readable answer", () => {
  it('says why in French by its status', () => {
    expect(uploadRefusal(415)).toBe("Ce fichier n'est pas une vidéo MP4 ou WebM.");
    expect(uploadRefusal(413)).toBe('Cette vidéo est trop volumineuse.');
    expect(uploadRefusal(409, ERROR_MESSAGES.SESSION_NOT_OVER)).toBe("L'enregistrement ne peut être ajouté qu'une fois la séance terminée.");
    expect(uploadRefusal(500)).toBe('Une erreur inattendue est survenue.');
  });
});
