// The « Crédit Toque » ledger's SQL: append an entry, a person's balance (the sum of their entries),
// their entries newest first. Alone to touch credit_entries.
import { and, count, desc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { creditEntries, creditPreferences, orders } from '../../db/schema';

type Conn = Db | Tx;

export type CreditEntryRow = typeof creditEntries.$inferSelect;
export type NewCreditEntryRow = typeof creditEntries.$inferInsert;

/**
 * The person's ledger lock, held until the transaction ends (PostgreSQL and PGlite alike): every
 * append of one person queues behind it, so a balance read under it stays true until the commit.
 */
export async function lockLedger(tx: Conn, userId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`credit-ledger:${userId}`}, 0))`);
}

export async function findByKey(conn: Conn, idempotencyKey: string): Promise<CreditEntryRow | undefined> {
  const [row] = await conn.select().from(creditEntries).where(eq(creditEntries.idempotencyKey, idempotencyKey));
  return row;
}

export async function insertEntry(tx: Conn, entry: NewCreditEntryRow): Promise<CreditEntryRow> {
  const [row] = await tx.insert(creditEntries).values(entry).returning();
  return row!;
}

export async function balanceOf(conn: Conn, userId: string): Promise<number> {
  const [row] = await conn
    .select({ sum: sql<string | null>`sum(${creditEntries.amountCents})` })
    .from(creditEntries)
    .where(eq(creditEntries.userId, userId));
  return Number(row?.sum ?? 0);
}

export type CreditEntryWithOrder = CreditEntryRow & { orderNumber: number | null };

export async function entriesOf(
  conn: Conn,
  userId: string,
  page: { limit: number; offset: number },
): Promise<{ rows: CreditEntryWithOrder[]; total: number }> {
  const rows = await conn
    .select({ entry: creditEntries, orderNumber: orders.number })
    .from(creditEntries)
    .leftJoin(orders, eq(orders.id, creditEntries.orderId))
    .where(eq(creditEntries.userId, userId))
    .orderBy(desc(creditEntries.createdAt), desc(creditEntries.id))
    .limit(page.limit)
    .offset(page.offset);
  const [totalRow] = await conn.select({ n: count() }).from(creditEntries).where(eq(creditEntries.userId, userId));
  return { rows: rows.map((r) => ({ ...r.entry, orderNumber: r.orderNumber })), total: totalRow?.n ?? 0 };
}

/** Every entry of the person, oldest first (the data export). */
export async function allEntriesOf(conn: Conn, userId: string): Promise<CreditEntryRow[]> {
  return conn.select().from(creditEntries).where(eq(creditEntries.userId, userId)).orderBy(creditEntries.createdAt, creditEntries.id);
}

/** The entries that name an order (its payment, its reversal, its refunds to credit). */
export async function entriesOfOrder(conn: Conn, orderId: string): Promise<CreditEntryRow[]> {
  return conn.select().from(creditEntries).where(eq(creditEntries.orderId, orderId)).orderBy(creditEntries.createdAt);
}

/** The net credit an order took: − its payment + what came back (reversal, refunds to credit). */
export async function netOfOrderKinds(conn: Conn, orderId: string, kinds: readonly string[]): Promise<number> {
  const [row] = await conn
    .select({ sum: sql<string | null>`sum(${creditEntries.amountCents})` })
    .from(creditEntries)
    .where(and(eq(creditEntries.orderId, orderId), inArray(creditEntries.kind, [...kinds])));
  return Number(row?.sum ?? 0);
}

/** The person's unpaid orders that took credit (pending or failed: their close gives it back). */
export async function unpaidOrdersWithCredit(conn: Conn, userId: string): Promise<{ id: string; userId: string }[]> {
  return conn
    .select({ id: orders.id, userId: orders.userId })
    .from(orders)
    .where(and(eq(orders.userId, userId), inArray(orders.status, ['pending', 'failed']), gt(orders.creditAppliedCents, 0)));
}

/** The person's choice for automatic refunds (no row: to the card). */
export async function automaticRefundsToCredit(conn: Conn, userId: string): Promise<boolean> {
  const [row] = await conn
    .select({ value: creditPreferences.automaticRefundsToCredit })
    .from(creditPreferences)
    .where(eq(creditPreferences.userId, userId));
  return row?.value ?? false;
}

export async function saveAutomaticRefundsToCredit(conn: Conn, userId: string, value: boolean, now: Date): Promise<void> {
  await conn
    .insert(creditPreferences)
    .values({ userId, automaticRefundsToCredit: value, updatedAt: now })
    .onConflictDoUpdate({ target: creditPreferences.userId, set: { automaticRefundsToCredit: value, updatedAt: now } });
}
