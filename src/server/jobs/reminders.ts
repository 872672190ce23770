// Reminders of a live class. Scheduled when a seat is confirmed (booking/payment-confirmation.ts,
// in the payment's transaction): one job 24 h and one 1 h before the start, each skipped if that
// moment has passed. The job decides at run time — the seat may have been cancelled, the session
// moved or cancelled, the learner may have turned reminders off since.
import { DEFAULT_EMAIL_PREFERENCES } from '@shared/schemas/notifications';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { courseSessions, courses, emailPreferences, reservations, users } from '../db/schema';
import type { Deps } from '../deps';
import { queueEmail, skipEmail } from '../integrations/mail/outgoing';
import { listUnsubscribeHeaders, unsubscribeUrl } from '../modules/email-preferences/unsubscribe-token';
import { notify } from '../modules/notifications/notify';
import { cancelJob, sendJob } from './boss';
import type { Job } from './jobs';
import { QUEUES, type ReminderKind } from './queues';
import { reminderMail, reminderNotice } from './reminder-mail';

const HOUR = 3_600_000;
export const REMINDER_OFFSETS: Record<ReminderKind, number> = { '24h': 24 * HOUR, '1h': HOUR };
/** A job that runs this much before its moment (the session moved later) is sent again for the new moment. */
const EARLY_TOLERANCE = 10 * 60_000;
/** A '24 h' reminder that only runs this close to the start says nothing the '1 h' one will not. */
const STALE_24H = 2 * HOUR;

type Conn = Pick<Db, 'execute'>;

/** The job's singletonKey: one reminder of a kind per seat and start time. */
export const reminderJobKey = (kind: ReminderKind, reservationId: string, startsAt: Date) => `${kind}:${reservationId}:${startsAt.toISOString()}`;
/** One reminder of a kind per seat and session time: a session moved (its SEQUENCE raised) is reminded again at its new time. */
export const reminderDedupeKey = (kind: ReminderKind, reservationId: string, sequence = 0) =>
  sequence === 0 ? `reminder.${kind}:${reservationId}` : `reminder.${kind}:${reservationId}:s${sequence}`;

/** Schedules the reminders of a seat just confirmed; `conn` is the confirming transaction. */
export async function scheduleReminders(conn: Conn, input: { reservationId: string; startsAt: Date; now: Date }): Promise<void> {
  for (const kind of Object.keys(REMINDER_OFFSETS) as ReminderKind[]) {
    const due = new Date(input.startsAt.getTime() - REMINDER_OFFSETS[kind]);
    if (due.getTime() <= input.now.getTime()) continue;
    await sendJob(conn, QUEUES.reminder, { reservationId: input.reservationId, kind }, { startAfter: due, now: input.now, singletonKey: reminderJobKey(kind, input.reservationId, input.startsAt) });
  }
}

/**
 * The session moved from `previousStartsAt`: the seat's reminders planned for the old time are
 * cancelled (they must not fire) and planned again for the new one, in the moving transaction.
 */
export async function moveReminders(conn: Conn, input: { reservationId: string; previousStartsAt: Date; startsAt: Date; now: Date }): Promise<void> {
  for (const kind of Object.keys(REMINDER_OFFSETS) as ReminderKind[]) {
    await cancelJob(conn, QUEUES.reminder, reminderJobKey(kind, input.reservationId, input.previousStartsAt));
  }
  await scheduleReminders(conn, input);
}

export type ReminderOutcome = 'queued' | 'preference' | 'already' | 'not_confirmed' | 'session_over' | 'rescheduled' | 'stale';

async function findSeat(tx: Db, reservationId: string) {
  const [row] = await tx
    .select({
      status: reservations.status,
      userId: reservations.userId,
      email: users.email,
      name: users.name,
      sessionStatus: courseSessions.status,
      startsAt: courseSessions.startsAt,
      sequence: courseSessions.sequence,
      videoLink: courseSessions.videoLink,
      courseTitle: courses.title,
      wantsReminders: emailPreferences.reminders,
    })
    .from(reservations)
    .innerJoin(courseSessions, eq(courseSessions.id, reservations.sessionId))
    .innerJoin(courses, eq(courses.id, courseSessions.courseId))
    .innerJoin(users, eq(users.id, reservations.userId))
    .leftJoin(emailPreferences, eq(emailPreferences.userId, reservations.userId))
    .where(and(eq(reservations.id, reservationId)));
  return row ?? null;
}

export function reminderWorker(deps: Pick<Deps, 'config' | 'database' | 'now'>) {
  return async function runReminder(job: Pick<Job<typeof QUEUES.reminder>, 'data'>): Promise<ReminderOutcome> {
    const { reservationId, kind } = job.data;
    const now = deps.now();
    return deps.database.db.transaction(async (tx): Promise<ReminderOutcome> => {
      const seat = await findSeat(tx, reservationId);
      if (!seat || seat.status !== 'confirmed') return 'not_confirmed';
      if (seat.sessionStatus !== 'scheduled' || seat.startsAt.getTime() <= now.getTime()) return 'session_over';
      const due = seat.startsAt.getTime() - REMINDER_OFFSETS[kind];
      if (due - now.getTime() > EARLY_TOLERANCE) {
        await sendJob(tx, QUEUES.reminder, job.data, { startAfter: new Date(due), now, singletonKey: reminderJobKey(kind, reservationId, seat.startsAt) });
        return 'rescheduled';
      }
      if (kind === '24h' && seat.startsAt.getTime() - now.getTime() < STALE_24H) return 'stale';

      const dedupeKey = reminderDedupeKey(kind, reservationId, seat.sequence);
      const notice = reminderNotice(kind, seat.courseTitle, seat.startsAt);
      // In the site too, whatever the e-mail preference (it is about e-mails).
      await notify(tx, { userId: seat.userId, kind: `reminder.${kind}`, ...notice, link: '/calendrier', dedupeKey, at: now });
      const delivery = { dedupeKey, kind: `reminder.${kind}`, to: seat.email, userId: seat.userId };
      if (!(seat.wantsReminders ?? DEFAULT_EMAIL_PREFERENCES.reminders)) {
        return (await skipEmail(tx, delivery, 'preference')) ? 'preference' : 'already';
      }
      const mail = reminderMail({
        kind,
        to: { email: seat.email, name: seat.name },
        courseTitle: seat.courseTitle,
        startsAt: seat.startsAt,
        videoLink: seat.videoLink,
        publicUrl: deps.config.publicUrl,
        unsubscribeUrl: unsubscribeUrl(deps.config, seat.userId, 'reminders'),
      });
      const headers = listUnsubscribeHeaders(deps.config, seat.userId, 'reminders');
      return (await queueEmail(tx, { ...delivery, mail: { ...mail, headers } })) ? 'queued' : 'already';
    });
  };
}
