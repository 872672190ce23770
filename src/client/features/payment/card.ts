// The sandbox card form as the person types: digits grouped, the expiry's slash, and the checks
// run before anything is sent — the same ones the server runs (@shared/sandbox-card), so the
// inline messages are the server's own.
import { checkCard, type CardInput } from '@shared/sandbox-card';

export type CardValues = CardInput;
export type CardErrors = Partial<Record<keyof CardValues, string>>;

export const digitsOnly = (value: string): string => value.replace(/\D/g, '');

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

/** Luhn, an expiry MM/AA not in the past, a CVC of 3 or 4 digits: a French message per bad field. */
export function validateCard(fields: CardValues, now: Date = new Date()): CardErrors {
  const result = checkCard(fields, now);
  return result.ok ? {} : result.fields;
}

/** The sandbox's test cards, for the note under the form (brief: issue 4). */
export const TEST_CARDS = [
  { number: '4242 4242 4242 4242', outcome: 'accepté' },
  { number: '4000 0000 0000 0002', outcome: 'refusée' },
  { number: '4000 0000 0000 9995', outcome: 'fonds insuffisants' },
  { number: '4000 0025 0000 3155', outcome: 'confirmation demandée' },
] as const;
