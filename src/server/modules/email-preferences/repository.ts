// Which non-essential e-mails a person wants. No row means the defaults (DEFAULT_EMAIL_PREFERENCES).
import { eq } from 'drizzle-orm';
import { DEFAULT_EMAIL_PREFERENCES, type EmailPreferences, type UnsubscribeTopic } from '@shared/schemas/notifications';
import type { Db } from '../../db/client';
import { emailPreferences, users } from '../../db/schema';

type Conn = Pick<Db, 'select' | 'insert'>;

export async function findPreferences(conn: Conn, userId: string): Promise<EmailPreferences> {
  const [row] = await conn
    .select({ reminders: emailPreferences.reminders, prepKit: emailPreferences.prepKit, marketing: emailPreferences.marketing })
    .from(emailPreferences)
    .where(eq(emailPreferences.userId, userId))
    .limit(1);
  return row ?? { ...DEFAULT_EMAIL_PREFERENCES };
}

export async function savePreferences(conn: Conn, userId: string, prefs: EmailPreferences, now: Date): Promise<void> {
  await conn
    .insert(emailPreferences)
    .values({ userId, ...prefs, updatedAt: now })
    .onConflictDoUpdate({ target: emailPreferences.userId, set: { ...prefs, updatedAt: now } });
}

/** Turns one kind off; the others keep their saved value (or their default, for a first row). */
export async function turnOff(conn: Conn, userId: string, topic: UnsubscribeTopic, now: Date): Promise<void> {
  await conn
    .insert(emailPreferences)
    .values({ userId, ...DEFAULT_EMAIL_PREFERENCES, [topic]: false, updatedAt: now })
    .onConflictDoUpdate({ target: emailPreferences.userId, set: { [topic]: false, updatedAt: now } });
}

export async function findEmail(conn: Conn, userId: string): Promise<string | null> {
  const [row] = await conn.select({ email: users.email }).from(users).where(eq(users.id, userId)).limit(1);
  return row?.email ?? null;
}
