import { describe, expect, it } from 'vitest';
import { cancellationTerms, refundDeadline, sessionMinutes, subscriberDiscountCents } from '@shared/booking';

const start = new Date('2026-12-10T23:00:00Z');
const HOUR = 3_600_000;

describe('cancellationTerms (FAQ: full refund up to 48 h before, none after)', () => {
  it('refunds in full when cancelled 48 h or more before the start', () => {
    expect(cancellationTerms(start, new Date(start.getTime() - 72 * HOUR))).toMatchObject({ allowed: true, refundable: true });
    expect(cancellationTerms(start, new Date(start.getTime() - 48 * HOUR))).toMatchObject({ allowed: true, refundable: true });
  });

  it('allows a cancellation without refund inside the last 48 h', () => {
    expect(cancellationTerms(start, new Date(start.getTime() - 48 * HOUR + 1))).toMatchObject({ allowed: true, refundable: false });
    expect(cancellationTerms(start, new Date(start.getTime() - 1))).toMatchObject({ allowed: true, refundable: false });
  });

  it('has nothing to cancel once the session has started', () => {
    expect(cancellationTerms(start, start).allowed).toBe(false);
  });

  it('names the refund deadline', () => {
    expect(refundDeadline(start).toISOString()).toBe('2026-12-08T23:00:00.000Z');
    expect(cancellationTerms(start, new Date()).refundDeadline.toISOString()).toBe('2026-12-08T23:00:00.000Z');
  });
});

describe('sessionMinutes', () => {
  it('takes the session, else the course, else 60 minutes (spec §9)', () => {
    expect(sessionMinutes({ durationMinutes: 90 }, { durationMinutes: 120 })).toBe(90);
    expect(sessionMinutes({ durationMinutes: null }, { durationMinutes: 120 })).toBe(120);
    expect(sessionMinutes({ durationMinutes: null }, { durationMinutes: null })).toBe(60);
  });
});

describe('subscriberDiscountCents', () => {
  it('takes the percentage off, rounded to the cent in the buyer’s favour', () => {
    expect(subscriberDiscountCents(4500, 15)).toBe(675);
    expect(subscriberDiscountCents(4999, 15)).toBe(750); // 749,85 → 750
    expect(subscriberDiscountCents(1, 15)).toBe(1);
  });

  it('gives nothing at 0 % and never more than the price', () => {
    expect(subscriberDiscountCents(4500, 0)).toBe(0);
    expect(subscriberDiscountCents(4500, 100)).toBe(4500);
  });
});
