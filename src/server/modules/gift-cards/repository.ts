// The gift cards' rows: written with their order, given a code when it is paid, delivered, opened,
// moved into a person's credit, voided. Only this file touches gift_cards.
import { and, count, desc, eq, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { foldedContains } from '../../db/like';
import { courses, giftCards, orderLines, orders, profiles, users } from '../../db/schema';

type Conn = Db | Tx;

export type GiftCardRow = typeof giftCards.$inferSelect;

export async function insertPurchase(
  tx: Tx,
  order: typeof orders.$inferInsert,
  line: typeof orderLines.$inferInsert,
  card: typeof giftCards.$inferInsert,
): Promise<void> {
  await tx.insert(orders).values(order);
  await tx.insert(orderLines).values(line);
  await tx.insert(giftCards).values(card);
}

export async function findOrderByKey(db: Conn, userId: string, idempotencyKey: string) {
  const [row] = await db.select().from(orders).where(and(eq(orders.userId, userId), eq(orders.idempotencyKey, idempotencyKey)));
  return row;
}

export async function setProviderPayment(db: Conn, orderId: string, paymentId: string, now: Date): Promise<void> {
  await db.update(orders).set({ providerPaymentId: paymentId, updatedAt: now }).where(eq(orders.id, orderId));
}

export async function findBuyer(db: Conn, userId: string) {
  const [row] = await db
    .select({ email: users.email, name: users.name, fullName: profiles.fullName, province: profiles.province })
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(eq(users.id, userId));
  return row;
}

export async function findCourseForGift(db: Conn, courseId: string) {
  const [row] = await db.select({ id: courses.id, title: courses.title, status: courses.status }).from(courses).where(eq(courses.id, courseId));
  return row;
}

/** The order's cards still waiting for their payment, locked (the payment's transaction). */
export async function lockPendingOfOrder(tx: Tx, orderId: string): Promise<GiftCardRow[]> {
  return tx
    .select()
    .from(giftCards)
    .where(and(eq(giftCards.orderId, orderId), eq(giftCards.status, 'pending')))
    .for('update');
}

/** Gives a pending card its code: false when the code is taken (try another) — never for a card already active. */
export async function activate(tx: Tx, cardId: string, code: string, now: Date): Promise<boolean> {
  const rows = await tx
    .update(giftCards)
    .set({ code, status: 'active', updatedAt: now })
    .where(and(eq(giftCards.id, cardId), eq(giftCards.status, 'pending'), sql`not exists (select 1 from ${giftCards} g where g.code = ${code})`))
    .returning({ id: giftCards.id });
  return rows.length === 1;
}

export async function findById(db: Conn, id: string): Promise<GiftCardRow | undefined> {
  const [row] = await db.select().from(giftCards).where(eq(giftCards.id, id));
  return row;
}

export async function lockById(tx: Tx, id: string): Promise<GiftCardRow | undefined> {
  const [row] = await tx.select().from(giftCards).where(eq(giftCards.id, id)).for('update');
  return row;
}

/** The card of this (normalised) code, locked: concurrent redemptions of one card wait in line. */
export async function lockByCode(tx: Tx, code: string): Promise<GiftCardRow | undefined> {
  const [row] = await tx.select().from(giftCards).where(eq(giftCards.code, code)).for('update');
  return row;
}

export async function markDelivered(db: Conn, id: string, now: Date): Promise<void> {
  await db.update(giftCards).set({ deliveredAt: now, updatedAt: now }).where(eq(giftCards.id, id));
}

/** The first opening through the recipient's link; later ones change nothing. */
export async function markOpened(db: Conn, id: string, now: Date): Promise<void> {
  await db.update(giftCards).set({ openedAt: now, updatedAt: now }).where(and(eq(giftCards.id, id), isNull(giftCards.openedAt)));
}

export async function markRedeemed(tx: Tx, id: string, userId: string, now: Date): Promise<void> {
  await tx
    .update(giftCards)
    .set({ status: 'redeemed', redeemedCents: sql`${giftCards.amountCents}`, redeemedBy: userId, redeemedAt: now, updatedAt: now })
    .where(eq(giftCards.id, id));
}

export async function markVoided(tx: Tx, id: string, input: { adminId: string; refundId: string; now: Date }): Promise<void> {
  await tx
    .update(giftCards)
    .set({ status: 'voided', voidedAt: input.now, voidedBy: input.adminId, voidRefundId: input.refundId, updatedAt: input.now })
    .where(eq(giftCards.id, id));
}

const viewColumns = {
  card: giftCards,
  courseTitle: courses.title,
  orderNumber: orders.number,
  buyerName: orders.buyerName,
  buyerEmail: orders.buyerEmail,
};

/** The buyer's cards (paid ones: a card awaiting its payment is not theirs yet), newest first. */
export async function listForBuyer(db: Conn, userId: string) {
  return db
    .select(viewColumns)
    .from(giftCards)
    .innerJoin(orders, eq(orders.id, giftCards.orderId))
    .leftJoin(courses, eq(courses.id, giftCards.courseId))
    .where(and(eq(giftCards.buyerId, userId), sql`${giftCards.status} <> 'pending'`))
    .orderBy(desc(giftCards.createdAt));
}

export async function listForAdmin(db: Conn, query: { q?: string; status?: string; limit: number; offset: number }) {
  const codeQuery = query.q ? query.q.toUpperCase().replace(/[\s\-_.]/g, '') : '';
  const conditions: (SQL | undefined)[] = [
    query.status ? eq(giftCards.status, query.status) : undefined,
    query.q
      ? or(
          foldedContains([orders.buyerName, orders.buyerEmail, giftCards.recipientName, giftCards.recipientEmail], query.q),
          codeQuery.length >= 4 ? sql`${giftCards.code} like ${'%' + codeQuery.replace(/[%_\\]/g, '') + '%'}` : undefined,
          /^\d{1,9}$/.test(query.q) ? eq(orders.number, Number(query.q)) : undefined,
        )
      : undefined,
  ];
  const where = and(...conditions);
  const redeemer = users;
  const [rows, [total]] = await Promise.all([
    db
      .select({ ...viewColumns, redeemedByEmail: redeemer.email })
      .from(giftCards)
      .innerJoin(orders, eq(orders.id, giftCards.orderId))
      .leftJoin(courses, eq(courses.id, giftCards.courseId))
      .leftJoin(redeemer, eq(redeemer.id, giftCards.redeemedBy))
      .where(where)
      .orderBy(desc(giftCards.createdAt), desc(giftCards.id))
      .limit(query.limit)
      .offset(query.offset),
    db.select({ n: count() }).from(giftCards).innerJoin(orders, eq(orders.id, giftCards.orderId)).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** The card with what its document and e-mail show. */
export async function findForDocument(db: Conn, id: string) {
  const [row] = await db
    .select({ card: giftCards, courseTitle: courses.title, buyerName: orders.buyerName, buyerEmail: orders.buyerEmail })
    .from(giftCards)
    .innerJoin(orders, eq(orders.id, giftCards.orderId))
    .leftJoin(courses, eq(courses.id, giftCards.courseId))
    .where(eq(giftCards.id, id));
  return row;
}

/** The cards a person bought or added to their credit (the data export). */
export async function listForExport(db: Conn, userId: string): Promise<GiftCardRow[]> {
  return db
    .select()
    .from(giftCards)
    .where(and(or(eq(giftCards.buyerId, userId), eq(giftCards.redeemedBy, userId)), sql`${giftCards.status} <> 'pending'`))
    .orderBy(desc(giftCards.createdAt));
}

/** The card of this (normalised) code, unlocked: which kind it is (the redemption then locks it). */
export async function findByCode(db: Conn, code: string): Promise<GiftCardRow | undefined> {
  const [row] = await db.select().from(giftCards).where(eq(giftCards.code, code));
  return row;
}
