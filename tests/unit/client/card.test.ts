import { describe, expect, it } from 'vitest';
import { CARD_FIELD_MESSAGES, SANDBOX_TEST_CARDS } from '@shared/sandbox-card';
import { formatCardNumber, formatExpiry, TEST_CARDS, validateCard } from '@client/features/payment/card';

const NOW = new Date('2026-05-15T16:00:00Z');

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
});

describe('card form validation (French messages before anything is sent)', () => {
  const good = { number: '4242 4242 4242 4242', expiry: '12/30', cvc: '123' };

  it('has nothing to say about a valid card, formatted as the form formats it', () => {
    expect(validateCard(good, NOW)).toEqual({});
    expect(validateCard({ number: formatCardNumber('378282246310005'), expiry: formatExpiry('0526'), cvc: '1234' }, NOW)).toEqual({});
  });

  it('lists exactly the cards the sandbox knows', () => {
    expect(TEST_CARDS.map((c) => c.number.replace(/ /g, '')).sort()).toEqual(Object.keys(SANDBOX_TEST_CARDS).sort());
    for (const card of TEST_CARDS) expect(validateCard({ ...good, number: card.number }, NOW)).toEqual({});
  });

  it('names each wrong field', () => {
    expect(validateCard({ number: '', expiry: '', cvc: '' }, NOW)).toEqual({
      number: CARD_FIELD_MESSAGES.numberMissing,
      expiry: CARD_FIELD_MESSAGES.expiryFormat,
      cvc: CARD_FIELD_MESSAGES.cvcInvalid,
    });
    expect(validateCard({ ...good, number: '4242 4242 4242 4241' }, NOW)).toEqual({ number: 'Le numéro de carte est invalide.' });
    expect(validateCard({ ...good, expiry: '04/26' }, NOW)).toEqual({ expiry: CARD_FIELD_MESSAGES.expiryPast });
    expect(validateCard({ ...good, expiry: '05/26' }, NOW)).toEqual({});
    expect(validateCard({ ...good, cvc: '12' }, NOW)).toEqual({ cvc: CARD_FIELD_MESSAGES.cvcInvalid });
  });
});
