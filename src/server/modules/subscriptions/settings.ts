// The membership's settings, changed by the admin (« Abonnement » in the back office) and audited:
// the annual plan's price (the monthly stays SUBSCRIPTION_PRICE_CENTS), the free trial's length and
// the « save » offer shown once at cancellation. One of the school's settings (settings/school-setting.ts).
import { SUBSCRIPTION_PRICE_CENTS } from '@shared/catalog';
import { membershipSettingsSchema, type MembershipPlan, type MembershipSettings } from '@shared/schemas/subscription';
import { schoolSetting } from '../settings/school-setting';

export const DEFAULT_MEMBERSHIP_SETTINGS: MembershipSettings = {
  annualPriceCents: 19_990,
  trialDays: 7,
  saveOfferPercent: 50,
  saveOfferLabel: 'Le mois prochain à 50 %',
};

const membershipSettings = schoolSetting({ key: 'membership.settings', schema: membershipSettingsSchema, defaults: DEFAULT_MEMBERSHIP_SETTINGS, auditAction: 'settings.membership' });

export const readMembershipSettings = membershipSettings.read;
/** Saves the admin's settings with one audit row naming what changed (nothing when nothing changed). */
export const writeMembershipSettings = membershipSettings.write;

/** The plan's price before tax. */
export const planPriceCents = (plan: MembershipPlan, settings: MembershipSettings) => (plan === 'annual' ? settings.annualPriceCents : SUBSCRIPTION_PRICE_CENTS);
