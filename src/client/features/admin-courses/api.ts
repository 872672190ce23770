// The admin's Cours tab talking to /api/admin/courses (contract: @shared/schemas/admin-courses).
// Every change reads the list and the course again; a session's cancellation is the live-classes
// flow at /api/admin/sessions/:id/cancel (refunds and e-mails), so the calendar is refreshed too.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ERROR_MESSAGES } from '@shared/errors';
import {
  COURSE_ID_FIELD,
  COURSE_IMAGE_FIELD,
  type AdminCourseCreateInput,
  type AdminCourseDeleteResponse,
  type AdminCourseListResponse,
  type AdminCourseResponse,
  type AdminCourseSessionResponse,
  type AdminCourseUpdateInput,
  type AdminSessionCreateInput,
  type AdminSessionEditInput,
} from '@shared/schemas/admin-courses';
import type { AdminSessionCancelInput, AdminSessionCancelResponse } from '@shared/schemas/reservations';
import { api, ApiError } from '@client/lib/api';
import { putVideo } from '@client/lib/upload-video';

const KEY = ['admin', 'courses'] as const;
const coursePath = (id: string) => `/admin/courses/${encodeURIComponent(id)}`;

function useRefresh() {
  const client = useQueryClient();
  return (courseId?: string) => {
    void client.invalidateQueries({ queryKey: KEY });
    if (courseId) void client.invalidateQueries({ queryKey: [...KEY, courseId] });
    // Public pages and the calendar show courses and sessions too.
    void client.invalidateQueries({ queryKey: ['calendar'] });
  };
}

export function useAdminCourses() {
  return useQuery<AdminCourseListResponse, ApiError>({
    queryKey: KEY,
    queryFn: ({ signal }) => api<AdminCourseListResponse>('/admin/courses', { signal }),
  });
}

export function useAdminCourse(id: string | undefined) {
  return useQuery<AdminCourseResponse, ApiError>({
    queryKey: [...KEY, id ?? 'none'],
    queryFn: ({ signal }) => api<AdminCourseResponse>(coursePath(id!), { signal }),
    enabled: id !== undefined,
  });
}

export function useCreateCourse() {
  const refresh = useRefresh();
  return useMutation<AdminCourseResponse, ApiError, AdminCourseCreateInput>({
    mutationFn: (input) => api<AdminCourseResponse>('/admin/courses', { method: 'POST', body: JSON.stringify(input) }),
    onSuccess: ({ course }) => refresh(course.id),
  });
}

export function useUpdateCourse(id: string) {
  const refresh = useRefresh();
  const client = useQueryClient();
  return useMutation<AdminCourseResponse, ApiError, AdminCourseUpdateInput>({
    mutationFn: (input) => api<AdminCourseResponse>(coursePath(id), { method: 'PATCH', body: JSON.stringify(input) }),
    onSuccess: (data) => {
      client.setQueryData([...KEY, id], data);
      refresh(id);
    },
  });
}

export function useUnpublishCourse(id: string) {
  const refresh = useRefresh();
  return useMutation<AdminCourseResponse, ApiError, void>({
    mutationFn: () => api<AdminCourseResponse>(`${coursePath(id)}/unpublish`, { method: 'POST' }),
    onSuccess: () => refresh(id),
  });
}

export function useDeleteCourse(id: string) {
  const refresh = useRefresh();
  return useMutation<AdminCourseDeleteResponse, ApiError, void>({
    mutationFn: () => api<AdminCourseDeleteResponse>(coursePath(id), { method: 'DELETE' }),
    onSuccess: () => refresh(id),
  });
}

/** POST /api/admin/courses/image (multipart: the course id and the picture). */
export function useUploadCourseImage() {
  const refresh = useRefresh();
  return useMutation<AdminCourseResponse, ApiError, { courseId: string; file: File }>({
    mutationFn: ({ courseId, file }) => {
      const form = new FormData();
      form.append(COURSE_ID_FIELD, courseId);
      form.append(COURSE_IMAGE_FIELD, file);
      return api<AdminCourseResponse>('/admin/courses/image', { method: 'POST', body: form });
    },
    onSuccess: ({ course }) => refresh(course.id),
  });
}

/** PUT /api/admin/courses/:id/video with the file itself as the body, with its progress. */
export function uploadCourseVideo(
  courseId: string,
  file: File,
  onProgress: (sent: number, total: number) => void,
  signal?: AbortSignal,
): Promise<AdminCourseResponse> {
  return putVideo<AdminCourseResponse>(`/api${coursePath(courseId)}/video`, file, onProgress, { signal, conflict: ERROR_MESSAGES.VIDEO_ONLY_FOR_RECORDED });
}

export function useVideoUploaded() {
  const refresh = useRefresh();
  const client = useQueryClient();
  return (data: AdminCourseResponse) => {
    client.setQueryData([...KEY, data.course.id], data);
    refresh(data.course.id);
  };
}

export function useAddSession(courseId: string) {
  const refresh = useRefresh();
  return useMutation<AdminCourseSessionResponse, ApiError, AdminSessionCreateInput>({
    mutationFn: (input) => api<AdminCourseSessionResponse>(`${coursePath(courseId)}/sessions`, { method: 'POST', body: JSON.stringify(input) }),
    onSuccess: () => refresh(courseId),
  });
}

export function useEditSession(courseId: string) {
  const refresh = useRefresh();
  return useMutation<AdminCourseSessionResponse, ApiError, { sessionId: string; input: AdminSessionEditInput }>({
    mutationFn: ({ sessionId, input }) =>
      api<AdminCourseSessionResponse>(`${coursePath(courseId)}/sessions/${encodeURIComponent(sessionId)}`, { method: 'PATCH', body: JSON.stringify(input) }),
    onSuccess: () => refresh(courseId),
  });
}

/** The live-classes cancellation: every attendee refunded in full and told by e-mail. */
export function useCancelCourseSession(courseId: string) {
  const refresh = useRefresh();
  return useMutation<AdminSessionCancelResponse, ApiError, { sessionId: string; input: AdminSessionCancelInput }>({
    mutationFn: ({ sessionId, input }) =>
      api<AdminSessionCancelResponse>(`/admin/sessions/${encodeURIComponent(sessionId)}/cancel`, { method: 'POST', body: JSON.stringify(input) }),
    // Settled: an answer lost on the way may still have cancelled the session.
    onSettled: () => refresh(courseId),
  });
}
