// « Crédit Toque »: one append-only ledger per customer (docs/decisions/0038-store-credit-ledger.md).
// The balance is the sum of the entries, read under the person's ledger lock; an entry that would take
// it below 0 is refused (409); the same idempotency key is the same entry, never a second one.
// Other slices call `append` inside their own transaction, so the ledger moves with the money.
import {
  creditAtDeletionMessage,
  CREDIT_ENTRY_LABELS,
  CREDIT_PAYOUT_MAX_CENTS,
  type CreditEntry,
  type CreditEntryKind,
  type CreditResponse,
} from '@shared/schemas/credit';
import type { Db, Tx } from '../../db/client';
import { AppError } from '../../http/app-error';
import { toIso } from '../rows';
import * as repo from './repository';

export type { CreditEntryRow } from './repository';

/** What a caller appends. amountCents: + credits, − spends; never 0. */
export type NewCreditEntry = {
  userId: string;
  amountCents: number;
  kind: CreditEntryKind;
  /** Unique across the ledger: repeating a call with the same key returns the first entry. */
  idempotencyKey: string;
  orderId?: string | null;
  refundId?: string | null;
  giftCardId?: string | null;
  actorId?: string | null;
  reason?: string | null;
  /** When it happened (the injectable clock); the database's now() when absent. */
  at?: Date;
};

export type AppendResult = { entry: repo.CreditEntryRow; created: boolean; balanceCents: number };

/**
 * Appends one entry inside the caller's transaction (a `db` outside one would drop the lock at once): takes the person's ledger lock, returns the
 * entry already written under this key (created: false) when there is one, refuses a spend that would
 * take the balance below 0 (AppError CREDIT_INSUFFICIENT, 409). The same key with another person,
 * amount or kind is a mistake of the caller: CREDIT_KEY_REUSED (409).
 */
export async function append(tx: Db | Tx, entry: NewCreditEntry): Promise<AppendResult> {
  if (!Number.isInteger(entry.amountCents) || entry.amountCents === 0) {
    throw new Error(`credit entry amount must be a non-zero integer, got ${entry.amountCents}`);
  }
  await repo.lockLedger(tx, entry.userId);
  const existing = await repo.findByKey(tx, entry.idempotencyKey);
  if (existing) {
    if (existing.userId !== entry.userId || existing.amountCents !== entry.amountCents || existing.kind !== entry.kind) {
      throw new AppError('CREDIT_KEY_REUSED');
    }
    return { entry: existing, created: false, balanceCents: await repo.balanceOf(tx, entry.userId) };
  }
  const before = await repo.balanceOf(tx, entry.userId);
  if (before + entry.amountCents < 0) throw new AppError('CREDIT_INSUFFICIENT');
  const row = await repo.insertEntry(tx, {
    userId: entry.userId,
    amountCents: entry.amountCents,
    kind: entry.kind,
    idempotencyKey: entry.idempotencyKey,
    orderId: entry.orderId ?? null,
    refundId: entry.refundId ?? null,
    giftCardId: entry.giftCardId ?? null,
    actorId: entry.actorId ?? null,
    reason: entry.reason ?? null,
    ...(entry.at ? { createdAt: entry.at } : {}),
  });
  return { entry: row, created: true, balanceCents: before + entry.amountCents };
}

/** `append` in a transaction of its own (a caller with no money of its own to move). */
export function appendAlone(db: Db, entry: NewCreditEntry): Promise<AppendResult> {
  return db.transaction((tx) => append(tx, entry));
}

/**
 * The person's balance inside the caller's transaction, under their ledger lock: it stays true until
 * the commit (use it to decide how much credit an order takes).
 */
export async function lockedBalance(tx: Db | Tx, userId: string): Promise<number> {
  await repo.lockLedger(tx, userId);
  return repo.balanceOf(tx, userId);
}

/** The person's balance now (a read: may be stale by the time it is used to spend). */
export function balance(db: Db | Tx, userId: string): Promise<number> {
  return repo.balanceOf(db, userId);
}

/** The entries that name an order, oldest first (its payment, reversal, refunds to credit). */
export function entriesOfOrder(db: Db | Tx, orderId: string): Promise<repo.CreditEntryRow[]> {
  return repo.entriesOfOrder(db, orderId);
}

/** Every entry of the person, oldest first: the Law 25 data export. */
export function allEntriesOf(db: Db | Tx, userId: string): Promise<repo.CreditEntryRow[]> {
  return repo.allEntriesOf(db, userId);
}

export function toCreditEntry(row: repo.CreditEntryRow & { orderNumber?: number | null }): CreditEntry {
  const kind = row.kind as CreditEntryKind;
  return {
    id: row.id,
    amountCents: row.amountCents,
    kind,
    label: CREDIT_ENTRY_LABELS[kind] ?? row.kind,
    orderId: row.orderId,
    orderNumber: row.orderNumber ?? null,
    refundId: row.refundId,
    giftCardId: row.giftCardId,
    reason: row.reason,
    createdAt: toIso(row.createdAt),
  };
}

/** Whether « Demander le versement » is offered: a balance above 0 and under 5 $. */
/**
 * Where the site's own refunds of this person go (a seat gone when the payment arrives, a course
 * already owned): true → « Crédit Toque » at once, false → the card (decision 0046).
 */
export function automaticRefundsGoToCredit(db: Db | Tx, userId: string): Promise<boolean> {
  return repo.automaticRefundsToCredit(db, userId);
}

export function payoutAvailable(balanceCents: number): boolean {
  return balanceCents > 0 && balanceCents < CREDIT_PAYOUT_MAX_CENTS;
}

/** « Mon crédit »: the balance and one page of the history, newest first. */
export async function history(db: Db | Tx, userId: string, page: { limit: number; offset: number }): Promise<CreditResponse> {
  const [balanceCents, heldCents] = await Promise.all([repo.balanceOf(db, userId), heldByUnpaidOrders(db, userId)]);
  const { rows, total } = await repo.entriesOf(db, userId, page);
  return { balanceCents, heldCents, entries: rows.map(toCreditEntry), total, payoutAvailable: payoutAvailable(balanceCents) };
}

/** The credit the person's unpaid orders hold: theirs again when those orders close. */
export async function heldByUnpaidOrders(db: Db | Tx, userId: string): Promise<number> {
  let held = 0;
  for (const order of await repo.unpaidOrdersWithCredit(db, userId)) held += await orderCreditLeft(db, order.id);
  return held;
}

/**
 * An account's deletion (Law 25; docs/decisions/0044): the credit its unpaid orders hold comes back
 * (the deletion closes them), then the whole balance is renounced — only when the person confirmed
 * that very amount — as one entry `forfeited_at_deletion`, so the ledger still sums to 0. Inside the
 * deletion's transaction; 409 ACCOUNT_DELETION_CREDIT with the amount when not confirmed.
 */
export async function forfeitAtDeletion(tx: Db | Tx, userId: string, confirmedCents: number | undefined, at: Date): Promise<number> {
  for (const order of await repo.unpaidOrdersWithCredit(tx, userId)) await reverseOrderPayment(tx, order, at);
  const owed = await lockedBalance(tx, userId);
  if (owed <= 0) return 0;
  if (confirmedCents !== owed) throw creditAtDeletionError(owed);
  await append(tx, { userId, amountCents: -owed, kind: 'forfeited_at_deletion', idempotencyKey: `account-deletion:${userId}`, at });
  return owed;
}

/** « Il vous reste X $ de crédit Toque… »: the deletion waits for the person's choice. */
export function creditAtDeletionError(owedCents: number): AppError {
  return new AppError('ACCOUNT_DELETION_CREDIT', creditAtDeletionMessage(owedCents), { forfeitCredit: creditAtDeletionMessage(owedCents) });
}

/** The Law 25 data export's « Crédit Toque »: the balance and every entry, oldest first. */
export async function exportOf(db: Db | Tx, userId: string): Promise<{ balanceCents: number; entries: CreditEntry[]; automaticRefundsToCredit: boolean }> {
  const rows = await repo.allEntriesOf(db, userId);
  return {
    balanceCents: rows.reduce((sum, r) => sum + r.amountCents, 0),
    entries: rows.map(toCreditEntry),
    automaticRefundsToCredit: await repo.automaticRefundsToCredit(db, userId),
  };
}

/** Kinds that move an order's own credit: its payment (−), and what came back of it (+). */
const ORDER_CREDIT_KINDS = ['order_payment', 'order_payment_reversed', 'order_refund_to_credit'] as const;

/**
 * The credit an order took and has not given back yet (≥ 0): what a refund of it returns to the
 * credit first (docs/decisions/0038). Read inside the caller's transaction, with the order locked.
 */
export async function orderCreditLeft(tx: Db | Tx, orderId: string): Promise<number> {
  return Math.max(0, -(await repo.netOfOrderKinds(tx, orderId, ORDER_CREDIT_KINDS)));
}

/**
 * An order closed unpaid (« Abandonnée ») gives back the credit it took, once (its key is the
 * order's): inside the transaction that closed it.
 */
export async function reverseOrderPayment(tx: Db | Tx, order: { id: string; userId: string }, at: Date): Promise<number> {
  await repo.lockLedger(tx, order.userId);
  const left = await orderCreditLeft(tx, order.id);
  if (left <= 0) return 0;
  await append(tx, { userId: order.userId, amountCents: left, kind: 'order_payment_reversed', orderId: order.id, idempotencyKey: `order-payment-reversed:${order.id}`, at });
  return left;
}

/** The entry written under this key, if any (read under the person's ledger lock to decide on a repeat). */
export function entryByKey(db: Db | Tx, idempotencyKey: string): Promise<repo.CreditEntryRow | undefined> {
  return repo.findByKey(db, idempotencyKey);
}
