// How a membership period reads in French, in the chef's time zone: 'du 22 novembre au
// 22 décembre 2026', the first year said only when the period crosses into the next one.
import { CHEF_TIME_ZONE } from '@shared/format';

/** The membership's name on orders and receipts. */
export const MEMBERSHIP_DESCRIPTION = 'Abonnement mensuel Toque';
export const ANNUAL_MEMBERSHIP_DESCRIPTION = 'Abonnement annuel Toque';

export const descriptionOf = (plan: string) => (plan === 'annual' ? ANNUAL_MEMBERSHIP_DESCRIPTION : MEMBERSHIP_DESCRIPTION);

const dayMonth = new Intl.DateTimeFormat('fr-CA', { day: 'numeric', month: 'long', timeZone: CHEF_TIME_ZONE });
const dayMonthYear = new Intl.DateTimeFormat('fr-CA', { day: 'numeric', month: 'long', year: 'numeric', timeZone: CHEF_TIME_ZONE });
const yearOf = new Intl.DateTimeFormat('en-CA', { year: 'numeric', timeZone: CHEF_TIME_ZONE });

/** 'du 22 novembre au 22 décembre 2026'; 'du 22 décembre 2026 au 22 janvier 2027'. */
export function formatPeriod(start: Date, end: Date): string {
  const sameYear = yearOf.format(start) === yearOf.format(end);
  return `du ${(sameYear ? dayMonth : dayMonthYear).format(start)} au ${dayMonthYear.format(end)}`;
}

/** A renewal order's line: 'Abonnement mensuel Toque — du 22 novembre au 22 décembre 2026'. */
export function periodDescription(start: Date, end: Date, plan = 'monthly'): string {
  return `${descriptionOf(plan)} — ${formatPeriod(start, end)}`;
}
