// The sandbox's card rules, shared by its form and the server: Luhn, MM/AA not past (in Québec),
// CVC, brand from the number, Stripe's test numbers.
import { describe, expect, it } from 'vitest';
import { cardBrand, checkCard, luhnValid, sandboxCardOutcome } from '@shared/sandbox-card';

const JUNE_15 = new Date('2026-06-15T16:00:00Z');

describe('luhnValid', () => {
  it.each(['4242424242424242', '4000000000000002', '4000000000009995', '4000002500003155', '5555555555554444', '378282246310005', '6011111111111117'])(
    '%s passes',
    (n) => expect(luhnValid(n)).toBe(true),
  );
  it.each(['4242424242424241', '1234567812345678', '', 'abcd'])('%s fails', (n) => expect(luhnValid(n)).toBe(false));
});

describe('cardBrand', () => {
  it.each([
    ['4242424242424242', 'visa'],
    ['5555555555554444', 'mastercard'],
    ['2223003122003222', 'mastercard'],
    ['378282246310005', 'amex'],
    ['6011111111111117', 'discover'],
    ['3566002020360505', 'jcb'],
    ['36227206271667', 'diners'],
    ['6200000000000005', 'unionpay'],
    ['9999999999999995', 'unknown'],
  ])('%s is %s', (n, brand) => expect(cardBrand(n)).toBe(brand));
});

describe('checkCard', () => {
  const good = { number: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' };

  it('keeps brand, last four and expiry; spaces and dashes are ignored', () => {
    expect(checkCard({ ...good, number: '4242-4242-4242-4242' }, JUNE_15)).toEqual({
      ok: true,
      card: { digits: '4242424242424242', brand: 'visa', last4: '4242', expMonth: 12, expYear: 2034 },
    });
  });

  it('this month is still good, last month is past (Québec time at the turn of the month)', () => {
    expect(checkCard({ ...good, expiry: '06/26' }, JUNE_15).ok).toBe(true);
    expect(checkCard({ ...good, expiry: '05/26' }, JUNE_15)).toEqual({ ok: false, fields: { expiry: "La date d'expiration de votre carte est passée." } });
    // 1 July 02:00 UTC is still 30 June in Montréal: a 06/26 card works there.
    expect(checkCard({ ...good, expiry: '06/26' }, new Date('2026-07-01T02:00:00Z')).ok).toBe(true);
    expect(checkCard({ ...good, expiry: '06/26' }, new Date('2026-07-01T05:00:00Z')).ok).toBe(false);
  });

  it('names every bad field at once, in French', () => {
    expect(checkCard({ number: '4242 4242 4242 4241', expiry: '00/30', cvc: '12345' }, JUNE_15)).toEqual({
      ok: false,
      fields: {
        number: 'Le numéro de carte est invalide.',
        expiry: "Le mois d'expiration doit être entre 01 et 12.",
        cvc: 'Le code CVC doit contenir 3 ou 4 chiffres.',
      },
    });
    expect(checkCard({ number: ' ', expiry: '1230', cvc: '' }, JUNE_15)).toEqual({
      ok: false,
      fields: {
        number: 'Entrez le numéro de carte.',
        expiry: "La date d'expiration doit être au format MM/AA.",
        cvc: 'Le code CVC doit contenir 3 ou 4 chiffres.',
      },
    });
    expect(checkCard({ ...good, number: '4242 4242' }, JUNE_15).ok).toBe(false);
  });
});

describe('sandboxCardOutcome', () => {
  it("follows Stripe's test numbers; any other valid card succeeds", () => {
    expect(sandboxCardOutcome('4242424242424242')).toBe('succeeds');
    expect(sandboxCardOutcome('4000000000000002')).toBe('declined');
    expect(sandboxCardOutcome('4000000000009995')).toBe('insufficient_funds');
    expect(sandboxCardOutcome('4000002500003155')).toBe('requires_action');
    expect(sandboxCardOutcome('5555555555554444')).toBe('succeeds');
  });
});
