// « Codes promo »: the codes, and their uses read from the orders that name them (decision 0040).
import { and, asc, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { courses, orderLines, orders, promoCodes } from '../../db/schema';

type Conn = Db | Tx;

export type PromoCodeRow = typeof promoCodes.$inferSelect;
export type PromoCodeFields = Omit<typeof promoCodes.$inferInsert, 'id' | 'createdAt' | 'updatedAt' | 'active'>;

/** Orders that hold a use of their code: every one not closed (a failed payment can still be retried). */
const HOLDS_A_USE = ne(orders.status, 'canceled');
/** Orders whose money came in (refunded ones included: the code was used). */
const PAID = ['paid', 'partially_refunded', 'refunded'] as const;

export async function findByCode(db: Conn, code: string): Promise<PromoCodeRow | undefined> {
  const [row] = await db.select().from(promoCodes).where(eq(promoCodes.code, code));
  return row;
}

export async function findById(db: Conn, id: string): Promise<PromoCodeRow | undefined> {
  const [row] = await db.select().from(promoCodes).where(eq(promoCodes.id, id));
  return row;
}

/** Takes the code's row lock: checkouts naming it then count and insert their order one at a time. */
export async function lockCode(tx: Tx, id: string): Promise<void> {
  await tx.select({ id: promoCodes.id }).from(promoCodes).where(eq(promoCodes.id, id)).for('update');
}

/** The uses the code holds now, in all and by this customer. */
export async function countUses(db: Conn, id: string, userId: string): Promise<{ total: number; byCustomer: number }> {
  const [row] = await db
    .select({
      total: sql<number>`count(*)::int`,
      byCustomer: sql<number>`(count(*) filter (where ${orders.userId} = ${userId}))::int`,
    })
    .from(orders)
    .where(and(eq(orders.promoCodeId, id), HOLDS_A_USE));
  return { total: row?.total ?? 0, byCustomer: row?.byCustomer ?? 0 };
}

/** Whether this customer has paid an order before (a « nouveau client » has not). */
export async function hasPaidOrder(db: Conn, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.userId, userId), inArray(orders.status, [...PAID])))
    .limit(1);
  return !!row;
}

export async function listCodes(db: Conn): Promise<PromoCodeRow[]> {
  return db.select().from(promoCodes).orderBy(desc(promoCodes.createdAt), asc(promoCodes.code));
}

export type PromoStats = { usesPaid: number; usesPending: number; revenueCents: number; discountCents: number };

/** Per code: paid and waiting orders, what the paid ones brought before tax net of refunds, and what the code took off. */
export async function statsByCode(db: Conn, ids: string[]): Promise<Map<string, PromoStats>> {
  const stats = new Map<string, PromoStats>();
  if (ids.length === 0) return stats;
  const isPaid = sql`${orders.status} in ('paid', 'partially_refunded', 'refunded')`;
  const [uses, money] = await Promise.all([
    db
      .select({
        id: orders.promoCodeId,
        paid: sql<number>`(count(*) filter (where ${isPaid}))::int`,
        pending: sql<number>`(count(*) filter (where not ${isPaid}))::int`,
      })
      .from(orders)
      .where(and(inArray(orders.promoCodeId, ids), HOLDS_A_USE))
      .groupBy(orders.promoCodeId),
    db
      .select({
        id: orders.promoCodeId,
        revenue: sql<number>`coalesce(sum(${orderLines.amountCents} - ${orderLines.refundedCents}), 0)::int`,
        discount: sql<number>`coalesce(sum(${orderLines.promoDiscountCents}), 0)::int`,
      })
      .from(orders)
      .innerJoin(orderLines, eq(orderLines.orderId, orders.id))
      .where(and(inArray(orders.promoCodeId, ids), isPaid))
      .groupBy(orders.promoCodeId),
  ]);
  for (const id of ids) stats.set(id, { usesPaid: 0, usesPending: 0, revenueCents: 0, discountCents: 0 });
  for (const u of uses) Object.assign(stats.get(u.id!)!, { usesPaid: u.paid, usesPending: u.pending });
  for (const m of money) Object.assign(stats.get(m.id!)!, { revenueCents: m.revenue, discountCents: m.discount });
  return stats;
}

export async function courseTitles(db: Conn, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db.select({ id: courses.id, title: courses.title }).from(courses).where(inArray(courses.id, ids));
  return new Map(rows.map((r) => [r.id, r.title]));
}

export async function insertCode(tx: Tx, values: PromoCodeFields & { id: string; createdAt: Date; updatedAt: Date }): Promise<PromoCodeRow> {
  const [row] = await tx.insert(promoCodes).values(values).returning();
  return row!;
}

export async function updateCode(tx: Tx, id: string, values: Partial<PromoCodeFields> & { active?: boolean; updatedAt: Date }): Promise<PromoCodeRow | undefined> {
  const [row] = await tx.update(promoCodes).set(values).where(eq(promoCodes.id, id)).returning();
  return row;
}
