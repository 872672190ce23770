// Giving back what a seat cost, inside a cancellation's transaction: the learner's own (≥ 48 h
// ahead) and the admin's cancellation of a whole session both plan it here, through the one
// refund implementation (refunds/automatic.ts), with a key made from the reservation.
import type { Db } from '../../db/client';
import { retryTransaction } from '../../db/retry';
import { AppError } from '../../http/app-error';
import type { PaymentProvider } from '../../integrations/payments/port';
import { planRefund, type PlannedRefund } from '../refunds/automatic';
import type { PaidLine } from './cancel-repository';

/**
 * Plans the refund of what is left on the seat's order line (or of `amountCents` of it: some seats of
 * a booking of several, docs/decisions/0047); null when nothing is left
 * (the admin already refunded it by hand). The order must already be locked by the caller,
 * before the session (lock order). A key already used answers the refund made then.
 */
export async function planSeatRefund(
  tx: Db,
  paid: PaidLine,
  opts: {
    idempotencyKey: string;
    reason: string;
    createdBy: string | null;
    now: Date;
    provider: PaymentProvider['name'];
    toCredit?: boolean;
    site?: { publicUrl: string; authSecret: string };
    /** Only this much of the line (before tax): the share of the seats cancelled (absent: all that is left). */
    amountCents?: number;
  },
): Promise<PlannedRefund | null> {
  try {
    return await planRefund(tx, {
      orderId: paid.orderId,
      lines: [{ orderLineId: paid.orderLineId, ...(opts.amountCents !== undefined ? { amountCents: opts.amountCents } : {}) }],
      reason: opts.reason,
      createdBy: opts.createdBy,
      idempotencyKey: opts.idempotencyKey,
      now: opts.now,
      provider: opts.provider,
      toCredit: opts.toCredit,
      site: opts.site,
    });
  } catch (err) {
    // planRefund refuses after reads only: the transaction is still good to go on without a refund.
    if (!(err instanceof AppError)) throw err;
    if (err.code === 'REFUND_TOO_LARGE') return null;
    if (err.code === 'REFUND_NOT_ALLOWED' && paid.orderStatus === 'refunded') return null;
    throw err;
  }
}

/**
 * Thrown inside a transaction that found, once its locks were taken, that the orders it had to lock
 * first changed meanwhile (a payment landed): it rolls back and starts again with the new set, so
 * an order is never locked after its session.
 */
export class OrdersChanged extends Error {}

/** Runs `attempt` again (a few times) when it throws OrdersChanged (db/retry.ts). */
export function withOrderRetry<T>(attempt: () => Promise<T>, tries = 3): Promise<T> {
  return retryTransaction(attempt, (err) => err instanceof OrdersChanged, tries);
}
