// Admin reads of the e-mail outbox (written by integrations/mail when SMTP_URL is unset).
import { count, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { outboxEmails } from '../../db/schema';

const listColumns = {
  id: outboxEmails.id,
  to: outboxEmails.to,
  subject: outboxEmails.subject,
  text: outboxEmails.text,
  createdAt: outboxEmails.createdAt,
};

export async function listOutbox(db: Db, page: { limit: number; offset: number }) {
  const [rows, [counted]] = await Promise.all([
    db
      .select(listColumns)
      .from(outboxEmails)
      .orderBy(desc(outboxEmails.createdAt), desc(outboxEmails.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ total: count() }).from(outboxEmails),
  ]);
  return { rows, total: counted?.total ?? 0 };
}

export async function findOutboxEmail(db: Db, id: string) {
  const [row] = await db
    .select({ ...listColumns, html: outboxEmails.html })
    .from(outboxEmails)
    .where(eq(outboxEmails.id, id))
    .limit(1);
  return row ?? null;
}
