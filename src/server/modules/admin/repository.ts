// Admin reads of the e-mail outbox (written by integrations/mail when SMTP_URL is unset).
import { and, count, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { accounts, outboxEmails, users } from '../../db/schema';

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

/** The stored password hashes of the accounts with these addresses (password sign-in only). */
export async function passwordHashesOf(db: Db, emails: string[]): Promise<{ email: string; hash: string }[]> {
  const rows = await db
    .select({ email: users.email, hash: accounts.password })
    .from(users)
    .innerJoin(accounts, and(eq(accounts.userId, users.id), eq(accounts.providerId, 'credential')))
    .where(inArray(users.email, emails));
  return rows.flatMap((r) => (r.hash ? [{ email: r.email, hash: r.hash }] : []));
}
