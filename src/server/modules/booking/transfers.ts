// Transfers of a booking (docs/decisions/0051), until the policy's « transférer jusqu'à » (48 h by
// default): to another session of the same course, to someone else by e-mail, or as « Crédit Toque ».
//
// A move and a credit decide in ONE transaction with the house's lock order — the paying order →
// the sessions (both, by id, so two moves the other way round never deadlock) → the reservation —
// the same order as a cancellation: a transfer racing a cancellation runs one after the other, and
// the second sees what the first did (the line's « left to refund » and the reservation's state), so
// money is never given back twice nor a seat held twice. The learner's idempotency key answers a
// repeat with the transfer made the first time. A gift waits for its recipient (pending); its
// acceptance moves the booking to them under the reservation's lock; the giver may revoke it before.
import { transferAllowed, transferDeadline } from '@shared/booking';
import { computeTaxes } from '@shared/tax';
import { type PendingDifferenceResponse,
  giftAcceptSchema,
  transferRequestSchema,
  type GiftOfferView,
  type TransferOptionsResponse,
  type TransferResponse,
  type TransferView,
} from '@shared/schemas/transfers';
import type { Db, Tx } from '../../db/client';
import type { Deps } from '../../deps';
import { promoteLater } from '../waitlist/jobs';
import { AppError } from '../../http/app-error';
import { isAdmin, type SignedInViewer } from '../../http/guards';
import { parseInput } from '../../http/validate';
import { queueEmail } from '../../integrations/mail/outgoing';
import type { PaymentProvider } from '../../integrations/payments/port';
import { moveReminders } from '../../jobs/reminders';
import { publish } from '../../realtime/publish';
import { invalidatePublicCache } from '../../web/public-cache';
import { recordAudit } from '../audit/service';
import { toRefundView } from '../checkout/order-view';
import { isUuid } from '../params';
import { handOverPrepKit, movePrepKit } from '../prep-kit/job';
import { quoteRefundTotal, submitRefund } from '../refunds/automatic';
import { lockOrder } from '../refunds/service';
import * as cancelRepo from './cancel-repository';
import { readCancellationPolicy } from './policy';
import { expireLapsedHolds, lockSession, mineAndTaken } from './repository';
import { findReservationRows, type ReservationRow } from './reservation-rows';
import { toReservationView } from './reservation-view';
import { OrdersChanged, planSeatRefund, withOrderRetry } from './seat-refund';
import { notEnoughSeats } from './service';
import { checkGiftSignature, giftUrl } from './transfer-gift-link';
import { differencePayment, openDifference } from './transfer-payment';
import { giftAcceptedMail, giftOfferedMail } from './transfer-mail';
import * as repo from './transfer-repository';

export const transferCreditRefundKey = (reservationId: string) => `transfer-credit:${reservationId}`;
export const transferMoveRefundKey = (transferId: string) => `transfer-move:${transferId}`;

function toTransferView(row: repo.TransferRow): TransferView {
  return {
    id: row.id,
    kind: row.kind as TransferView['kind'],
    status: row.status as TransferView['status'],
    reservationId: row.reservationId,
    toEmail: row.toEmail,
    toSessionId: row.toSessionId,
    differenceCents: row.differenceCents,
    createdAt: row.createdAt.toISOString(),
  };
}

type Outcome = { transfer: repo.TransferRow; refundId: string | null; freedSessionIds: string[]; changed: boolean };

export function createTransferService(deps: Pick<Deps, 'config' | 'database' | 'logger' | 'now'>, provider: PaymentProvider) {
  const db = () => deps.database.db;

  async function rowOf(id: string): Promise<ReservationRow | null> {
    const [row] = await findReservationRows(db(), { ids: [id] });
    return row ?? null;
  }

  /** The booking named in the URL, if this viewer may transfer it: its learner, or the admin (the roster); else 404. */
  async function transferable(viewer: SignedInViewer, rawId: string): Promise<ReservationRow> {
    if (!isUuid(rawId)) throw new AppError('RESERVATION_NOT_FOUND');
    const row = await rowOf(rawId.toLowerCase());
    if (!row || (row.userId !== viewer.userId && !isAdmin(viewer))) throw new AppError('RESERVATION_NOT_FOUND');
    return row;
  }

  /**
   * The price difference of moving `seats` seats, before tax: today's list price against what a seat
   * was paid for — the line's list price (its discounts kept) plus the differences already paid for
   * (or offered by the school on) earlier dearer moves, so that moving again never charges the same
   * difference twice.
   */
  async function differenceBeforeTax(conn: Tx | Db, paid: cancelRepo.PaidLine | null, coursePriceCents: number, seats: number, reservationId: string): Promise<number> {
    if (!paid) return 0;
    let perSeat = (await repo.listPricePerSeat(conn, paid.orderLineId)) + (await repo.waivedPerSeat(conn, reservationId));
    for (const line of await repo.differenceLinesOf(conn, reservationId)) perSeat += Math.round(line.amountCents / Math.max(1, line.seats));
    return (coursePriceCents - perSeat) * seats;
  }

  /** The difference taxes included, as the learner is told it: taxed like the original line (dearer), or the refund's quote (cheaper). */
  async function differenceWithTax(paid: cancelRepo.PaidLine | null, beforeTax: number, province: string | null): Promise<number> {
    if (!paid || beforeTax === 0) return 0;
    if (beforeTax < 0) return -(await quoteRefundTotal(db(), paid.orderId, paid.orderLineId, Math.min(-beforeTax, await cancelRepo.leftOnLine(db(), paid.orderLineId))));
    const { seller } = deps.config;
    const taxes = computeTaxes([{ id: 'difference', kind: 'live_class', amountCents: beforeTax }], (province ?? 'QC') as never, deps.now(), { mode: seller.taxMode, pstRegistrations: seller.pstRegistrations });
    return taxes.totalCents;
  }

  /**
   * Inside one transaction, the locks taken in the house's order. `kind` move: `toSessionId` the target.
   * Returns the transfer made (or the one a repeat of the same key made).
   */
  async function decide(found: ReservationRow, actor: SignedInViewer, input: { kind: 'move' | 'credit'; toSessionId?: string; idempotencyKey: string; waiveDifference?: boolean }): Promise<Outcome> {
    const now = deps.now();
    // Only the school may offer a difference: the learner pays theirs.
    if (input.waiveDifference && !isAdmin(actor)) throw new AppError('FORBIDDEN', "Seule l'administration peut offrir la différence.");
    const id = found.id;
    const paidBefore = await cancelRepo.paidLineOf(db(), id);
    const differencesBefore = (await repo.differenceLinesOf(db(), id)).map((l) => l.orderId);
    const sessionId = (await cancelRepo.sessionIdOf(db(), id)) ?? found.sessionId;
    return db().transaction(async (tx) => {
      if (paidBefore) await lockOrder(tx, paidBefore.orderId);
      for (const orderId of differencesBefore) await lockOrder(tx, orderId);
      const ids = [...new Set([sessionId, input.toSessionId].filter((s): s is string => !!s))].sort();
      const locked = new Map<string, NonNullable<Awaited<ReturnType<typeof lockSession>>>>();
      for (const s of ids) {
        const row = await lockSession(tx, s);
        if (row) locked.set(s, row);
      }
      const reservation = await cancelRepo.lockReservation(tx, id);
      const paid = await cancelRepo.paidLineOf(tx, id);
      if (paid?.orderId !== paidBefore?.orderId) throw new OrdersChanged();
      const differences = await repo.differenceLinesOf(tx, id);
      if (differences.map((l) => l.orderId).join() !== differencesBefore.join()) throw new OrdersChanged();
      if (!reservation) throw new AppError('RESERVATION_NOT_FOUND');
      // Moved meanwhile (another transfer): start again with the session it is on now.
      if (reservation.sessionId !== sessionId) throw new OrdersChanged();

      const again = await repo.findByKey(tx, id, input.idempotencyKey);
      if (again) return { transfer: again, refundId: again.refundId, freedSessionIds: [], changed: false };

      // Given to someone else meanwhile: no longer this learner's (the admin still may).
      if (reservation.userId !== found.userId) throw new AppError('RESERVATION_NOT_FOUND');
      const session = locked.get(sessionId);
      if (!session || session.status !== 'scheduled' || reservation.status !== 'confirmed') throw new AppError('TRANSFER_NOT_AVAILABLE');
      const policy = await readCancellationPolicy(tx);
      if (!transferAllowed(session.startsAt, now, policy.transferUntilHours)) throw new AppError('TRANSFER_TOO_LATE');
      if (await repo.pendingGift(tx, id)) throw new AppError('TRANSFER_NOT_AVAILABLE', 'Une offre de cette place attend sa réponse : reprenez-la avant de faire autre chose.');
      // A difference not paid in time: that move lapsed (its hold with it); another one may be asked.
      const awaiting = await repo.awaitingPayment(tx, id);
      if (awaiting) {
        const hold = awaiting.holdReservationId ? await repo.holdOf(tx, awaiting.holdReservationId) : null;
        if (hold?.status === 'pending_payment' && hold.holdExpiresAt && hold.holdExpiresAt.getTime() > now.getTime()) {
          throw new AppError('TRANSFER_NOT_AVAILABLE', 'Un transfert attend le paiement de sa différence : payez-la, ou attendez la fin de la réservation des places (15 minutes).');
        }
        await repo.setTransferStatus(tx, awaiting.id, { status: 'lapsed' }, now);
      }

      const transferId = crypto.randomUUID();
      let refundId: string | null = null;
      let toSessionId: string | null = null;
      let differenceCents = 0;
      let waivedPerSeatCents = 0;

      if (input.kind === 'credit') {
        // The value of what is left on the line and on the differences paid for dearer moves, taxes
        // included, as a full refund would give it back.
        const lines = paid ? [paid, ...differences] : [];
        let left = 0;
        for (const line of lines) left += await cancelRepo.leftOnLine(tx, line.orderLineId);
        if (left <= 0) throw new AppError('TRANSFER_NOT_AVAILABLE', "Cette réservation n'a rien à convertir en crédit Toque.");
        let credited = 0;
        for (const line of lines) {
          const refund = await planSeatRefund(tx, line, {
            idempotencyKey: transferCreditRefundKey(id),
            reason: 'Transfert de la réservation en crédit Toque',
            createdBy: null,
            now,
            provider: provider.name,
            toCredit: true,
            site: deps.config,
          });
          // The booking's own line's refund is the one the transfer names.
          if (line === paid) refundId = refund?.id ?? null;
          credited += refund?.totalCents ?? 0;
        }
        differenceCents = -credited;
        await cancelRepo.markCancelled(tx, id, 'transferred_to_credit', now);
      } else {
        const target = input.toSessionId ? locked.get(input.toSessionId) : undefined;
        if (input.toSessionId === sessionId) throw new AppError('TRANSFER_SAME_SESSION');
        if (!target || target.courseId !== session.courseId || target.status !== 'scheduled' || target.startsAt.getTime() <= now.getTime()) {
          throw new AppError('SESSION_UNAVAILABLE');
        }
        await expireLapsedHolds(tx, target.id, now);
        const { mine, taken } = await mineAndTaken(tx, reservation.userId, target.id, now);
        if (mine) throw new AppError('ALREADY_BOOKED');
        if (taken + reservation.seats > target.capacity) throw notEnoughSeats(target.capacity - taken, reservation.seats);
        const beforeTax = await differenceBeforeTax(tx, paid, target.coursePriceCents, reservation.seats, id);
        // Dearer, moved by the admin: the learner pays it from their booking, or the school offers it
        // (« Offrir la différence »): moved at once, nothing charged, the offered amount kept per seat
        // so that a later move counts it as paid.
        if (beforeTax > 0 && paid && isAdmin(actor) && !input.waiveDifference) {
          throw new AppError('TRANSFER_PAYMENT_REQUIRED', 'Cette séance coûte plus cher : la personne paie la différence depuis sa réservation, ou offrez-la (« Offrir la différence »).');
        }
        if (beforeTax > 0 && paid && input.waiveDifference) waivedPerSeatCents = Math.round(beforeTax / reservation.seats);
        // Dearer: the difference is paid first — the target's seats held, an order for it; its
        // payment event moves the booking (transfer-payment.ts). Nothing moves now.
        if (beforeTax > 0 && paid && !input.waiveDifference) {
          const opened = await openDifference(tx, {
            config: deps.config,
            provider: provider.name,
            now,
            transferId,
            beforeTax,
            paid,
            reservation,
            target,
          });
          const transfer = await repo.insertTransfer(tx, {
            id: transferId,
            reservationId: id,
            kind: 'move',
            status: 'awaiting_payment',
            fromUserId: reservation.userId,
            actorId: actor.userId,
            fromSessionId: sessionId,
            toSessionId: target.id,
            differenceCents: opened.totalCents,
            orderId: opened.orderId,
            holdReservationId: opened.holdId,
            idempotencyKey: input.idempotencyKey,
            createdAt: now,
            updatedAt: now,
          });
          const event = { type: 'reservation.updated', reservationId: id } as const;
          await publish(tx, { userId: reservation.userId }, event);
          return { transfer, refundId: null, freedSessionIds: [], changed: true };
        }
        if (beforeTax < 0 && paid) {
          const left = await cancelRepo.leftOnLine(tx, paid.orderLineId);
          const amountCents = Math.min(-beforeTax, left);
          const refund =
            amountCents > 0
              ? await planSeatRefund(tx, paid, {
                  idempotencyKey: transferMoveRefundKey(transferId),
                  reason: 'Transfert vers une séance moins chère : la différence',
                  createdBy: null,
                  now,
                  provider: provider.name,
                  amountCents,
                  site: deps.config,
                })
              : null;
          refundId = refund?.id ?? null;
          differenceCents = -(refund?.totalCents ?? 0);
        }
        await repo.moveReservation(tx, id, target.id, now);
        // The kit and the reminders follow the booking to its new time.
        const planned = { reservationId: id, previousStartsAt: session.startsAt, startsAt: target.startsAt, now };
        await moveReminders(tx, planned);
        await movePrepKit(tx, planned);
        toSessionId = target.id;
      }

      const transfer = await repo.insertTransfer(tx, {
        id: transferId,
        reservationId: id,
        kind: input.kind,
        status: 'done',
        fromUserId: reservation.userId,
        actorId: actor.userId,
        fromSessionId: sessionId,
        toSessionId,
        differenceCents,
        waivedPerSeatCents,
        refundId,
        idempotencyKey: input.idempotencyKey,
        createdAt: now,
        updatedAt: now,
      });
      await recordAudit(tx, {
        actorId: actor.userId,
        action: 'reservation.transfer',
        targetType: 'reservation',
        targetId: id,
        details: { kind: input.kind, transferId, fromSessionId: sessionId, toSessionId, differenceCents, refundId, ...(waivedPerSeatCents ? { waivedCents: waivedPerSeatCents * reservation.seats } : {}) },
      });
      const event = { type: 'reservation.updated', reservationId: id } as const;
      await publish(tx, { userId: reservation.userId }, event);
      await publish(tx, { role: 'admin' }, event);
      // Seats were freed on the session left behind: its waitlist is offered them by a job sent in this
      // transaction (the order's lock is held first, as a refund's: docs/decisions/0050).
      await promoteLater(tx, sessionId, now);
      return { transfer, refundId, freedSessionIds: [sessionId], changed: true };
    });
  }

  async function answer(outcome: Outcome, viewer: SignedInViewer): Promise<TransferResponse> {
    if (outcome.changed) invalidatePublicCache();
    let refundRow = outcome.refundId ? await cancelRepo.findRefund(db(), outcome.refundId) : null;
    // The card is asked after commit; asked again on a repeat if the first ask never got through (same key).
    if (refundRow?.status === 'pending' && !refundRow.providerRefundId) {
      await submitRefund(deps, provider, { ...refundRow, paymentId: await cancelRepo.paymentIdOf(db(), refundRow.orderId) });
      refundRow = await cancelRepo.findRefund(db(), refundRow.id);
    }
    const row = (await rowOf(outcome.transfer.reservationId))!;
    const policy = await readCancellationPolicy(db());
    const t = outcome.transfer;
    const hold = t.status === 'awaiting_payment' && t.holdReservationId ? await repo.holdOf(db(), t.holdReservationId, false) : null;
    return {
      transfer: toTransferView(t),
      reservation: toReservationView(row, viewer, deps.now(), policy),
      refund: refundRow ? toRefundView(refundRow) : null,
      freedSessionIds: outcome.freedSessionIds,
      payment:
        t.status === 'awaiting_payment' && t.orderId
          ? { orderId: t.orderId, totalCents: t.differenceCents, holdExpiresAt: (hold?.holdExpiresAt ?? deps.now()).toISOString(), session: await differencePayment(deps, provider, t.orderId) }
          : null,
    };
  }

  /** A gift offered: pending until its recipient accepts, e-mailed with its signed link (in the same transaction). */
  async function offerGift(found: ReservationRow, actor: SignedInViewer, email: string, idempotencyKey: string): Promise<Outcome> {
    const now = deps.now();
    return db().transaction(async (tx) => {
      const session = await lockSession(tx, found.sessionId);
      const reservation = await cancelRepo.lockReservation(tx, found.id);
      if (!session || !reservation) throw new AppError('RESERVATION_NOT_FOUND');
      const again = await repo.findByKey(tx, found.id, idempotencyKey);
      if (again) return { transfer: again, refundId: null, freedSessionIds: [], changed: false };
      if (reservation.sessionId !== found.sessionId || reservation.userId !== found.userId) throw new AppError('RESERVATION_NOT_FOUND');
      if (session.status !== 'scheduled' || reservation.status !== 'confirmed') throw new AppError('TRANSFER_NOT_AVAILABLE');
      const policy = await readCancellationPolicy(tx);
      if (!transferAllowed(session.startsAt, now, policy.transferUntilHours)) throw new AppError('TRANSFER_TOO_LATE');
      if (await repo.pendingGift(tx, found.id)) throw new AppError('TRANSFER_NOT_AVAILABLE', 'Une offre de cette place attend déjà sa réponse.');
      const giver = await repo.userById(tx, reservation.userId);
      if (giver?.email.toLowerCase() === email) throw new AppError('GIFT_TO_SELF');
      const transfer = await repo.insertTransfer(tx, {
        reservationId: found.id,
        kind: 'gift',
        status: 'pending',
        fromUserId: reservation.userId,
        actorId: actor.userId,
        toEmail: email,
        fromSessionId: found.sessionId,
        idempotencyKey,
        createdAt: now,
        updatedAt: now,
      });
      await queueEmail(tx, {
        dedupeKey: `transfer.gift:${transfer.id}`,
        kind: 'transfer.gift',
        to: email,
        userId: null,
        mail: giftOfferedMail({
          to: email,
          fromName: found.clientName || giver?.name || 'Une personne',
          courseTitle: found.courseTitle,
          startsAt: session.startsAt,
          seats: reservation.seats,
          acceptUrl: giftUrl(deps.config, transfer.id),
        }),
      });
      await recordAudit(tx, { actorId: actor.userId, action: 'reservation.transfer', targetType: 'reservation', targetId: found.id, details: { kind: 'gift', transferId: transfer.id } });
      return { transfer, refundId: null, freedSessionIds: [], changed: true };
    });
  }

  async function signedGift(rawId: string, signature: string) {
    if (!isUuid(rawId) || !checkGiftSignature(deps.config, rawId.toLowerCase(), signature)) throw new AppError('GIFT_NOT_FOUND');
    const transfer = await repo.findTransfer(db(), rawId.toLowerCase());
    if (!transfer || transfer.kind !== 'gift') throw new AppError('GIFT_NOT_FOUND');
    return transfer;
  }

  return {
    /** What each option does now, said before confirming (the dialog's three choices). */
    async options(viewer: SignedInViewer, rawId: string): Promise<TransferOptionsResponse> {
      const found = await transferable(viewer, rawId);
      const now = deps.now();
      const policy = await readCancellationPolicy(db());
      const allowed = found.status === 'confirmed' && found.sessionStatus === 'scheduled' && transferAllowed(found.startsAt, now, policy.transferUntilHours);
      const paid = await cancelRepo.paidLineOf(db(), found.id);
      const province = paid ? await repo.orderProvince(db(), paid.orderId) : null;
      // The credit: what is left on the line and on the differences paid for dearer moves, taxes included.
      let creditCents = 0;
      for (const line of paid ? [paid, ...(await repo.differenceLinesOf(db(), found.id))] : []) {
        creditCents += await quoteRefundTotal(db(), line.orderId, line.orderLineId, await cancelRepo.leftOnLine(db(), line.orderLineId));
      }
      const coursePrice = await repo.coursePrice(db(), found.courseId);
      const beforeTax = await differenceBeforeTax(db(), paid, coursePrice, found.seats, found.id);
      const difference = await differenceWithTax(paid, beforeTax, province);
      const sessions = allowed ? await repo.otherSessions(db(), found.courseId, found.sessionId, now) : [];
      const gift = await repo.pendingGift(db(), found.id);
      return {
        allowed,
        deadline: transferDeadline(found.startsAt, policy.transferUntilHours).toISOString(),
        sessions: sessions.map((s) => ({
          id: s.id,
          startsAt: s.startsAt.toISOString(),
          seatsLeft: Math.max(0, s.capacity - s.taken),
          fits: s.capacity - s.taken >= found.seats,
          differenceCents: difference,
        })),
        creditCents,
        pendingGift: gift ? toTransferView(gift) : null,
      };
    },

    async transfer(viewer: SignedInViewer, rawId: string, body: unknown): Promise<TransferResponse> {
      const input = parseInput(transferRequestSchema, body);
      const found = await transferable(viewer, rawId);
      if (input.kind === 'gift') return answer(await offerGift(found, viewer, input.email, input.idempotencyKey), viewer);
      const outcome = await withOrderRetry(() =>
        decide(
          found,
          viewer,
          input.kind === 'move'
            ? { kind: 'move', toSessionId: input.sessionId.toLowerCase(), idempotencyKey: input.idempotencyKey, waiveDifference: input.waiveDifference === true }
            : { kind: 'credit', idempotencyKey: input.idempotencyKey },
        ),
      );
      return answer(outcome, viewer);
    },

    /**
     * The difference still to pay of a move to a dearer session, while its seats are held: the payment
     * page opened again (a reload, another tab) finds its payment (the same one: the processor's key is
     * the order's). Null when none waits.
     */
    async pendingDifference(viewer: SignedInViewer, rawId: string): Promise<PendingDifferenceResponse> {
      const found = await transferable(viewer, rawId);
      const t = await repo.awaitingPayment(db(), found.id);
      const hold = t?.holdReservationId ? await rowOf(t.holdReservationId) : null;
      if (!t?.orderId || !hold || hold.status !== 'pending_payment' || !hold.holdExpiresAt || hold.holdExpiresAt.getTime() <= deps.now().getTime()) return { difference: null };
      return {
        difference: {
          payment: { orderId: t.orderId, totalCents: t.differenceCents, holdExpiresAt: hold.holdExpiresAt.toISOString(), session: await differencePayment(deps, provider, t.orderId) },
          startsAt: hold.startsAt.toISOString(),
        },
      };
    },

    /** The giver (or the admin) takes a gift back before it is accepted; revoking again answers the same. */
    async revoke(viewer: SignedInViewer, rawId: string): Promise<TransferView> {
      if (!isUuid(rawId)) throw new AppError('GIFT_NOT_FOUND');
      const now = deps.now();
      const row = await db().transaction(async (tx) => {
        const transfer = await repo.lockTransfer(tx, rawId.toLowerCase());
        if (!transfer || transfer.kind !== 'gift' || (transfer.fromUserId !== viewer.userId && !isAdmin(viewer))) throw new AppError('GIFT_NOT_FOUND');
        if (transfer.status === 'revoked') return transfer;
        if (transfer.status !== 'pending') throw new AppError('TRANSFER_NOT_AVAILABLE', 'Cette place a déjà été acceptée : elle ne peut plus être reprise.');
        await repo.setTransferStatus(tx, transfer.id, { status: 'revoked' }, now);
        await recordAudit(tx, { actorId: viewer.userId, action: 'reservation.transfer_revoke', targetType: 'reservation', targetId: transfer.reservationId, details: { transferId: transfer.id } });
        return { ...transfer, status: 'revoked', updatedAt: now };
      });
      return toTransferView(row);
    },

    /** The gift as its link shows it, signed out. */
    async readGift(rawId: string, signature: string): Promise<GiftOfferView> {
      const transfer = await signedGift(rawId, signature);
      const row = (await rowOf(transfer.reservationId))!;
      const giver = transfer.fromUserId ? await repo.userById(db(), transfer.fromUserId) : null;
      return {
        id: transfer.id,
        status: transfer.status as GiftOfferView['status'],
        courseTitle: row.courseTitle,
        startsAt: row.startsAt.toISOString(),
        seats: row.seats,
        fromName: giver?.name ?? 'Une personne',
        toEmail: transfer.toEmail ?? '',
      };
    },

    /** The recipient, signed in, accepts: the booking is theirs from now on. Accepting again answers the same. */
    async acceptGift(viewer: SignedInViewer, rawId: string, body: unknown): Promise<TransferResponse> {
      const { signature } = parseInput(giftAcceptSchema, body);
      const pending = await signedGift(rawId, signature);
      const now = deps.now();
      const sessionId = (await cancelRepo.sessionIdOf(db(), pending.reservationId)) ?? pending.fromSessionId;
      const outcome = await db().transaction(async (tx): Promise<Outcome> => {
        const session = await lockSession(tx, sessionId);
        const reservation = await cancelRepo.lockReservation(tx, pending.reservationId);
        const transfer = await repo.lockTransfer(tx, pending.id);
        if (!session || !reservation || !transfer) throw new AppError('GIFT_NOT_FOUND');
        if (transfer.status === 'done' && transfer.toUserId === viewer.userId) return { transfer, refundId: null, freedSessionIds: [], changed: false };
        if (transfer.status !== 'pending') throw new AppError('GIFT_NOT_FOUND');
        if (viewer.userId === transfer.fromUserId) throw new AppError('GIFT_TO_SELF');
        // The giver cancelled or gave it away meanwhile, or the session is gone or started.
        if (reservation.userId !== transfer.fromUserId || reservation.status !== 'confirmed' || session.status !== 'scheduled' || session.startsAt.getTime() <= now.getTime()) {
          throw new AppError('GIFT_NOT_FOUND');
        }
        if (await repo.hasLiveBooking(tx, viewer.userId, session.id)) throw new AppError('ALREADY_BOOKED');
        const recipient = (await repo.userById(tx, viewer.userId))!;
        const clientName = (await repo.profileName(tx, viewer.userId)) || recipient.name;
        await repo.giveReservation(tx, reservation.id, { userId: viewer.userId, clientName }, now);
        await repo.setTransferStatus(tx, transfer.id, { status: 'done', toUserId: viewer.userId }, now);
        // The kit already went out to the giver (72 h before): the recipient gets it now too.
        await handOverPrepKit(tx, deps, { reservationId: reservation.id, giftId: transfer.id, now });
        const giver = transfer.fromUserId ? await repo.userById(tx, transfer.fromUserId) : null;
        if (giver) {
          await queueEmail(tx, {
            dedupeKey: `transfer.gift_accepted:${transfer.id}`,
            kind: 'transfer.gift_accepted',
            to: giver.email,
            userId: giver.id,
            mail: giftAcceptedMail({ to: { email: giver.email, name: giver.name }, recipientName: clientName, courseTitle: session.courseTitle, startsAt: session.startsAt, seats: reservation.seats }),
          });
        }
        const event = { type: 'reservation.updated', reservationId: reservation.id } as const;
        await publish(tx, { userId: viewer.userId }, event);
        if (transfer.fromUserId) await publish(tx, { userId: transfer.fromUserId }, event);
        await publish(tx, { role: 'admin' }, event);
        return { transfer: { ...transfer, status: 'done', toUserId: viewer.userId, updatedAt: now }, refundId: null, freedSessionIds: [], changed: true };
      });
      return answer(outcome, viewer);
    },
  };
}

export type TransferService = ReturnType<typeof createTransferService>;

/** The Law 25 export: the transfers the person asked or received (a gift's address is the recipient's only). */
export async function transfersExportOf(db: Deps['database']['db'], userId: string) {
  const rows = await repo.transfersOf(db, userId);
  return rows.map((r) => ({
    kind: r.kind,
    status: r.status,
    reservationId: r.reservationId,
    given: r.fromUserId === userId,
    toEmail: r.fromUserId === userId ? r.toEmail : null,
    fromSessionId: r.fromSessionId,
    toSessionId: r.toSessionId,
    differenceCents: r.differenceCents,
    createdAt: r.createdAt.toISOString(),
  }));
}
