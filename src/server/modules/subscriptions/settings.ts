// The membership's settings, changed by the admin (« Abonnement » in the back office) and audited:
// the annual plan's price (the monthly stays SUBSCRIPTION_PRICE_CENTS), the free trial's length and
// the « save » offer shown once at cancellation. Kept in app_settings under one key.
import { SUBSCRIPTION_PRICE_CENTS } from '@shared/catalog';
import { membershipSettingsSchema, type MembershipPlan, type MembershipSettings } from '@shared/schemas/subscription';
import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { appSettings } from '../../db/schema';
import { recordAudit } from '../audit/service';

export const MEMBERSHIP_SETTINGS_KEY = 'membership.settings';

export const DEFAULT_MEMBERSHIP_SETTINGS: MembershipSettings = {
  annualPriceCents: 19_990,
  trialDays: 7,
  saveOfferPercent: 50,
  saveOfferLabel: 'Le mois prochain à 50 %',
};

export async function readMembershipSettings(db: Pick<Db, 'select'>): Promise<MembershipSettings> {
  const [row] = await db.select({ value: appSettings.value }).from(appSettings).where(eq(appSettings.key, MEMBERSHIP_SETTINGS_KEY));
  const parsed = membershipSettingsSchema.safeParse(row?.value);
  return parsed.success ? parsed.data : DEFAULT_MEMBERSHIP_SETTINGS;
}

/** The plan's price before tax. */
export const planPriceCents = (plan: MembershipPlan, settings: MembershipSettings) => (plan === 'annual' ? settings.annualPriceCents : SUBSCRIPTION_PRICE_CENTS);

/** Saves the admin's settings with one audit row per change (nothing when nothing changed). */
export async function writeMembershipSettings(tx: Tx, actorId: string, next: MembershipSettings, now: Date): Promise<void> {
  const before = await readMembershipSettings(tx);
  const changed = (Object.keys(next) as (keyof MembershipSettings)[]).filter((k) => next[k] !== before[k]);
  if (changed.length === 0) return;
  await tx
    .insert(appSettings)
    .values({ key: MEMBERSHIP_SETTINGS_KEY, value: next, updatedAt: now })
    .onConflictDoUpdate({ target: appSettings.key, set: { value: next, updatedAt: now } });
  await recordAudit(tx, {
    actorId,
    action: 'settings.membership',
    targetType: 'setting',
    targetId: MEMBERSHIP_SETTINGS_KEY,
    details: Object.fromEntries(changed.map((k) => [k, { before: before[k], after: next[k] }])),
  });
}
