// What this feature offers the others (decision 0023): they import it from here or from api.ts, never from its files.
import { lazy } from 'react';

export { CompletedBadge, CourseProgressBar } from './components/CourseProgressBar';

// Loaded when shown: the player stays out of the course page's first download.
export const CourseVideo = /* @__PURE__ */ lazy(() => import('./CourseVideo'));
export const CourseVideoNotice = /* @__PURE__ */ lazy(() => import('./CourseVideo').then((m) => ({ default: m.CourseVideoNotice })));
