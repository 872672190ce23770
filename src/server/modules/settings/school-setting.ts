// One of the school's settings the admin changes (app_settings, one key, a JSON object): read through
// its schema — a stored value this version cannot read gives the defaults — and saved with one audit
// row naming each field that changed (nothing written when nothing did).
import type { AuditActionKind } from '@shared/schemas/admin-journal';
import type { z } from '@shared/zod';
import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { appSettings } from '../../db/schema';
import { recordAudit } from '../audit/service';

export type SchoolSetting<T extends Record<string, unknown>> = {
  key: string;
  read(db: Pick<Db, 'select'>): Promise<T>;
  /** Saves `next`; false when it changed nothing. */
  write(tx: Tx, actorId: string, next: T, now: Date): Promise<boolean>;
};

export function schoolSetting<T extends Record<string, unknown>>(opts: { key: string; schema: z.ZodType<T>; defaults: T; auditAction: AuditActionKind }): SchoolSetting<T> {
  async function read(db: Pick<Db, 'select'>): Promise<T> {
    const [row] = await db.select({ value: appSettings.value }).from(appSettings).where(eq(appSettings.key, opts.key));
    const parsed = opts.schema.safeParse(row?.value);
    return parsed.success ? parsed.data : opts.defaults;
  }
  async function write(tx: Tx, actorId: string, next: T, now: Date): Promise<boolean> {
    const before = await read(tx);
    const changed = Object.keys(next).filter((k) => next[k] !== before[k]);
    if (changed.length === 0) return false;
    await tx
      .insert(appSettings)
      .values({ key: opts.key, value: next, updatedAt: now })
      .onConflictDoUpdate({ target: appSettings.key, set: { value: next, updatedAt: now } });
    await recordAudit(tx, {
      actorId,
      action: opts.auditAction,
      targetType: 'setting',
      targetId: opts.key,
      details: Object.fromEntries(changed.map((k) => [k, { before: before[k], after: next[k] }])),
    });
    return true;
  }
  return { key: opts.key, read, write };
}
