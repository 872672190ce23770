// Admin reads of the e-mail outbox (written by integrations/mail when SMTP_URL is unset).
import { count, desc } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { outboxEmails } from '../../db/schema';

export async function listOutbox(db: Db, page: { limit: number; offset: number }) {
  const [rows, [counted]] = await Promise.all([
    db
      .select({
        id: outboxEmails.id,
        to: outboxEmails.to,
        subject: outboxEmails.subject,
        text: outboxEmails.text,
        createdAt: outboxEmails.createdAt,
      })
      .from(outboxEmails)
      .orderBy(desc(outboxEmails.createdAt), desc(outboxEmails.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ total: count() }).from(outboxEmails),
  ]);
  return { rows, total: counted?.total ?? 0 };
}
