// The admin's Cours tab: create, edit, unpublish and delete courses, their picture and video, and
// the sessions of a live course. Every write is recorded in the audit trail in its own transaction,
// and the public pages' cache is dropped after it commits.
//
// Deleting never loses a sale: a course that was ever bought, ordered or booked is archived
// (hidden from the catalogue, still in its buyers' Mes Achats and receipts); only a course with no
// such history is removed. Neither happens while a future session has seats taken — those
// learners must be refunded first, through the session's cancellation.
//
// Locks: a session's capacity is checked against its seats with the session row locked, the same
// lock a booking hold takes, so a hold and a capacity change never both win. Deleting locks the
// course's sessions (id order) before the course row, the order the payment event follows
// (session, then the purchase that points at the course); other course writes lock the course
// 'for no key update', which leaves order lines free to be inserted for it meanwhile.
import { randomUUID } from 'node:crypto';
import { sessionMinutes } from '@shared/booking';
import { CHEF_TIME_ZONE, formatSessionDateTime } from '@shared/format';
import { saleBlocker } from '@shared/entitlements';
import {
  adminCourseCreateSchema,
  adminCourseUpdateSchema,
  adminSessionCreateSchema,
  adminSessionEditSchema,
  MIN_SEATS_ABOVE_CAPACITY,
  type AdminCourseDeleteResponse,
  type AdminCourseDetail,
  type AdminCourseListResponse,
  type AdminCourseSessionResponse,
  type AdminCourseSessionView,
  type AdminCourseSummary,
} from '@shared/schemas/admin-courses';
import type { Deps } from '../../deps';
import { AppError } from '../../http/app-error';
import { parseInput } from '../../http/validate';
import { openVideo } from '../../http/video-upload';
import { toStoredImage } from '../../integrations/storage/images';
import { publish } from '../../realtime/publish';
import { invalidatePublicCache } from '../../web/public-cache';
import { recordAudit } from '../audit/service';
import { scheduleMinimumCheck } from '../minimum-enrolment/service';
import { promoteLater } from '../waitlist/jobs';
import { seatsFreed } from '../waitlist/service';
import { announceMove, overlapsOf } from '../sessions/moves';
import { isUuid } from '../params';
import { toIso } from '../rows';
import * as repo from './repository';
import type { Tx } from '../../db/client';

/** A course's stored picture: the 16:9 of the course pages, wide enough for the largest variant. */
export const COURSE_IMAGE_SIZE = { width: 1200, height: 675 };
/** Keys of files uploaded here: the only ones a replacement or a deletion may remove (never the seed's). */
const OWN_IMAGE_KEY = /^courses\/[0-9a-f-]{36}\.webp$/;
const OWN_VIDEO_KEY = /^videos\/[0-9a-f-]{36}\.(mp4|webm)$/;

const MINUTE_MS = 60_000;

const TEACHER_REFUSED = 'Choisissez un chef ou la cheffe administratrice dans la liste.';
const FORMAT_LOCKED = 'Ce cours a déjà été vendu ou réservé : son format (en direct ou enregistré) ne peut plus changer.';
const FORMAT_HAS_SESSIONS = 'Ce cours a des séances : annulez-les avant d’en faire un cours enregistré.';
const SESSIONS_ONLY_LIVE = 'Seul un cours en direct a des séances.';
const STARTS_IN_FUTURE = 'La séance doit commencer dans le futur.';
const SESSION_STARTED = 'Cette séance a déjà commencé : elle ne peut plus être modifiée.';
const WEEK_MS = 7 * 24 * 60 * MINUTE_MS;

/** 409 SESSION_OVERLAP naming the first session in the way, unless the chef confirmed. */
function refuseOverlap(found: { courseTitle: string; startsAt: Date }[], confirmed: boolean | undefined) {
  const first = found[0];
  if (!first || confirmed) return;
  const more = found.length > 1 ? ` (et ${found.length - 1} autre${found.length > 2 ? 's' : ''})` : '';
  throw new AppError(
    'SESSION_OVERLAP',
    `Cette cheffe donne déjà « ${first.courseTitle} » le ${formatSessionDateTime(first.startsAt, CHEF_TIME_ZONE)}${more}, au même moment. Confirmez pour programmer cette séance quand même.`,
  );
}

/** The fields an audit row keeps of a course (what a person reading the trail needs). */
const auditSummary = (c: Pick<repo.CourseRow, 'title' | 'priceCents' | 'isLive' | 'isPremium' | 'status' | 'teacherId'>) => ({
  title: c.title,
  priceCents: c.priceCents,
  isLive: c.isLive,
  isPremium: c.isPremium,
  status: c.status,
  teacherId: c.teacherId,
});

function toSessionView(row: repo.SessionRow, courseMinutes: number | null): AdminCourseSessionView {
  const minutes = sessionMinutes({ durationMinutes: row.durationMinutes }, { durationMinutes: courseMinutes });
  return {
    id: row.id,
    startsAt: toIso(row.startsAt),
    endsAt: new Date(row.startsAt.getTime() + minutes * MINUTE_MS).toISOString(),
    durationMinutes: row.durationMinutes,
    capacity: row.capacity,
    minSeats: row.minSeats,
    maxSeatsPerBooking: row.maxSeatsPerBooking,
    seatsTaken: row.seatsTaken,
    status: row.status,
    cancelReason: row.cancelReason,
    attendees: row.attendees,
  };
}

function toSummary(row: repo.CourseRow, stats: repo.UpcomingStats | undefined, purchases: number): AdminCourseSummary {
  return {
    id: row.id,
    title: row.title,
    status: row.status,
    isLive: row.isLive,
    isPremium: row.isPremium,
    priceCents: row.priceCents,
    imageUrl: row.imageUrl,
    teacher: row.teacherId && row.teacherName ? { id: row.teacherId, fullName: row.teacherName } : null,
    hasVideo: row.videoKey !== null,
    upcomingSessions: stats?.sessions ?? 0,
    upcomingSeatsTaken: stats?.seatsTaken ?? 0,
    upcomingCapacity: stats?.capacity ?? 0,
    nextSessionAt: toIso(stats?.nextAt ?? null),
    // The public site's own rule (shared/entitlements.ts): the admin is told why it is not on sale yet.
    notOnSale: saleBlocker({ isLive: row.isLive, hasVideo: row.videoKey !== null, hasOpenSession: (stats?.openSessions ?? 0) > 0 }),
    purchases,
    updatedAt: toIso(row.updatedAt),
  };
}

export function createAdminCourseService(deps: Pick<Deps, 'config' | 'database' | 'storage' | 'logger' | 'now'>) {
  const db = () => deps.database.db;

  function courseId(raw: string | undefined): string {
    if (!raw || !isUuid(raw)) throw new AppError('COURSE_NOT_FOUND');
    return raw.toLowerCase();
  }

  function sessionId(raw: string | undefined): string {
    if (!raw || !isUuid(raw)) throw new AppError('SESSION_NOT_FOUND');
    return raw.toLowerCase();
  }

  function ownKey(url: string | null, pattern: RegExp): string | null {
    if (!url) return null;
    const key = url.replace(/^\/media\//, '');
    return pattern.test(key) && deps.storage.publicUrl(key) === url ? key : null;
  }

  /** A file no longer referenced: its removal failing costs only disk space, never the answer. */
  async function discard(key: string | null) {
    if (!key) return;
    await deps.storage.delete(key).catch((err) => deps.logger.warn({ err, key }, 'fichier de cours non supprimé'));
  }

  async function detail(id: string): Promise<AdminCourseDetail> {
    const now = deps.now();
    const row = await repo.findCourse(db(), id);
    if (!row) throw new AppError('COURSE_NOT_FOUND');
    const [stats, purchases, sessions, booked, history] = await Promise.all([
      repo.upcomingStats(db(), now, [id]),
      repo.purchaseCounts(db(), [id]),
      repo.listSessions(db(), id, now),
      repo.bookedFutureSeats(db(), id, now),
      repo.hasHistory(db(), id),
    ]);
    return {
      ...toSummary(row, stats.get(id), purchases.get(id) ?? 0),
      description: row.description,
      difficulty: row.difficulty,
      durationMinutes: row.durationMinutes,
      cuisineType: row.cuisineType,
      dietaryInfo: row.dietaryInfo,
      allergens: row.allergens,
      diets: row.diets,
      prepKit: row.prepKit,
      prepKitServings: row.prepKitServings,
      kitSubstitutions: row.kitSubstitutions,
      teacherId: row.teacherId,
      video: row.videoKey && row.videoContentType ? { contentType: row.videoContentType, bytes: row.videoBytes ?? 0 } : null,
      sessions: sessions.map((s) => toSessionView(s, row.durationMinutes)),
      deletion: booked > 0 ? 'blocked' : history ? 'archive' : 'delete',
    };
  }

  async function checkTeacher(conn: Tx, teacherId: string | undefined) {
    if (teacherId !== undefined && !(await repo.isTeacher(conn, teacherId))) {
      throw new AppError('VALIDATION_FAILED', undefined, { teacherId: TEACHER_REFUSED });
    }
  }

  /** The course row locked for a change of its columns (order lines may still be inserted for it). */
  async function lockForChange(tx: Tx, id: string) {
    const row = await repo.lockCourseForChange(tx, id);
    if (!row) throw new AppError('COURSE_NOT_FOUND');
    return row;
  }

  return {
    async list(): Promise<AdminCourseListResponse> {
      const now = deps.now();
      const [rows, stats, purchases, teachers] = await Promise.all([
        repo.listCourses(db()),
        repo.upcomingStats(db(), now),
        repo.purchaseCounts(db()),
        repo.listTeachers(db()),
      ]);
      return {
        courses: rows.map((r) => toSummary(r, stats.get(r.id), purchases.get(r.id) ?? 0)),
        teachers,
        videoMaxBytes: deps.config.videoMaxBytes,
      };
    },

    get: (rawId: string | undefined) => detail(courseId(rawId)),

    async create(actorId: string, body: unknown): Promise<AdminCourseDetail> {
      const input = parseInput(adminCourseCreateSchema, body);
      const now = deps.now();
      const id = await db().transaction(async (tx) => {
        await checkTeacher(tx, input.teacherId);
        const created = await repo.insertCourse(tx, input, now);
        await recordAudit(tx, { actorId, action: 'course.create', targetType: 'course', targetId: created, details: auditSummary(input) });
        return created;
      });
      invalidatePublicCache();
      return detail(id);
    },

    async update(actorId: string, rawId: string | undefined, body: unknown): Promise<AdminCourseDetail> {
      const id = courseId(rawId);
      const input = parseInput(adminCourseUpdateSchema, body);
      const now = deps.now();
      await db().transaction(async (tx) => {
        const before = await lockForChange(tx, id);
        await checkTeacher(tx, input.teacherId);
        if (input.isLive !== undefined && input.isLive !== before.isLive) {
          if (await repo.hasHistory(tx, id)) throw new AppError('VALIDATION_FAILED', undefined, { isLive: FORMAT_LOCKED });
          if (before.isLive && (await repo.listSessions(tx, id, now)).length > 0) {
            throw new AppError('VALIDATION_FAILED', undefined, { isLive: FORMAT_HAS_SESSIONS });
          }
        }
        // Only what changed is written and kept in the trail.
        const changes = Object.fromEntries(
          // Lists (allergens, diets) compare by content.
          Object.entries(input).filter(([k, v]) => v !== undefined && JSON.stringify(before[k as keyof typeof before]) !== JSON.stringify(v)),
        ) as repo.CourseValues;
        if (Object.keys(changes).length === 0) return;
        await repo.updateCourse(tx, id, changes, now);
        const details: Record<string, unknown> = {};
        for (const [k, v] of Object.entries(changes)) {
          // The texts are long: the trail says they changed, not what they say.
          details[k] = k === 'description' || k === 'prepKit' || k === 'kitSubstitutions' ? { changed: true } : { from: before[k as keyof typeof before], to: v };
        }
        await recordAudit(tx, { actorId, action: changes.status === 'draft' ? 'course.unpublish' : 'course.update', targetType: 'course', targetId: id, details });
      });
      invalidatePublicCache();
      return detail(id);
    },

    /** Back to draft: hidden from the catalogue, nothing else changes (buyers keep their access). */
    async unpublish(actorId: string, rawId: string | undefined): Promise<AdminCourseDetail> {
      const id = courseId(rawId);
      const now = deps.now();
      const changed = await db().transaction(async (tx) => {
        const before = await lockForChange(tx, id);
        if (before.status !== 'published') return false;
        await repo.updateCourse(tx, id, { status: 'draft' }, now);
        await recordAudit(tx, { actorId, action: 'course.unpublish', targetType: 'course', targetId: id, details: { from: 'published', to: 'draft' } });
        return true;
      });
      if (changed) invalidatePublicCache();
      return detail(id);
    },

    async remove(actorId: string, rawId: string | undefined): Promise<AdminCourseDeleteResponse> {
      const id = courseId(rawId);
      const now = deps.now();
      const done = await db().transaction(async (tx) => {
        await repo.lockSessionsOf(tx, id);
        const course = await repo.lockCourse(tx, id);
        if (!course) throw new AppError('COURSE_NOT_FOUND');
        if (course.status === 'archived') return { outcome: 'archived' as const, files: [], changed: false };
        if ((await repo.bookedFutureSeats(tx, id, now)) > 0) throw new AppError('COURSE_HAS_SESSIONS_BOOKED');
        if (await repo.hasHistory(tx, id)) {
          await repo.updateCourse(tx, id, { status: 'archived' }, now);
          await recordAudit(tx, { actorId, action: 'course.archive', targetType: 'course', targetId: id, details: { ...auditSummary(course), from: course.status } });
          return { outcome: 'archived' as const, files: [], changed: true };
        }
        await repo.deleteCourse(tx, id);
        await recordAudit(tx, { actorId, action: 'course.delete', targetType: 'course', targetId: id, details: auditSummary(course) });
        const video = course.videoKey && OWN_VIDEO_KEY.test(course.videoKey) ? course.videoKey : null;
        return { outcome: 'deleted' as const, files: [ownKey(course.imageUrl, OWN_IMAGE_KEY), video], changed: true };
      });
      if (done.changed) invalidatePublicCache();
      for (const key of done.files) await discard(key);
      return { outcome: done.outcome, course: done.outcome === 'archived' ? await detail(id) : null };
    },

    /** Checks, re-encodes and stores a new picture; the previous one of ours is deleted after. */
    async replaceImage(actorId: string, rawId: string | undefined, bytes: Buffer): Promise<AdminCourseDetail> {
      const id = courseId(rawId);
      if (!(await repo.findCourse(db(), id))) throw new AppError('COURSE_NOT_FOUND');
      const image = await toStoredImage(bytes, COURSE_IMAGE_SIZE);
      const key = `courses/${randomUUID()}.webp`;
      await deps.storage.put(key, image, 'image/webp');
      const url = deps.storage.publicUrl(key);
      let previous: string | null;
      try {
        previous = await db().transaction(async (tx) => {
          const before = await lockForChange(tx, id);
          await repo.updateCourse(tx, id, { imageUrl: url }, deps.now());
          await recordAudit(tx, { actorId, action: 'course.image', targetType: 'course', targetId: id, details: { from: before.imageUrl, to: url } });
          return before.imageUrl;
        });
      } catch (err) {
        await discard(key);
        throw err;
      }
      invalidatePublicCache();
      await discard(ownKey(previous, OWN_IMAGE_KEY));
      return detail(id);
    },

    /**
     * Streams the request body to storage under a new key (type from its first bytes, size counted
     * on the way), then points the course at it; the previous video is removed once the new one is
     * saved. A refused or broken upload leaves no file and the course as it was.
     */
    async replaceVideo(
      actorId: string,
      rawId: string | undefined,
      body: ReadableStream<Uint8Array> | null,
      declaredBytes: number | null,
    ): Promise<AdminCourseDetail> {
      const id = courseId(rawId);
      const course = await repo.findCourse(db(), id);
      if (!course) throw new AppError('COURSE_NOT_FOUND');
      if (course.isLive) throw new AppError('VIDEO_ONLY_FOR_RECORDED');
      const max = deps.config.videoMaxBytes;
      // Said too large up front: refused before a byte is read.
      if (declaredBytes !== null && declaredBytes > max) throw new AppError('VIDEO_TOO_LARGE');

      const video = await openVideo(body, max);
      const key = `videos/${randomUUID()}.${video.kind.extension}`;
      try {
        await deps.storage.put(key, video.stream, video.kind.contentType);
      } catch (err) {
        // The adapter removed its partial file; the key is cleared too in case another adapter did not.
        await discard(key);
        throw err;
      }
      const bytes = video.bytesRead();
      let previous: string | null;
      try {
        previous = await db().transaction(async (tx) => {
          const before = await lockForChange(tx, id);
          // Made live while the file was streaming: the upload no longer applies.
          if (before.isLive) throw new AppError('VIDEO_ONLY_FOR_RECORDED');
          await repo.updateCourse(tx, id, { videoKey: key, videoContentType: video.kind.contentType, videoBytes: bytes }, deps.now());
          await recordAudit(tx, {
            actorId,
            action: 'course.video',
            targetType: 'course',
            targetId: id,
            details: { contentType: video.kind.contentType, bytes, replaced: before.videoKey !== null },
          });
          return before.videoKey;
        });
      } catch (err) {
        await discard(key);
        throw err;
      }
      invalidatePublicCache();
      if (previous && previous !== key && OWN_VIDEO_KEY.test(previous)) await discard(previous);
      return detail(id);
    },

    async addSession(actorId: string, rawCourseId: string | undefined, body: unknown): Promise<AdminCourseSessionResponse> {
      const id = courseId(rawCourseId);
      const input = parseInput(adminSessionCreateSchema, body);
      const now = deps.now();
      const startsAt = new Date(input.startsAt);
      if (startsAt.getTime() <= now.getTime()) throw new AppError('VALIDATION_FAILED', undefined, { startsAt: STARTS_IN_FUTURE });
      const minSeats = input.minSeats ?? 0;
      if (minSeats > input.capacity) throw new AppError('VALIDATION_FAILED', undefined, { minSeats: MIN_SEATS_ABOVE_CAPACITY });
      const weeks = input.repeatWeeks ?? 1;
      // All or none: every week checked against the chef's other sessions, then all inserted in one transaction.
      const created = await db().transaction(async (tx) => {
        const course = await lockForChange(tx, id);
        if (!course.isLive) throw new AppError('CONFLICT', SESSIONS_ONLY_LIVE);
        const minutes = sessionMinutes({ durationMinutes: input.durationMinutes }, { durationMinutes: course.durationMinutes });
        const starts = Array.from({ length: weeks }, (_, i) => new Date(startsAt.getTime() + i * WEEK_MS));
        const overlaps = [];
        for (const start of starts) {
          overlaps.push(...(await overlapsOf(tx, { teacherId: course.teacherId, courseId: id, startsAt: start, endsAt: new Date(start.getTime() + minutes * MINUTE_MS) })));
        }
        refuseOverlap(overlaps, input.confirmOverlap);
        const sids: string[] = [];
        for (const start of starts) {
          const sid = await repo.insertSession(
            tx,
            { courseId: id, startsAt: start, capacity: input.capacity, minSeats, ...(input.maxSeatsPerBooking ? { maxSeatsPerBooking: input.maxSeatsPerBooking } : {}), durationMinutes: input.durationMinutes },
            now,
          );
          // A minimum is checked the policy's hours (96 by default) before the start (minimum-enrolment, docs/decisions/0048).
          await scheduleMinimumCheck(tx, { sessionId: sid, startsAt: start, minSeats, now });
          await recordAudit(tx, {
            actorId,
            action: 'session.create',
            targetType: 'session',
            targetId: sid,
            details: {
              courseId: id,
              startsAt: start.toISOString(),
              capacity: input.capacity,
              ...(minSeats ? { minSeats } : {}),
              ...(input.maxSeatsPerBooking ? { maxSeatsPerBooking: input.maxSeatsPerBooking } : {}),
              durationMinutes: input.durationMinutes,
              ...(weeks > 1 ? { repeat: { week: sids.length + 1, of: weeks } } : {}),
              ...(overlaps.length ? { overlapConfirmed: true } : {}),
            },
          });
          sids.push(sid);
        }
        return { sids, courseMinutes: course.durationMinutes };
      });
      invalidatePublicCache();
      const rows = await repo.listSessions(db(), id, deps.now());
      const views = created.sids.map((sid) => toSessionView(rows.find((r) => r.id === sid)!, created.courseMinutes));
      return { session: views[0]!, sessions: views };
    },

    /**
     * Capacity, minimum, start or duration; the capacity never below the seats taken, checked under
     * the session's lock, and never below the minimum.
     */
    async editSession(actorId: string, rawCourseId: string | undefined, rawSessionId: string | undefined, body: unknown): Promise<AdminCourseSessionView> {
      const id = courseId(rawCourseId);
      const sid = sessionId(rawSessionId);
      const input = parseInput(adminSessionEditSchema, body);
      const now = deps.now();
      const startsAt = input.startsAt === undefined ? undefined : new Date(input.startsAt);
      if (startsAt && startsAt.getTime() <= now.getTime()) throw new AppError('VALIDATION_FAILED', undefined, { startsAt: STARTS_IN_FUTURE });

      await db().transaction(async (tx) => {
        // Only the session is locked (as a booking hold locks it): the course row stays free.
        const session = await repo.lockSession(tx, id, sid);
        if (!session) throw new AppError('SESSION_NOT_FOUND');
        if (session.status === 'cancelled') throw new AppError('SESSION_CANCELLED');
        if (session.startsAt.getTime() <= now.getTime()) throw new AppError('CONFLICT', SESSION_STARTED);
        const taken = await repo.seatsTaken(tx, sid, now);
        if (input.capacity !== undefined && input.capacity < taken) throw new AppError('CAPACITY_BELOW_SEATS');

        const changes: Parameters<typeof repo.updateSession>[2] = {};
        const details: Record<string, unknown> = { courseId: id, seatsTaken: taken };
        if (input.capacity !== undefined && input.capacity !== session.capacity) {
          changes.capacity = input.capacity;
          details.capacity = { from: session.capacity, to: input.capacity };
        }
        // The minimum never above the places, whichever of the two this edit changes.
        if ((input.minSeats ?? session.minSeats) > (input.capacity ?? session.capacity)) {
          throw new AppError('VALIDATION_FAILED', undefined, { minSeats: MIN_SEATS_ABOVE_CAPACITY });
        }
        if (input.minSeats !== undefined && input.minSeats !== session.minSeats) {
          changes.minSeats = input.minSeats;
          details.minSeats = { from: session.minSeats, to: input.minSeats };
        }
        if (input.maxSeatsPerBooking !== undefined && input.maxSeatsPerBooking !== session.maxSeatsPerBooking) {
          // Bookings already made keep their seats: the cap is for the next ones.
          changes.maxSeatsPerBooking = input.maxSeatsPerBooking;
          details.maxSeatsPerBooking = { from: session.maxSeatsPerBooking, to: input.maxSeatsPerBooking };
        }
        if (startsAt && startsAt.getTime() !== session.startsAt.getTime()) {
          changes.startsAt = startsAt;
          details.startsAt = { from: session.startsAt.toISOString(), to: startsAt.toISOString() };
        }
        if (input.durationMinutes !== undefined && input.durationMinutes !== session.durationMinutes) {
          changes.durationMinutes = input.durationMinutes;
          details.durationMinutes = { from: session.durationMinutes, to: input.durationMinutes };
        }
        if (Object.keys(changes).length === 0) return;
        if (changes.startsAt || changes.durationMinutes !== undefined) {
          // A new time is checked against the chef's other sessions, as a new session is.
          const course = await repo.findCourse(tx, id);
          const start = changes.startsAt ?? session.startsAt;
          const minutes = sessionMinutes({ durationMinutes: changes.durationMinutes !== undefined ? changes.durationMinutes : session.durationMinutes }, { durationMinutes: course?.durationMinutes ?? null });
          const overlaps = await overlapsOf(tx, { teacherId: course?.teacherId ?? null, courseId: id, startsAt: start, endsAt: new Date(start.getTime() + minutes * MINUTE_MS), exceptId: sid });
          refuseOverlap(overlaps, input.confirmOverlap);
          if (overlaps.length) details.overlapConfirmed = true;
          // Calendars replace the event they have only when its SEQUENCE is higher.
          changes.sequence = session.sequence + 1;
        }
        if (changes.startsAt) {
          changes.movedAt = now;
          // A question about its minimum was about the old time: the new one is checked afresh.
          Object.assign(changes, { minimumAskedAt: null, minimumAnswerDueAt: null, minimumKeptAt: null });
        }
        await repo.updateSession(tx, sid, changes, now);
        if (changes.startsAt || changes.minSeats !== undefined) {
          await scheduleMinimumCheck(tx, { sessionId: sid, startsAt: changes.startsAt ?? session.startsAt, minSeats: changes.minSeats ?? session.minSeats, now });
        }
        if (changes.startsAt) {
          details.told = await announceMove(tx, deps.config, { sessionId: sid, previousStartsAt: session.startsAt, now });
        }
        await recordAudit(tx, { actorId, action: 'session.update', targetType: 'session', targetId: sid, details });
        // More places: the waitlist gets them right after commit, and by a job sent here should that not happen.
        if (input.capacity !== undefined && input.capacity > session.capacity) await promoteLater(tx, sid, now);
        // A new time or length shows in the attendees' open calendars (and the admins').
        if (changes.startsAt || changes.durationMinutes !== undefined) {
          for (const seat of await repo.seatHolders(tx, sid, now)) {
            const event = { type: 'reservation.updated', reservationId: seat.id } as const;
            await publish(tx, { userId: seat.userId }, event);
            await publish(tx, { role: 'admin' }, event);
          }
        }
      });
      invalidatePublicCache();
      // More places: the waitlist gets them first (docs/decisions/0050).
      if (input.capacity !== undefined) await seatsFreed(deps, sid);
      const course = await repo.findCourse(db(), id);
      const row = await repo.findSession(db(), id, sid, deps.now());
      return toSessionView(row!, course?.durationMinutes ?? null);
    },
  };
}

export type AdminCourseService = ReturnType<typeof createAdminCourseService>;
