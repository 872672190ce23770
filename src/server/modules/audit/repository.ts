// The back office's audit trail: one row per admin action that changes data, written in the same
// transaction as the change (a change rolled back leaves no trace, a committed one always has one).
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { auditLog, users } from '../../db/schema';

type Conn = Pick<Db, 'insert' | 'select'>;

export type AuditEntry = {
  /** The admin acting (their user id, from the session). */
  actorId: string;
  /** 'recipe.create', 'course.update', 'course.archive', 'session.capacity', 'order.refund'… */
  action: string;
  targetType: string;
  targetId: string;
  /** What changed, for a person to read: never secrets or card data. */
  details?: Record<string, unknown>;
};

export async function recordAudit(tx: Conn, entry: AuditEntry): Promise<void> {
  // The e-mail is copied: the trail still names the admin if the account is ever removed.
  const [actor] = await tx.select({ email: users.email }).from(users).where(eq(users.id, entry.actorId));
  await tx.insert(auditLog).values({
    actorId: entry.actorId,
    actorEmail: actor?.email ?? '(compte supprimé)',
    action: entry.action,
    targetType: entry.targetType,
    targetId: entry.targetId,
    details: entry.details ?? {},
  });
}

export type AuditRow = typeof auditLog.$inferSelect;

/** Newest first; filtered by action prefix ('order.') and/or one target. */
export async function listAudit(
  db: Conn,
  filter: { actionPrefix?: string; targetType?: string; targetId?: string; limit: number; offset: number },
): Promise<AuditRow[]> {
  const conditions = [
    filter.actionPrefix ? sql`${auditLog.action} like ${`${filter.actionPrefix.replace(/[%_\\]/g, '\\$&')}%`}` : undefined,
    filter.targetType ? eq(auditLog.targetType, filter.targetType) : undefined,
    filter.targetId ? eq(auditLog.targetId, filter.targetId) : undefined,
  ].filter((c) => c !== undefined);
  return db
    .select()
    .from(auditLog)
    .where(conditions.length ? and(...conditions) : undefined)
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(filter.limit)
    .offset(filter.offset);
}
