// The sandbox processor's rows: payment intents, refunds, subscriptions, invoices and the event outbox.
import { and, asc, eq, exists, gte, inArray, isNotNull, lte, notInArray, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/client';
import { sandboxEvents, sandboxInvoices, sandboxPaymentIntents, sandboxRefunds, sandboxSubscriptions } from '../../../db/schema';
import { eventObject, sandboxId, type InvoiceRow, type PaymentIntentRow, type RefundRow, type SandboxEventType, type SubscriptionRow } from './objects';

type Conn = Db | Tx;

export type NewPaymentIntent = typeof sandboxPaymentIntents.$inferInsert;

/** Inserts unless the idempotency key is taken; either way returns the key's payment intent. */
export async function insertPaymentIntent(db: Conn, values: NewPaymentIntent): Promise<PaymentIntentRow> {
  const [inserted] = await db.insert(sandboxPaymentIntents).values(values).onConflictDoNothing().returning();
  if (inserted) return inserted;
  const [existing] = await db.select().from(sandboxPaymentIntents).where(eq(sandboxPaymentIntents.idempotencyKey, values.idempotencyKey));
  if (!existing) throw new Error('sandbox payment intent vanished after an idempotency conflict');
  return existing;
}

export async function findPaymentIntent(db: Conn, id: string, opts: { forUpdate?: boolean } = {}): Promise<PaymentIntentRow | undefined> {
  const query = db.select().from(sandboxPaymentIntents).where(eq(sandboxPaymentIntents.id, id));
  const [row] = opts.forUpdate ? await query.for('update') : await query;
  return row;
}

export async function updatePaymentIntent(db: Conn, id: string, patch: Partial<NewPaymentIntent>, now: Date): Promise<PaymentIntentRow> {
  const [row] = await db
    .update(sandboxPaymentIntents)
    .set({ ...patch, updatedAt: now })
    .where(eq(sandboxPaymentIntents.id, id))
    .returning();
  return row!;
}

export async function findRefundByKey(db: Conn, idempotencyKey: string): Promise<RefundRow | undefined> {
  const [row] = await db.select().from(sandboxRefunds).where(eq(sandboxRefunds.idempotencyKey, idempotencyKey));
  return row;
}

export async function insertRefund(db: Conn, values: typeof sandboxRefunds.$inferInsert): Promise<RefundRow> {
  const [row] = await db.insert(sandboxRefunds).values(values).returning();
  return row!;
}

/** Queues events (in the caller's transaction), due at once, in the order given. */
export async function insertEvents(db: Conn, events: { type: SandboxEventType; object: unknown }[], now: Date): Promise<string[]> {
  const ids: string[] = [];
  // One at a time: the identity column then follows the order given.
  for (const e of events) {
    const id = sandboxId('evt');
    await db.insert(sandboxEvents).values({ id, type: e.type, payload: eventObject(id, e.type, e.object, now), nextAttemptAt: now, createdAt: now });
    ids.push(id);
  }
  return ids;
}

export type OutboxEvent = { id: string; sequence: number; type: string; payload: unknown; attempts: number };

/**
 * Takes up to `limit` due events and pushes their next try to `leaseUntil`, in one statement: another
 * worker (another instance) skips them, and if this one dies they come back when the lease ends.
 */
export async function claimDueEvents(db: Conn, now: Date, leaseUntil: Date, limit: number): Promise<OutboxEvent[]> {
  const due = db
    .select({ id: sandboxEvents.id })
    .from(sandboxEvents)
    .where(and(isNotNull(sandboxEvents.nextAttemptAt), lte(sandboxEvents.nextAttemptAt, now)))
    .orderBy(asc(sandboxEvents.sequence))
    .limit(limit)
    .for('update', { skipLocked: true });
  const rows = await db
    .update(sandboxEvents)
    .set({ nextAttemptAt: leaseUntil })
    .where(inArray(sandboxEvents.id, due))
    .returning({
      id: sandboxEvents.id,
      sequence: sandboxEvents.sequence,
      type: sandboxEvents.type,
      payload: sandboxEvents.payload,
      attempts: sandboxEvents.attempts,
    });
  return rows.sort((a, b) => a.sequence - b.sequence);
}

export async function markDelivered(db: Conn, id: string, attempts: number, now: Date): Promise<void> {
  await db.update(sandboxEvents).set({ deliveredAt: now, nextAttemptAt: null, attempts, lastError: null }).where(eq(sandboxEvents.id, id));
}

/** A failed try: the next one at `nextAttemptAt`, or never (null) once the attempts are used up. */
export async function markFailed(db: Conn, id: string, attempts: number, nextAttemptAt: Date | null, error: string): Promise<void> {
  await db.update(sandboxEvents).set({ attempts, nextAttemptAt, lastError: error.slice(0, 500) }).where(eq(sandboxEvents.id, id));
}

/** Every event made at or after `since`, in the order they were made (what the Events API lists). */
export async function listEventsSince(db: Conn, since: Date) {
  return db.select({ payload: sandboxEvents.payload }).from(sandboxEvents).where(gte(sandboxEvents.createdAt, since)).orderBy(asc(sandboxEvents.sequence));
}

export async function findEvent(db: Conn, id: string) {
  const [row] = await db.select().from(sandboxEvents).where(eq(sandboxEvents.id, id));
  return row;
}

// ---- Subscriptions and their invoices -------------------------------------------------------

export type NewSubscription = typeof sandboxSubscriptions.$inferInsert;
export type NewInvoice = typeof sandboxInvoices.$inferInsert;

/** Inserts unless the idempotency key is taken: null then (the caller reads the key's subscription). */
export async function insertSubscription(db: Conn, values: NewSubscription): Promise<SubscriptionRow | null> {
  const [inserted] = await db.insert(sandboxSubscriptions).values(values).onConflictDoNothing().returning();
  return inserted ?? null;
}

export async function findSubscriptionByKey(db: Conn, idempotencyKey: string): Promise<SubscriptionRow | undefined> {
  const [row] = await db.select().from(sandboxSubscriptions).where(eq(sandboxSubscriptions.idempotencyKey, idempotencyKey));
  return row;
}

export async function findSubscription(db: Conn, id: string, opts: { forUpdate?: boolean } = {}): Promise<SubscriptionRow | undefined> {
  const query = db.select().from(sandboxSubscriptions).where(eq(sandboxSubscriptions.id, id));
  const [row] = opts.forUpdate ? await query.for('update') : await query;
  return row;
}

/** The customer an e-mail already has at the processor (as Stripe's customer is reused), if any. */
export async function findCustomerIdByEmail(db: Conn, email: string): Promise<string | null> {
  const [row] = await db
    .select({ customerId: sandboxSubscriptions.customerId })
    .from(sandboxSubscriptions)
    .where(eq(sandboxSubscriptions.customerEmail, email))
    .orderBy(asc(sandboxSubscriptions.createdAt))
    .limit(1);
  return row?.customerId ?? null;
}

export async function updateSubscription(db: Conn, id: string, patch: Partial<NewSubscription>, now: Date): Promise<SubscriptionRow> {
  const [row] = await db
    .update(sandboxSubscriptions)
    .set({ ...patch, updatedAt: now })
    .where(eq(sandboxSubscriptions.id, id))
    .returning();
  return row!;
}

/** Moves a subscription's test clock forward in one statement; undefined when there is no such subscription. */
export async function advanceClock(db: Conn, id: string, ms: number, now: Date): Promise<SubscriptionRow | undefined> {
  const [row] = await db
    .update(sandboxSubscriptions)
    .set({ clockOffsetMs: sql`${sandboxSubscriptions.clockOffsetMs} + ${ms}`, updatedAt: now })
    .where(eq(sandboxSubscriptions.id, id))
    .returning();
  return row;
}

export async function insertInvoice(db: Conn, values: NewInvoice): Promise<InvoiceRow> {
  const [row] = await db.insert(sandboxInvoices).values(values).returning();
  return row!;
}

export async function findInvoice(db: Conn, id: string, opts: { forUpdate?: boolean } = {}): Promise<InvoiceRow | undefined> {
  const query = db.select().from(sandboxInvoices).where(eq(sandboxInvoices.id, id));
  const [row] = opts.forUpdate ? await query.for('update') : await query;
  return row;
}

/** The invoice the subscription was created with (its first period's). */
export async function findFirstInvoice(db: Conn, subscriptionId: string): Promise<InvoiceRow | undefined> {
  const [row] = await db
    .select()
    .from(sandboxInvoices)
    .where(and(eq(sandboxInvoices.subscriptionId, subscriptionId), eq(sandboxInvoices.billingReason, 'subscription_create')))
    .limit(1);
  return row;
}

export async function updateInvoice(db: Conn, id: string, patch: Partial<NewInvoice>, now: Date): Promise<InvoiceRow> {
  const [row] = await db
    .update(sandboxInvoices)
    .set({ ...patch, updatedAt: now })
    .where(eq(sandboxInvoices.id, id))
    .returning();
  return row!;
}

/** Statuses the billing worker looks after (an incomplete one waits for its first payment). */
export const BILLED_STATUSES = ['trialing', 'active', 'past_due'] as const;

/**
 * Locks the next subscription with something due on its own clock (its period has ended, or its
 * open invoice's next attempt has come), skipping rows another worker holds: two instances never
 * bill one period twice. `skip` leaves out the ones this run could not process.
 */
export async function claimDueSubscription(tx: Tx, realNow: Date, skip: string[]): Promise<SubscriptionRow | undefined> {
  const clockNow = sql`(${realNow.toISOString()}::timestamptz + ${sandboxSubscriptions.clockOffsetMs} * interval '1 millisecond')`;
  const retryDue = tx
    .select({ id: sandboxInvoices.id })
    .from(sandboxInvoices)
    .where(
      and(
        eq(sandboxInvoices.id, sandboxSubscriptions.latestInvoiceId),
        eq(sandboxInvoices.status, 'open'),
        isNotNull(sandboxInvoices.nextPaymentAttempt),
        lte(sandboxInvoices.nextPaymentAttempt, clockNow),
      ),
    );
  const [row] = await tx
    .select()
    .from(sandboxSubscriptions)
    .where(
      and(
        inArray(sandboxSubscriptions.status, [...BILLED_STATUSES]),
        skip.length > 0 ? notInArray(sandboxSubscriptions.id, skip) : undefined,
        or(
          lte(sandboxSubscriptions.currentPeriodEnd, clockNow),
          exists(retryDue),
          // The trial's reminder event (subscriptions.ts, trialNoticeDue), 2 days before its end.
          and(
            eq(sandboxSubscriptions.status, 'trialing'),
            eq(sandboxSubscriptions.trialWillEndSent, false),
            eq(sandboxSubscriptions.cancelAtPeriodEnd, false),
            lte(sql`${sandboxSubscriptions.trialEnd} - interval '2 days'`, clockNow),
          ),
        ),
      ),
    )
    .orderBy(asc(sandboxSubscriptions.currentPeriodEnd))
    .limit(1)
    .for('update', { skipLocked: true });
  return row;
}
