// The sandbox processor's rows: payment intents, refunds and the event outbox.
import { and, asc, eq, inArray, isNotNull, lte } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { sandboxEvents, sandboxPaymentIntents, sandboxRefunds } from '../../../db/schema';
import { eventObject, sandboxId, type PaymentIntentRow, type RefundRow, type SandboxEventType } from './objects';

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
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

export async function findEvent(db: Conn, id: string) {
  const [row] = await db.select().from(sandboxEvents).where(eq(sandboxEvents.id, id));
  return row;
}
