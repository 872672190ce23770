// How the Cours tab names a course's status and format.
import { SALE_BLOCKER_LABELS } from '@shared/entitlements';
import type { AdminCourseStatus, AdminCourseSummary } from '@shared/schemas/admin-courses';
import type { BadgeTone } from '@client/components/ui/Badge';

export const STATUS_LABELS: Record<AdminCourseStatus, string> = {
  published: 'Publié',
  draft: 'Brouillon',
  archived: 'Archivé',
};

export const STATUS_TONES: Record<AdminCourseStatus, BadgeTone> = {
  published: 'herb',
  draft: 'saffron',
  archived: 'neutral',
};

/** A published course nobody can buy yet, and why (the public site's own rule): null when on sale, or not published. */
export function notOnSaleLabel(course: Pick<AdminCourseSummary, 'status' | 'notOnSale'>): string | null {
  return course.status === 'published' && course.notOnSale ? SALE_BLOCKER_LABELS[course.notOnSale] : null;
}

export const formatLabel = (isLive: boolean) => (isLive ? 'En direct' : 'Enregistré');

/** '3 / 10 places' of the upcoming sessions, or what a recorded course has instead. */
export function seatsLabel(taken: number, capacity: number): string {
  return `${taken} / ${capacity} place${capacity > 1 ? 's' : ''}`;
}

/** '1,2 Mo' / '350 Mo' for a video's size. */
export function formatBytes(bytes: number): string {
  const mb = bytes / (1024 * 1024);
  if (mb >= 1024) return `${(mb / 1024).toLocaleString('fr-CA', { maximumFractionDigits: 1 })} Go`;
  if (mb >= 1) return `${mb.toLocaleString('fr-CA', { maximumFractionDigits: 1 })} Mo`;
  return `${Math.max(1, Math.round(bytes / 1024)).toLocaleString('fr-CA')} Ko`;
}
