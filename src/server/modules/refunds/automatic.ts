// Refunds decided by the site itself (a late payment whose seat is gone, a cancelled reservation or
// session) and by the admin: ONE implementation of "what may be refunded, with which taxes", used
// by every path. A refund is planned inside the caller's transaction (a 'pending' row: the credit
// note to be), then asked of the provider after commit — never a network call inside a transaction.
// Money, lines and access change only when the provider's refund event lands (events.ts).
import { formatPrice } from '@shared/format';
import type { ProvinceCode } from '@shared/provinces';
import { refundTaxes, type RefundedLine, type TaxLine, type TaxResult, type TaxStatus } from '@shared/tax';
import type { Db } from '../../db/client';
import type { Deps } from '../../deps';
import { AppError } from '../../http/app-error';
import type { PaymentProvider } from '../../integrations/payments/port';
import { append as appendCredit, orderCreditLeft } from '../credit/service';
import * as repo from './repository';
import { completeRefund } from './settle';

const REFUNDABLE = ['paid', 'partially_refunded'];
const OTHER_PROVIDER_MESSAGE = 'Cette commande a été payée avec un autre fournisseur de paiement : remboursez-la depuis ce fournisseur.';

/** One line to give back: `amountCents` before tax; omitted, everything still left on the line. */
export type RefundLineRequest = { orderLineId: string; amountCents?: number };

export type PlanRefundInput = {
  orderId: string;
  lines: RefundLineRequest[];
  /** Shown on the credit note (e.g. 'Plus de place dans la séance'); null for none. */
  reason: string | null;
  /** The admin who asked; null when the site decided it (automatic refunds). */
  createdBy: string | null;
  /**
   * Unique per order: planning again with the same key returns the refund made the first time
   * (e.g. `no-seat:<reservationId>`, `cancel:<reservationId>`). Make it from what the refund is for.
   */
  idempotencyKey: string;
  now: Date;
  /** The configured provider's name (`provider.name`): an order paid through another one is refused. */
  provider: PaymentProvider['name'];
  /**
   * The learner chose « Recevoir un crédit Toque »: all of it goes to their credit, at once, and the
   * card is not asked (docs/decisions/0038-store-credit-ledger.md).
   */
  toCredit?: boolean;
  /** For the e-mail of a refund completed at once (all to the credit); without it, no e-mail. */
  site?: { publicUrl: string; authSecret: string };
};

/** Why a refund that went to the credit has no provider refund: its providerRefundId. */
const creditRefundId = (refundId: string) => `credit:${refundId}`;

/** The refund row, with what submitRefund needs: the order's payment and whether it was new. */
export type PlannedRefund = repo.RefundRecord & { paymentId: string | null; created: boolean };

/**
 * Plans a refund inside the caller's transaction and returns its 'pending' row (or, for a key
 * already used on this order, the refund made then, with `created: false`). Locks the order row:
 * a caller that also locks course_sessions or reservations must call this — or lock the order with
 * refunds/repository.ts lockOrder — BEFORE them (lock order: orders → course_sessions →
 * reservations). Each line gets back at most what is left on it (paid, minus refunds done or
 * pending); taxes are given back in proportion to what was charged.
 *
 * Throws AppError: ORDER_NOT_FOUND; REFUND_NOT_ALLOWED (order not paid, or paid through another
 * provider); VALIDATION_FAILED (`lines.N.orderLineId` not in the order, or twice); REFUND_TOO_LARGE
 * (`lines.N.amountCents`). A throw inside a webhook rolls the event back: check before asking.
 *
 * Then, AFTER the transaction commits: `await submitRefund(deps, provider, planned)`.
 *
 * @example
 *   const planned = await db.transaction(async (tx) => {
 *     // …lock the order first, then the session, then change the reservation…
 *     return planRefund(tx, { orderId, lines: [{ orderLineId }], reason: 'Annulation par le participant',
 *       createdBy: null, idempotencyKey: `cancel:${reservationId}`, now, provider: provider.name });
 *   });
 *   await submitRefund(deps, provider, planned);
 */
export async function planRefund(tx: Db, input: PlanRefundInput): Promise<PlannedRefund> {
  const order = await repo.lockOrder(tx, input.orderId);
  if (!order) throw new AppError('ORDER_NOT_FOUND');
  const existing = await repo.findRefundByKey(tx, input.orderId, input.idempotencyKey);
  if (existing) return { ...existing, paymentId: order.providerPaymentId, created: false };

  // An order paid wholly with « Crédit Toque » has no provider payment: its refunds go back to the credit.
  const paidByCard = order.totalCents > order.creditAppliedCents;
  if (!REFUNDABLE.includes(order.status) || (paidByCard && !order.providerPaymentId)) throw new AppError('REFUND_NOT_ALLOWED');
  if (order.provider !== input.provider) throw new AppError('REFUND_NOT_ALLOWED', OTHER_PROVIDER_MESSAGE);

  const lines = await repo.listLines(tx, input.orderId);
  const open = await repo.listOpenRefunds(tx, input.orderId);
  // Succeeded refunds are already in refundedCents; pending ones are promised.
  const promised = new Map<string, number>();
  for (const r of open.filter((r) => r.status === 'pending')) {
    for (const l of r.lines) promised.set(l.orderLineId, (promised.get(l.orderLineId) ?? 0) + l.amountCents);
  }

  const seen = new Set<string>();
  const refunded: repo.RefundLineRecord[] = [];
  for (const [i, asked] of input.lines.entries()) {
    const line = lines.find((l) => l.id === asked.orderLineId);
    if (!line) throw new AppError('VALIDATION_FAILED', undefined, { [`lines.${i}.orderLineId`]: "Cette ligne n'appartient pas à cette commande." });
    if (seen.has(line.id)) throw new AppError('VALIDATION_FAILED', undefined, { [`lines.${i}.orderLineId`]: 'Cette ligne est indiquée deux fois.' });
    seen.add(line.id);
    const left = line.amountCents - line.refundedCents - (promised.get(line.id) ?? 0);
    const amountCents = asked.amountCents ?? left;
    if (left <= 0 || amountCents > left) {
      throw new AppError('REFUND_TOO_LARGE', undefined, {
        [`lines.${i}.amountCents`]: `Il reste au plus ${formatPrice(Math.max(0, left))} à rembourser sur « ${line.description} ».`,
      });
    }
    refunded.push({ orderLineId: line.id, amountCents });
  }

  const charged: TaxResult = {
    province: order.province as ProvinceCode,
    status: order.taxStatus as TaxStatus,
    lines: order.taxLines as TaxLine[],
    subtotalCents: order.subtotalCents,
    taxCents: order.taxCents,
    totalCents: order.totalCents,
  };
  const asLines = (ls: repo.RefundLineRecord[]): RefundedLine[] => ls.map((l) => ({ id: l.orderLineId, amountCents: l.amountCents }));
  const taxes = refundTaxes(charged, asLines(refunded), asLines(open.flatMap((r) => r.lines)));

  const row = await repo.insertRefund(tx, {
    orderId: input.orderId,
    lines: refunded,
    subtotalCents: taxes.subtotalCents,
    taxLines: taxes.lines,
    taxCents: taxes.taxCents,
    totalCents: taxes.totalCents,
    reason: input.reason,
    createdBy: input.createdBy,
    idempotencyKey: input.idempotencyKey,
    createdAt: input.now,
  });

  // The rule of docs/decisions/0038: the credit part of the order goes back to the credit first; the
  // card gets the rest, never more than the card paid and has not had back; the learner who chose
  // credit gets all of it as credit. The ledger moves here, in the transaction of the refund record.
  const orderCredit = Math.min(taxes.totalCents, await orderCreditLeft(tx, order.id));
  const cardPaidLeft = order.totalCents - order.creditAppliedCents - open.reduce((sum, r) => sum + r.totalCents - r.creditCents, 0);
  const cardCents = input.toCredit ? 0 : Math.max(0, Math.min(taxes.totalCents - orderCredit, cardPaidLeft));
  const asCredit = input.toCredit ? taxes.totalCents - orderCredit : 0;
  const creditCents = taxes.totalCents - cardCents;
  const credit = (amountCents: number, kind: 'order_refund_to_credit' | 'refund_as_credit', key: string) =>
    amountCents > 0
      ? appendCredit(tx, { userId: order.userId, amountCents, kind, orderId: order.id, refundId: row.id, idempotencyKey: key, at: input.now })
      : null;
  await credit(orderCredit, 'order_refund_to_credit', `refund-credit:${row.id}`);
  await credit(asCredit, 'refund_as_credit', `refund-as-credit:${row.id}`);
  if (creditCents > 0) await repo.setRefundCredit(tx, row.id, creditCents);
  if (cardCents > 0 || taxes.totalCents === 0) return { ...row, creditCents, paymentId: order.providerPaymentId, created: true };

  // Nothing for the card: the credit note is done now, as a provider's refund event would do it.
  const providerRefundId = creditRefundId(row.id);
  await completeRefund(tx, order, row, providerRefundId, input.now, input.site);
  return { ...row, creditCents, status: 'succeeded', providerRefundId, paymentId: order.providerPaymentId, created: true };
}

/**
 * What asking the provider gave: 'submitted' (it has the refund; its event will settle our books),
 * 'skipped' (nothing to ask: already asked, settled, or no payment), 'refused' (a clear no: the
 * refund is marked failed and stops holding its amount; `error` says why), 'no_answer' (it may
 * or may not exist there: it stays pending, and the retry sweep asks again with the same key).
 */
export type SubmitOutcome =
  | { outcome: 'submitted' | 'skipped' | 'no_answer' }
  | { outcome: 'refused'; error: AppError };

/**
 * Asks the provider for a planned refund, AFTER the transaction that planned it committed. Safe to
 * call again: the refund's id is the provider's idempotency key, so the provider makes it once.
 * Never throws for the provider's sake: the caller decides what a refusal means to its user.
 */
export async function submitRefund(
  deps: Pick<Deps, 'database' | 'logger' | 'now'>,
  provider: PaymentProvider,
  refund: Pick<PlannedRefund, 'id' | 'orderId' | 'status' | 'totalCents' | 'creditCents' | 'providerRefundId' | 'paymentId'>,
): Promise<SubmitOutcome> {
  if (refund.status !== 'pending' || refund.providerRefundId || !refund.paymentId) return { outcome: 'skipped' };
  // The card gets what did not go to the credit (docs/decisions/0038).
  const amountCents = refund.totalCents - refund.creditCents;
  if (amountCents <= 0) return { outcome: 'skipped' };
  const db = deps.database.db;
  try {
    const answer = await provider.createRefund({
      paymentId: refund.paymentId,
      amountCents,
      idempotencyKey: refund.id,
      metadata: { refund_id: refund.id, order_id: refund.orderId },
    });
    await repo.setProviderRefundId(db, refund.id, answer.refundId, deps.now());
    return { outcome: 'submitted' };
  } catch (err) {
    if (err instanceof AppError) {
      await repo.failPendingRefund(db, refund.id, deps.now());
      deps.logger.error({ err, refundId: refund.id, orderId: refund.orderId }, 'remboursement refusé par le fournisseur de paiement');
      return { outcome: 'refused', error: err };
    }
    deps.logger.error({ err, refundId: refund.id, orderId: refund.orderId }, 'remboursement : le fournisseur de paiement ne répond pas');
    return { outcome: 'no_answer' };
  }
}

/** Pending refunds younger than this are left alone: their own request may still be under way. */
const RETRY_AFTER_MS = 60_000;
const RETRY_EVERY_MS = 5 * 60_000;

/**
 * Asks again for refunds that were planned but never reached the provider (the server stopped
 * between commit and the call, or the provider did not answer). Runs on boot and every few
 * minutes, started by index.ts; several instances may run it at once (the idempotency key makes
 * the provider answer each refund once).
 */
export function createRefundRetry(deps: Pick<Deps, 'database' | 'logger' | 'now'>, provider: PaymentProvider, everyMs = RETRY_EVERY_MS) {
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<number> | null = null;

  /** One pass; returns how many refunds the provider now has. */
  async function sweep(): Promise<number> {
    const due = await repo.listUnsubmittedRefunds(deps.database.db, provider.name, new Date(deps.now().getTime() - RETRY_AFTER_MS));
    let submitted = 0;
    for (const refund of due) {
      if ((await submitRefund(deps, provider, refund)).outcome === 'submitted') submitted += 1;
    }
    if (due.length) deps.logger.info({ due: due.length, submitted }, 'remboursements en attente envoyés de nouveau au fournisseur');
    return submitted;
  }

  function runOnce(): Promise<number> {
    running ??= sweep()
      .catch((err: unknown) => {
        deps.logger.error({ err }, 'reprise des remboursements en attente impossible');
        return 0;
      })
      .finally(() => {
        running = null;
      });
    return running;
  }

  return {
    sweep: runOnce,
    start() {
      if (timer) return;
      void runOnce();
      timer = setInterval(() => void runOnce(), everyMs);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      await running;
    },
  };
}

/**
 * What planRefund would give back now for `amountCents` (before tax) of one line, taxes included —
 * a read, for the amount shown before a learner confirms (« 45,99 $ ajoutés à votre Crédit Toque »).
 */
export async function quoteRefundTotal(conn: Db, orderId: string, orderLineId: string, amountCents: number): Promise<number> {
  if (amountCents <= 0) return 0;
  const taxLines = await repo.orderTaxLines(conn, orderId);
  if (!taxLines) return 0;
  const open = await repo.listOpenRefunds(conn, orderId);
  const earlier = open.flatMap((r) => r.lines).map((l) => ({ id: l.orderLineId, amountCents: l.amountCents }));
  return refundTaxes({ lines: taxLines }, [{ id: orderLineId, amountCents }], earlier).totalCents;
}
