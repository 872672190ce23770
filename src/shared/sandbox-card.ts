// The sandbox test processor's card checks, shared by its form (inline errors) and the server
// (which decides). Pure: no card number ever leaves this function except as brand + last four.

export type CardBrand = 'visa' | 'mastercard' | 'amex' | 'discover' | 'jcb' | 'diners' | 'unionpay' | 'unknown';

export const CARD_FIELD_MESSAGES = {
  numberMissing: 'Entrez le numéro de carte.',
  numberInvalid: 'Le numéro de carte est invalide.',
  expiryFormat: "La date d'expiration doit être au format MM/AA.",
  expiryMonth: "Le mois d'expiration doit être entre 01 et 12.",
  expiryPast: "La date d'expiration de votre carte est passée.",
  cvcInvalid: 'Le code CVC doit contenir 3 ou 4 chiffres.',
} as const;

/** '4242 4242-4242 4242' → '4242424242424242'; null when anything but digits, spaces or dashes. */
export function normaliseCardNumber(input: string): string | null {
  if (!/^[\d\s-]*$/.test(input)) return null;
  return input.replace(/[\s-]/g, '');
}

/** The Luhn checksum every real card number satisfies. */
export function luhnValid(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** The network, from the number's first digits (the names Stripe uses for `card.brand`). */
export function cardBrand(digits: string): CardBrand {
  const two = Number(digits.slice(0, 2));
  const four = Number(digits.slice(0, 4));
  if (digits.startsWith('4')) return 'visa';
  if ((two >= 51 && two <= 55) || (four >= 2221 && four <= 2720)) return 'mastercard';
  if (two === 34 || two === 37) return 'amex';
  if (digits.startsWith('6011') || digits.startsWith('65') || (four >= 6440 && four <= 6499)) return 'discover';
  if (two === 35) return 'jcb';
  if (two === 36 || two === 38 || (two === 30 && Number(digits[2]) <= 5)) return 'diners';
  if (two === 62) return 'unionpay';
  return 'unknown';
}

/** The year and month it is in Québec: a card is good through the last day of its month. */
function currentYearMonth(now: Date): { year: number; month: number } {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Toronto', year: 'numeric', month: '2-digit' }).formatToParts(now);
  return {
    year: Number(parts.find((p) => p.type === 'year')!.value),
    month: Number(parts.find((p) => p.type === 'month')!.value),
  };
}

export type CardInput = { number: string; expiry: string; cvc: string };

export type CheckedCard = { digits: string; brand: CardBrand; last4: string; expMonth: number; expYear: number };

/** Checks a card form; either the card or a French message per bad field (number, expiry, cvc). */
export function checkCard(
  input: CardInput,
  now: Date,
): { ok: true; card: CheckedCard } | { ok: false; fields: Partial<Record<keyof CardInput, string>> } {
  const fields: Partial<Record<keyof CardInput, string>> = {};
  const digits = normaliseCardNumber(input.number);
  if (input.number.trim() === '') fields.number = CARD_FIELD_MESSAGES.numberMissing;
  else if (digits === null || digits.length < 12 || digits.length > 19 || !luhnValid(digits)) fields.number = CARD_FIELD_MESSAGES.numberInvalid;

  let expMonth = 0;
  let expYear = 0;
  const expiry = /^\s*(\d{2})\s*\/\s*(\d{2})\s*$/.exec(input.expiry);
  if (!expiry) fields.expiry = CARD_FIELD_MESSAGES.expiryFormat;
  else {
    expMonth = Number(expiry[1]);
    expYear = 2000 + Number(expiry[2]);
    const today = currentYearMonth(now);
    if (expMonth < 1 || expMonth > 12) fields.expiry = CARD_FIELD_MESSAGES.expiryMonth;
    else if (expYear < today.year || (expYear === today.year && expMonth < today.month)) fields.expiry = CARD_FIELD_MESSAGES.expiryPast;
  }

  if (!/^\d{3,4}$/.test(input.cvc.trim())) fields.cvc = CARD_FIELD_MESSAGES.cvcInvalid;

  if (Object.keys(fields).length > 0 || digits === null) return { ok: false, fields };
  return { ok: true, card: { digits, brand: cardBrand(digits), last4: digits.slice(-4), expMonth, expYear } };
}

/** What the sandbox does with a (valid) card: Stripe's own test numbers, the same outcomes. */
export type SandboxCardOutcome = 'succeeds' | 'declined' | 'insufficient_funds' | 'requires_action';

export const SANDBOX_TEST_CARDS: Record<string, SandboxCardOutcome> = {
  '4242424242424242': 'succeeds',
  '4000000000000002': 'declined',
  '4000000000009995': 'insufficient_funds',
  '4000002500003155': 'requires_action',
};

/** Any other valid number succeeds, like Stripe's test cards of the other brands. */
export function sandboxCardOutcome(digits: string): SandboxCardOutcome {
  return SANDBOX_TEST_CARDS[digits] ?? 'succeeds';
}
