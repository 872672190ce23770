// E-mail through the job queue, once per event. queueEmail() writes the delivery into the
// email_deliveries ledger under its dedupe key (a second call for the same event finds the row and
// does nothing) and sends an 'email.send' job in the same transaction. The job's worker skips a
// delivery already sent, sends with the Mailer (SMTP, or the outbox table), marks it sent, and on a
// transport error records it and throws: pg-boss tries again later, waiting longer each time.
//
// Jobs run at least once; the ledger makes the e-mail go out once: a job that finds sentAt set
// stops. The one window left is a crash between the mail server's acceptance and the mark.
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Deps } from '../../deps';
import type { Db } from '../../db/client';
import { emailDeliveries } from '../../db/schema';
import { sendJob } from '../../jobs/boss';
import type { Job } from '../../jobs/jobs';
import { QUEUES } from '../../jobs/queues';
import { createMailer, type Mail, type Mailer } from './mailer';

type Conn = Pick<Db, 'insert' | 'execute'>;

export type QueuedEmail = {
  /** One e-mail per event: 'reminder.24h:<reservationId>'. */
  dedupeKey: string;
  /** What it is about ('reminder.24h', 'booking.confirmed'…). */
  kind: string;
  to: string;
  userId: string | null;
  mail: Mail;
};

/**
 * Records the delivery and queues its sending, in `conn`'s transaction when it is one. Resolves to
 * false when this event's e-mail was already queued (or skipped).
 */
export async function queueEmail(conn: Conn, email: QueuedEmail): Promise<boolean> {
  const inserted = await conn
    .insert(emailDeliveries)
    .values({ dedupeKey: email.dedupeKey, kind: email.kind, to: email.to, userId: email.userId })
    .onConflictDoNothing()
    .returning({ key: emailDeliveries.dedupeKey });
  if (inserted.length === 0) return false;
  await sendJob(conn, QUEUES.emailSend, { dedupeKey: email.dedupeKey, mail: { ...email.mail, to: email.to } }, { singletonKey: email.dedupeKey });
  return true;
}

/** Records that this event's e-mail is not sent, and why ('preference'); false if it was already decided. */
export async function skipEmail(conn: Conn, email: Omit<QueuedEmail, 'mail'>, reason: string): Promise<boolean> {
  const inserted = await conn
    .insert(emailDeliveries)
    .values({ dedupeKey: email.dedupeKey, kind: email.kind, to: email.to, userId: email.userId, skippedReason: reason })
    .onConflictDoNothing()
    .returning({ key: emailDeliveries.dedupeKey });
  return inserted.length > 0;
}

/** The 'email.send' worker. */
export function emailSender(deps: Pick<Deps, 'config' | 'database' | 'logger' | 'now'>, mailer: Mailer = createMailer(deps.config, deps.database.db, deps.logger)) {
  const db = () => deps.database.db;
  return async (job: Job<typeof QUEUES.emailSend>): Promise<void> => {
    const { dedupeKey, mail } = job.data;
    // Counts the attempt, unless it went out already (a job run again after a crash or a stall).
    const [pending] = await db()
      .update(emailDeliveries)
      .set({ attempts: sql`${emailDeliveries.attempts} + 1` })
      .where(and(eq(emailDeliveries.dedupeKey, dedupeKey), isNull(emailDeliveries.sentAt)))
      .returning({ skippedReason: emailDeliveries.skippedReason, attempts: emailDeliveries.attempts });
    if (!pending) return;
    try {
      await mailer.send(mail);
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      await db().update(emailDeliveries).set({ skippedReason: message.slice(0, 500) }).where(eq(emailDeliveries.dedupeKey, dedupeKey));
      deps.logger.warn({ err, dedupeKey, attempt: pending.attempts }, "e-mail non envoyé (nouvel essai plus tard)");
      throw err;
    }
    await db().update(emailDeliveries).set({ sentAt: deps.now(), skippedReason: null }).where(eq(emailDeliveries.dedupeKey, dedupeKey));
  };
}
