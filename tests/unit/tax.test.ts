import { describe, expect, it } from 'vitest';
import { PROVINCE_CODES } from '@shared/provinces';
import { computeTaxes, formatRate, refundTaxes, taxDay, taxOn, TaxInputError, type TaxSettings } from '@shared/tax';

const REGISTERED: TaxSettings = { mode: 'registered', pstRegistrations: [] };
const WITH_PST: TaxSettings = { mode: 'registered', pstRegistrations: ['BC', 'MB', 'SK'] };
const NOW = new Date('2026-11-22T15:00:00Z');
const membership = [{ id: 'm', kind: 'membership' as const, amountCents: 1999 }];

describe('the 19,99 CAD membership, as the fact sheet works it out', () => {
  it.each([
    ['QC', REGISTERED, [['TPS', 100], ['TVQ', 199]], 2298],
    ['ON', REGISTERED, [['TVH', 260]], 2259],
    ['NS', REGISTERED, [['TVH', 280]], 2279],
    ['NB', REGISTERED, [['TVH', 300]], 2299],
    ['BC', WITH_PST, [['TPS', 100], ['TVP (C.-B.)', 140]], 2239],
    ['AB', REGISTERED, [['TPS', 100]], 2099],
  ] as const)('%s', (province, settings, expected, total) => {
    const result = computeTaxes(membership, province, NOW, settings);
    expect(result.lines.map((l) => [l.label, l.amountCents])).toEqual(expected);
    expect(result.totalCents).toBe(total);
    expect(result.status).toBe('taxed');
  });
});

describe('every province and territory', () => {
  // Province → [federal label, federal rate, provincial label or null, provincial rate] for a recorded course.
  const table = {
    QC: ['TPS', 5000, 'TVQ', 9975],
    ON: ['TVH', 13000, null, 0],
    NB: ['TVH', 15000, null, 0],
    NL: ['TVH', 15000, null, 0],
    PE: ['TVH', 15000, null, 0],
    NS: ['TVH', 14000, null, 0],
    AB: ['TPS', 5000, null, 0],
    NT: ['TPS', 5000, null, 0],
    NU: ['TPS', 5000, null, 0],
    YT: ['TPS', 5000, null, 0],
    BC: ['TPS', 5000, 'TVP (C.-B.)', 7000],
    MB: ['TPS', 5000, 'TVD (Man.)', 7000],
    SK: ['TPS', 5000, 'TVP (Sask.)', 6000],
  } as const;

  it('covers all thirteen', () => {
    expect(Object.keys(table).sort()).toEqual(PROVINCE_CODES.filter((c) => c !== 'XX').sort());
  });

  it.each(Object.entries(table))('%s: a 100,00 CAD recorded course', (province, [fedLabel, fedRate, provLabel, provRate]) => {
    const result = computeTaxes([{ id: 'c', kind: 'recorded_course', amountCents: 10_000 }], province as never, NOW, WITH_PST);
    const expected: (string | number)[][] = [[fedLabel, fedRate, fedRate / 10]];
    if (provLabel) expected.push([provLabel, provRate, Math.round(provRate / 10)]);
    expect(result.lines.map((l) => [l.label, l.ratePer100k, l.amountCents])).toEqual(expected);
    expect(result.totalCents).toBe(10_000 + result.lines.reduce((s, l) => s + l.amountCents, 0));
  });

  it('QST is on the price before GST: 100 $ gives 5,00 + 9,98 = 114,98', () => {
    const result = computeTaxes([{ id: 'c', kind: 'live_class', amountCents: 10_000 }], 'QC', NOW, REGISTERED);
    expect(result.lines.map((l) => l.amountCents)).toEqual([500, 998]);
    expect(result.totalCents).toBe(11_498);
  });
});

describe('provincial sales tax', () => {
  it('is charged only where the seller is registered', () => {
    const unregistered = computeTaxes(membership, 'BC', NOW, REGISTERED);
    expect(unregistered.lines.map((l) => l.code)).toEqual(['GST']);
    expect(computeTaxes(membership, 'SK', NOW, { mode: 'registered', pstRegistrations: ['SK'] }).lines.map((l) => l.code)).toEqual([
      'GST',
      'PST',
    ]);
  });

  it('leaves a live class out in BC and MB, and taxes it in SK', () => {
    const order = [
      { id: 'live', kind: 'live_class' as const, amountCents: 5000 },
      { id: 'video', kind: 'recorded_course' as const, amountCents: 3000 },
    ];
    for (const province of ['BC', 'MB'] as const) {
      const pst = computeTaxes(order, province, NOW, WITH_PST).lines.find((l) => l.code === 'PST')!;
      expect(pst.lineIds).toEqual(['video']);
      expect(pst.baseCents).toBe(3000);
      expect(pst.amountCents).toBe(210);
    }
    const sk = computeTaxes(order, 'SK', NOW, WITH_PST).lines.find((l) => l.code === 'PST')!;
    expect(sk.baseCents).toBe(8000);
    expect(sk.amountCents).toBe(480);
  });

  it('adds no line when no product of the order bears it', () => {
    const live = [{ id: 'live', kind: 'live_class' as const, amountCents: 5000 }];
    expect(computeTaxes(live, 'BC', NOW, WITH_PST).lines.map((l) => l.code)).toEqual(['GST']);
  });
});

describe('rates with effective dates', () => {
  it('Nova Scotia: 15 % until 31 March 2025, 14 % from 1 April 2025 (Québec time)', () => {
    const before = computeTaxes(membership, 'NS', new Date('2025-04-01T03:59:59Z'), REGISTERED);
    const after = computeTaxes(membership, 'NS', new Date('2025-04-01T04:00:00Z'), REGISTERED);
    expect(before.lines[0]!.ratePer100k).toBe(15_000);
    expect(after.lines[0]!.ratePer100k).toBe(14_000);
  });

  it('takes the day in Québec, not in UTC', () => {
    expect(taxDay(new Date('2026-01-01T02:00:00Z'))).toBe('2025-12-31');
    expect(taxDay(new Date('2026-07-01T05:00:00Z'))).toBe('2026-07-01');
  });
});

describe('buyers and sellers without tax', () => {
  it('a buyer outside Canada: zero-rated, no tax line', () => {
    const result = computeTaxes(membership, 'XX', NOW, WITH_PST);
    expect(result).toMatchObject({ status: 'zero_rated', lines: [], taxCents: 0, totalCents: 1999 });
  });

  it('a small supplier who is not registered charges and shows nothing', () => {
    const result = computeTaxes(membership, 'QC', NOW, { mode: 'not_registered', pstRegistrations: ['BC'] });
    expect(result).toMatchObject({ status: 'not_registered', lines: [], taxCents: 0, totalCents: 1999 });
  });

  it('an empty order costs nothing', () => {
    expect(computeTaxes([], 'QC', NOW, REGISTERED)).toMatchObject({ subtotalCents: 0, totalCents: 0, taxCents: 0 });
  });
});

describe('rounding', () => {
  it('half a cent rounds up, less rounds down', () => {
    expect(taxOn(10, 5000)).toBe(1); // 0,5 ¢
    expect(taxOn(9, 5000)).toBe(0); // 0,45 ¢
    expect(taxOn(1999, 9975)).toBe(199); // 199,40 ¢
    expect(taxOn(2005, 9975)).toBe(200); // 199,99875 ¢
    expect(taxOn(0, 9975)).toBe(0);
  });

  it('rounds once per invoice, not per line', () => {
    // Three lines of 0,10 $: 0,5 ¢ of GST each would round to 3 ¢ line by line; the invoice owes 1,5 ¢ → 2 ¢.
    const lines = ['a', 'b', 'c'].map((id) => ({ id, kind: 'recorded_course' as const, amountCents: 10 }));
    expect(computeTaxes(lines, 'AB', NOW, REGISTERED).taxCents).toBe(2);
  });

  it('prints rates the French way, never a combined rate', () => {
    expect(formatRate(9975)).toBe('9,975\u00a0%');
    expect(formatRate(5000)).toBe('5\u00a0%');
    expect(computeTaxes(membership, 'QC', NOW, REGISTERED).lines.map((l) => l.rateLabel)).toEqual(['5\u00a0%', '9,975\u00a0%']);
  });

  it('refuses a negative or fractional amount', () => {
    expect(() => computeTaxes([{ id: 'x', kind: 'membership', amountCents: -1 }], 'QC', NOW, REGISTERED)).toThrow(TaxInputError);
    expect(() => computeTaxes([{ id: 'x', kind: 'membership', amountCents: 1.5 }], 'QC', NOW, REGISTERED)).toThrow(TaxInputError);
  });
});

describe('refunds', () => {
  const order = [
    { id: 'a', kind: 'recorded_course' as const, amountCents: 4999 },
    { id: 'b', kind: 'recorded_course' as const, amountCents: 2999 },
  ];
  const charged = computeTaxes(order, 'QC', NOW, REGISTERED);

  it('a full refund gives back exactly what was charged', () => {
    const refund = refundTaxes(charged, order);
    expect(refund.lines.map((l) => l.amountCents)).toEqual(charged.lines.map((l) => l.amountCents));
    expect(refund.totalCents).toBe(charged.totalCents);
  });

  it('a refund of one line gives back its share of each tax', () => {
    const refund = refundTaxes(charged, [{ id: 'b', amountCents: 2999 }]);
    // GST charged 400 on 7998: 400 × 2999 / 7998 = 149,99 → 150; QST 798 × 2999 / 7998 = 299,22 → 299.
    expect(charged.lines.map((l) => l.amountCents)).toEqual([400, 798]);
    expect(refund.lines.map((l) => l.amountCents)).toEqual([150, 299]);
    expect(refund.totalCents).toBe(2999 + 449);
  });

  it('successive partial refunds add up to exactly the tax charged', () => {
    // Three lines of 0,10 $ in Alberta: 2 ¢ of GST. Each third alone would round to 1 ¢ (3 ¢ in all).
    const thirds = ['x', 'y', 'z'].map((id) => ({ id, kind: 'recorded_course' as const, amountCents: 10 }));
    const small = computeTaxes(thirds, 'AB', NOW, REGISTERED);
    expect(small.taxCents).toBe(2);
    let earlier: { id: string; amountCents: number }[] = [];
    let given = 0;
    for (const line of thirds) {
      given += refundTaxes(small, [line], earlier).taxCents;
      earlier = [...earlier, line];
    }
    expect(given).toBe(2);

    const first = refundTaxes(charged, [{ id: 'a', amountCents: 4999 }]);
    const second = refundTaxes(charged, [{ id: 'b', amountCents: 2999 }], [{ id: 'a', amountCents: 4999 }]);
    expect(first.taxCents + second.taxCents).toBe(charged.taxCents);
  });

  it('a partial refund of a line gives back its share', () => {
    const refund = refundTaxes(charged, [{ id: 'a', amountCents: 1000 }]);
    // GST 400 × 1000 / 7998 = 50,01 → 50; QST 798 × 1000 / 7998 = 99,77 → 100.
    expect(refund.lines.map((l) => l.amountCents)).toEqual([50, 100]);
  });

  it('a tax that did not apply to the refunded line gives nothing back', () => {
    const mixed = [
      { id: 'live', kind: 'live_class' as const, amountCents: 5000 },
      { id: 'video', kind: 'recorded_course' as const, amountCents: 3000 },
    ];
    const bc = computeTaxes(mixed, 'BC', NOW, WITH_PST);
    const refund = refundTaxes(bc, [{ id: 'live', amountCents: 5000 }]);
    expect(refund.lines.map((l) => [l.code, l.amountCents])).toEqual([
      ['GST', 250],
      ['PST', 0],
    ]);
  });

  it('an untaxed order refunds no tax', () => {
    const export_ = computeTaxes(order, 'XX', NOW, REGISTERED);
    expect(refundTaxes(export_, order)).toMatchObject({ lines: [], taxCents: 0, totalCents: 7998 });
  });
});
