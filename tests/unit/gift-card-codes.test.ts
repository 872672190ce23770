// Gift card codes (shared/gift-cards.ts): 16 symbols without look-alikes, read in groups of four,
// typed however a person likes; and a card's sale never taxed (shared/tax).
import { randomInt } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { formatGiftCardCode, GIFT_CARD_ALPHABET, makeGiftCardCode, normaliseGiftCardCode, torontoHourToUtc } from '@shared/gift-cards';
import { computeTaxes } from '@shared/tax';

const SETTINGS = { mode: 'registered', pstRegistrations: ['BC', 'MB', 'SK'] } as const;

describe('gift card codes', () => {
  it('has no ambiguous symbol', () => {
    for (const ch of '01OIL') expect(GIFT_CARD_ALPHABET).not.toContain(ch);
    expect(new Set(GIFT_CARD_ALPHABET).size).toBe(GIFT_CARD_ALPHABET.length);
  });

  it('makes 16-symbol codes from the alphabet, all different', () => {
    const codes = new Set(Array.from({ length: 2000 }, () => makeGiftCardCode(randomInt)));
    expect(codes.size).toBe(2000);
    for (const code of codes) expect(code).toMatch(new RegExp(`^[${GIFT_CARD_ALPHABET}]{16}$`));
  });

  it('prints groups of four, and reads back whatever case, spaces or dashes were typed', () => {
    const code = 'K7QM2XHP9RTV4WZC';
    expect(formatGiftCardCode(code)).toBe('K7QM-2XHP-9RTV-4WZC');
    for (const typed of ['K7QM-2XHP-9RTV-4WZC', 'k7qm 2xhp 9rtv 4wzc', ' k7qm2xhp9rtv4wzc ', 'K7QM_2XHP.9RTV-4WZC']) {
      expect(normaliseGiftCardCode(typed)).toBe(code);
    }
  });

  it('refuses what cannot be a code', () => {
    expect(normaliseGiftCardCode('K7QM-2XHP-9RTV')).toBeNull();
    expect(normaliseGiftCardCode('K7QM-2XHP-9RTV-4WZO')).toBeNull();
    expect(normaliseGiftCardCode('K7QM-2XHP-9RTV-4WZ1')).toBeNull();
    expect(normaliseGiftCardCode('')).toBeNull();
  });

  it('reads a delivery hour in Toronto, winter and summer', () => {
    expect(torontoHourToUtc('2026-11-28', 8).toISOString()).toBe('2026-11-28T13:00:00.000Z');
    expect(torontoHourToUtc('2026-07-01', 8).toISOString()).toBe('2026-07-01T12:00:00.000Z');
  });
});

describe('a gift card’s sale is not taxed', () => {
  it.each(['QC', 'ON', 'BC', 'SK', 'NS'] as const)('in %s, beside a course that is', (province) => {
    const taxes = computeTaxes(
      [
        { id: 'card', kind: 'gift_card', amountCents: 5000 },
        { id: 'course', kind: 'recorded_course', amountCents: 2000 },
      ],
      province,
      new Date('2026-11-27T20:00:00Z'),
      SETTINGS,
    );
    expect(taxes.subtotalCents).toBe(7000);
    for (const line of taxes.lines) {
      expect(line.lineIds).toEqual(['course']);
      expect(line.baseCents).toBe(2000);
    }
    const alone = computeTaxes([{ id: 'card', kind: 'gift_card', amountCents: 5000 }], province, new Date('2026-11-27T20:00:00Z'), SETTINGS);
    expect(alone).toMatchObject({ lines: [], taxCents: 0, totalCents: 5000 });
  });
});
