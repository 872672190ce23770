// The admin's live sessions: the video link shared by every attendee, the recording of a past
// session (a link, or an uploaded file: recording.ts; promised by the FAQ, shown in Mes Achats), and cancelling a whole session — every
// paid seat's learner offered the card or « Crédit Toque » (the card by default after a deadline:
// docs/decisions/0043) and told, every unpaid hold released. Cancelling is
// ONE transaction (lock order: the paying orders by id → the session → its reservations), the
// mail server is called after commit; a repeat answers the same and refunds nothing twice (the
// session's state, and one refund key per reservation).
import { sessionMinutes } from '@shared/booking';
import {
  adminSessionCancelSchema,
  adminSessionUpdateSchema,
  type AdminSessionCancelResponse,
  type AdminSessionNotifyResponse,
  type AdminSessionView,
} from '@shared/schemas/reservations';
import type { Deps } from '../../deps';
import { AppError } from '../../http/app-error';
import type { SignedInViewer } from '../../http/guards';
import { parseInput } from '../../http/validate';
import { queueEmail } from '../../integrations/mail/outgoing';
import type { PaymentProvider } from '../../integrations/payments/port';
import { mailVideoLink } from '../../integrations/mail/transactional';
import { publish } from '../../realtime/publish';
import { invalidatePublicCache } from '../../web/public-cache';
import { recordAudit } from '../audit/service';
import { refundChoicePath, sessionCancelledMail, type RefundNotice } from '../booking/attendee-mail';
import { contactsOf, expireLapsedHolds, findRefund, paidLineOf, paymentIdOf } from '../booking/service';
import { openRefundChoice } from '../booking/refund-choice';
import { OrdersChanged, withOrderRetry } from '../booking/seat-refund';
import { notifyRecording, notifyReservationCancelled, notifyVideoLink } from '../notifications/notices';
import { isUuid } from '../params';
import { submitRefund } from '../refunds/automatic';
import { lockOrder } from '../refunds/service';
import { createRecordingUploads } from './recording';
import * as repo from './repository';
import { seatsFreed } from '../waitlist/service';
import type { Db, Tx } from '../../db/client';

const MINUTE_MS = 60_000;

function endsAt(row: repo.SessionRow): Date {
  const minutes = sessionMinutes({ durationMinutes: row.sessionMinutes }, { durationMinutes: row.courseMinutes });
  return new Date(row.startsAt.getTime() + minutes * MINUTE_MS);
}

function toView(row: repo.SessionRow & { seatsTaken: number; attendees: number }): AdminSessionView {
  return {
    id: row.id,
    courseId: row.courseId,
    courseTitle: row.courseTitle,
    startsAt: row.startsAt.toISOString(),
    endsAt: endsAt(row).toISOString(),
    capacity: row.capacity,
    seatsTaken: row.seatsTaken,
    status: row.status,
    videoLink: row.videoLink,
    recordingUrl: row.recordingUrl,
    cancelReason: row.cancelReason,
    attendees: row.attendees,
    videoLinkUntold: row.videoLink !== null && row.videoLink !== row.videoLinkNotified,
  };
}

/**
 * The sessions slice's reads for the other slices (the rosters): one session with its course, its
 * chef and the seats taken at `now` (null if unknown); its row locked until the transaction ends;
 * the seats taken of several; a chef's sessions.
 */
export const sessionReads = {
  find: (conn: Db | Tx, id: string, now: Date) => repo.findSession(conn, id, now),
  lock: (tx: Tx, id: string) => repo.lockSession(tx, id),
  seatsTaken: (conn: Db | Tx, ids: string[], now: Date) => repo.seatsTaken(conn, ids, now),
  taughtBy: (conn: Db | Tx, teacherId: string, range: { from: Date; to?: Date }) => repo.sessionsTaughtBy(conn, teacherId, range),
};
export type SessionRow = repo.SessionRow;

/** What the cancelling transaction did, for the work after commit. */
type Cancelled = { attendees: { reservationId: string; userId: string; paid: boolean; choiceDueAt: Date | null }[] };

/**
 * A cancellation that must still hold once the session is locked (minimum enrolment: the chef has not
 * kept it meanwhile, it is still under its minimum), and the audit row it writes for its actor.
 */
export type CancelOptions = {
  auditAction?: 'session.cancel' | 'session.minimum_cancel';
  /** Read under the session's lock, in the cancelling transaction: false keeps the session (nothing changes). */
  onlyIf?: (tx: Tx, session: repo.SessionRow, now: Date) => Promise<boolean>;
};

/** What a cancellation did: cancelled now, found cancelled already, or refused by its `onlyIf`. */
export type CancelOutcome = 'cancelled' | 'already' | 'refused';

export function createSessionService(
  deps: Pick<Deps, 'config' | 'database' | 'storage' | 'logger' | 'now'>,
  provider: PaymentProvider,
) {
  const db = () => deps.database.db;

  function sessionId(raw: string): string {
    if (!isUuid(raw)) throw new AppError('SESSION_NOT_FOUND');
    return raw.toLowerCase();
  }

  async function read(id: string): Promise<AdminSessionView> {
    const row = await repo.findSession(db(), id, deps.now());
    if (!row) throw new AppError('SESSION_NOT_FOUND');
    return toView({ ...row, attendees: await repo.countConfirmed(db(), id) });
  }

  /** Tells each attendee's open tabs (and the admins') that their reservation changed. */
  async function announce(tx: Parameters<typeof publish>[0], seats: { id: string; userId: string }[]) {
    for (const seat of seats) {
      const event = { type: 'reservation.updated', reservationId: seat.id } as const;
      await publish(tx, { userId: seat.userId }, event);
      await publish(tx, { role: 'admin' }, event);
    }
  }

  /**
   * Cancels the session for everyone, in ONE transaction: each paid seat's learner is given the choice
   * of the card or « Crédit Toque » until a deadline (booking/refund-choice.ts, docs/decisions/0043),
   * unpaid holds are released. `actorId`: the admin who asked (audited), or null when the site
   * decides (issue 28's minimum enrolment). 'already' when the session was already cancelled,
   * 'refused' when `opts.onlyIf`, read under the session's lock, says no (nothing changed then).
   */
  async function cancelInTx(id: string, reason: string, actorId: string | null, lockedOrders: string[], opts: CancelOptions): Promise<Cancelled | 'already' | 'refused'> {
    const now = deps.now();
    return db().transaction(async (tx) => {
      for (const orderId of lockedOrders) await lockOrder(tx, orderId);
      const session = await repo.lockSession(tx, id);
      if (!session) throw new AppError('SESSION_NOT_FOUND');
      if (session.status === 'cancelled') return 'already' as const;
      if (opts.onlyIf && !(await opts.onlyIf(tx, session, now))) return 'refused' as const;
      await expireLapsedHolds(tx, id, now);
      const live = await repo.lockLiveReservations(tx, id);
      const paidNow = await repo.paidOrderIds(tx, id);
      if (paidNow.some((orderId) => !lockedOrders.includes(orderId))) throw new OrdersChanged();

      const attendees: Cancelled['attendees'] = [];
      for (const seat of live.filter((r) => r.status === 'confirmed')) {
        const paid = await paidLineOf(tx, seat.id);
        // Nothing is refunded yet: the learner chooses the card or the credit (or the job picks the card).
        const choiceDueAt = paid ? await openRefundChoice(tx, paid, seat.id, now) : null;
        attendees.push({ reservationId: seat.id, userId: seat.userId, paid: paid !== null, choiceDueAt });
      }
      await repo.cancelReservations(tx, live.map((r) => r.id), now);
      await repo.updateSession(tx, id, { status: 'cancelled', cancelReason: reason }, now);
      // The back office's trail: who cancelled, why, how many seats wait for their learner's choice
      // and how many holds it released.
      if (actorId) {
        await recordAudit(tx, {
          actorId,
          action: opts.auditAction ?? 'session.cancel',
          targetType: 'session',
          targetId: id,
          details: {
            courseId: session.courseId,
            reason,
            awaitingChoice: attendees.filter((a) => a.choiceDueAt).length,
            released: live.length - attendees.length,
          },
        });
      }
      await announce(tx, live);
      for (const a of attendees) {
        await notifyReservationCancelled(tx, {
          reservationId: a.reservationId,
          at: now,
          by: 'session',
          reason,
          paid: a.paid,
          ...(a.choiceDueAt ? { choiceDueAt: a.choiceDueAt } : {}),
        });
      }
      return { attendees };
    });
  }

  async function tell(session: AdminSessionView, reason: string, attendee: Cancelled['attendees'][number]) {
    try {
      const [to] = await contactsOf(db(), [attendee.userId]);
      if (!to) return;
      const notice: RefundNotice = attendee.choiceDueAt
        ? { kind: 'choice', dueAt: attendee.choiceDueAt, choiceUrl: `${deps.config.publicUrl}${refundChoicePath(attendee.reservationId)}` }
        : { kind: attendee.paid ? 'already_refunded' : 'none' };
      // After commit; once per seat.
      await queueEmail(db(), {
        dedupeKey: `session.cancelled:${attendee.reservationId}`,
        kind: 'session.cancelled',
        to: to.email,
        userId: attendee.userId,
        mail: sessionCancelledMail({ to, reason, courseTitle: session.courseTitle, startsAt: new Date(session.startsAt), refund: notice, publicUrl: deps.config.publicUrl }),
      });
    } catch (err) {
      deps.logger.error({ err, reservationId: attendee.reservationId }, "e-mail d'annulation de séance non envoyé");
    }
  }

  /** Asks the provider for a planned refund that it does not have yet (refunds made before decision 0043). */
  async function submit(refundId: string) {
    const row = await findRefund(db(), refundId);
    if (row?.status !== 'pending' || row.providerRefundId) return row;
    await submitRefund(deps, provider, { ...row, paymentId: await paymentIdOf(db(), row.orderId) });
    return findRefund(db(), refundId);
  }

  /**
   * cancelSessionForAttendees: the one way a session is cancelled, by the chef (the admin) or by the
   * site (issue 28's minimum enrolment, `actorId` null). Safe to repeat: a second call changes nothing
   * and tells no one again. What it did is read back from the rows.
   */
  async function cancelIf(id: string, reason: string, actorId: string | null, opts: CancelOptions = {}): Promise<{ outcome: CancelOutcome; response: AdminSessionCancelResponse }> {
    const done = await withOrderRetry(async () => cancelInTx(id, reason, actorId, await repo.paidOrderIds(db(), id), opts));
    if (typeof done === 'object') {
      invalidatePublicCache();
      // Cancelled: its waitlist closes (seatsFreed finds the session over).
      await seatsFreed(deps, id);
      const session = await read(id);
      for (const attendee of done.attendees) await tell(session, reason, attendee);
    } else if (done === 'already') {
      // A repeat: refunds planned under the session's keys that never reached the provider are asked again.
      for (const refundId of await repo.sessionCancelRefundIds(db(), id)) await submit(refundId);
    }
    const session = await read(id);
    const outcome: CancelOutcome = typeof done === 'object' ? 'cancelled' : done;
    return { outcome, response: { session, ...(await repo.cancellationCounts(db(), id)) } };
  }

  async function cancelForAttendees(id: string, reason: string, actorId: string | null): Promise<AdminSessionCancelResponse> {
    return (await cancelIf(id, reason, actorId)).response;
  }

  /** E-mail and notice to each confirmed attendee, keyed by the telling's version: once each. */
  async function tellLink(tx: Tx, id: string, videoLink: string, version: number, now: Date): Promise<number> {
    await notifyVideoLink(tx, { sessionId: id, videoLink, version, at: now });
    await mailVideoLink(tx, { sessionId: id, videoLink, version, publicUrl: deps.config.publicUrl });
    return repo.countConfirmed(tx, id);
  }

  const recordings = createRecordingUploads(deps, { read, endsAt, announce });

  return {
    get: (rawId: string) => read(sessionId(rawId)),

    /** PUT …/recording-video: the uploaded recording (see recording.ts). */
    replaceRecording: (admin: SignedInViewer, rawId: string, body: ReadableStream<Uint8Array> | null, declaredBytes: number | null) =>
      recordings.replaceRecording(admin, sessionId(rawId), body, declaredBytes),

    removeRecording: (admin: SignedInViewer, rawId: string) => recordings.removeRecording(admin, sessionId(rawId)),

    /**
     * The video link and the recording link. The link: https only, told to the confirmed attendees
     * the first time it is set; a different link later is told only when the chef asks
     * (`notifyAttendees`, « Prévenir les participants »); the same link saved again changes nothing
     * and tells no one (a double click, a retry, a second tab: the row lock orders them, the second
     * finds the link already there). Not editable once the session has ended (409 SESSION_ENDED).
     */
    async update(admin: SignedInViewer, rawId: string, body: unknown): Promise<AdminSessionView> {
      const id = sessionId(rawId);
      const input = parseInput(adminSessionUpdateSchema, body);
      const now = deps.now();
      await db().transaction(async (tx) => {
        const session = await repo.lockSession(tx, id);
        if (!session) throw new AppError('SESSION_NOT_FOUND');
        if (session.status === 'cancelled') throw new AppError('SESSION_CANCELLED');
        const ended = endsAt(session).getTime() <= now.getTime();
        // A recording exists only once the class is over; clearing one is always allowed.
        if (input.recordingUrl && !ended) throw new AppError('SESSION_NOT_OVER');
        const linkChanged = input.videoLink !== undefined && input.videoLink !== session.videoLink;
        if (linkChanged && ended) throw new AppError('SESSION_ENDED');
        const recordingChanged = input.recordingUrl !== undefined && input.recordingUrl !== session.recordingUrl;
        if (!linkChanged && !recordingChanged) return;

        const firstLink = linkChanged && input.videoLink !== null && session.videoLinkNotified === null;
        const tell = linkChanged && input.videoLink !== null && (firstLink || input.notifyAttendees === true);
        const version = tell ? session.videoLinkVersion + 1 : session.videoLinkVersion;
        await repo.updateSession(
          tx,
          id,
          {
            ...(linkChanged ? { videoLink: input.videoLink } : {}),
            ...(recordingChanged ? { recordingUrl: input.recordingUrl } : {}),
            ...(tell ? { videoLinkNotified: input.videoLink, videoLinkVersion: version } : {}),
          },
          now,
        );
        const changed = { videoLink: linkChanged ? input.videoLink : undefined, recordingUrl: recordingChanged ? input.recordingUrl : undefined };
        await recordAudit(tx, {
          actorId: admin.userId,
          action: 'session.links',
          targetType: 'session',
          targetId: id,
          // Whether each link was set, changed or cleared; the meeting link itself stays out of the trail.
          details: {
            ...Object.fromEntries(
              Object.entries(changed)
                .filter(([, v]) => v !== undefined)
                .map(([k, v]) => [k, v ? 'défini' : 'retiré']),
            ),
            ...(linkChanged ? { told: tell } : {}),
          },
        });
        // Holds too: their calendars show 'Lien disponible' / 'En attente' (never the link itself).
        await announce(tx, await repo.seatHolders(tx, id, now));
        if (tell && input.videoLink) await tellLink(tx, id, input.videoLink, version, now);
        if (recordingChanged && input.recordingUrl) await notifyRecording(tx, { sessionId: id, at: now });
      });
      return read(id);
    },

    /**
     * « Prévenir les participants »: tells the confirmed attendees the link now set, if they were not
     * told this one yet; a repeat (or a second tab) finds it told and sends nothing.
     */
    async notifyLink(admin: SignedInViewer, rawId: string): Promise<AdminSessionNotifyResponse> {
      const id = sessionId(rawId);
      const now = deps.now();
      const notified = await db().transaction(async (tx) => {
        const session = await repo.lockSession(tx, id);
        if (!session) throw new AppError('SESSION_NOT_FOUND');
        if (session.status === 'cancelled') throw new AppError('SESSION_CANCELLED');
        if (endsAt(session).getTime() <= now.getTime()) throw new AppError('SESSION_ENDED');
        if (!session.videoLink) throw new AppError('NO_VIDEO_LINK');
        if (session.videoLink === session.videoLinkNotified) return 0;
        const version = session.videoLinkVersion + 1;
        await repo.updateSession(tx, id, { videoLinkNotified: session.videoLink, videoLinkVersion: version }, now);
        const told = await tellLink(tx, id, session.videoLink, version, now);
        await recordAudit(tx, { actorId: admin.userId, action: 'session.link_notified', targetType: 'session', targetId: id, details: { courseId: session.courseId, told } });
        return told;
      });
      return { session: await read(id), notified };
    },

    async cancel(admin: SignedInViewer, rawId: string, body: unknown): Promise<AdminSessionCancelResponse> {
      const id = sessionId(rawId);
      const input = parseInput(adminSessionCancelSchema, body);
      return cancelForAttendees(id, input.reason, admin.userId);
    },

    /** For the site's own cancellations (issue 28's minimum enrolment): no admin, no audit row. */
    cancelSessionForAttendees: (id: string, reason: string) => cancelForAttendees(sessionId(id), reason, null),

    /**
     * The same cancellation, only if `opts.onlyIf` still holds under the session's lock (minimum
     * enrolment: the chef's « Annuler la séance », `actorId` set, or the site at the deadline, null).
     */
    cancelSessionIf: (id: string, reason: string, actorId: string | null, opts: CancelOptions) => cancelIf(sessionId(id), reason, actorId, opts),
  };
}

export type SessionService = ReturnType<typeof createSessionService>;
