// The back office's audit trail: one row per admin action that changes data, written in the same
// transaction as the change (a change rolled back leaves no trace, a committed one always has one).
import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { auditLog, users } from '../../db/schema';

type Conn = Pick<Db, 'insert' | 'select' | 'selectDistinctOn'>;

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

export type AuditFilter = { actionPrefix?: string; action?: string; actorId?: string; targetType?: string; targetId?: string };

function auditConditions(filter: AuditFilter) {
  const conditions = [
    filter.actionPrefix ? sql`${auditLog.action} like ${`${filter.actionPrefix.replace(/[%_\\]/g, '\\$&')}%`}` : undefined,
    filter.action ? eq(auditLog.action, filter.action) : undefined,
    filter.actorId ? eq(auditLog.actorId, filter.actorId) : undefined,
    filter.targetType ? eq(auditLog.targetType, filter.targetType) : undefined,
    filter.targetId ? eq(auditLog.targetId, filter.targetId) : undefined,
  ].filter((c) => c !== undefined);
  return conditions.length ? and(...conditions) : undefined;
}

/** Newest first; filtered by action prefix ('order.') or exact action, actor and/or one target. */
export async function listAudit(db: Conn, filter: AuditFilter & { limit: number; offset: number }): Promise<AuditRow[]> {
  return db
    .select()
    .from(auditLog)
    .where(auditConditions(filter))
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(filter.limit)
    .offset(filter.offset);
}

/** How many entries a filter matches (the Journal's pager). */
export async function countAudit(db: Conn, filter: AuditFilter): Promise<number> {
  const [row] = await db.select({ total: count() }).from(auditLog).where(auditConditions(filter));
  return row?.total ?? 0;
}

/** Everyone who appears in the trail as the actor, with the e-mail of their latest entry. */
export async function auditActors(db: Conn): Promise<{ id: string; email: string }[]> {
  const rows = await db
    .selectDistinctOn([auditLog.actorId], { id: auditLog.actorId, email: auditLog.actorEmail })
    .from(auditLog)
    .orderBy(auditLog.actorId, desc(auditLog.createdAt));
  return rows.sort((a, b) => a.email.localeCompare(b.email, 'fr-CA'));
}
