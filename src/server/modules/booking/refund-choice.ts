// After the chef cancels a session (docs/decisions/0043): each paid attendee chooses « Être remboursé
// sur ma carte » or « Recevoir un crédit Toque » until a deadline (REFUND_CHOICE_HOURS); a pg-boss
// job refunds to the card whoever chose nothing by then.
//
// The choice and the job run the same code: ONE transaction (lock order: the paying orders → the
// reservation) that plans the seat's refund under the key `session-cancel:<reservationId>` — the
// booking's own line and the differences paid for dearer moves (docs/decisions/0051) — and
// records what was chosen. The reservation's `refund_choice` answers a repeat (a double click, a
// second tab, the job after a choice) with what was done the first time; the refund's key makes the
// money move once whatever happens. The card is asked after commit (refunds/automatic.ts).
import { REFUND_CHOICE_HOURS, type RefundChoice } from '@shared/schemas/reservations';
import type { Tx } from '../../db/client';
import type { Deps } from '../../deps';
import { AppError } from '../../http/app-error';
import type { PaymentProvider } from '../../integrations/payments/port';
import { sendJob } from '../../jobs/boss';
import type { Job } from '../../jobs/jobs';
import { QUEUES } from '../../jobs/queues';
import { publish } from '../../realtime/publish';
import { submitRefund } from '../refunds/automatic';
import { lockOrder } from '../refunds/service';
import * as cancelRepo from './cancel-repository';
import * as transferRepo from './transfer-repository';
import { OrdersChanged, planSeatRefund, withOrderRetry } from './seat-refund';

const HOUR_MS = 3_600_000;

export const refundChoiceJobKey = (reservationId: string) => `refund-choice:${reservationId}`;

/**
 * Inside the chef's cancellation transaction (the order and the reservation locked): when the seat
 * has something left to give back, opens its choice until now + REFUND_CHOICE_HOURS and plans the
 * job that refunds it to the card then. Returns the deadline, or null (nothing to give back).
 */
export async function openRefundChoice(tx: Tx, paid: cancelRepo.PaidLine, reservationId: string, now: Date): Promise<Date | null> {
  const lines = [paid, ...(await transferRepo.differenceLinesOf(tx, reservationId))];
  let left = 0;
  for (const line of lines) left += await cancelRepo.leftOnLine(tx, line.orderLineId);
  if (left <= 0) return null;
  const dueAt = new Date(now.getTime() + REFUND_CHOICE_HOURS * HOUR_MS);
  await cancelRepo.openRefundChoice(tx, reservationId, dueAt);
  await sendJob(tx, QUEUES.refundChoiceDeadline, { reservationId, dueAt: dueAt.toISOString() }, { startAfter: dueAt, now, singletonKey: refundChoiceJobKey(reservationId) });
  return dueAt;
}

/** The job ran before the deadline by this instance's clock: it fails, and pg-boss tries again later. */
export class ChoiceNotDue extends Error {}

export type ChoiceOutcome = { changed: boolean; chosen: RefundChoice; refundId: string | null };
/** `extraRefundIds`: the refunds of the differences paid for dearer moves, asked after commit too. */
type Decided = ChoiceOutcome & { extraRefundIds?: string[] };

export function createRefundChoice(deps: Pick<Deps, 'config' | 'database' | 'logger' | 'now'>, provider: PaymentProvider) {
  const db = () => deps.database.db;

  async function decide(reservationId: string, choice: RefundChoice, paidBefore: cancelRepo.PaidLine | null): Promise<Decided> {
    const now = deps.now();
    const differencesBefore = (await transferRepo.differenceLinesOf(db(), reservationId)).map((l) => l.orderId);
    return db().transaction(async (tx) => {
      if (paidBefore) await lockOrder(tx, paidBefore.orderId);
      for (const orderId of differencesBefore) await lockOrder(tx, orderId);
      const seat = await cancelRepo.lockRefundChoice(tx, reservationId);
      const paid = await cancelRepo.paidLineOf(tx, reservationId);
      if (paid?.orderId !== paidBefore?.orderId) throw new OrdersChanged();
      const differences = await transferRepo.differenceLinesOf(tx, reservationId);
      if (differences.map((l) => l.orderId).join() !== differencesBefore.join()) throw new OrdersChanged();
      if (!seat?.refundChoiceDueAt || seat.cancelReason !== 'session_cancelled') throw new AppError('REFUND_CHOICE_NOT_AVAILABLE');
      const key = cancelRepo.sessionCancelRefundKey(reservationId);
      if (seat.refundChoice) {
        const done = paid ? await cancelRepo.findRefundByKey(tx, paid.orderId, key) : null;
        return { changed: false, chosen: seat.refundChoice as RefundChoice, refundId: done?.id ?? null };
      }
      if (choice === 'card_by_default' && now.getTime() < seat.refundChoiceDueAt.getTime()) {
        throw new ChoiceNotDue(`reservation ${reservationId}: the choice is open until ${seat.refundChoiceDueAt.toISOString()}`);
      }
      // Null: nothing left on the line (refunded by hand meanwhile); the choice is closed all the same.
      const planLine = (line: cancelRepo.PaidLine) =>
        planSeatRefund(tx, line, {
          idempotencyKey: key,
          reason: `Séance annulée : ${seat.sessionReason ?? ''}`.trim(),
          createdBy: null,
          now,
          provider: provider.name,
          toCredit: choice === 'credit',
          // A refund completed at once (all to the credit) e-mails its credit note now.
          site: deps.config,
        });
      const refund = paid ? await planLine(paid) : null;
      // The differences paid for dearer moves go back the same way, under the same key (one per order).
      const extraRefundIds: string[] = [];
      for (const line of paid ? differences : []) {
        const extra = await planLine(line);
        if (extra) extraRefundIds.push(extra.id);
      }
      await cancelRepo.setRefundChoice(tx, reservationId, choice, now);
      const event = { type: 'reservation.updated', reservationId } as const;
      await publish(tx, { userId: seat.userId }, event);
      await publish(tx, { role: 'admin' }, event);
      return { changed: true, chosen: choice, refundId: refund?.id ?? null, extraRefundIds };
    });
  }

  /**
   * Makes the choice (or, for the job, the card by default) and asks the card after commit. Safe to
   * repeat: a second call answers what the first did, and asks the card again if the first ask never
   * got through (same key at the provider).
   */
  async function choose(reservationId: string, choice: RefundChoice): Promise<ChoiceOutcome> {
    const { extraRefundIds = [], ...outcome } = await withOrderRetry(async () => decide(reservationId, choice, await cancelRepo.paidLineOf(db(), reservationId)));
    for (const refundId of [...extraRefundIds, outcome.refundId]) {
      if (!refundId) continue;
      const row = await cancelRepo.findRefund(db(), refundId);
      if (row?.status === 'pending' && !row.providerRefundId) {
        await submitRefund(deps, provider, { ...row, paymentId: await cancelRepo.paymentIdOf(db(), row.orderId) });
      }
    }
    return outcome;
  }

  return { choose };
}

export type DeadlineOutcome = 'refunded' | 'already_chosen' | 'no_choice';

/** The 'reservation.refund_choice' job: at the deadline, the card for whoever chose nothing. */
export function refundChoiceDeadlineWorker(deps: Pick<Deps, 'config' | 'database' | 'logger' | 'now'>, provider: PaymentProvider) {
  const choice = createRefundChoice(deps, provider);
  return async (job: Pick<Job<typeof QUEUES.refundChoiceDeadline>, 'data'>): Promise<DeadlineOutcome> => {
    try {
      const outcome = await choice.choose(job.data.reservationId, 'card_by_default');
      return outcome.changed ? 'refunded' : 'already_chosen';
    } catch (err) {
      if (err instanceof AppError && err.code === 'REFUND_CHOICE_NOT_AVAILABLE') return 'no_choice';
      throw err;
    }
  };
}
