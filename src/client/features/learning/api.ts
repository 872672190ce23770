// Watching and progress as the client reads them (contract: @shared/schemas/learning). Every answer
// here depends on who is watching: the keys carry the user's id, and the session cache reads them
// again on sign-in and sign-out like every other private query.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ERROR_MESSAGES, type ApiErrorBody } from '@shared/errors';
import {
  learningPaths,
  type CoursePlaybackResponse,
  type ProgressInput,
  type ProgressResponse,
  type RecordingResponse,
} from '@shared/schemas/learning';
import { useAuth } from '@client/app/auth';
import { api, ApiError } from '@client/lib/api';
import { putVideo } from '@client/lib/upload-video';
import { progressAfterSave } from './progress-policy';

/** learningPaths name full URLs; the api client adds /api itself. */
const apiPath = (url: string) => url.replace(/^\/api(?=\/)/, '');

/**
 * Under the course page's own ['api', '/courses/…'] prefix: what refreshes the course page (a
 * reservation or refund event from the realtime stream) reads the right to watch again too.
 */
export const playbackKey = (courseId: string, userId: string | undefined) =>
  ['api', apiPath(learningPaths.coursePlayback(courseId)), userId ?? 'visitor'] as const;

/** GET /api/courses/:id/playback — read afresh on each visit: a refund or a save elsewhere may have landed. */
export function usePlayback(courseId: string, enabled = true) {
  const { status, user } = useAuth();
  return useQuery<CoursePlaybackResponse, ApiError>({
    queryKey: playbackKey(courseId, user?.id),
    queryFn: ({ signal }) => api<CoursePlaybackResponse>(apiPath(learningPaths.coursePlayback(courseId)), { signal }),
    // Visitors ask too (a free course plays for everyone), once the session is known.
    enabled: enabled && status !== 'loading',
    refetchOnMount: 'always',
  });
}

/** A session's recording sits with the calendar's data: an event about the session reads it again. */
export const recordingKey = (sessionId: string, userId: string | undefined) => ['calendar', userId ?? 'visitor', 'recording', sessionId] as const;

/** GET /api/recordings/:sessionId — 403 for someone who did not attend, 404 while there is none. */
export function useRecording(sessionId: string) {
  const { status, user } = useAuth();
  return useQuery<RecordingResponse, ApiError>({
    queryKey: recordingKey(sessionId, user?.id),
    queryFn: ({ signal }) => api<RecordingResponse>(apiPath(learningPaths.recording(sessionId)), { signal }),
    enabled: status === 'signed-in',
    refetchOnMount: 'always',
    // A refusal is the answer, not a hiccup.
    retry: (count, error) => error.status >= 500 && count < 2,
  });
}

/**
 * PUT /api/courses/:id/progress. A plain fetch rather than the api client: `keepalive` lets the
 * request outlive the page when the learner closes the tab or goes elsewhere. Same headers as the
 * api client (JSON in and out; the browser adds Origin, which the server's cross-site check reads).
 */
export async function sendProgress(courseId: string, input: ProgressInput, options: { keepalive?: boolean } = {}): Promise<ProgressResponse> {
  let res: Response;
  try {
    res = await fetch(learningPaths.courseProgress(courseId), {
      method: 'PUT',
      credentials: 'same-origin',
      keepalive: options.keepalive ?? false,
      headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
      body: JSON.stringify(input),
    });
  } catch {
    throw new ApiError(0, 'SERVICE_UNAVAILABLE', 'Impossible de joindre le serveur. Vérifiez votre connexion.');
  }
  const body = (await res.json().catch(() => null)) as ProgressResponse | ApiErrorBody | null;
  if (res.ok && body && 'progress' in body) return body;
  const error = body && 'error' in body ? body.error : undefined;
  throw new ApiError(res.status, error?.code ?? 'INTERNAL', error?.message ?? ERROR_MESSAGES.INTERNAL, error?.fields);
}

/**
 * Saves a position and keeps the page's copy in step: at once with what the server will say, then
 * with its answer. Mes Achats reads its list again on its next visit.
 */
export function useSaveProgress(courseId: string) {
  const client = useQueryClient();
  const { user } = useAuth();
  return (input: { positionSeconds: number; durationSeconds: number }, keepalive = false) => {
    const key = playbackKey(courseId, user?.id);
    client.setQueryData<CoursePlaybackResponse>(key, (old) =>
      old ? { ...old, progress: progressAfterSave(old.progress, input, new Date()) } : old,
    );
    return sendProgress(courseId, input, { keepalive }).then(
      ({ progress }) => {
        client.setQueryData<CoursePlaybackResponse>(key, (old) => (old ? { ...old, progress } : old));
        void client.invalidateQueries({ queryKey: ['purchases'], refetchType: 'none' });
        return progress;
      },
      // A lost save costs a few seconds of position, never the lesson: the next one catches up.
      () => null,
    );
  };
}

/** PUT the admin's recording of a session, with its progress; a 409 means the session is not over. */
export function uploadRecordingVideo(
  sessionId: string,
  file: File,
  onProgress: (sent: number, total: number) => void,
  signal: AbortSignal,
): Promise<void> {
  return putVideo<void>(learningPaths.adminSessionRecording(encodeURIComponent(sessionId)), file, onProgress, {
    signal,
    conflict: ERROR_MESSAGES.SESSION_NOT_OVER,
  });
}

/** DELETE the uploaded recording: its attendees can no longer play it. */
export function removeRecordingVideo(sessionId: string): Promise<unknown> {
  return api(apiPath(learningPaths.adminSessionRecording(encodeURIComponent(sessionId))), { method: 'DELETE' });
}
