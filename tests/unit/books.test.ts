// The books' pure rules: filing periods (months, quarters, years) and a document split by product
// type whose rows add up to it to the cent.
import { describe, expect, it } from 'vitest';
import { periodLabel, periodMonths, periodOfMonth, periodsBetween } from '@shared/schemas/admin-books';
import { splitByProductKind } from '../../src/server/modules/books/books';

describe('filing periods', () => {
  it('a quarter, a month and a year cover their months', () => {
    expect(periodMonths('2026-Q3')).toEqual({ from: '2026-07', to: '2026-09' });
    expect(periodMonths('2026-Q1')).toEqual({ from: '2026-01', to: '2026-03' });
    expect(periodMonths('2026-02')).toEqual({ from: '2026-02', to: '2026-02' });
    expect(periodMonths('2026')).toEqual({ from: '2026-01', to: '2026-12' });
  });

  it('the period of a month, by frequency, and the list newest first across a year’s end', () => {
    expect(['monthly', 'quarterly', 'yearly'].map((f) => periodOfMonth('2026-12', f as 'monthly'))).toEqual(['2026-12', '2026-Q4', '2026']);
    expect(periodsBetween('2025-11', '2026-04', 'quarterly')).toEqual(['2026-Q2', '2026-Q1', '2025-Q4']);
    expect(periodsBetween('2025-11', '2026-02', 'monthly')).toEqual(['2026-02', '2026-01', '2025-12', '2025-11']);
    expect(periodsBetween('2024-06', '2026-01', 'yearly')).toEqual(['2026', '2025', '2024']);
  });

  it('names them in French', () => {
    expect(periodLabel('2026-Q1')).toBe('1er trimestre 2026 (janvier à mars)');
    expect(periodLabel('2026-08')).toBe('Août 2026');
    expect(periodLabel('2026')).toBe('Année 2026');
  });
});

describe('a document split by product type', () => {
  it('shares each tax and the fee in proportion, adding up exactly to the document', () => {
    // Québec: live 33,33 + recorded 33,33 + recorded 33,34 = 100,00 → TPS 5,00, TVQ 9,98; fee 3,20.
    const lines = [
      { id: 'a', kind: 'live_class' as const, amountCents: 3333 },
      { id: 'b', kind: 'recorded_course' as const, amountCents: 3333 },
      { id: 'c', kind: 'recorded_course' as const, amountCents: 3334 },
    ];
    const parts = splitByProductKind(lines, [{ code: 'GST', amountCents: 500, lineIds: ['a', 'b', 'c'] }, { code: 'QST', amountCents: 998, lineIds: null }], 320);
    expect(parts.map((p) => p.productKind)).toEqual(['live_class', 'recorded_course']);
    expect(parts.map((p) => p.subtotalCents)).toEqual([3333, 6667]);
    expect(parts.reduce((s, p) => s + p.taxes.GST, 0)).toBe(500);
    expect(parts.reduce((s, p) => s + p.taxes.QST, 0)).toBe(998);
    expect(parts.reduce((s, p) => s + p.totalCents, 0)).toBe(10000 + 500 + 998);
    expect(parts.reduce((s, p) => s + (p.feeCents ?? 0), 0)).toBe(320);
    expect(parts[0]!.taxes).toEqual({ GST: 167, QST: 333, HST: 0, PST: 0 });
  });

  it('a tax that applies to some lines only is shared among those', () => {
    const parts = splitByProductKind(
      [
        { id: 'm', kind: 'membership', amountCents: 1999 },
        { id: 'r', kind: 'recorded_course', amountCents: 2500 },
      ],
      [{ code: 'PST', amountCents: 175, lineIds: ['r'] }],
      null,
    );
    expect(parts.map((p) => [p.productKind, p.taxes.PST, p.feeCents])).toEqual([
      ['membership', 0, null],
      ['recorded_course', 175, null],
    ]);
  });
});
