import { chefZoneOffset } from './format';

// Gift card codes and amounts, pure (docs/decisions/0039-gift-cards.md). A code is 16 characters
// from an alphabet without the look-alikes 0/O, 1/I/L (31 symbols: about 79 bits), printed in
// groups of four (« 7KQ4-MZ2X-… »). People type it as they like: case, spaces and dashes do not
// count; the normalised form (16 capitals, no separator) is what the database holds, unique.

/** The symbols a code is made of: digits 2–9 and capitals without I, L, O. */
export const GIFT_CARD_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
export const GIFT_CARD_CODE_LENGTH = 16;
const GROUP = 4;

/** Bounds of a card's amount, in cents (10 $ to 1 000 $). */
export const GIFT_CARD_MIN_CENTS = 1_000;
export const GIFT_CARD_MAX_CENTS = 100_000;
/** The amounts offered as buttons; any other whole amount within the bounds may be typed. */
export const GIFT_CARD_PRESETS_CENTS = [2_500, 5_000, 7_500, 10_000, 15_000] as const;

/**
 * The code as stored: capitals, without spaces, dashes or any other separator; null when what was
 * typed cannot be a code (wrong length, a symbol outside the alphabet).
 */
export function normaliseGiftCardCode(input: string): string | null {
  const compact = input.toUpperCase().replace(/[\s\-_.]/g, '');
  if (compact.length !== GIFT_CARD_CODE_LENGTH) return null;
  for (const ch of compact) if (!GIFT_CARD_ALPHABET.includes(ch)) return null;
  return compact;
}

/** The stored code printed for reading: groups of four joined by dashes. */
export function formatGiftCardCode(code: string): string {
  const groups: string[] = [];
  for (let i = 0; i < code.length; i += GROUP) groups.push(code.slice(i, i + GROUP));
  return groups.join('-');
}

/**
 * A code from `pick(n)`, a uniform random integer in [0, n) (the server passes crypto.randomInt:
 * every symbol is equally likely, no modulo bias).
 */
export function makeGiftCardCode(pick: (n: number) => number): string {
  let code = '';
  for (let i = 0; i < GIFT_CARD_CODE_LENGTH; i++) code += GIFT_CARD_ALPHABET[pick(GIFT_CARD_ALPHABET.length)];
  return code;
}

/** The last four symbols, for lists where the whole code must not show (the admin's). */
export const giftCardCodeHint = (code: string | null) => (code ? `…${code.slice(-GROUP)}` : null);

/** What a card is: awaiting its payment, usable, fully used (moved into a person's credit), voided. */
export const GIFT_CARD_STATUSES = ['pending', 'active', 'redeemed', 'voided'] as const;
export type GiftCardStatus = (typeof GIFT_CARD_STATUSES)[number];

export const GIFT_CARD_STATUS_LABELS: Record<GiftCardStatus, string> = {
  pending: 'En attente du paiement',
  active: 'Active',
  redeemed: 'Utilisée',
  voided: 'Annulée',
};

/** The line of the order that sells a card: its receipt says the sale bears no tax. */
export const GIFT_CARD_LINE_LABEL = "Carte-cadeau — non taxable à l'achat";

/**
 * The UTC instant of a wall-clock hour in the chef's zone (America/Toronto): '2026-12-25', 8 → 13:00 UTC.
 * Around the clock changes, as a calendar does (Temporal's 'compatible'): an hour that does not exist
 * (2 h on the March Sunday) is the hour after it (3 h, summer time); an hour that comes twice (1 h on
 * the November Sunday) is the first one (summer time).
 */
export function torontoHourToUtc(day: string, hour: number): Date {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const wall = Date.UTC(y, m - 1, d, hour);
  // The instant under each of the zone's two offsets (minutes: -300 winter, -240 summer); an
  // instant is the answer when the zone has that offset then.
  const asOffset = (offset: number) => new Date(wall - offset * 60_000);
  const valid = [-240, -300].map(asOffset).filter((t, i) => chefZoneOffset(t) === [-240, -300][i]);
  // Two: the hour comes twice, the first is summer time's. None: the hour is skipped, the hour after it.
  return valid[0] ?? asOffset(-300);
}

// Membership gift cards (docs/decisions/0042-gifted-membership.md): « Offrir l'abonnement », 3, 6 or
// 12 months, redeemable only for the membership (never money credit).

/** What a card gives: an amount (into « Crédit Toque »), or months of membership. */
export const GIFT_CARD_KINDS = ['amount', 'membership'] as const;
export type GiftCardKind = (typeof GIFT_CARD_KINDS)[number];

export const MEMBERSHIP_GIFT_MONTHS = [3, 6, 12] as const;
export type MembershipGiftMonths = (typeof MEMBERSHIP_GIFT_MONTHS)[number];

/**
 * A membership gift's price before tax: N × the monthly price; 12 months is the annual plan's price
 * (the same « two months free » a member gets by choosing it).
 */
export function membershipGiftPriceCents(months: MembershipGiftMonths, prices: { monthlyPriceCents: number; annualPriceCents: number }): number {
  return months === 12 ? prices.annualPriceCents : months * prices.monthlyPriceCents;
}

/** « 3 mois d'abonnement Toque » — what the card, its e-mail and lists say it gives. */
export const membershipGiftLabel = (months: number) => `${months} mois d'abonnement Toque`;

/** The order line of a membership gift: a prepaid membership, taxed at purchase (decision 0042). */
export const membershipGiftLineLabel = (months: number, recipientName: string) => `Abonnement offert — ${membershipGiftLabel(months)} · pour ${recipientName}`;

/** The card's kind as the admin's list says it. */
export const giftCardKindLabel = (card: { kind: GiftCardKind; membershipMonths: number | null }) =>
  card.kind === 'membership' ? `Abonnement ${card.membershipMonths ?? '?'} mois` : 'Montant';

/** Where the e-mail's link takes the recipient: « Mon crédit » with the code typed in for them. */
export const REDEEM_CODE_PARAM = 'carte-cadeau';
export const redeemPathFor = (code: string) => `/account?${REDEEM_CODE_PARAM}=${encodeURIComponent(code)}#mon-credit`;
