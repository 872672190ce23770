import { describe, expect, it } from 'vitest';
import { cancellationTerms, movedSinceBooking, refundDeadline, seatsLabel, seatsLine, seatsShareCents, sessionMinutes, sessionsOverlap, subscriberDiscountCents } from '@shared/booking';

const start = new Date('2026-12-10T23:00:00Z');
const HOUR = 3_600_000;

describe('cancellationTerms (FAQ: full refund up to 48 h before, none after)', () => {
  it('refunds in full when cancelled 48 h or more before the start', () => {
    expect(cancellationTerms(start, new Date(start.getTime() - 72 * HOUR), undefined, 48)).toMatchObject({ allowed: true, refundable: true });
    expect(cancellationTerms(start, new Date(start.getTime() - 48 * HOUR), undefined, 48)).toMatchObject({ allowed: true, refundable: true });
  });

  it('allows a cancellation without refund inside the last 48 h', () => {
    expect(cancellationTerms(start, new Date(start.getTime() - 48 * HOUR + 1), undefined, 48)).toMatchObject({ allowed: true, refundable: false });
    expect(cancellationTerms(start, new Date(start.getTime() - 1), undefined, 48)).toMatchObject({ allowed: true, refundable: false });
  });

  it('has nothing to cancel once the session has started', () => {
    expect(cancellationTerms(start, start, undefined, 48).allowed).toBe(false);
  });

  it('names the refund deadline', () => {
    expect(refundDeadline(start, 48).toISOString()).toBe('2026-12-08T23:00:00.000Z');
    expect(cancellationTerms(start, new Date(), undefined, 48).refundDeadline.toISOString()).toBe('2026-12-08T23:00:00.000Z');
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

describe('a session moved after the seat was booked (docs/decisions/0034-moved-sessions.md)', () => {
  const booked = new Date(start.getTime() - 10 * 24 * HOUR);
  it('refunds in full until the new start, inside 48 h too; nothing once it started', () => {
    const moved = { movedAt: new Date(start.getTime() - 5 * 24 * HOUR), bookedAt: booked };
    expect(cancellationTerms(start, new Date(start.getTime() - 2 * HOUR), moved, 48)).toMatchObject({ allowed: true, refundable: true, moved: true });
    expect(cancellationTerms(start, new Date(start.getTime() - 1), moved, 48)).toMatchObject({ refundable: true });
    expect(cancellationTerms(start, start, moved, 48)).toMatchObject({ allowed: false, refundable: false });
  });

  it('a seat booked after the move keeps the 48-hour rule; never moved neither', () => {
    const late = { movedAt: booked, bookedAt: new Date(booked.getTime() + 60_000) };
    expect(movedSinceBooking(late.movedAt, late.bookedAt)).toBe(false);
    expect(cancellationTerms(start, new Date(start.getTime() - 2 * HOUR), late, 48)).toMatchObject({ refundable: false, moved: false });
    expect(cancellationTerms(start, new Date(start.getTime() - 2 * HOUR), { movedAt: null, bookedAt: booked }, 48)).toMatchObject({ refundable: false, moved: false });
  });
});

describe('sessionsOverlap', () => {
  const at = (h: number) => new Date(start.getTime() + h * HOUR);
  it('when each starts before the other ends; back to back is no overlap', () => {
    expect(sessionsOverlap({ startsAt: at(0), endsAt: at(2) }, { startsAt: at(1), endsAt: at(3) })).toBe(true);
    expect(sessionsOverlap({ startsAt: at(0), endsAt: at(2) }, { startsAt: at(2), endsAt: at(3) })).toBe(false);
    expect(sessionsOverlap({ startsAt: at(1), endsAt: at(2) }, { startsAt: at(0), endsAt: at(4) })).toBe(true);
  });
});

describe('several seats in one booking (docs/decisions/0047)', () => {
  it('seat shares add up to the line exactly, the rounding spread over the seats', () => {
    expect(seatsShareCents(12_000, 2, 1)).toBe(6000);
    expect(seatsShareCents(12_000, 2, 2)).toBe(12_000);
    const shares = [1, 2, 3].map((n) => seatsShareCents(10_000, 3, n) - seatsShareCents(10_000, 3, n - 1));
    expect(shares).toEqual([3333, 3334, 3333]);
    expect(shares.reduce((a, b) => a + b, 0)).toBe(10_000);
    expect(seatsShareCents(10_000, 3, 9)).toBe(10_000);
  });

  it('says the seats and the guests in French', () => {
    expect(seatsLabel(1)).toBe('1 place');
    expect(seatsLabel(4)).toBe('4 places');
    expect(seatsLine(1, [])).toBe('1 place : vous');
    expect(seatsLine(2, ['Marie'])).toBe('2 places : vous et Marie');
    expect(seatsLine(3, ['Marie', 'Paul'])).toBe('3 places : vous, Marie et Paul');
    expect(seatsLine(3, ['Marie', ''])).toBe('3 places : vous et 2 invités');
    expect(seatsLine(2, [''])).toBe('2 places : vous et 1 invité');
  });
});

describe('the cancellation policy’s hours are passed in (docs/decisions/0051)', () => {
  const start = new Date('2026-12-10T23:00:00Z');
  it('refunds until the policy’s notice, and transfers until its own hours', async () => {
    const { transferAllowed, transferDeadline } = await import('@shared/booking');
    expect(cancellationTerms(start, new Date(start.getTime() - 30 * HOUR), undefined, 24)).toMatchObject({ refundable: true });
    expect(cancellationTerms(start, new Date(start.getTime() - 30 * HOUR), undefined, 48)).toMatchObject({ refundable: false });
    expect(transferDeadline(start, 72).toISOString()).toBe('2026-12-07T23:00:00.000Z');
    expect(transferAllowed(start, new Date(start.getTime() - 48 * HOUR), 48)).toBe(true);
    expect(transferAllowed(start, new Date(start.getTime() - 48 * HOUR + 1), 48)).toBe(false);
  });
});
