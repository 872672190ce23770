// The class preparation kit's admin endpoints (issue 9, point 3), under /api/admin/sessions/:sessionId/prep-kit.
// Admin only: 401 to a visitor, 403 to anyone else. The kit's format: @shared/prep-kit.
import { SERVINGS_MAX, SERVINGS_MIN } from '../prep-kit';
import { z } from '../zod';
import { prepKitField } from './admin-courses';

const SERVINGS_MESSAGE = `Choisissez entre ${SERVINGS_MIN} et ${SERVINGS_MAX} portions.`;

/** GET …/prep-kit?servings=N — the e-mail as an attendee cooking for N gets it (default: the kit's servings). */
export const prepKitPreviewQuery = z
  .object({
    servings: z.coerce
      .number({ error: SERVINGS_MESSAGE })
      .int({ error: SERVINGS_MESSAGE })
      .min(SERVINGS_MIN, { error: SERVINGS_MESSAGE })
      .max(SERVINGS_MAX, { error: SERVINGS_MESSAGE })
      .optional(),
  })
  .strict();

/** PUT …/prep-kit — the session's own kit (null or blank: the course's again). */
export const sessionPrepKitSchema = z.object({ prepKit: prepKitField }).strict();
export type SessionPrepKitInput = z.input<typeof sessionPrepKitSchema>;

export type PrepKitPreview = { servings: number; subject: string; html: string; text: string };

export type SessionPrepKitView = {
  sessionId: string;
  courseId: string;
  courseTitle: string;
  startsAt: string;
  status: 'scheduled' | 'cancelled';
  /** The session's own kit, or null when it takes the course's. */
  sessionKit: string | null;
  courseKit: string | null;
  /** The servings the kit is written for (the course's, else 2). */
  kitServings: number;
  /** Whether a kit would be sent (the session's or the course's has a line). */
  hasKit: boolean;
  /** Confirmed attendees: whom a re-send goes to. */
  attendees: number;
  /** The e-mail for `servings`, null without a kit — with every substitution below, as a learner who needs them all gets it. */
  preview: PrepKitPreview | null;
  /** The course's substitutions that confirmed bookings need (docs/decisions/0053), and how many bookings get each. */
  substitutions: { label: string; text: string; bookings: number }[];
};
export type SessionPrepKitResponse = { prepKit: SessionPrepKitView };

/** POST …/prep-kit/send — to every confirmed attendee now (409 without a kit, or once the session started or was cancelled). */
export type PrepKitSendResponse = { sent: number; skipped: number };
