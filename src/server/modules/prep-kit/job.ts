// The class preparation kit, 72 h before a live class. Scheduled when a seat is confirmed
// (booking/payment-confirmation.ts, in the payment's transaction): one job at startsAt − 72 h, or at
// once when the class is closer than that. The job decides at run time — the seat may be cancelled,
// the session moved or cancelled, the kit removed, the learner may have turned these e-mails off.
import { bookingNeeds, matchingSubstitutions, type SeatNeeds } from '@shared/dietary';
import { defaultServings, PREP_KIT_LEAD_HOURS, sessionPrepKit } from '@shared/prep-kit';
import type { Db, Tx } from '../../db/client';
import type { Deps } from '../../deps';
import { cancelJob, sendJob } from '../../jobs/boss';
import type { Job } from '../../jobs/jobs';
import { QUEUES } from '../../jobs/queues';
import { queueEmail, skipEmail } from '../../integrations/mail/outgoing';
import { wantsEmail } from '../email-preferences/service';
import { listUnsubscribeHeaders, unsubscribeUrl } from '../email-preferences/unsubscribe-token';
import { notify } from '../notifications/notify';
import { prepKitMail, prepKitNotice } from './mail';
import * as repo from './repository';

const HOUR = 3_600_000;
export const PREP_KIT_LEAD = PREP_KIT_LEAD_HOURS * HOUR;
/** A job that runs this much before its moment (the session moved later) is sent again for the new moment. */
const EARLY_TOLERANCE = 10 * 60_000;


type Conn = Pick<Db, 'execute'>;

/** The job's singletonKey: one kit per seat and start time. */
export const prepKitJobKey = (reservationId: string, startsAt: Date) => `prep_kit:${reservationId}:${startsAt.toISOString()}`;
export const prepKitDedupeKey = (reservationId: string) => `prep_kit:${reservationId}`;

/** Schedules the kit of a seat just confirmed; `conn` is the confirming transaction. Nothing once the class started. */
export async function schedulePrepKit(conn: Conn, input: { reservationId: string; startsAt: Date; now: Date }): Promise<void> {
  if (input.startsAt.getTime() <= input.now.getTime()) return;
  const due = new Date(Math.max(input.startsAt.getTime() - PREP_KIT_LEAD, input.now.getTime()));
  await sendJob(conn, QUEUES.prepKit, { reservationId: input.reservationId }, { startAfter: due, now: input.now, singletonKey: prepKitJobKey(input.reservationId, input.startsAt) });
}

/** The session moved: the kit planned for the old time is cancelled and planned again for the new one (in the moving transaction). */
export async function movePrepKit(conn: Conn, input: { reservationId: string; previousStartsAt: Date; startsAt: Date; now: Date }): Promise<void> {
  await cancelJob(conn, QUEUES.prepKit, prepKitJobKey(input.reservationId, input.previousStartsAt));
  await schedulePrepKit(conn, input);
}

export type PrepKitOutcome = 'queued' | 'preference' | 'already' | 'not_confirmed' | 'session_over' | 'no_kit' | 'rescheduled';

/** `needs`: each seat's dietary needs — the kit carries the course's substitutions for them only. */
export type KitRecipient = { reservationId: string; userId: string; email: string; name: string; servings: number | null; needs: SeatNeeds[] };

/**
 * Queues one attendee's kit e-mail and notice under `dedupeKey` (once per key), or records that the
 * preference keeps it from being sent. `kit` is the session's or the course's, as typed.
 */
export async function deliverPrepKit(
  tx: Tx,
  deps: Pick<Deps, 'config'>,
  input: { to: KitRecipient; session: Pick<repo.SessionKit, 'courseTitle' | 'startsAt' | 'kitServings' | 'kitSubstitutions'>; kit: string; dedupeKey: string; now: Date },
): Promise<'queued' | 'preference' | 'already'> {
  const { to, session, dedupeKey, now } = input;
  // In the site too, whatever the e-mail preference (it is about e-mails).
  await notify(tx, { userId: to.userId, kind: 'prep_kit', ...prepKitNotice(session.courseTitle, session.startsAt), link: '/calendrier', dedupeKey, at: now });
  const delivery = { dedupeKey, kind: 'prep_kit', to: to.email, userId: to.userId };
  if (!(await wantsEmail(tx, to.userId, 'prepKit'))) {
    return (await skipEmail(tx, delivery, 'preference')) ? 'preference' : 'already';
  }
  const kitServings = defaultServings(session.kitServings);
  const mail = prepKitMail({
    to: { email: to.email, name: to.name },
    courseTitle: session.courseTitle,
    startsAt: session.startsAt,
    kit: input.kit,
    kitServings,
    servings: to.servings ?? kitServings,
    substitutions: matchingSubstitutions(session.kitSubstitutions, bookingNeeds(to.needs)),
    publicUrl: deps.config.publicUrl,
    unsubscribeUrl: unsubscribeUrl(deps.config, to.userId, 'prepKit'),
  });
  const headers = listUnsubscribeHeaders(deps.config, to.userId, 'prepKit');
  return (await queueEmail(tx, { ...delivery, mail: { ...mail, headers } })) ? 'queued' : 'already';
}

export function prepKitWorker(deps: Pick<Deps, 'config' | 'database' | 'now'>) {
  return async function runPrepKit(job: Pick<Job<typeof QUEUES.prepKit>, 'data'>): Promise<PrepKitOutcome> {
    const { reservationId } = job.data;
    const now = deps.now();
    return deps.database.db.transaction(async (tx): Promise<PrepKitOutcome> => {
      const seat = await repo.lockSeat(tx, reservationId);
      if (!seat || seat.status !== 'confirmed') return 'not_confirmed';
      if (seat.sessionStatus !== 'scheduled' || seat.startsAt.getTime() <= now.getTime()) return 'session_over';
      const due = seat.startsAt.getTime() - PREP_KIT_LEAD;
      if (due - now.getTime() > EARLY_TOLERANCE) {
        await sendJob(tx, QUEUES.prepKit, job.data, { startAfter: new Date(due), now, singletonKey: prepKitJobKey(reservationId, seat.startsAt) });
        return 'rescheduled';
      }
      const kit = sessionPrepKit(seat.sessionKit, seat.courseKit);
      if (!kit) return 'no_kit';
      return deliverPrepKit(tx, deps, { to: { ...seat, reservationId }, session: seat, kit, dedupeKey: prepKitDedupeKey(reservationId), now });
    });
  };
}

/**
 * A booking given to someone else (an accepted gift, docs/decisions/0051), inside the acceptance's
 * transaction, the reservation locked: when the kit already went out to the giver, the recipient gets
 * it now under the gift's own key; before its moment, the job sends it to whoever holds the seat then.
 */
export async function handOverPrepKit(tx: Tx, deps: Pick<Deps, 'config'>, input: { reservationId: string; giftId: string; now: Date }): Promise<PrepKitOutcome | 'not_due'> {
  const { reservationId, now } = input;
  if (!(await repo.deliveryExists(tx, prepKitDedupeKey(reservationId)))) return 'not_due';
  const seat = await repo.lockSeat(tx, reservationId);
  if (!seat || seat.status !== 'confirmed') return 'not_confirmed';
  if (seat.sessionStatus !== 'scheduled' || seat.startsAt.getTime() <= now.getTime()) return 'session_over';
  const kit = sessionPrepKit(seat.sessionKit, seat.courseKit);
  if (!kit) return 'no_kit';
  return deliverPrepKit(tx, deps, { to: { ...seat, reservationId }, session: seat, kit, dedupeKey: `${prepKitDedupeKey(reservationId)}:gift:${input.giftId}`, now });
}
