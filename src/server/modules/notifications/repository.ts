// One user's in-app notifications. Every query is scoped by user id: nobody reads or marks
// another person's notification, and an id that is not theirs looks like one that does not exist.
import { and, count, desc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { notifications } from '../../db/schema';

/** A database or a transaction: notify() runs inside the transaction of the event it announces. */
export type Conn = Pick<Db, 'select' | 'insert' | 'update' | 'execute'>;

export type NotificationRow = typeof notifications.$inferSelect;
export type NewNotification = { userId: string; kind: string; title: string; body: string; link: string | null; dedupeKey: string; createdAt: Date };

/** The new row's id, or null when this user already has the notification of this dedupe key. */
export async function insertOnce(conn: Conn, values: NewNotification): Promise<string | null> {
  const rows = await conn
    .insert(notifications)
    .values(values)
    .onConflictDoNothing({ target: [notifications.userId, notifications.dedupeKey] })
    .returning({ id: notifications.id });
  return rows[0]?.id ?? null;
}

export async function unreadCount(conn: Conn, userId: string): Promise<number> {
  const [row] = await conn
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  return row?.n ?? 0;
}

export async function totalCount(conn: Conn, userId: string): Promise<number> {
  const [row] = await conn.select({ n: count() }).from(notifications).where(eq(notifications.userId, userId));
  return row?.n ?? 0;
}

/** Newest first; the id breaks ties between notifications of the same instant. */
export async function listPage(conn: Conn, userId: string, limit: number, offset: number): Promise<NotificationRow[]> {
  return conn
    .select()
    .from(notifications)
    .where(eq(notifications.userId, userId))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(limit)
    .offset(offset);
}

/** Whether the user has this notification (read or not). */
export async function owns(conn: Conn, userId: string, id: string): Promise<boolean> {
  const rows = await conn
    .select({ id: notifications.id })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.id, id)))
    .limit(1);
  return rows.length > 0;
}

/** Marking a read notification again keeps its first read time. */
export async function markRead(conn: Conn, userId: string, id: string, now: Date): Promise<void> {
  await conn
    .update(notifications)
    .set({ readAt: now })
    .where(and(eq(notifications.userId, userId), eq(notifications.id, id), isNull(notifications.readAt)));
}

export async function markAllRead(conn: Conn, userId: string, now: Date): Promise<void> {
  await conn
    .update(notifications)
    .set({ readAt: now })
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
}
