// « Liste des participants »: one live session's roster — who comes, the holds still running, the
// cancellations with their refund — its CSV, and « Écrire aux participants » (an e-mail and a
// notification to every confirmed attendee, once: the admin's idempotency key finds a message
// already sent, and each e-mail and notice has its own dedupe key). The admin sees everything; the
// guest chef sees his own sessions only, read-only and with fewer details (docs/decisions/0033-rosters.md).
import { stringify } from 'csv-stringify/sync';
import { sessionMinutes } from '@shared/booking';
import { needsFor, needsSummary, seatNeedsLines } from '@shared/dietary';
import type { ReservationCancelReason } from '@shared/schemas/reservations';
import {
  sessionMessageSchema,
  type ChefSessionsResponse,
  type RosterAttendee,
  type RosterCancellation,
  type RosterHold,
  type RosterRefundState,
  type RosterResponse,
  type SessionMessageResponse,
  type SessionMessageView,
} from '@shared/schemas/rosters';
import type { Deps } from '../../deps';
import { AppError } from '../../http/app-error';
import type { SignedInViewer } from '../../http/guards';
import { parseInput } from '../../http/validate';
import { queueEmail } from '../../integrations/mail/outgoing';
import { sessionMessageMail } from '../../integrations/mail/templates/session-message';
import { recordAudit } from '../audit/service';
import { notifySessionMessage } from '../notifications/notices';
import { isUuid } from '../params';
import { sessionReads } from '../sessions/service';
import { rosterWaitlist } from '../waitlist/service';
import * as repo from './repository';

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;

const endsAt = (row: { startsAt: Date; sessionMinutes: number | null; courseMinutes: number | null }) =>
  new Date(row.startsAt.getTime() + sessionMinutes({ durationMinutes: row.sessionMinutes }, { durationMinutes: row.courseMinutes }) * MINUTE_MS);

const toMessage = (m: repo.MessageRow): SessionMessageView => ({
  id: m.id,
  subject: m.subject,
  body: m.body,
  sentByEmail: m.sentByEmail,
  recipientCount: m.recipientCount,
  createdAt: m.createdAt.toISOString(),
});

/** Where a cancelled seat's money stands: from the refunds of its paid order line. */
function refundState(line: repo.PaidLineRow | undefined, refunds: repo.RefundRow[]): RosterRefundState {
  if (!line) return 'none';
  const own = refunds.filter((r) => r.orderId === line.orderId && r.lines.some((l) => l.orderLineId === line.orderLineId));
  if (own.some((r) => r.status === 'succeeded')) return 'refunded';
  if (own.some((r) => r.status === 'pending')) return 'pending';
  if (own.some((r) => r.status === 'failed')) return 'failed';
  return 'none';
}

/** 1234 → '12,34' (the decimal comma French Excel reads as a number). */
const frenchAmount = (cents: number | null) => (cents === null ? '' : (cents / 100).toFixed(2).replace('.', ','));

const dateTime = new Intl.DateTimeFormat('fr-CA', {
  timeZone: 'America/Toronto',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});
/** '2026-11-27 14:05' in the chef's zone: a spreadsheet reads it as a date. */
function csvDate(iso: string | null): string {
  if (!iso) return '';
  const parts = Object.fromEntries(dateTime.formatToParts(new Date(iso)).map((p) => [p.type, p.value]));
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}`;
}

const CANCEL_REASONS: Record<ReservationCancelReason, string> = {
  learner_refunded: 'Annulée par le client, remboursée',
  learner_no_refund: 'Annulée par le client, sans remboursement',
  admin_refunded: "Remboursée par l'administration",
  session_cancelled: 'Séance annulée',
  no_seat: 'Paiement arrivé trop tard',
  released: 'Place rendue avant paiement',
  transferred_to_credit: 'Transférée en crédit Toque',
};
const REFUND_STATES: Record<RosterRefundState, string> = { refunded: 'Remboursée', pending: 'Remboursement en cours', failed: 'Remboursement échoué', none: 'Aucun remboursement' };

/** « Ana : Sans gluten ; Marie : Végétarien, pas de coriandre » — as the roster lists them. */
const csvNeeds = (a: RosterAttendee) =>
  seatNeedsLines(a.name, a.guests, a.needs)
    .map(({ who, text }) => `${who} : ${text}`)
    .join(' ; ');

export const ROSTER_CSV_COLUMNS = ['Nom', 'Courriel', 'Statut', 'Places', 'Portions', 'Payé avant taxes (CAD)', 'Réservé le', 'Place retenue jusqu’à', 'Annulée le', 'Remboursement', 'Besoins alimentaires'] as const;

export function createRosterService(deps: Pick<Deps, 'database' | 'now' | 'config'>) {
  const db = () => deps.database.db;

  function sessionId(raw: string): string {
    if (!isUuid(raw)) throw new AppError('SESSION_NOT_FOUND');
    return raw.toLowerCase();
  }

  async function build(id: string, view: 'admin' | 'chef', chefId?: string): Promise<RosterResponse> {
    const now = deps.now();
    const session = await sessionReads.find(db(), id, now);
    if (!session) throw new AppError('SESSION_NOT_FOUND');
    // The guest chef: his own sessions only (403 in French for another's, so he knows why).
    if (view === 'chef' && session.teacherId !== chefId) throw new AppError('ROSTER_NOT_YOURS');
    const [rows, messages, waitlist] = await Promise.all([
      repo.sessionReservations(db(), id),
      view === 'admin' ? repo.listMessages(db(), id) : Promise.resolve([]),
      rosterWaitlist(db(), id, view, now),
    ]);
    const lines = await repo.paidLines(db(), rows.map((r) => r.id));
    const lineOf = new Map(lines.map((l) => [l.reservationId, l]));
    const refunds = await repo.refundsOf(db(), [...new Set(lines.map((l) => l.orderId))]);
    const admin = view === 'admin';

    const attendees: RosterAttendee[] = rows
      .filter((r) => r.status === 'confirmed')
      .map((r) => ({
        reservationId: r.id,
        name: r.name,
        email: admin ? r.email : null,
        seats: r.seats,
        guests: r.guestNames,
        servings: r.servings,
        needs: needsFor(r.seats, r.dietaryNeeds),
        paidCents: admin ? (lineOf.get(r.id)?.amountCents ?? null) : null,
        bookedAt: r.createdAt.toISOString(),
      }));
    const holds: RosterHold[] = admin
      ? rows
          .filter((r) => r.status === 'pending_payment' && r.holdExpiresAt !== null && r.holdExpiresAt > now)
          .map((r) => ({ reservationId: r.id, name: r.name, email: r.email, seats: r.seats, bookedAt: r.createdAt.toISOString(), expiresAt: r.holdExpiresAt!.toISOString() }))
      : [];
    const cancellations: RosterCancellation[] = admin
      ? rows
          .filter((r) => r.status === 'cancelled')
          .map((r) => ({
            reservationId: r.id,
            name: r.name,
            email: r.email,
            cancelledAt: r.cancelledAt?.toISOString() ?? null,
            reason: (r.cancelReason as ReservationCancelReason | null) ?? null,
            refund: refundState(lineOf.get(r.id), refunds),
            refundedCents: lineOf.get(r.id)?.refundedCents ?? 0,
          }))
      : [];
    return {
      view,
      session: {
        id: session.id,
        courseId: session.courseId,
        courseTitle: session.courseTitle,
        teacherName: session.teacherName,
        startsAt: session.startsAt.toISOString(),
        endsAt: endsAt(session).toISOString(),
        capacity: session.capacity,
        seatsTaken: session.seatsTaken,
        status: session.status,
        upcoming: session.status === 'scheduled' && session.startsAt > now,
        videoLink: admin ? session.videoLink : null,
        recordingUrl: admin ? session.recordingUrl : null,
        hasRecordingVideo: admin && session.recordingKey !== null,
      },
      attendees,
      confirmedSeats: attendees.reduce((sum, a) => sum + a.seats, 0),
      needsSummary: needsSummary(attendees.flatMap((a) => a.needs)),
      holds,
      cancellations,
      waitlist,
      messages: messages.map(toMessage),
    };
  }

  return {
    /** The admin's roster (the route's guard checked the admin). */
    roster: (rawId: string) => build(sessionId(rawId), 'admin'),

    /** The guest chef's roster of one of his sessions; 403 ROSTER_NOT_YOURS for another's. */
    chefRoster: (chef: SignedInViewer, rawId: string) => build(sessionId(rawId), 'chef', chef.userId),

    /** The roster as a CSV for French Excel: `;`, decimal comma, UTF-8 with its BOM. */
    async rosterCsv(rawId: string): Promise<{ filename: string; body: string }> {
      const r = await build(sessionId(rawId), 'admin');
      const rows: string[][] = [
        ...r.attendees.map((a) => [a.name, a.email ?? '', 'Confirmée', String(a.seats), a.servings === null ? '' : String(a.servings), frenchAmount(a.paidCents), csvDate(a.bookedAt), '', '', '', csvNeeds(a)]),
        ...r.holds.map((h) => [h.name, h.email ?? '', 'En attente de paiement', String(h.seats), '', '', csvDate(h.bookedAt), csvDate(h.expiresAt), '', '', '']),
        ...r.cancellations.map((c) => [
          c.name,
          c.email ?? '',
          c.reason ? CANCEL_REASONS[c.reason] : 'Annulée',
          '0',
          '',
          '',
          '',
          '',
          csvDate(c.cancelledAt),
          REFUND_STATES[c.refund],
          '',
        ]),
      ];
      const body = stringify([[...ROSTER_CSV_COLUMNS], ...rows], { delimiter: ';', bom: true, record_delimiter: 'windows' });
      const day = csvDate(r.session.startsAt).slice(0, 10);
      const slug = r.session.courseTitle
        .normalize('NFD')
        .replace(/[\u0300-\u036f]/g, '')
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, '-')
        .replace(/^-+|-+$/g, '')
        .slice(0, 50);
      return { filename: `participants-${slug || 'seance'}-${day}.csv`, body };
    },

    /**
     * « Écrire aux participants »: saved, audited, e-mailed and notified to every confirmed
     * attendee in ONE transaction; the same idempotency key answers the first message again.
     */
    async sendMessage(admin: SignedInViewer, rawId: string, body: unknown): Promise<SessionMessageResponse> {
      const id = sessionId(rawId);
      const input = parseInput(sessionMessageSchema, body);
      const now = deps.now();
      return db().transaction(async (tx) => {
        const session = await sessionReads.lock(tx, id);
        if (!session) throw new AppError('SESSION_NOT_FOUND');
        const already = await repo.findMessageByKey(tx, id, input.idempotencyKey);
        if (already) return { message: toMessage(already), created: false };
        if (session.status === 'cancelled') throw new AppError('SESSION_CANCELLED');
        const attendees = (await repo.sessionReservations(tx, id)).filter((r) => r.status === 'confirmed');
        if (attendees.length === 0) throw new AppError('NO_ATTENDEES');
        // The sender's e-mail, copied like the audit trail's (the record outlives the account).
        const senderEmail = await repo.userEmail(tx, admin.userId);
        const message = await repo.insertMessageOnce(tx, {
          sessionId: id,
          idempotencyKey: input.idempotencyKey,
          subject: input.subject,
          body: input.body,
          sentBy: admin.userId,
          sentByEmail: senderEmail ?? '(compte supprimé)',
          recipientCount: attendees.length,
          createdAt: now,
        });
        // A concurrent twin committed first (the unique key waited for it): its message stands.
        if (!message) return { message: toMessage((await repo.findMessageByKey(tx, id, input.idempotencyKey))!), created: false };
        for (const a of attendees) {
          const dedupeKey = `session.message:${message.id}:${a.id}`;
          await queueEmail(tx, {
            dedupeKey,
            kind: 'session.message',
            to: a.email,
            userId: a.userId,
            mail: sessionMessageMail({
              to: { email: a.email, name: a.name },
              publicUrl: deps.config.publicUrl,
              courseTitle: session.courseTitle,
              startsAt: session.startsAt,
              subject: input.subject,
              body: input.body,
            }),
          });
          await notifySessionMessage(tx, { userId: a.userId, messageId: message.id, reservationId: a.id, courseTitle: session.courseTitle, startsAt: session.startsAt, subject: input.subject, at: now });
        }
        await recordAudit(tx, {
          actorId: admin.userId,
          action: 'session.message',
          targetType: 'session',
          targetId: id,
          details: { messageId: message.id, subject: input.subject, recipients: attendees.length },
        });
        return { message: toMessage(message), created: true };
      });
    },

    /** The guest chef's sessions: from a month back, soonest first (his « Mes séances »). */
    async chefSessions(chef: SignedInViewer): Promise<ChefSessionsResponse> {
      const now = deps.now();
      const rows = await sessionReads.taughtBy(db(), chef.userId, { from: new Date(now.getTime() - 30 * DAY_MS) });
      const taken = await sessionReads.seatsTaken(db(), rows.map((r) => r.id), now);
      return {
        sessions: rows.map((r) => ({
          id: r.id,
          courseTitle: r.courseTitle,
          startsAt: r.startsAt.toISOString(),
          endsAt: endsAt(r).toISOString(),
          capacity: r.capacity,
          seatsTaken: taken.get(r.id) ?? 0,
          status: r.status,
        })),
      };
    },
  };
}

export type RosterService = ReturnType<typeof createRosterService>;
