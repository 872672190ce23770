import { describe, expect, it } from 'vitest';
import {
  CARD_MESSAGES,
  formatCardNumber,
  formatExpiry,
  isExpired,
  luhnValid,
  parseExpiry,
  TEST_CARDS,
  validateCard,
} from '@client/features/payment/card';

const NOW = new Date(2026, 4, 15); // 15 May 2026, local time

describe('Luhn check', () => {
  it('accepts every sandbox test card and well-known test numbers', () => {
    for (const card of TEST_CARDS) expect(luhnValid(card.number.replace(/ /g, ''))).toBe(true);
    expect(luhnValid('378282246310005')).toBe(true); // Amex
    expect(luhnValid('5555555555554444')).toBe(true);
  });

  it('refuses a changed digit, letters and the empty string', () => {
    expect(luhnValid('4242424242424241')).toBe(false);
    expect(luhnValid('4000000000000003')).toBe(false);
    expect(luhnValid('4242a24242424242')).toBe(false);
    expect(luhnValid('')).toBe(false);
  });
});

describe('card number and expiry as typed', () => {
  it('groups the digits by four (Amex 4-6-5) and drops anything else', () => {
    expect(formatCardNumber('4242424242424242')).toBe('4242 4242 4242 4242');
    expect(formatCardNumber('4242-4242 42')).toBe('4242 4242 42');
    expect(formatCardNumber('378282246310005')).toBe('3782 822463 10005');
    expect(formatCardNumber('42424242424242424242424')).toBe('4242 4242 4242 4242 424');
  });

  it('puts the slash after the month and lets it be erased', () => {
    expect(formatExpiry('1')).toBe('1');
    expect(formatExpiry('12')).toBe('12/');
    expect(formatExpiry('1228')).toBe('12/28');
    expect(formatExpiry('12/289')).toBe('12/28');
    expect(formatExpiry('5')).toBe('05/');
    expect(formatExpiry('12', '12/')).toBe('1');
  });

  it('reads MM/AA and nothing else', () => {
    expect(parseExpiry('12/28')).toEqual({ month: 12, year: 2028 });
    expect(parseExpiry(' 01 / 30 ')).toEqual({ month: 1, year: 2030 });
    for (const bad of ['13/28', '00/28', '1228', '12/2028', 'ab/cd', '']) expect(parseExpiry(bad)).toBeNull();
  });

  it('keeps a card good through the last day of its month', () => {
    expect(isExpired({ month: 5, year: 2026 }, NOW)).toBe(false);
    expect(isExpired({ month: 4, year: 2026 }, NOW)).toBe(true);
    expect(isExpired({ month: 12, year: 2025 }, NOW)).toBe(true);
    expect(isExpired({ month: 1, year: 2027 }, NOW)).toBe(false);
  });
});

describe('card form validation (French messages before anything is sent)', () => {
  const good = { number: '4242 4242 4242 4242', expiry: '12/30', cvc: '123' };

  it('has nothing to say about a valid card', () => {
    expect(validateCard(good, NOW)).toEqual({});
    expect(validateCard({ number: '3782 822463 10005', expiry: '05/26', cvc: '1234' }, NOW)).toEqual({});
  });

  it('names each wrong field', () => {
    expect(validateCard({ number: '', expiry: '', cvc: '' }, NOW)).toEqual({
      number: CARD_MESSAGES.numberRequired,
      expiry: CARD_MESSAGES.expiryRequired,
      cvc: CARD_MESSAGES.cvcRequired,
    });
    expect(validateCard({ ...good, number: '4242 4242 4242 4241' }, NOW)).toEqual({ number: 'Le numéro de carte est invalide.' });
    expect(validateCard({ ...good, number: '4242 42' }, NOW)).toEqual({ number: CARD_MESSAGES.numberInvalid });
    expect(validateCard({ ...good, expiry: '04/26' }, NOW)).toEqual({ expiry: 'Cette carte est expirée.' });
    expect(validateCard({ ...good, expiry: '13/30' }, NOW)).toEqual({ expiry: "La date d'expiration doit suivre le format MM/AA." });
    expect(validateCard({ ...good, cvc: '12' }, NOW)).toEqual({ cvc: 'Le CVC doit comporter 3 chiffres.' });
    expect(validateCard({ ...good, cvc: '1234' }, NOW)).toEqual({ cvc: 'Le CVC doit comporter 3 chiffres.' });
    expect(validateCard({ number: '3782 822463 10005', expiry: '12/30', cvc: '123' }, NOW)).toEqual({ cvc: 'Le CVC doit comporter 4 chiffres.' });
  });
});
