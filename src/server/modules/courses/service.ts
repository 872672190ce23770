// Course rules for the public site: only published courses, the next session, seats left,
// and whether the viewer sees the detail or the 'Contenu Exclusif pour Abonnés' panel.
import { canViewCourseDetail, type Viewer } from '@shared/access';
import { DEFAULT_SESSION_MINUTES } from '@shared/catalog';
import type { CourseDetail, CourseListQuery, CourseSummary, SessionSummary } from '@shared/schemas/public';
import type { Deps } from '../../deps';
import { AppError } from '../../http/app-error';
import { isAdmin } from '../../http/guards';
import { isUuid } from '../params';
import { toIso } from '../rows';
import * as repo from './repository';

export function toCourseSummary(row: repo.CourseSummaryRow): CourseSummary {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    imageUrl: row.imageUrl,
    priceCents: row.priceCents,
    isLive: row.isLive,
    isPremium: row.isPremium,
    difficulty: row.difficulty,
    durationMinutes: row.durationMinutes,
    cuisineType: row.cuisineType,
    dietaryInfo: row.dietaryInfo,
    teacher: row.teacherId && row.teacherName ? { id: row.teacherId, fullName: row.teacherName } : null,
    nextSessionAt: toIso(row.nextSessionAt),
    createdAt: toIso(row.createdAt),
  };
}

export type CourseService = ReturnType<typeof courseService>;

export function courseService(deps: Pick<Deps, 'config' | 'database' | 'now'>) {
  const db = () => deps.database.db;
  return {
    /** The catalogue: live first, then newest. */
    async list(query: CourseListQuery): Promise<CourseSummary[]> {
      const rows = await repo.listPublishedCourses(
        db(),
        {
          cuisine: query.cuisine,
          difficulty: query.difficulty,
          teacherId: query.chef,
          isLive: query.format === undefined ? undefined : query.format === 'live',
        },
        deps.now(),
      );
      return rows.map(toCourseSummary);
    },

    /** Home: up to `limit` live courses with a session ahead, the soonest first. */
    async upcomingLive(limit: number): Promise<CourseSummary[]> {
      return (await repo.listUpcomingLiveCourses(db(), deps.now(), limit)).map(toCourseSummary);
    },

    /** A chef's published courses, newest first. */
    async byTeacher(teacherId: string): Promise<CourseSummary[]> {
      return (await repo.listPublishedCourses(db(), { teacherId }, deps.now(), 'newest')).map(toCourseSummary);
    },

    /** One published course with its upcoming sessions; a malformed or unknown id is COURSE_NOT_FOUND. */
    async detail(id: string, viewer: Viewer): Promise<CourseDetail> {
      if (!isUuid(id)) throw new AppError('COURSE_NOT_FOUND');
      const now = deps.now();
      const [published, sessions, purchased] = await Promise.all([
        repo.findPublishedCourse(db(), id, now),
        repo.listUpcomingSessions(db(), id, now),
        viewer.userId ? repo.hasSucceededPurchase(db(), viewer.userId, id) : Promise.resolve(false),
      ]);
      // A course ever sold is archived, never deleted: its buyers (and the admin) still open it from Mes Achats.
      const row = published ?? (purchased || isAdmin(viewer) ? await repo.findArchivedCourse(db(), id, now) : null);
      if (!row) throw new AppError('COURSE_NOT_FOUND');
      const course = toCourseSummary(row);
      const discount = deps.config.booking.subscriberDiscountPercent;
      return {
        ...course,
        sessions: sessions.map(
          (s): SessionSummary => ({
            id: s.id,
            startsAt: toIso(s.startsAt),
            durationMinutes: s.durationMinutes ?? row.durationMinutes ?? DEFAULT_SESSION_MINUTES,
            capacity: s.capacity,
            seatsLeft: Math.max(0, s.capacity - s.taken),
          }),
        ),
        unlocked: canViewCourseDetail(course, viewer, purchased),
        purchased,
        // The same for every viewer (the page is cached for visitors): what a subscriber would save.
        subscriberDiscountPercent: row.isLive && discount > 0 ? discount : null,
        prepKitServings: row.isLive ? row.prepKitServings : null,
      };
    },

    /** Every published course's id and last change, for the sitemap. */
    stamps: () => repo.listPublishedCourseStamps(db()),
  };
}

// For the learning module: a purchase that still stands (a refunded one gives nothing), the course
// page's own rule.
export { hasSucceededPurchase } from './repository';
