// A move to a dearer session pays the difference first (docs/decisions/0051). The transfer holds the
// target's seats (a `pending_payment` reservation, HOLD_MINUTES, counted like any hold) and makes an
// order of one line — the list-price difference × seats, taxed in the original order's province —
// paid through the usual payment flow. Its payment event (fulfilPaidOrder) moves the booking and
// releases the hold in the webhook's transaction; a replayed event never comes back here (the order
// is paid already). Unpaid, the hold lapses and the order's close job makes it « Abandonnée »: nothing
// moved. Paid too late — the booking was cancelled, or the target has no seat left — the difference
// is refunded whole and nothing moves.
import { HOLD_MINUTES } from '@shared/booking';
import type { SeatNeeds } from '@shared/dietary';
import { CHEF_TIME_ZONE, formatSessionDateTime } from '@shared/format';
import type { ProvinceCode } from '@shared/provinces';
import type { PaymentSession } from '@shared/schemas/checkout';
import { computeTaxes, orderAmounts } from '@shared/tax';
import type { Tx } from '../../db/client';
import type { Deps } from '../../deps';
import type { PaymentProvider } from '../../integrations/payments/port';
import { scheduleHoldExpiry } from '../../jobs/hold-expiry';
import { moveReminders } from '../../jobs/reminders';
import { publish } from '../../realtime/publish';
import { recordAudit } from '../audit/service';
import { scheduleOrderClose } from '../checkout/abandon';
import { AppError } from '../../http/app-error';
import { movePrepKit } from '../prep-kit/job';
import { planRefund } from '../refunds/automatic';
import { promoteLater } from '../waitlist/jobs';
import type { SeatSettlement } from './payment-confirmation';
import { cancelReservations, lockSession as lockSessionWithTitle, seatsTakenByOthers } from './payment-confirmation-repository';
import * as cancelRepo from './cancel-repository';
import { insertHold } from './repository';
import * as repo from './transfer-repository';

const MINUTE = 60_000;

/** The refund of a difference paid when the move could no longer happen: once per order. */
export const unmovedRefundKey = (orderId: string) => `transfer-unmoved:${orderId}`;

export type OpenedDifference = { orderId: string; holdId: string; holdExpiresAt: Date; totalCents: number };

/**
 * Inside the transfer's transaction (order, sessions and reservation locked, the target's seats checked):
 * the hold on the target and the order of the difference, closed with the hold if nobody pays it.
 */
export async function openDifference(
  tx: Tx,
  input: {
    config: Pick<Deps['config'], 'seller'>;
    provider: PaymentProvider['name'];
    now: Date;
    transferId: string;
    beforeTax: number;
    paid: cancelRepo.PaidLine;
    reservation: { userId: string; seats: number; servings: number | null; guestNames: string[]; dietaryNeeds: SeatNeeds[] };
    target: { id: string; courseId: string; courseTitle: string; startsAt: Date };
  },
): Promise<OpenedDifference> {
  const { now, reservation, target } = input;
  const holdExpiresAt = new Date(now.getTime() + HOLD_MINUTES * MINUTE);
  const hold = await insertHold(tx, {
    userId: reservation.userId,
    sessionId: target.id,
    holdExpiresAt,
    servings: reservation.servings,
    seats: reservation.seats,
    guestNames: reservation.guestNames,
    dietaryNeeds: reservation.dietaryNeeds,
    now,
  });
  await scheduleHoldExpiry(tx, { reservationId: hold.id, holdExpiresAt, now });

  const original = (await repo.orderBuyer(tx, input.paid.orderId))!;
  const province = original.province as ProvinceCode;
  const orderId = crypto.randomUUID();
  const lineId = crypto.randomUUID();
  const { seller } = input.config;
  const taxes = computeTaxes([{ id: lineId, kind: 'live_class', amountCents: input.beforeTax }], province, now, { mode: seller.taxMode, pstRegistrations: seller.pstRegistrations });
  const amounts = orderAmounts(taxes);
  await repo.insertDifferenceOrder(
    tx,
    {
      id: orderId,
      userId: original.userId,
      status: 'pending',
      currency: 'CAD',
      province,
      ...amounts,
      buyerName: original.buyerName,
      buyerEmail: original.buyerEmail,
      provider: input.provider,
      idempotencyKey: `transfer-move:${input.transferId}`,
      createdAt: now,
      updatedAt: now,
    },
    [
      {
        id: lineId,
        orderId,
        position: 0,
        kind: 'live_class',
        courseId: target.courseId,
        sessionId: target.id,
        // No reservation: the seat is the booking's own line's; this line pays only the difference.
        reservationId: null,
        description: `Différence de prix · ${target.courseTitle} · séance du ${formatSessionDateTime(target.startsAt, CHEF_TIME_ZONE)}`,
        amountCents: input.beforeTax,
        discountCents: 0,
        seats: reservation.seats,
      },
    ],
  );
  await scheduleOrderClose(tx, { orderId, closesAt: holdExpiresAt, now });
  return { orderId, holdId: hold.id, holdExpiresAt, totalCents: amounts.totalCents };
}

/**
 * In the payment event's transaction (the difference's order locked): the booking moves, or — no
 * longer possible — the difference is refunded whole. Null when the order is not a difference's.
 */
export async function settleDifferencePaid(tx: Tx, input: { orderId: string; now: Date; provider: PaymentProvider['name'] }): Promise<SeatSettlement | null> {
  const { orderId, now } = input;
  const found = await repo.transferByOrder(tx, orderId);
  if (!found) return null;
  const result: SeatSettlement = { refund: null, seatsChanged: false, confirmed: [], refused: [] };
  // The house's lock order after the order: the sessions (by id), the reservation, then the transfer.
  const sessions = new Map<string, NonNullable<Awaited<ReturnType<typeof lockSessionWithTitle>>>>();
  for (const id of [...new Set([found.fromSessionId, found.toSessionId!])].sort()) {
    const row = await lockSessionWithTitle(tx, id);
    if (row) sessions.set(id, row);
  }
  const reservation = await cancelRepo.lockReservation(tx, found.reservationId);
  const transfer = (await repo.lockTransfer(tx, found.id))!;
  if (transfer.status !== 'awaiting_payment') return result;
  const target = sessions.get(transfer.toSessionId!)!;
  const hold = transfer.holdReservationId ? await repo.holdOf(tx, transfer.holdReservationId) : null;
  const holdRuns = hold?.status === 'pending_payment' && !!hold.holdExpiresAt && hold.holdExpiresAt.getTime() > now.getTime();

  const stillHere = !!reservation && reservation.status === 'confirmed' && reservation.sessionId === transfer.fromSessionId && reservation.userId === transfer.fromUserId;
  const targetOpen = target.status === 'scheduled' && target.startsAt.getTime() > now.getTime();
  // Paid after the hold lapsed: moved only if the others leave room for the booking's seats.
  const room = holdRuns || (reservation ? (await seatsTakenByOthers(tx, target.id, reservation.userId, now)) + reservation.seats <= target.capacity : false);

  if (hold && hold.status === 'pending_payment') {
    await cancelReservations(tx, [hold.id], 'released', now);
    result.seatsChanged ||= holdRuns;
  }
  if (!reservation || !stillHere || !targetOpen || !room) {
    await repo.setTransferStatus(tx, transfer.id, { status: 'lapsed' }, now);
    const line = (await repo.differenceLineOf(tx, orderId))!;
    result.refund = await planRefund(tx, {
      orderId,
      lines: [{ orderLineId: line }],
      reason: 'Transfert devenu impossible : la différence remboursée',
      createdBy: null,
      idempotencyKey: unmovedRefundKey(orderId),
      now,
      provider: input.provider,
    });
    if (reservation) result.refused.push({ reservationId: reservation.id, why: reservation.status === 'confirmed' && targetOpen ? 'no_seat' : 'not_held' });
    return result;
  }

  const from = sessions.get(transfer.fromSessionId)!;
  await repo.moveReservation(tx, reservation.id, target.id, now);
  const planned = { reservationId: reservation.id, previousStartsAt: from.startsAt, startsAt: target.startsAt, now };
  await moveReminders(tx, planned);
  await movePrepKit(tx, planned);
  await repo.setTransferStatus(tx, transfer.id, { status: 'done' }, now);
  await recordAudit(tx, {
    actorId: transfer.actorId ?? reservation.userId,
    action: 'reservation.transfer',
    targetType: 'reservation',
    targetId: reservation.id,
    details: { kind: 'move', transferId: transfer.id, fromSessionId: transfer.fromSessionId, toSessionId: target.id, differenceCents: transfer.differenceCents, orderId },
  });
  const event = { type: 'reservation.updated', reservationId: reservation.id } as const;
  await publish(tx, { userId: reservation.userId }, event);
  await publish(tx, { role: 'admin' }, event);
  // The seats left behind go to the old session's waitlist (a job sent in this transaction).
  await promoteLater(tx, transfer.fromSessionId, now);
  result.seatsChanged = true;
  result.confirmed.push(reservation.id);
  return result;
}

/**
 * After commit: the provider's payment of the difference (created once: the order's key), for the
 * payment page to confirm. Null once the order is no longer payable (paid, or closed with its hold).
 */
export async function differencePayment(deps: Pick<Deps, 'database' | 'logger' | 'now'>, provider: PaymentProvider, orderId: string): Promise<PaymentSession | null> {
  const order = await repo.orderRow(deps.database.db, orderId);
  if (!order || (order.status !== 'pending' && order.status !== 'failed') || order.provider !== provider.name) return null;
  let payment: { paymentId: string; clientSecret: string };
  try {
    payment = await provider.createPayment({
      orderId,
      amountCents: order.totalCents,
      currency: 'CAD',
      description: `Toque — commande n° ${order.number}`,
      customerEmail: order.buyerEmail,
      idempotencyKey: `order:${orderId}`,
      metadata: { order_id: orderId, order_number: String(order.number), user_id: order.userId },
    });
  } catch (err) {
    if (err instanceof AppError) throw err;
    deps.logger.error({ err, orderId }, 'création du paiement de la différence refusée par le prestataire');
    throw new AppError('PAYMENT_PROVIDER_ERROR');
  }
  if (order.providerPaymentId !== payment.paymentId) await repo.setProviderPayment(deps.database.db, orderId, payment.paymentId, deps.now());
  const client = provider.clientConfig();
  return provider.name === 'stripe' && client
    ? { provider: 'stripe', paymentId: payment.paymentId, clientSecret: payment.clientSecret, publishableKey: client.publishableKey }
    : { provider: 'sandbox', paymentId: payment.paymentId, clientSecret: payment.clientSecret };
}
