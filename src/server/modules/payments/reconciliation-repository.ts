// The reconciliation's rows: each run claimed and recorded, and what the shop knows of the
// provider's payments and subscriptions the events name.
import { and, desc, eq, gt, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { orders, paymentReconciliations, subscriptions } from '../../db/schema';

/** Stripe lists events for 30 days: nothing older can be asked for. */
export const EVENTS_KEPT_MS = 30 * 24 * 60 * 60 * 1000;
/** Each run reads back this far before the previous run's start: events created while it listed. */
const OVERLAP_MS = 60 * 60 * 1000;
/** A run unfinished after this long died with its instance. */
const UNDER_WAY_MS = 60 * 60 * 1000;

export type ClaimedRun = { id: string; since: Date };

/**
 * Claims a run unless one that went well started less than `minGapMs` ago, or one is under way
 * (another instance's, say; one unfinished after an hour is taken as dead): the table is locked for
 * the check and the insert, so two instances never both claim. `since` is the start of the last
 * run that finished without error, an hour back, or as far back as events are kept.
 */
export async function claimRun(db: Db, provider: string, now: Date, minGapMs: number): Promise<ClaimedRun | null> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`LOCK TABLE ${paymentReconciliations} IN SHARE ROW EXCLUSIVE MODE`);
    const [underWay] = await tx
      .select({ id: paymentReconciliations.id })
      .from(paymentReconciliations)
      .where(
        and(
          eq(paymentReconciliations.provider, provider),
          isNull(paymentReconciliations.finishedAt),
          gt(paymentReconciliations.startedAt, new Date(now.getTime() - UNDER_WAY_MS)),
        ),
      )
      .limit(1);
    if (underWay) return null;
    const [lastGood] = await tx
      .select({ startedAt: paymentReconciliations.startedAt })
      .from(paymentReconciliations)
      .where(and(eq(paymentReconciliations.provider, provider), isNotNull(paymentReconciliations.finishedAt), isNull(paymentReconciliations.error)))
      .orderBy(desc(paymentReconciliations.startedAt))
      .limit(1);
    if (lastGood && now.getTime() - lastGood.startedAt.getTime() < minGapMs) return null;
    const oldest = now.getTime() - EVENTS_KEPT_MS;
    const since = new Date(Math.max(oldest, lastGood ? lastGood.startedAt.getTime() - OVERLAP_MS : oldest));
    const [row] = await tx.insert(paymentReconciliations).values({ provider, startedAt: now, since }).returning({ id: paymentReconciliations.id });
    return { id: row!.id, since };
  });
}

export type RunResult = {
  finishedAt: Date;
  eventsListed: number;
  eventsApplied: number;
  eventsFailed: number;
  anomalies: string[];
  error: string | null;
};

export async function finishRun(db: Db, id: string, result: RunResult): Promise<void> {
  await db.update(paymentReconciliations).set(result).where(eq(paymentReconciliations.id, id));
}

/** Of these provider payment ids, those no order of ours carries. */
export async function paymentsWithoutOrder(db: Db, provider: string, paymentIds: string[]): Promise<string[]> {
  if (!paymentIds.length) return [];
  const known = await db
    .select({ id: orders.providerPaymentId })
    .from(orders)
    .where(and(eq(orders.provider, provider), inArray(orders.providerPaymentId, paymentIds)));
  const seen = new Set(known.map((r) => r.id));
  return paymentIds.filter((id) => !seen.has(id));
}

/** Of these provider subscription ids, those no membership of ours carries. */
export async function subscriptionsUnknown(db: Db, provider: string, subscriptionIds: string[]): Promise<string[]> {
  if (!subscriptionIds.length) return [];
  const known = await db
    .select({ id: subscriptions.providerSubscriptionId })
    .from(subscriptions)
    .where(and(eq(subscriptions.provider, provider), inArray(subscriptions.providerSubscriptionId, subscriptionIds)));
  const seen = new Set(known.map((r) => r.id));
  return subscriptionIds.filter((id) => !seen.has(id));
}
