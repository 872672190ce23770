// The course data this feature reads from the public API.
import type { CourseListResponse, CourseResponse } from '@shared/schemas/public';
import { useApiQuery } from '@client/lib/use-api-query';

/**
 * The whole published catalogue. The page filters it in the browser: the filter options must
 * come from the loaded courses (spec §9), so the full list is needed anyway, and a filter change
 * is then instant. The unfiltered path is also the one the server embeds on first load.
 */
export function useCourseCatalog() {
  return useApiQuery<CourseListResponse>('/courses');
}

export function useCourse(courseId: string) {
  return useApiQuery<CourseResponse>(`/courses/${encodeURIComponent(courseId)}`);
}
