// Moving a booked session tells its people, inside the transaction that moves it: each confirmed
// attendee gets an e-mail with the updated invitation (the booking's UID, the session's new, higher
// SEQUENCE: calendars move the event they have) and the signed link that cancels with a full refund,
// a notice in the site, and their reminders and preparation kit planned again for the new time (the
// old jobs cancelled, so they never fire). Everything is keyed by the move (the SEQUENCE): a retried
// request or a repeated move to the same time sends nothing twice. Called by admin-courses, which
// edits a session's time (decision: docs/decisions/0034-moved-sessions.md).
import { sessionMinutes } from '@shared/booking';
import type { Config } from '../../env';
import type { Db, Tx } from '../../db/client';
import { queueEmail } from '../../integrations/mail/outgoing';
import { sessionMovedMail } from '../../integrations/mail/templates/booking';
import { moveReminders } from '../../jobs/reminders';
import { movedCancelUrl } from '../booking/moved-cancel-link';
import { notifySessionMoved } from '../notifications/notices';
import { movePrepKit } from '../prep-kit/job';
import * as repo from './repository';

const MINUTE_MS = 60_000;

/** How many people a move of the session would tell (its confirmed attendees): shown before saving. */
export function attendeesToTell(conn: Db | Tx, sessionId: string): Promise<number> {
  return repo.countConfirmed(conn, sessionId);
}

/**
 * Tells the confirmed attendees of a session that was just moved from `previousStartsAt` (the row
 * already updated in `tx`, its SEQUENCE raised). Resolves to how many were told.
 */
export async function announceMove(
  tx: Tx,
  config: Pick<Config, 'publicUrl' | 'authSecret'>,
  s: { sessionId: string; previousStartsAt: Date; now: Date },
): Promise<number> {
  const session = await repo.lockSession(tx, s.sessionId);
  if (!session) return 0;
  const minutes = sessionMinutes({ durationMinutes: session.sessionMinutes }, { durationMinutes: session.courseMinutes });
  const endsAt = new Date(session.startsAt.getTime() + minutes * MINUTE_MS);
  const attendees = await repo.confirmedAttendees(tx, s.sessionId);
  for (const a of attendees) {
    const planned = { reservationId: a.reservationId, previousStartsAt: s.previousStartsAt, startsAt: session.startsAt, now: s.now };
    await moveReminders(tx, planned);
    await movePrepKit(tx, planned);
    await queueEmail(tx, {
      dedupeKey: `session.moved:${a.reservationId}:${session.sequence}`,
      kind: 'session.moved',
      to: a.email,
      userId: a.userId,
      mail: sessionMovedMail({
        to: { email: a.email, name: a.name },
        publicUrl: config.publicUrl,
        reservationId: a.reservationId,
        courseTitle: session.courseTitle,
        startsAt: session.startsAt,
        endsAt,
        previousStartsAt: s.previousStartsAt,
        videoLink: session.videoLink,
        now: s.now,
        sequence: session.sequence,
        cancelUrl: movedCancelUrl(config, a.reservationId, session.sequence),
      }),
    });
  }
  await notifySessionMoved(tx, { sessionId: s.sessionId, previousStartsAt: s.previousStartsAt, sequence: session.sequence, at: s.now });
  return attendees.length;
}

/**
 * Sessions of the same chef that [startsAt, endsAt) would overlap (scheduled ones, this one
 * excepted). First takes the chef's schedule lock (repo.lockChefSchedule) until `tx` ends, so the
 * caller's check and its insert or move are one step for that chef: two parallel creates (or moves)
 * into one slot cannot both find it free. Callers lock the course or the session row first.
 */
export async function overlapsOf(
  tx: Tx,
  s: { teacherId: string | null; courseId: string; startsAt: Date; endsAt: Date; exceptId?: string },
) {
  await repo.lockChefSchedule(tx, s);
  return repo.overlappingSessions(tx, { ...s, defaultMinutes: sessionMinutes({ durationMinutes: null }, { durationMinutes: null }) });
}
