// Telling open tabs that something changed. An event is a Postgres NOTIFY on one channel: sent in
// the caller's transaction, it is delivered only if that transaction commits (never a toast for a
// payment that rolled back), and every server instance LISTENing on the database hears it.
import { sql } from 'drizzle-orm';
import type { RealtimeEvent } from '@shared/schemas/events';
import type { Db } from '../db/client';

export const REALTIME_CHANNEL = 'toque_events';

/** Who an event is for: one user's tabs, or every admin's. */
export type Audience = { userId: string } | { role: 'admin' };

export type Notification = { to: Audience; event: RealtimeEvent };

/** `conn`: the transaction whose commit the event announces (or the database, outside one). */
export async function publish(conn: Pick<Db, 'execute'>, to: Audience, event: RealtimeEvent): Promise<void> {
  const payload: Notification = { to, event };
  await conn.execute(sql`select pg_notify(${REALTIME_CHANNEL}, ${JSON.stringify(payload)})`);
}
