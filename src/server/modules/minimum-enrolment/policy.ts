// « Minimum d'inscriptions » (docs/decisions/0048): when a session's minimum is checked and how long
// its chef has to answer, the school's setting (app_settings, one key, audited). A change plans every
// future check again at its new moment, in the same transaction (service.ts scheduleMissingMinimumChecks).
import { DEFAULT_MINIMUM_POLICY, type MinimumPolicy } from '@shared/booking';
import { minimumPolicySchema } from '@shared/schemas/minimum-enrolment';
import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { appSettings } from '../../db/schema';
import { recordAudit } from '../audit/service';

export const MINIMUM_POLICY_KEY = 'booking.minimum_enrolment';

export async function readMinimumPolicy(db: Pick<Db, 'select'>): Promise<MinimumPolicy> {
  const [row] = await db.select({ value: appSettings.value }).from(appSettings).where(eq(appSettings.key, MINIMUM_POLICY_KEY));
  const parsed = minimumPolicySchema.safeParse(row?.value);
  return parsed.success ? parsed.data : DEFAULT_MINIMUM_POLICY;
}

/** Saves the admin's policy with one audit row naming what changed; false when nothing did. */
export async function writeMinimumPolicy(tx: Tx, actorId: string, next: MinimumPolicy, now: Date): Promise<boolean> {
  const before = await readMinimumPolicy(tx);
  const changed = (Object.keys(next) as (keyof MinimumPolicy)[]).filter((k) => next[k] !== before[k]);
  if (changed.length === 0) return false;
  await tx
    .insert(appSettings)
    .values({ key: MINIMUM_POLICY_KEY, value: next, updatedAt: now })
    .onConflictDoUpdate({ target: appSettings.key, set: { value: next, updatedAt: now } });
  await recordAudit(tx, {
    actorId,
    action: 'settings.minimum_enrolment',
    targetType: 'setting',
    targetId: MINIMUM_POLICY_KEY,
    details: Object.fromEntries(changed.map((k) => [k, { before: before[k], after: next[k] }])),
  });
  return true;
}
