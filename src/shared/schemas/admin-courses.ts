// The admin's Cours tab (issue 7, point 3): /api/admin/courses. Every route answers 401 to a
// visitor and 403 to anyone but the admin. The public catalogue shows only 'published' courses;
// 'draft' is hidden, 'archived' is what a deleted course with purchases becomes (its buyers keep it).
import { MAX_REPEAT_WEEKS, MAX_SEATS_PER_BOOKING } from '../booking';
import { DIFFICULTIES, type Difficulty } from '../catalog';
import type { SaleBlocker } from '../entitlements';
import type { Allergen, Diet, KitSubstitutions } from '../dietary';
import { PREP_KIT_MAX_LENGTH, SERVINGS_MAX, SERVINGS_MIN } from '../prep-kit';
import { z } from '../zod';
import { AVATAR_ACCEPT, AVATAR_MAX_BYTES } from './account';
import type { TeacherRef } from './public';
import { dietaryTagFields, kitSubstitutionsField } from './dietary';

export const ADMIN_COURSE_STATUSES = ['published', 'draft', 'archived'] as const;
export type AdminCourseStatus = (typeof ADMIN_COURSE_STATUSES)[number];
/** What the form may set; 'archived' comes only from deleting a course that was bought. */
export const EDITABLE_COURSE_STATUSES = ['published', 'draft'] as const;

/** 10 000,00 CAD: far above any class, low enough that a typo in cents is caught. */
export const COURSE_MAX_PRICE_CENTS = 1_000_000;
export const SESSION_MAX_CAPACITY = 500;
export const MAX_DURATION_MINUTES = 24 * 60;

/** Optional free text: blank means none (stored as null). */
const optionalText = (max: number, tooLong: string) =>
  z
    .string()
    .trim()
    .max(max, { error: tooLong })
    .nullish()
    .transform((v) => (v ? v : null));

/** A preparation kit: blank means none. */
export const prepKitField = optionalText(PREP_KIT_MAX_LENGTH, `La trousse de préparation ne peut pas dépasser ${PREP_KIT_MAX_LENGTH} caractères.`);

const durationField = z
  .number({ error: 'Entrez une durée en minutes.' })
  .int({ error: 'La durée est un nombre entier de minutes.' })
  .min(5, { error: 'La durée doit être d’au moins 5 minutes.' })
  .max(MAX_DURATION_MINUTES, { error: 'La durée ne peut pas dépasser 24 heures.' });

/** POST /api/admin/courses and PATCH /api/admin/courses/:id (PATCH: every field optional). */
export const adminCourseFields = {
  title: z
    .string({ error: 'Le titre est requis.' })
    .trim()
    .min(3, { error: 'Le titre doit contenir au moins 3 caractères.' })
    .max(120, { error: 'Le titre ne peut pas dépasser 120 caractères.' }),
  description: z
    .string({ error: 'La description est requise.' })
    .trim()
    .min(10, { error: 'La description doit contenir au moins 10 caractères.' })
    .max(5000, { error: 'La description ne peut pas dépasser 5000 caractères.' }),
  priceCents: z
    .number({ error: 'Entrez un prix.' })
    .int({ error: 'Le prix est un montant en cents entier.' })
    .min(0, { error: 'Le prix ne peut pas être négatif.' })
    .max(COURSE_MAX_PRICE_CENTS, { error: 'Le prix ne peut pas dépasser 10 000,00 CAD.' }),
  isLive: z.boolean({ error: 'Choisissez en direct ou enregistré.' }),
  isPremium: z.boolean({ error: 'Indiquez si le cours est réservé aux abonnés.' }),
  difficulty: z.enum(DIFFICULTIES, { error: 'Choisissez un niveau de difficulté.' }),
  durationMinutes: durationField.nullish().transform((v) => v ?? null),
  cuisineType: optionalText(60, 'Le type de cuisine ne peut pas dépasser 60 caractères.'),
  dietaryInfo: optionalText(200, 'Les informations alimentaires ne peuvent pas dépasser 200 caractères.'),
  ...dietaryTagFields,
  teacherId: z
    .string({ error: 'Choisissez le chef qui enseigne ce cours.' })
    .trim()
    .min(1, { error: 'Choisissez le chef qui enseigne ce cours.' })
    .max(64, { error: 'Choisissez le chef qui enseigne ce cours.' }),
  status: z.enum(EDITABLE_COURSE_STATUSES, { error: 'Choisissez Publié ou Brouillon.' }),
  /** The class preparation kit (format: @shared/prep-kit), e-mailed 72 h before each session. */
  prepKit: prepKitField,
  /** The servings the kit is written for; null: 2. */
  prepKitServings: z
    .number({ error: 'Choisissez le nombre de portions.' })
    .int({ error: 'Le nombre de portions est un nombre entier.' })
    .min(SERVINGS_MIN, { error: `Entre ${SERVINGS_MIN} et ${SERVINGS_MAX} portions.` })
    .max(SERVINGS_MAX, { error: `Entre ${SERVINGS_MIN} et ${SERVINGS_MAX} portions.` })
    .nullish()
    .transform((v) => v ?? null),
  /** The kit's substitutions per dietary need (docs/decisions/0053); absent: left as they are. */
  kitSubstitutions: kitSubstitutionsField.optional(),
};

export const adminCourseCreateSchema = z.object(adminCourseFields).strict();
export type AdminCourseCreateInput = z.input<typeof adminCourseCreateSchema>;

export const adminCourseUpdateSchema = z
  .object(adminCourseFields)
  .partial()
  .strict()
  .refine((v) => Object.keys(v).length > 0, { error: 'Rien à modifier.' });
export type AdminCourseUpdateInput = z.input<typeof adminCourseUpdateSchema>;

/** A session's own fields, as created and edited. */
const adminSessionFields = z
  .object({
    startsAt: z.iso.datetime({ offset: true, error: 'Choisissez une date et une heure valides.' }),
    capacity: z
      .number({ error: 'Entrez le nombre de places.' })
      .int({ error: 'Le nombre de places est un nombre entier.' })
      .min(1, { error: 'Il faut au moins 1 place.' })
      .max(SESSION_MAX_CAPACITY, { error: `Au plus ${SESSION_MAX_CAPACITY} places par séance.` }),
    /** Null: the course's duration. */
    durationMinutes: durationField.nullish().transform((v) => v ?? null),
    /**
     * « Minimum d'inscriptions »: fewer confirmed seats than this and « Aperçu » flags the session
     * « Sous le minimum » in its last 7 days; fewer seats taken 96 h before its start and its chef is
     * asked to keep or cancel it (docs/decisions/0048). 0, the default: no minimum. At most the capacity.
     */
    minSeats: z
      .number({ error: "Entrez le minimum d'inscriptions (0 = aucun minimum)." })
      .int({ error: "Le minimum d'inscriptions est un nombre entier." })
      .min(0, { error: "Le minimum d'inscriptions ne peut pas être négatif." })
      .max(SESSION_MAX_CAPACITY, { error: `Au plus ${SESSION_MAX_CAPACITY} inscriptions.` })
      .optional(),
    /** « Maximum par réservation »: the most seats one booking may take (1 to 6; default 6, docs/decisions/0047). */
    maxSeatsPerBooking: z
      .number({ error: `Entrez un nombre de places par réservation (1 à ${MAX_SEATS_PER_BOOKING}).` })
      .int({ error: 'Le nombre de places par réservation est un nombre entier.' })
      .min(1, { error: 'Au moins 1 place par réservation.' })
      .max(MAX_SEATS_PER_BOOKING, { error: `Au plus ${MAX_SEATS_PER_BOOKING} places par réservation.` })
      .optional(),
  })
  .strict();

/** The message when the minimum is above the places (checked against the session's capacity as saved). */
export const MIN_SEATS_ABOVE_CAPACITY = "Le minimum d'inscriptions ne peut pas dépasser le nombre de places.";

/** Another session of the same chef at that time is refused (409 SESSION_OVERLAP) unless she confirms. */
const confirmOverlap = z.boolean().optional();

/** POST /api/admin/courses/:id/sessions — `repeatWeeks`: this many sessions, one a week (all or none). */
export const adminSessionCreateSchema = adminSessionFields
  .extend({
    confirmOverlap,
    repeatWeeks: z
      .number({ error: 'Entrez le nombre de semaines.' })
      .int({ error: 'Le nombre de semaines est un nombre entier.' })
      .min(1, { error: 'Au moins 1 semaine.' })
      .max(MAX_REPEAT_WEEKS, { error: `Au plus ${MAX_REPEAT_WEEKS} semaines d’un coup.` })
      .optional(),
  })
  .strict();
export type AdminSessionCreateInput = z.input<typeof adminSessionCreateSchema>;

/** PATCH /api/admin/courses/:id/sessions/:sessionId — capacity never below the seats taken (409 CAPACITY_BELOW_SEATS). */
export const adminSessionEditSchema = adminSessionFields
  .partial()
  .extend({ confirmOverlap })
  .strict()
  .refine((v) => Object.keys(v).some((k) => k !== 'confirmOverlap'), { error: 'Rien à modifier.' });
export type AdminSessionEditInput = z.input<typeof adminSessionEditSchema>;

export type AdminCourseSessionView = {
  id: string;
  startsAt: string;
  endsAt: string;
  /** Its own duration, or null when it takes the course's. */
  durationMinutes: number | null;
  capacity: number;
  /** Confirmed seats under which « Aperçu » flags the session (0: no minimum). */
  minSeats: number;
  /** The most seats one booking may take (« Maximum par réservation »). */
  maxSeatsPerBooking: number;
  /** Seats held now (confirmed, or held and unpaid): the booking's own rule. */
  seatsTaken: number;
  status: 'scheduled' | 'cancelled';
  cancelReason: string | null;
  /** Confirmed attendees: who is told by e-mail when the session moves. */
  attendees: number;
};

export type AdminCourseSummary = {
  id: string;
  title: string;
  status: AdminCourseStatus;
  isLive: boolean;
  isPremium: boolean;
  priceCents: number;
  imageUrl: string | null;
  teacher: TeacherRef | null;
  /** Recorded courses: whether a video is uploaded. */
  hasVideo: boolean;
  /** Live courses: scheduled sessions still ahead, the seats taken and offered in them, the next one. */
  upcomingSessions: number;
  upcomingSeatsTaken: number;
  upcomingCapacity: number;
  nextSessionAt: string | null;
  /** Why nobody can buy it yet (no video, no session open for booking), or null when it is on sale once published. */
  notOnSale: SaleBlocker | null;
  /** Succeeded purchases: the course is archived, not deleted, when there are any. */
  purchases: number;
  updatedAt: string;
};

export type AdminCourseDetail = Omit<AdminCourseSummary, 'teacher'> & {
  description: string;
  difficulty: Difficulty;
  durationMinutes: number | null;
  cuisineType: string | null;
  dietaryInfo: string | null;
  /** Null: the chef has not said yet (@shared/dietary). */
  allergens: Allergen[] | null;
  diets: Diet[];
  teacherId: string | null;
  teacher: TeacherRef | null;
  video: { contentType: string; bytes: number } | null;
  /** The class preparation kit as the chef typed it, and the servings it is written for. */
  prepKit: string | null;
  prepKitServings: number | null;
  /** The kit's substitutions, one text per dietary need. */
  kitSubstitutions: KitSubstitutions;
  /** Every session, soonest first (past and cancelled ones too). */
  sessions: AdminCourseSessionView[];
  /**
   * What deleting does: 'delete' (nothing was sold), 'archive' (purchases, orders or bookings
   * exist: kept for its buyers, hidden from the catalogue), 'blocked' (future sessions have
   * seats taken: cancel them first).
   */
  deletion: 'delete' | 'archive' | 'blocked';
};

/** GET /api/admin/courses — every course (all statuses) and who may teach. */
export type AdminCourseListResponse = {
  courses: AdminCourseSummary[];
  teachers: TeacherRef[];
  /** The largest video the server takes (VIDEO_MAX_MB), for the form to say and check first. */
  videoMaxBytes: number;
};
/** GET, POST, PATCH /api/admin/courses/:id, image and video uploads, unpublish. */
export type AdminCourseResponse = { course: AdminCourseDetail };
/** DELETE /api/admin/courses/:id — 'archived' when the course had been bought. */
export type AdminCourseDeleteResponse = { outcome: 'deleted' | 'archived'; course: AdminCourseDetail | null };
/** POST and PATCH of a session. */
/** `sessions`: every session a weekly repeat created, the first being `session`. */
export type AdminCourseSessionResponse = { session: AdminCourseSessionView; sessions?: AdminCourseSessionView[] };

/**
 * POST /api/admin/courses/image — multipart/form-data: the course's id in `courseId` and the
 * picture in `image` (a fixed path, like the recipes' upload, so the JSON-only rule names it
 * exactly). The same checks as an avatar; kept as a 1200 × 675 WebP.
 */
export const COURSE_IMAGE_PATH = '/api/admin/courses/image';
export const COURSE_ID_FIELD = 'courseId';
export const COURSE_IMAGE_FIELD = 'image';
export const COURSE_IMAGE_MAX_BYTES = AVATAR_MAX_BYTES;
export const COURSE_IMAGE_ACCEPT = AVATAR_ACCEPT;
/** PUT /api/admin/courses/:id/video: the raw file as the body, with one of these Content-Types. */
export const COURSE_VIDEO_TYPES = ['video/mp4', 'video/webm'] as const;
export const COURSE_VIDEO_ACCEPT = COURSE_VIDEO_TYPES.join(',');
