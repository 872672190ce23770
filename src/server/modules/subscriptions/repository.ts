// Memberships in the database: our copy of each provider subscription, and the orders that pay its
// periods (the first one made at checkout; one per renewal invoice). Locks, when taken, follow the
// membership's order: the subscriptions row first, then its orders.
import { and, asc, desc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import { ACCESS_STATUSES } from '@shared/access';
import type { Db, Tx } from '../../db/client';
import { orderLines, orders, profiles, subscriptions, users } from '../../db/schema';
import { RECEIPT_STATUSES } from '../receipts/urls';

type Conn = Db | Tx;

export type SubscriptionRow = typeof subscriptions.$inferSelect;
export type OrderRow = typeof orders.$inferSelect;
export type SubscriptionState = Pick<
  typeof subscriptions.$inferInsert,
  'status' | 'currentPeriodStart' | 'currentPeriodEnd' | 'cancelAtPeriodEnd' | 'endedAt' | 'providerCustomerId' | 'trialEnd'
>;

/** Whether this person was ever given a free trial (one per person). */
export async function hadTrial(db: Conn, userId: string): Promise<boolean> {
  const rows = await db
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, userId), isNotNull(subscriptions.trialEnd)))
    .limit(1);
  return rows.length === 1;
}

export async function lockSubscription(tx: Tx, id: string): Promise<SubscriptionRow | undefined> {
  const [row] = await tx.select().from(subscriptions).where(eq(subscriptions.id, id)).for('update');
  return row;
}

/** The membership's own columns (plan, offer, discount), beside the provider's state. */
export async function setMembership(db: Conn, id: string, values: Partial<typeof subscriptions.$inferInsert>, now: Date): Promise<SubscriptionRow> {
  const [row] = await db.update(subscriptions).set({ ...values, updatedAt: now }).where(eq(subscriptions.id, id)).returning();
  return row!;
}

/** Statuses the unique index subscriptions_live_user_uq allows once per person. */
export const LIVE_STATUSES = ['incomplete', 'trialing', 'active', 'past_due'] as const;

/** Every record of the person, newest first (the dashboard's history). */
export async function listForUser(db: Conn, userId: string): Promise<SubscriptionRow[]> {
  return db.select().from(subscriptions).where(eq(subscriptions.userId, userId)).orderBy(desc(subscriptions.createdAt), desc(subscriptions.id));
}

/** The record that decides access (spec §4): the latest with status active, trialing or past_due. */
export async function findAccessRecord(db: Conn, userId: string): Promise<SubscriptionRow | undefined> {
  const [row] = await db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, userId), inArray(subscriptions.status, [...ACCESS_STATUSES])))
    .orderBy(desc(subscriptions.createdAt))
    .limit(1);
  return row;
}

/** The person's subscription in progress (at most one, by the partial unique index). */
export async function findLive(db: Conn, userId: string): Promise<SubscriptionRow | undefined> {
  const [row] = await db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, userId), inArray(subscriptions.status, [...LIVE_STATUSES])))
    .limit(1);
  return row;
}

export async function findById(db: Conn, id: string): Promise<SubscriptionRow | undefined> {
  const [row] = await db.select().from(subscriptions).where(eq(subscriptions.id, id));
  return row;
}

export async function lockByProviderId(tx: Tx, provider: string, providerSubscriptionId: string): Promise<SubscriptionRow | undefined> {
  const [row] = await tx
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.provider, provider), eq(subscriptions.providerSubscriptionId, providerSubscriptionId)))
    .for('update');
  return row;
}

/**
 * The row a checkout reserved before the provider answered (no provider id yet), found through the
 * first order the provider's metadata names — an event may overtake the checkout's own update.
 */
export async function lockReservedByOrder(tx: Tx, provider: string, orderId: string, userId: string): Promise<SubscriptionRow | undefined> {
  const [order] = await tx
    .select({ subscriptionId: orders.subscriptionId })
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.userId, userId), eq(orders.provider, provider)));
  if (!order?.subscriptionId) return undefined;
  const [row] = await tx
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.id, order.subscriptionId), eq(subscriptions.provider, provider), isNull(subscriptions.providerSubscriptionId)))
    .for('update');
  return row;
}

export async function userExists(db: Conn, userId: string): Promise<boolean> {
  const rows = await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).limit(1);
  return rows.length === 1;
}

/**
 * A subscription made elsewhere (the provider's dashboard, a lost checkout): inserted from the
 * provider's state. A person already holding another live record gets none (undefined): the
 * unique index says so, without an error that would abort the transaction.
 */
export async function insertFromProvider(
  tx: Tx,
  values: SubscriptionState & { userId: string; provider: string; providerSubscriptionId: string },
  now: Date,
): Promise<SubscriptionRow | undefined> {
  const [row] = await tx
    .insert(subscriptions)
    .values({ ...values, createdAt: now, updatedAt: now })
    .onConflictDoNothing()
    .returning();
  return row;
}

export async function updateSubscription(
  tx: Conn,
  id: string,
  values: Partial<SubscriptionState> & { providerSubscriptionId?: string },
  now: Date,
): Promise<SubscriptionRow> {
  const [row] = await tx
    .update(subscriptions)
    .set({ ...values, updatedAt: now })
    .where(eq(subscriptions.id, id))
    .returning();
  return row!;
}

/** The provider's id, written once: a row already linked keeps its id (returns false). */
export async function linkProvider(
  db: Conn,
  id: string,
  values: SubscriptionState & { providerSubscriptionId: string },
  now: Date,
): Promise<boolean> {
  const rows = await db
    .update(subscriptions)
    .set({ ...values, updatedAt: now })
    .where(and(eq(subscriptions.id, id), isNull(subscriptions.providerSubscriptionId)))
    .returning({ id: subscriptions.id });
  return rows.length === 1;
}

/**
 * A reserved membership whose first payment never came, ended with its closed first order: still
 * 'incomplete' → 'canceled' (the provider's incomplete_expired, as view.ts keeps it), so the person
 * may start again. Returns its provider's id (null: not reserved any more, or never linked).
 */
export async function expireIncomplete(tx: Tx, id: string, now: Date): Promise<{ provider: string; providerSubscriptionId: string | null } | null> {
  const [row] = await tx
    .update(subscriptions)
    .set({ status: 'canceled', endedAt: now, updatedAt: now })
    .where(and(eq(subscriptions.id, id), eq(subscriptions.status, 'incomplete')))
    .returning({ provider: subscriptions.provider, providerSubscriptionId: subscriptions.providerSubscriptionId });
  return row ?? null;
}

/** The provider's id of a membership (its provider's name with it). */
export async function findProviderIds(db: Conn, id: string): Promise<{ provider: string; providerSubscriptionId: string | null } | undefined> {
  const [row] = await db.select({ provider: subscriptions.provider, providerSubscriptionId: subscriptions.providerSubscriptionId }).from(subscriptions).where(eq(subscriptions.id, id));
  return row;
}

/** A new membership: the reserved subscription row, its first (pending) order and its line, together. */
export async function insertCheckout(
  tx: Tx,
  subscription: typeof subscriptions.$inferInsert,
  order: typeof orders.$inferInsert,
  lines: (typeof orderLines.$inferInsert)[],
): Promise<void> {
  await tx.insert(subscriptions).values(subscription);
  await tx.insert(orders).values(order);
  await tx.insert(orderLines).values(lines);
}

/** The order paying the subscription's first period: its oldest. */
export async function findFirstOrder(db: Conn, subscriptionId: string): Promise<OrderRow | undefined> {
  const [row] = await db
    .select()
    .from(orders)
    .where(eq(orders.subscriptionId, subscriptionId))
    .orderBy(asc(orders.createdAt), asc(orders.number))
    .limit(1);
  return row;
}

export async function lockOrder(tx: Tx, orderId: string): Promise<OrderRow | undefined> {
  const [row] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
  return row;
}

export async function findOrderByInvoice(db: Conn, provider: string, invoiceId: string): Promise<OrderRow | undefined> {
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.provider, provider), eq(orders.providerInvoiceId, invoiceId)));
  return row;
}

export async function findOrderByKey(db: Conn, userId: string, idempotencyKey: string): Promise<OrderRow | undefined> {
  const [row] = await db.select().from(orders).where(and(eq(orders.userId, userId), eq(orders.idempotencyKey, idempotencyKey)));
  return row;
}

export async function setOrder(db: Conn, orderId: string, values: Partial<typeof orders.$inferInsert>, now: Date): Promise<void> {
  await db.update(orders).set({ ...values, updatedAt: now }).where(eq(orders.id, orderId));
}

export async function listLines(db: Conn, orderId: string) {
  return db.select().from(orderLines).where(eq(orderLines.orderId, orderId)).orderBy(asc(orderLines.position));
}

/**
 * A paid renewal order with its lines; nothing when the invoice already has its order (the index
 * orders_provider_invoice_uq decides, so a replay racing past the row lock still inserts none).
 */
export async function insertRenewalOrder(
  tx: Tx,
  order: typeof orders.$inferInsert,
  lines: (typeof orderLines.$inferInsert)[],
): Promise<boolean> {
  const inserted = await tx
    .insert(orders)
    .values(order)
    .onConflictDoNothing({ target: [orders.provider, orders.providerInvoiceId] })
    .returning({ id: orders.id });
  if (inserted.length === 0) return false;
  await tx.insert(orderLines).values(lines);
  return true;
}

/** The membership orders of a subscription, oldest first. */
export async function listOrders(db: Conn, subscriptionId: string): Promise<OrderRow[]> {
  return db.select().from(orders).where(eq(orders.subscriptionId, subscriptionId)).orderBy(asc(orders.createdAt), asc(orders.number));
}

/**
 * The person's paid membership periods (every subscription of theirs), newest period first. An
 * order whose period is not known yet (its invoice.paid still on the way) sorts by its payment.
 */
export async function listReceiptOrders(db: Conn, userId: string) {
  return db
    .select({
      id: orders.id,
      number: orders.number,
      status: orders.status,
      periodStart: orders.periodStart,
      periodEnd: orders.periodEnd,
      totalCents: orders.totalCents,
      paidAt: orders.paidAt,
    })
    .from(orders)
    .where(and(eq(orders.userId, userId), isNotNull(orders.subscriptionId), inArray(orders.status, [...RECEIPT_STATUSES])))
    .orderBy(desc(sql`coalesce(${orders.periodStart}, ${orders.paidAt}, ${orders.createdAt})`), desc(orders.number));
}

/** Whom a membership e-mail is for: the account's current address and name. */
export async function findMember(db: Conn, userId: string): Promise<{ email: string; name: string } | undefined> {
  const [row] = await db
    .select({ email: users.email, name: users.name, fullName: profiles.fullName })
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(eq(users.id, userId));
  return row ? { email: row.email, name: row.fullName || row.name } : undefined;
}

/** The province on the buyer's profile (decides the taxes), if any. */
export async function findProvince(db: Conn, userId: string): Promise<string | null> {
  const [row] = await db.select({ province: profiles.province }).from(profiles).where(eq(profiles.userId, userId));
  return row?.province ?? null;
}

export async function saveProvince(db: Conn, userId: string, province: string, now: Date): Promise<void> {
  await db.update(profiles).set({ province, updatedAt: now }).where(eq(profiles.userId, userId));
}
