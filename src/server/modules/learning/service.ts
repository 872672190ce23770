// Watching: who may play a recorded course or a live session's recording (asked again for every
// byte request, so a refund or the end of a subscription cuts access at the next range the player
// asks for — decision 0013), the stored file to stream, and the learner's place in a course.
import { canWatchCourse, canWatchRecording, type Viewer } from '@shared/access';
import { sessionMinutes } from '@shared/booking';
import {
  learningPaths,
  progressInputSchema,
  type CoursePlaybackResponse,
  type PlayableVideo,
  type ProgressResponse,
  type RecordingResponse,
} from '@shared/schemas/learning';
import type { Deps } from '../../deps';
import { AppError } from '../../http/app-error';
import { isAdmin } from '../../http/guards';
import { objectEtag } from '../../http/byte-range';
import { parseInput } from '../../http/validate';
import type { StoredObject } from '../../integrations/storage/storage';
import { hasSucceededPurchase } from '../courses/service';
import { isUuid } from '../params';
import { nextProgress, toCourseProgress } from './progress';
import * as repo from './repository';

/** What a video route streams: the file, its validator and the type the player is told. */
export type VideoToStream = { object: StoredObject; etag: string; contentType: string };

function playable(url: string, contentType: string | null): PlayableVideo {
  return { url, contentType: contentType === 'video/mp4' ? 'video/mp4' : 'video/webm' };
}

export function createLearningService(deps: Pick<Deps, 'database' | 'storage' | 'logger' | 'now'>) {
  const db = () => deps.database.db;

  /** The course and whether this viewer may watch it; an archived course exists only for those who may. */
  async function courseFor(rawId: string, viewer: Viewer) {
    if (!isUuid(rawId)) throw new AppError('COURSE_NOT_FOUND');
    const course = await repo.findWatchableCourse(db(), rawId.toLowerCase());
    if (!course) throw new AppError('COURSE_NOT_FOUND');
    const bought = viewer.userId ? await hasSucceededPurchase(db(), viewer.userId, course.id) : false;
    // No longer offered: it exists only for those who bought it (and the admin and its teacher).
    const keeps = bought || isAdmin(viewer) || (viewer.userId !== null && viewer.userId === course.teacherId);
    if (course.status === 'archived' && !keeps) throw new AppError('COURSE_NOT_FOUND');
    return { course, canWatch: canWatchCourse(course, viewer, bought) };
  }

  /** The stored file behind a key, or `missing` when the row names a file storage no longer has. */
  async function stored(key: string, contentType: string | null, missing: 'VIDEO_NOT_AVAILABLE' | 'RECORDING_NOT_AVAILABLE'): Promise<VideoToStream> {
    const object = await deps.storage.get(key);
    if (!object) {
      deps.logger.warn({ key }, 'vidéo introuvable dans le stockage');
      throw new AppError(missing);
    }
    return { object, etag: objectEtag(key, object.size), contentType: contentType ?? object.contentType };
  }

  async function sessionRecording(rawId: string, viewer: Viewer) {
    if (viewer.userId === null) throw new AppError('UNAUTHENTICATED');
    if (!isUuid(rawId)) throw new AppError('SESSION_NOT_FOUND');
    const session = await repo.findSessionRecording(db(), rawId.toLowerCase());
    if (!session) throw new AppError('SESSION_NOT_FOUND');
    const attended = await repo.isConfirmedAttendee(db(), session.sessionId, viewer.userId);
    if (!canWatchRecording(session, viewer, attended)) throw new AppError('RECORDING_ACCESS_DENIED');
    return session;
  }

  return {
    /**
     * The course page's player: whether this viewer may watch, the video only when they may (its
     * URL alone opens nothing), and their saved place. Never a 401: the page is open to visitors.
     */
    async playback(rawId: string, viewer: Viewer): Promise<CoursePlaybackResponse> {
      const { course, canWatch } = await courseFor(rawId, viewer);
      const progress = viewer.userId && canWatch ? await repo.findProgress(db(), viewer.userId, course.id) : null;
      return {
        canWatch,
        video: canWatch && course.videoKey ? playable(learningPaths.courseVideo(course.id), course.videoContentType) : null,
        progress: progress ? toCourseProgress(progress) : null,
      };
    },

    /**
     * Every request for the course's bytes: an unknown or draft course (or an archived one for anyone but its
     * buyers) 404, a visitor who may
     * not watch 401 (signing in may change that), anyone else who may not 403, no video yet 404.
     */
    async courseVideo(rawId: string, viewer: Viewer): Promise<VideoToStream> {
      const { course, canWatch } = await courseFor(rawId, viewer);
      if (!canWatch) throw new AppError(viewer.userId === null ? 'UNAUTHENTICATED' : 'VIDEO_ACCESS_DENIED');
      if (!course.videoKey) throw new AppError('VIDEO_NOT_AVAILABLE');
      return stored(course.videoKey, course.videoContentType, 'VIDEO_NOT_AVAILABLE');
    },

    /** The learner's place, for signed-in viewers who may watch a course that has a video. */
    async saveProgress(rawId: string, viewer: Viewer, readBody: () => Promise<unknown>): Promise<ProgressResponse> {
      if (viewer.userId === null) throw new AppError('UNAUTHENTICATED');
      const { course, canWatch } = await courseFor(rawId, viewer);
      if (!canWatch) throw new AppError('VIDEO_ACCESS_DENIED');
      if (!course.videoKey) throw new AppError('VIDEO_NOT_AVAILABLE');
      const input = parseInput(progressInputSchema, await readBody());
      const now = deps.now();
      const saved = await repo.saveProgress(db(), viewer.userId, course.id, nextProgress(input, now), now);
      return { progress: toCourseProgress(saved) };
    },

    /** A session's recording page: its attendees, its teacher and the admin; 404 while there is none. */
    async recording(rawId: string, viewer: Viewer): Promise<RecordingResponse> {
      const s = await sessionRecording(rawId, viewer);
      if (!s.recordingKey && !s.recordingUrl) throw new AppError('RECORDING_NOT_AVAILABLE');
      return {
        recording: {
          sessionId: s.sessionId,
          courseId: s.courseId,
          courseTitle: s.courseTitle,
          startsAt: s.startsAt.toISOString(),
          durationMinutes: sessionMinutes({ durationMinutes: s.sessionMinutes }, { durationMinutes: s.courseMinutes }),
          video: s.recordingKey ? playable(learningPaths.recordingVideo(s.sessionId), s.recordingContentType) : null,
          externalUrl: s.recordingUrl,
        },
      };
    },

    /** Every request for a recording's bytes, checked like the page. */
    async recordingVideo(rawId: string, viewer: Viewer): Promise<VideoToStream> {
      const s = await sessionRecording(rawId, viewer);
      if (!s.recordingKey) throw new AppError('RECORDING_NOT_AVAILABLE');
      return stored(s.recordingKey, s.recordingContentType, 'RECORDING_NOT_AVAILABLE');
    },
  };
}

export type LearningService = ReturnType<typeof createLearningService>;
