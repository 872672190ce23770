// Whose sandbox payment is it: the order that carries it says. Whose sandbox subscription: the
// user_id the shop gave the processor at its creation (its metadata).
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { orders, sandboxSubscriptions, users } from '../../db/schema';

export async function ownsSandboxPayment(db: Db, userId: string, paymentId: string): Promise<boolean> {
  const rows = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.provider, 'sandbox'), eq(orders.providerPaymentId, paymentId), eq(orders.userId, userId)))
    .limit(1);
  return rows.length === 1;
}

/** The latest sandbox subscription of the account with this e-mail (the test clock's target), if any. */
export async function latestSandboxSubscriptionOf(db: Db, email: string): Promise<string | null> {
  const [row] = await db
    .select({ id: sandboxSubscriptions.id })
    .from(sandboxSubscriptions)
    .innerJoin(users, eq(sql`${sandboxSubscriptions.metadata} ->> 'user_id'`, users.id))
    .where(eq(sql`lower(${users.email})`, email.toLowerCase()))
    .orderBy(desc(sandboxSubscriptions.createdAt), desc(sandboxSubscriptions.id))
    .limit(1);
  return row?.id ?? null;
}
