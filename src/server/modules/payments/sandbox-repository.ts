// Whose sandbox payment is it: the order that carries it says.
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { orders } from '../../db/schema';

export async function ownsSandboxPayment(db: Db, userId: string, paymentId: string): Promise<boolean> {
  const rows = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.provider, 'sandbox'), eq(orders.providerPaymentId, paymentId), eq(orders.userId, userId)))
    .limit(1);
  return rows.length === 1;
}
