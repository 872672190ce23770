// The learning contract: watching a recorded course (or a live session's recording) and the
// learner's progress in it. Video bytes come from our own routes, with HTTP Range, behind the access
// check on every request (decision 0013): the URLs below are same-origin and carry the session cookie.
import { z } from '../zod';

/** A course counts as finished once the position passes this share of the video. */
export const FINISHED_RATIO = 0.9;
/** The player saves the position at most this often while playing (and on pause, end, leaving the page). */
export const PROGRESS_SAVE_INTERVAL_MS = 10_000;

/** PUT /api/courses/:id/progress — where the learner is; seconds, the video's duration as the player read it. */
export const progressInputSchema = z.object({
  positionSeconds: z.number({ message: 'Position invalide.' }).finite().min(0, 'Position invalide.').max(86_400, 'Position invalide.'),
  durationSeconds: z
    .number({ message: 'Durée invalide.' })
    .finite()
    .positive('Durée invalide.')
    .max(86_400, 'Durée invalide.'),
});
export type ProgressInput = z.input<typeof progressInputSchema>;

export type CourseProgress = {
  /** Whole seconds, never past the duration. */
  positionSeconds: number;
  durationSeconds: number;
  /** 0–100, rounded down; 100 once completed. */
  percent: number;
  completed: boolean;
  completedAt: string | null;
  updatedAt: string;
};

export type PlayableVideo = {
  /** Same-origin streaming URL, e.g. /api/courses/<id>/video (Range requests, session cookie). */
  url: string;
  contentType: 'video/mp4' | 'video/webm';
};

/**
 * GET /api/courses/:id/playback — private (never cached for others): whether this viewer may watch,
 * the video when the course has one, and their saved progress (signed-in viewers only).
 */
export type CoursePlaybackResponse = {
  canWatch: boolean;
  video: PlayableVideo | null;
  progress: CourseProgress | null;
};

/** PUT /api/courses/:id/progress → 200. */
export type ProgressResponse = { progress: CourseProgress };

/** GET /api/recordings/:sessionId — the recording page of a live session (attendees, teacher, admin). */
export type RecordingResponse = {
  recording: {
    sessionId: string;
    courseId: string;
    courseTitle: string;
    startsAt: string;
    durationMinutes: number;
    /** Our player's source (uploaded recording), or null when only an outside link exists. */
    video: PlayableVideo | null;
    /** The outside link the admin pasted, if any. */
    externalUrl: string | null;
  };
};

/** Routes, in one place so the client and the tests name them the same way. */
export const learningPaths = {
  courseVideo: (courseId: string) => `/api/courses/${courseId}/video`,
  coursePlayback: (courseId: string) => `/api/courses/${courseId}/playback`,
  courseProgress: (courseId: string) => `/api/courses/${courseId}/progress`,
  recording: (sessionId: string) => `/api/recordings/${sessionId}`,
  recordingVideo: (sessionId: string) => `/api/recordings/${sessionId}/video`,
  /** Admin: PUT raw body (MP4/WebM, VIDEO_MAX_MB) / DELETE. */
  adminSessionRecording: (sessionId: string) => `/api/admin/sessions/${sessionId}/recording-video`,
} as const;

/** '12:34' or '1:02:03' — the 'Reprendre à 12:34' label. */
export function formatPlaybackTime(totalSeconds: number): string {
  const s = Math.max(0, Math.floor(totalSeconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = String(s % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${sec}` : `${m}:${sec}`;
}
