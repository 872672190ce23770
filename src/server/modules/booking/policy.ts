// « Politique d'annulation » (docs/decisions/0051): the full refund's notice and the transfer's
// deadline, in hours before the start, the school's setting (app_settings, one key, audited). The
// cancellation and the transfer rules both read it; the pure rules in @shared/booking take the hours.
import { DEFAULT_CANCELLATION_POLICY, type CancellationPolicy } from '@shared/booking';
import { cancellationPolicySchema } from '@shared/schemas/transfers';
import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { appSettings } from '../../db/schema';
import { recordAudit } from '../audit/service';

export const CANCELLATION_POLICY_KEY = 'booking.cancellation_policy';

export async function readCancellationPolicy(db: Pick<Db, 'select'>): Promise<CancellationPolicy> {
  const [row] = await db.select({ value: appSettings.value }).from(appSettings).where(eq(appSettings.key, CANCELLATION_POLICY_KEY));
  const parsed = cancellationPolicySchema.safeParse(row?.value);
  return parsed.success ? parsed.data : DEFAULT_CANCELLATION_POLICY;
}

/** Saves the admin's policy, with one audit row naming what changed (nothing when nothing did). */
export async function writeCancellationPolicy(tx: Tx, actorId: string, next: CancellationPolicy, now: Date): Promise<void> {
  const before = await readCancellationPolicy(tx);
  const changed = (Object.keys(next) as (keyof CancellationPolicy)[]).filter((k) => next[k] !== before[k]);
  if (changed.length === 0) return;
  await tx
    .insert(appSettings)
    .values({ key: CANCELLATION_POLICY_KEY, value: next, updatedAt: now })
    .onConflictDoUpdate({ target: appSettings.key, set: { value: next, updatedAt: now } });
  await recordAudit(tx, {
    actorId,
    action: 'settings.cancellation_policy',
    targetType: 'setting',
    targetId: CANCELLATION_POLICY_KEY,
    details: Object.fromEntries(changed.map((k) => [k, { before: before[k], after: next[k] }])),
  });
}
