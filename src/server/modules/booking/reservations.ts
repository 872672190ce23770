// One reservation as its owner (or the admin) sees it, and the learner's cancellation: at least
// 48 h before the start, the seat is freed and fully refunded through the provider; later, freed
// without refund once the learner said they accept it. Decided in ONE transaction (lock order:
// the paying order → the session → the reservation), the provider asked after commit. The
// reservation's state is the idempotency: cancelling again answers the same, and the refund's key
// (`cancel:<reservationId>`) makes it once whatever happens.
//
// A booking of several seats (docs/decisions/0047) may give back some of them: « garder N places ».
// The same 48-hour rule for the booking; ≥ 48 h, the cancelled seats' share of the line is refunded
// under the key `cancel:<reservationId>:keep:<N>` (a booking only ever shrinks, so each N is reached
// once): asking again to keep N answers the same.
import { cancellationTerms, noRefundMessage, seatsLabel, seatsShareCents } from '@shared/booking';
import { needsFor } from '@shared/dietary';
import type { RefundView } from '@shared/schemas/checkout';
import {
  cancelReservationSchema,
  refundChoiceSchema,
  type CancelReservationResponse,
  type RefundChoiceResponse,
  type ReservationCancelReason,
  type ReservationView,
} from '@shared/schemas/reservations';
import type { Tx } from '../../db/client';
import type { Deps } from '../../deps';
import { AppError } from '../../http/app-error';
import { isAdmin, type SignedInViewer } from '../../http/guards';
import { parseInput } from '../../http/validate';
import { queueEmail } from '../../integrations/mail/outgoing';
import type { PaymentProvider } from '../../integrations/payments/port';
import { publish } from '../../realtime/publish';
import { invalidatePublicCache } from '../../web/public-cache';
import { toRefundView } from '../checkout/order-view';
import { notifyReservationCancelled } from '../notifications/notices';
import { isUuid } from '../params';
import { submitRefund } from '../refunds/automatic';
import { lockOrder } from '../refunds/service';
import { reservationCancelledMail, seatsGivenBackMail, type RefundNotice } from './attendee-mail';
import * as cancelRepo from './cancel-repository';
import * as transferRepo from './transfer-repository';
import { findReservationRows, type ReservationRow } from './reservation-rows';
import { readCancellationPolicy } from './policy';
import { toReservationView } from './reservation-view';
import { promoteLater } from '../waitlist/jobs';
import { seatsFreed } from '../waitlist/service';
import { checkMovedCancelLink } from './moved-cancel-link';
import { createRefundChoice } from './refund-choice';
import { expireIfLapsed, lockSession } from './repository';
import { OrdersChanged, planSeatRefund, withOrderRetry } from './seat-refund';

const LEARNER_CANCELS: ReservationCancelReason[] = ['learner_refunded', 'learner_no_refund'];
/** The refund's reason, with the school's notice (« Politique d'annulation ») in force when it was asked. */
const refundReason = (hours: number) => `Annulation par le participant au moins ${hours} heures avant la séance`;
const MOVED_REFUND_REASON = 'Annulation par le participant après le déplacement de la séance';

export const cancelRefundKey = (reservationId: string) => `cancel:${reservationId}`;
/** The refund of the seats given back when a booking keeps `keep` of them (keep ≥ 1). */
export const seatCancelRefundKey = (reservationId: string, keep: number) => `cancel:${reservationId}:keep:${keep}`;

/**
 * `extraRefundIds`: the refunds of the differences paid for dearer moves, asked after commit too.
 * `gaveBack`: how many seats a partial cancellation gave back (its e-mail says so).
 */
type Outcome = { changed: boolean; refundId: string | null; extraRefundIds?: string[]; gaveBack?: number };

type Decision = {
  acceptNoRefund: boolean;
  paidBefore: cancelRepo.PaidLine | null;
  movedOnly?: boolean;
  toCredit?: boolean;
  /** Seats to keep (1 … seats − 1); absent or 0: the whole booking. */
  keepSeats?: number;
  /** With keepSeats: the guests' seats given back (1 … seats − 1); absent: the last ones. */
  dropGuests?: number[];
};

export function createReservationService(deps: Pick<Deps, 'config' | 'database' | 'logger' | 'now'>, provider: PaymentProvider) {
  const db = () => deps.database.db;
  const refundChoice = createRefundChoice(deps, provider);

  async function rowOf(id: string): Promise<ReservationRow | null> {
    const [row] = await findReservationRows(db(), { ids: [id] });
    return row ?? null;
  }

  /** The reservation named in the URL, if this viewer may read it: its owner, or the admin; else 404. */
  async function readable(viewer: SignedInViewer, rawId: string): Promise<ReservationRow> {
    if (!isUuid(rawId)) throw new AppError('RESERVATION_NOT_FOUND');
    const row = await rowOf(rawId.toLowerCase());
    if (!row || (row.userId !== viewer.userId && !isAdmin(viewer))) throw new AppError('RESERVATION_NOT_FOUND');
    return row;
  }

  async function view(row: ReservationRow, viewer: SignedInViewer): Promise<ReservationView> {
    return toReservationView(row, viewer, deps.now(), await readCancellationPolicy(db()));
  }

  /** Inside the transaction, with the order (if any), the session and the reservation locked. */
  async function decide(found: ReservationRow, { acceptNoRefund, paidBefore, movedOnly = false, toCredit = false, keepSeats = 0, dropGuests }: Decision): Promise<Outcome> {
    const now = deps.now();
    const id = found.id;
    // A transfer may have moved the booking to another session since `found` was read: the session to
    // lock is the one read now (a retry reads it again).
    const sessionId = (await cancelRepo.sessionIdOf(db(), id)) ?? found.sessionId;
    // The differences paid for moves to dearer sessions (docs/decisions/0051): their orders are locked
    // after the booking's own, before the session — the payment event of a difference holds its order
    // then the sessions, so the two never wait on each other the other way round.
    const differencesBefore = (await transferRepo.differenceLinesOf(db(), id)).map((l) => l.orderId);
    return db().transaction(async (tx) => {
      if (paidBefore) await lockOrder(tx, paidBefore.orderId);
      for (const orderId of differencesBefore) await lockOrder(tx, orderId);
      const session = await lockSession(tx, sessionId);
      const reservation = await cancelRepo.lockReservation(tx, id);
      const paid = await cancelRepo.paidLineOf(tx, id);
      if (paid?.orderId !== paidBefore?.orderId) throw new OrdersChanged();
      const differences = await transferRepo.differenceLinesOf(tx, id);
      if (differences.map((l) => l.orderId).join() !== differencesBefore.join()) throw new OrdersChanged();
      if (!session || !reservation) throw new AppError('RESERVATION_NOT_FOUND');
      // Moved to another session by a transfer meanwhile (docs/decisions/0051): start again with it.
      if (reservation.sessionId !== sessionId) throw new OrdersChanged();
      // Given to someone else meanwhile (an accepted gift): no longer this person's to cancel.
      if (reservation.userId !== found.userId) throw new AppError('RESERVATION_NOT_FOUND');
      const policy = await readCancellationPolicy(tx);

      const key = cancelRefundKey(id);
      if (reservation.status === 'cancelled' && LEARNER_CANCELS.includes(reservation.cancelReason as ReservationCancelReason)) {
        const refund = paid ? await cancelRepo.findRefundByKey(tx, paid.orderId, key) : null;
        return { changed: false, refundId: refund?.id ?? null };
      }
      if (session.status === 'cancelled' || reservation.cancelReason === 'session_cancelled') throw new AppError('SESSION_CANCELLED');
      if (reservation.status !== 'confirmed') throw new AppError('RESERVATION_NOT_CANCELLABLE');
      // Some seats: already down to that many (a repeat, or a later cancel went further) answers the same.
      if (keepSeats > 0 && reservation.seats <= keepSeats) {
        const refund = paid && reservation.seats === keepSeats ? await cancelRepo.findRefundByKey(tx, paid.orderId, seatCancelRefundKey(id, keepSeats)) : null;
        return { changed: false, refundId: refund?.id ?? null };
      }
      const terms = cancellationTerms(session.startsAt, now, { movedAt: session.movedAt, bookedAt: reservation.bookedAt }, policy.refundNoticeHours);
      // The signed link of the « déplacée » e-mail cancels only a seat whose session moved after it was booked.
      if (movedOnly && !terms.moved) throw new AppError('MOVED_CANCEL_LINK_INVALID');
      if (!terms.allowed) throw new AppError('RESERVATION_NOT_CANCELLABLE');
      // The same rule as the view's `cancellation.refundable`: what the learner was shown is what happens.
      const refundable = terms.refundable && paid !== null;
      if (!refundable && !acceptNoRefund) throw new AppError('NO_REFUND_NOT_ACCEPTED', noRefundMessage(policy.refundNoticeHours));

      // The seats freed go to the waitlist right after commit, and by a job sent here should that not happen.
      await promoteLater(tx, sessionId, now);
      if (keepSeats > 0) return cancelSomeSeats(tx, { reservation, paid: refundable ? paid : null, differences: refundable ? differences : [], keep: keepSeats, dropGuests, moved: terms.moved, noticeHours: policy.refundNoticeHours, toCredit, now });

      const refund = refundable
        ? await planSeatRefund(tx, paid, {
            idempotencyKey: key,
            reason: terms.moved ? MOVED_REFUND_REASON : refundReason(policy.refundNoticeHours),
            createdBy: null,
            now,
            provider: provider.name,
            // « Recevoir un crédit Toque »: all of it to the credit, at once (docs/decisions/0038).
            toCredit,
          })
        : null;
      // The difference paid for a dearer move is refunded with the seat, under the same rule and key (once per order).
      const extraRefundIds: string[] = [];
      for (const line of refundable ? differences : []) {
        const extra = await planSeatRefund(tx, line, { idempotencyKey: key, reason: terms.moved ? MOVED_REFUND_REASON : refundReason(policy.refundNoticeHours), createdBy: null, now, provider: provider.name, toCredit });
        if (extra) extraRefundIds.push(extra.id);
      }
      const reason: ReservationCancelReason = refundable ? 'learner_refunded' : 'learner_no_refund';
      await cancelRepo.markCancelled(tx, id, reason, now);
      const event = { type: 'reservation.updated', reservationId: id } as const;
      await publish(tx, { userId: reservation.userId }, event);
      await publish(tx, { role: 'admin' }, event);
      await notifyReservationCancelled(tx, { reservationId: id, at: now, by: 'learner', refunded: refundable });
      return { changed: true, refundId: refund?.id ?? null, extraRefundIds };
    });
  }

  /**
   * Inside decide's transaction, locks taken: the booking keeps `keep` seats; ≥ 48 h (paid), the
   * cancelled seats' share of each line that paid for them is refunded — the booking's own line and
   * the differences paid for dearer moves, each by its own seats (the rounding spread so that the
   * last seat's refund takes exactly what is left on the line).
   */
  async function cancelSomeSeats(
    tx: Tx,
    input: {
      reservation: NonNullable<Awaited<ReturnType<typeof cancelRepo.lockReservation>>>;
      paid: cancelRepo.PaidLine | null;
      /** The lines of the differences paid for dearer moves (docs/decisions/0051). */
      differences: cancelRepo.PaidLine[];
      keep: number;
      /** The guests' seats given back (1 … seats − 1); absent: the last ones. */
      dropGuests?: number[];
      moved: boolean;
      /** The school's refund notice in hours (the refund's reason says it). */
      noticeHours: number;
      toCredit: boolean;
      now: Date;
    },
  ): Promise<Outcome> {
    const { reservation, paid, keep, now } = input;
    const id = reservation.id;
    // Who stays: the learner (seat 0) and the guests not given back — their names and needs with them.
    const dropped = input.dropGuests ?? Array.from({ length: reservation.seats - keep }, (_, i) => keep + i);
    if (dropped.length !== reservation.seats - keep || dropped.some((seat) => seat < 1 || seat >= reservation.seats)) {
      throw new AppError('VALIDATION_FAILED', `Choisissez qui ne vient plus : ${seatsLabel(reservation.seats - keep)} parmi vos invités.`, { dropGuests: 'Un invité par place rendue.' });
    }
    const kept = Array.from({ length: reservation.seats }, (_, seat) => seat).filter((seat) => !dropped.includes(seat));
    const needs = needsFor(reservation.seats, reservation.dietaryNeeds ?? undefined);
    const reason = `${input.moved ? MOVED_REFUND_REASON : refundReason(input.noticeHours)} (${reservation.seats - keep} place${reservation.seats - keep > 1 ? 's' : ''} sur ${reservation.seats})`;
    /** The cancelled seats' share of one line, planned under the seats' key (one per order). */
    const refundShare = async (line: cancelRepo.PaidLine) => {
      // Seats of the line already given back before this cancel, and after it.
      const before = Math.max(0, line.seats - reservation.seats);
      const after = Math.max(0, line.seats - keep);
      const share = seatsShareCents(line.amountCents, line.seats, after) - seatsShareCents(line.amountCents, line.seats, before);
      const amountCents = Math.min(share, await cancelRepo.leftOnLine(tx, line.orderLineId));
      if (amountCents <= 0) return null;
      return planSeatRefund(tx, line, { idempotencyKey: seatCancelRefundKey(id, keep), reason, createdBy: null, now, provider: provider.name, toCredit: input.toCredit, amountCents });
    };
    const refund = paid ? await refundShare(paid) : null;
    const extraRefundIds: string[] = [];
    for (const line of paid ? input.differences : []) {
      const extra = await refundShare(line);
      if (extra) extraRefundIds.push(extra.id);
    }
    const servings = reservation.servings === null ? null : Math.max(1, Math.round((reservation.servings * keep) / reservation.seats));
    await cancelRepo.markSeatsCancelled(tx, id, { seats: keep, guestNames: kept.slice(1).map((seat) => reservation.guestNames[seat - 1] ?? ''), dietaryNeeds: kept.map((seat) => needs[seat]!), servings }, now);
    const event = { type: 'reservation.updated', reservationId: id } as const;
    await publish(tx, { userId: reservation.userId }, event);
    await publish(tx, { role: 'admin' }, event);
    return { changed: true, refundId: refund?.id ?? null, extraRefundIds, gaveBack: reservation.seats - keep };
  }

  /** Some seats given back: the booking stands with the rest; its e-mail says how many and what was refunded (all lines together). */
  async function mailSeatsGivenBack(row: ReservationRow, gaveBack: number, refunds: RefundView[]) {
    try {
      const [to] = await cancelRepo.contactsOf(db(), [row.userId]);
      if (!to) return;
      const totalCents = refunds.reduce((n, r) => n + r.totalCents, 0);
      const creditCents = refunds.reduce((n, r) => n + r.creditCents, 0);
      const notice: RefundNotice = refunds.some((r) => r.status === 'failed')
        ? { kind: 'refund_failed' }
        : refunds.length
          ? { kind: 'refunded', totalCents, creditCents }
          : { kind: 'none' };
      // Once per number of seats kept (a repeat keeps as many: the same key).
      await queueEmail(db(), {
        dedupeKey: `reservation.seats_given_back:${row.id}:keep:${row.seats}`,
        kind: 'reservation.cancelled',
        to: to.email,
        userId: row.userId,
        mail: seatsGivenBackMail({
          to,
          reservationId: row.id,
          courseTitle: row.courseTitle,
          startsAt: row.startsAt,
          refund: notice,
          gaveBack,
          seatsLeft: row.seats,
          guests: row.guestNames,
          publicUrl: deps.config.publicUrl,
          refundNoticeHours: (await readCancellationPolicy(db())).refundNoticeHours,
          paid: !!row.paidAmountCents,
        }),
      });
    } catch (err) {
      // The seats are given back; the learner sees it on the booking's page and in Mes Achats.
      deps.logger.error({ err, reservationId: row.id }, "e-mail des places rendues non envoyé");
    }
  }

  async function mailLearner(row: ReservationRow, refund: RefundView | null) {
    try {
      const [to] = await cancelRepo.contactsOf(db(), [row.userId]);
      if (!to) return;
      // A refundable cancellation with nothing left to refund: the admin had refunded the seat by hand.
      const notice: RefundNotice = refund
        ? refund.status === 'failed'
          ? { kind: 'refund_failed' }
          : { kind: 'refunded', totalCents: refund.totalCents, creditCents: refund.creditCents }
        : { kind: row.cancelReason === 'learner_refunded' ? 'already_refunded' : 'none' };
      // After commit (the refund's fate is known only once the provider answered); once per seat.
      await queueEmail(db(), {
        dedupeKey: `reservation.cancelled:${row.id}`,
        kind: 'reservation.cancelled',
        to: to.email,
        userId: row.userId,
        mail: reservationCancelledMail({
          to,
          courseTitle: row.courseTitle,
          startsAt: row.startsAt,
          refund: notice,
          publicUrl: deps.config.publicUrl,
          refundNoticeHours: (await readCancellationPolicy(db())).refundNoticeHours,
        }),
      });
    } catch (err) {
      // The cancellation stands; the learner sees it in their calendar and Mes Achats.
      deps.logger.error({ err, reservationId: row.id }, "e-mail d'annulation de réservation non envoyé");
    }
  }

  return {
    async get(viewer: SignedInViewer, rawId: string): Promise<ReservationView> {
      let row = await readable(viewer, rawId);
      if (row.status === 'pending_payment' && row.holdExpiresAt && row.holdExpiresAt.getTime() <= deps.now().getTime()) {
        if (await expireIfLapsed(db(), row.id, deps.now())) await seatsFreed(deps, row.sessionId);
        row = (await rowOf(row.id)) ?? row;
      }
      return await view(row, viewer);
    },

    /** Only the owner cancels (the admin cancels a whole session instead: modules/sessions). */
    async cancel(viewer: SignedInViewer, rawId: string, body: unknown): Promise<CancelReservationResponse> {
      const input = parseInput(cancelReservationSchema, body);
      const found = await readable(viewer, rawId);
      if (found.userId !== viewer.userId) throw new AppError('FORBIDDEN');
      const toCredit = input.refundTo === 'credit';
      const keepSeats = input.keepSeats ?? 0;
      return finish(
        found,
        viewer,
        await withOrderRetry(async () => decide(found, { acceptNoRefund: input.acceptNoRefund === true, paidBefore: await cancelRepo.paidLineOf(db(), found.id), toCredit, keepSeats, dropGuests: input.dropGuests })),
        keepSeats,
      );
    },

    /**
     * After the chef cancelled the session: « Être remboursé sur ma carte » or « Recevoir un crédit
     * Toque » (docs/decisions/0043). Only the owner chooses; a repeat, or a choice after the
     * deadline's job, answers what was done the first time.
     */
    async chooseRefund(viewer: SignedInViewer, rawId: string, body: unknown): Promise<RefundChoiceResponse> {
      const input = parseInput(refundChoiceSchema, body);
      const found = await readable(viewer, rawId);
      if (found.userId !== viewer.userId) throw new AppError('FORBIDDEN');
      const outcome = await refundChoice.choose(found.id, input.refundTo);
      const refundRow = outcome.refundId ? await cancelRepo.findRefund(db(), outcome.refundId) : null;
      const row = (await rowOf(found.id))!;
      return { reservation: await view(row, viewer), refund: refundRow ? toRefundView(refundRow) : null };
    },

    /**
     * The « séance déplacée » e-mail's signed link, signed out: checks the link, then cancels the seat
     * with a full refund (the move's rule, whatever the 48 hours). Using it again answers the same.
     */
    async readMoved(rawId: string, link: { sequence?: string; signature?: string }): Promise<ReservationView> {
      const row = await signedRow(rawId, link);
      return await view(row, ownerOf(row));
    },

    async cancelMoved(rawId: string, link: { sequence?: string; signature?: string }): Promise<CancelReservationResponse> {
      const found = await signedRow(rawId, link);
      return finish(found, ownerOf(found), await withOrderRetry(async () => decide(found, { acceptNoRefund: true, paidBefore: await cancelRepo.paidLineOf(db(), found.id), movedOnly: true })));
    },
  };

  function ownerOf(row: ReservationRow): SignedInViewer {
    return { userId: row.userId, role: 'learner', adminSecondFactor: null } as unknown as SignedInViewer;
  }

  async function signedRow(rawId: string, link: { sequence?: string; signature?: string }): Promise<ReservationRow> {
    if (!isUuid(rawId)) throw new AppError('MOVED_CANCEL_LINK_INVALID');
    const id = rawId.toLowerCase();
    const sequence = checkMovedCancelLink(deps.config, id, link);
    const row = sequence === null ? null : await rowOf(id);
    // A link names a move that happened: its SEQUENCE is at most the session's.
    if (!row || sequence === null || sequence > row.sequence) throw new AppError('MOVED_CANCEL_LINK_INVALID');
    return row;
  }

  async function finish(found: ReservationRow, viewer: SignedInViewer, outcome: Outcome, keepSeats = 0): Promise<CancelReservationResponse> {
      const id = found.id;
      if (outcome.changed) {
        invalidatePublicCache();
        // The booking's seats (all, or those given back) go to the session's waitlist.
        await seatsFreed(deps, found.sessionId);
      }

      const extras: RefundView[] = [];
      for (const extraId of outcome.extraRefundIds ?? []) {
        let extra = await cancelRepo.findRefund(db(), extraId);
        if (extra?.status === 'pending' && !extra.providerRefundId) {
          await submitRefund(deps, provider, { ...extra, paymentId: await cancelRepo.paymentIdOf(db(), extra.orderId) });
          extra = await cancelRepo.findRefund(db(), extraId);
        }
        if (extra) extras.push(toRefundView(extra));
      }
      // Asked after commit; asked again on a repeat if the first ask never got through (same key).
      let refundRow = outcome.refundId ? await cancelRepo.findRefund(db(), outcome.refundId) : null;
      if (refundRow?.status === 'pending' && !refundRow.providerRefundId) {
        await submitRefund(deps, provider, { ...refundRow, paymentId: await cancelRepo.paymentIdOf(db(), refundRow.orderId) });
        refundRow = await cancelRepo.findRefund(db(), refundRow.id);
      }
      const refund = refundRow ? toRefundView(refundRow) : null;
      const row = (await rowOf(id))!;
      if (outcome.changed && keepSeats === 0) await mailLearner(row, refund);
      // Some seats given back: the booking stands; its own e-mail says how many and what comes back.
      if (outcome.changed && keepSeats > 0 && outcome.gaveBack) await mailSeatsGivenBack(row, outcome.gaveBack, [...(refund ? [refund] : []), ...extras]);
      return { reservation: await view(row, viewer), refund };
  }
}

export type ReservationService = ReturnType<typeof createReservationService>;
