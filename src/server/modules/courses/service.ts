// Course rules for the public site: only published courses, the next session open for booking,
// seats left, and what the viewer gets of each course (shared/entitlements.ts, DESIGN §7).
import type { Viewer } from '@shared/access';
import { courseProduct, entitlement, onceDeliverable, type Entitlement, type Pricing } from '@shared/entitlements';
import { DEFAULT_SESSION_MINUTES } from '@shared/catalog';
import type { CourseDetail, CourseListQuery, CourseSummary, SessionSummary } from '@shared/schemas/public';
import type { Deps } from '../../deps';
import { AppError } from '../../http/app-error';
import { isAdmin } from '../../http/guards';
import { isUuid } from '../params';
import { toIso } from '../rows';
import * as repo from './repository';

/** The course as the entitlement rules see it: deliverable when its video is there, or a session is open. */
export function productOf(row: Pick<repo.CourseSummaryRow, 'isLive' | 'isPremium' | 'priceCents' | 'teacherId' | 'hasVideo' | 'nextSessionAt'>) {
  return courseProduct({ ...row, hasOpenSession: row.nextSessionAt !== null });
}

export function toCourseSummary(row: repo.CourseSummaryRow, access: Entitlement): CourseSummary {
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
    allergens: row.allergens,
    diets: row.diets,
    teacher: row.teacherId && row.teacherName ? { id: row.teacherId, fullName: row.teacherName } : null,
    nextSessionAt: toIso(row.nextSessionAt),
    createdAt: toIso(row.createdAt),
    entitlement: access,
  };
}

export type CourseService = ReturnType<typeof courseService>;

export function courseService(deps: Pick<Deps, 'config' | 'database' | 'now'>) {
  const db = () => deps.database.db;
  const pricing = (): Pricing => ({ subscriberDiscountPercent: deps.config.booking.subscriberDiscountPercent });

  /** Each row with what this viewer gets of it: one query for their purchases, none for a visitor. */
  async function summaries(rows: repo.CourseSummaryRow[], viewer: Viewer): Promise<CourseSummary[]> {
    const owned = viewer.userId && rows.length ? await repo.purchasedCourseIds(db(), viewer.userId, rows.map((r) => r.id)) : new Set<string>();
    return rows.map((row) => toCourseSummary(row, entitlement(viewer, productOf(row), { purchased: owned.has(row.id) }, pricing())));
  }

  return {
    /** The catalogue: live first, then newest. */
    async list(query: CourseListQuery, viewer: Viewer): Promise<CourseSummary[]> {
      const rows = await repo.listPublishedCourses(
        db(),
        {
          cuisine: query.cuisine,
          difficulty: query.difficulty,
          teacherId: query.chef,
          isLive: query.format === undefined ? undefined : query.format === 'live',
          diet: query.diet,
        },
        deps.now(),
      );
      return summaries(rows, viewer);
    },

    /** Home: up to `limit` live courses with a session open for booking, the soonest first. */
    async upcomingLive(limit: number, viewer: Viewer): Promise<CourseSummary[]> {
      return summaries(await repo.listUpcomingLiveCourses(db(), deps.now(), limit), viewer);
    },

    /** A chef's published courses, newest first. */
    async byTeacher(teacherId: string, viewer: Viewer): Promise<CourseSummary[]> {
      return summaries(await repo.listPublishedCourses(db(), { teacherId }, deps.now(), 'newest'), viewer);
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
      const product = productOf(row);
      const course = toCourseSummary(row, entitlement(viewer, product, { purchased }, pricing()));
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
            maxSeatsPerBooking: s.maxSeatsPerBooking,
            hasPrepKit: s.hasOwnKit || row.hasPrepKit,
          }),
        ),
        // The subscribers' panel: shown when only a membership would open it, ready to sell or not.
        unlocked: entitlement(viewer, onceDeliverable(product), { purchased }, pricing()).status !== 'subscribers_only',
        purchased,
        // The same for every viewer (the page is cached for visitors): what a subscriber would save.
        subscriberDiscountPercent: row.isLive && discount > 0 ? discount : null,
        prepKitServings: row.isLive ? row.prepKitServings : null,
        hasPrepKit: row.isLive && (row.hasPrepKit || sessions.some((s) => s.hasOwnKit)),
      };
    },

    /** Every published course's id and last change, for the sitemap. */
    stamps: () => repo.listPublishedCourseStamps(db()),
  };
}

// For the learning module: a purchase that still stands (a refunded one gives nothing), the course
// page's own rule.
export { hasSucceededPurchase } from './repository';
