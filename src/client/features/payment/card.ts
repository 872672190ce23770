// The sandbox card form's checks, in the browser before anything is sent (the server checks again):
// Luhn, an expiry MM/AA not in the past, a CVC of 3 digits (4 for American Express). Pure.

export type CardFields = { number: string; expiry: string; cvc: string };
export type CardErrors = Partial<Record<keyof CardFields, string>>;

export const CARD_MESSAGES = {
  numberRequired: 'Entrez le numéro de la carte.',
  numberInvalid: 'Le numéro de carte est invalide.',
  expiryRequired: "Entrez la date d'expiration.",
  expiryFormat: "La date d'expiration doit suivre le format MM/AA.",
  expiryPast: 'Cette carte est expirée.',
  cvcRequired: 'Entrez le CVC.',
  cvcInvalid: 'Le CVC doit comporter 3 chiffres.',
  cvcInvalidAmex: 'Le CVC doit comporter 4 chiffres.',
} as const;

export const digitsOnly = (value: string): string => value.replace(/\D/g, '');

/** The Luhn checksum every card number carries. */
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

const isAmex = (digits: string) => /^3[47]/.test(digits);

/** '4242424242424242' → '4242 4242 4242 4242' as the person types (Amex: 4-6-5). */
export function formatCardNumber(value: string): string {
  const digits = digitsOnly(value).slice(0, 19);
  const groups = isAmex(digits) ? [4, 6, 5] : [4, 4, 4, 4, 3];
  const parts: string[] = [];
  let at = 0;
  for (const size of groups) {
    if (at >= digits.length) break;
    parts.push(digits.slice(at, at + size));
    at += size;
  }
  return parts.join(' ');
}

/** '1228' → '12/28'; the slash comes by itself once the month is typed. */
export function formatExpiry(value: string, previous = ''): string {
  const digits = digitsOnly(value).slice(0, 4);
  // Erasing the slash erases the month's last digit too, rather than fighting the person.
  if (previous.endsWith('/') && value === previous.slice(0, -1)) return digits.slice(0, 1);
  if (digits.length === 1 && Number(digits) > 1) return `0${digits}/`;
  if (digits.length < 2) return digits;
  if (digits.length === 2) return `${digits}/`;
  return `${digits.slice(0, 2)}/${digits.slice(2)}`;
}

/** MM/AA → month and four-digit year, or null when not that shape. */
export function parseExpiry(value: string): { month: number; year: number } | null {
  const m = /^\s*(\d{2})\s*\/\s*(\d{2})\s*$/.exec(value);
  if (!m) return null;
  const month = Number(m[1]);
  if (month < 1 || month > 12) return null;
  return { month, year: 2000 + Number(m[2]) };
}

/** A card is good through the last day of its expiry month. */
export function isExpired(expiry: { month: number; year: number }, now: Date): boolean {
  const year = now.getFullYear();
  const month = now.getMonth() + 1;
  return expiry.year < year || (expiry.year === year && expiry.month < month);
}

export function validateCard(fields: CardFields, now: Date = new Date()): CardErrors {
  const errors: CardErrors = {};
  const number = digitsOnly(fields.number);
  if (!number) errors.number = CARD_MESSAGES.numberRequired;
  else if (number.length < 12 || number.length > 19 || !luhnValid(number)) errors.number = CARD_MESSAGES.numberInvalid;

  if (!fields.expiry.trim()) errors.expiry = CARD_MESSAGES.expiryRequired;
  else {
    const expiry = parseExpiry(fields.expiry);
    if (!expiry) errors.expiry = CARD_MESSAGES.expiryFormat;
    else if (isExpired(expiry, now)) errors.expiry = CARD_MESSAGES.expiryPast;
  }

  const cvc = fields.cvc.trim();
  const cvcLength = isAmex(number) ? 4 : 3;
  if (!cvc) errors.cvc = CARD_MESSAGES.cvcRequired;
  else if (!new RegExp(`^\\d{${cvcLength}}$`).test(cvc)) errors.cvc = cvcLength === 4 ? CARD_MESSAGES.cvcInvalidAmex : CARD_MESSAGES.cvcInvalid;
  return errors;
}

/** The sandbox's test cards, for the note under the form (brief: issue 4). */
export const TEST_CARDS = [
  { number: '4242 4242 4242 4242', outcome: 'paiement accepté' },
  { number: '4000 0000 0000 0002', outcome: 'carte refusée' },
  { number: '4000 0000 0000 9995', outcome: 'fonds insuffisants' },
  { number: '4000 0025 0000 3155', outcome: 'confirmation supplémentaire demandée' },
] as const;
