import { describe, expect, it } from 'vitest';
import { HOLD_MINUTES } from '@shared/booking';
import type { OrderView } from '@shared/schemas/checkout';
import { attemptName } from '@client/features/payment/checkout-attempt';
import { formatCountdown, holdAnnouncement, holdRemainingMs } from '@client/features/payment/hold-countdown';
import { lostSeatLines } from '@client/features/payment/payment-result';

const END = '2026-11-22T15:15:00.000Z';
const at = (iso: string) => Date.parse(iso);

describe('the seat hold countdown on the payment page', () => {
  it('counts the time left to the hold’s end, never below zero; no end, nothing to count', () => {
    expect(holdRemainingMs(END, at('2026-11-22T15:00:00.000Z'))).toBe(HOLD_MINUTES * 60_000);
    expect(holdRemainingMs(END, at('2026-11-22T15:14:58.500Z'))).toBe(1_500);
    expect(holdRemainingMs(END, at('2026-11-22T15:20:00.000Z'))).toBe(0);
    expect(holdRemainingMs(null, 0)).toBeNull();
    expect(holdRemainingMs('pas une date', 0)).toBeNull();
  });

  it('reads mm:ss, rounded up so the first tick shows 15:00 and 00:00 only when time is up', () => {
    expect(formatCountdown(15 * 60_000)).toBe('15:00');
    expect(formatCountdown(15 * 60_000 - 1)).toBe('15:00');
    expect(formatCountdown(14 * 60_000 + 32_000)).toBe('14:32');
    expect(formatCountdown(61_000)).toBe('01:01');
    expect(formatCountdown(9_000)).toBe('00:09');
    expect(formatCountdown(1)).toBe('00:01');
    expect(formatCountdown(0)).toBe('00:00');
    expect(formatCountdown(-5_000)).toBe('00:00');
  });

  it('tells screen readers at 5 minutes, in the last minute and at the end only', () => {
    expect(holdAnnouncement(10 * 60_000)).toBeNull();
    expect(holdAnnouncement(5 * 60_000)).toBe('Il vous reste 5 minutes pour payer votre place.');
    expect(holdAnnouncement(4 * 60_000 + 1)).toBe('Il vous reste 5 minutes pour payer votre place.');
    expect(holdAnnouncement(3 * 60_000)).toBeNull();
    expect(holdAnnouncement(30_000)).toBe('Il vous reste moins d’une minute pour payer votre place.');
    expect(holdAnnouncement(0)).toBe('Le délai pour payer votre place est écoulé.');
  });
});

describe('a live class’s checkout attempt belongs to its hold', () => {
  const items = [{ courseId: 'c1', sessionId: 's1' }];
  it('a new hold on the same session is a new attempt (never the order made for the lapsed seat)', () => {
    expect(attemptName(items, 'h1')).not.toBe(attemptName(items, 'h2'));
    expect(attemptName(items, 'h1')).toBe(attemptName(items, 'h1'));
    // Without a hold (recorded courses, the cart) the name is the courses' alone, as before.
    expect(attemptName([{ courseId: 'b' }, { courseId: 'a' }])).toBe('toque:checkout:a,b');
  });
});

describe('the result page finds the seats lost after the hold lapsed', () => {
  const line = (id: string, reservation: OrderView['lines'][number]['reservation']) =>
    ({ id, kind: 'live_class', courseId: 'c', sessionId: 's', description: id, amountCents: 100, discountCents: 0, discountPercent: null, promoDiscountCents: 0, refundedCents: 0, seats: 1, reservation }) satisfies OrderView['lines'][number];
  it('only lines whose reservation was cancelled for want of a seat', () => {
    const lines = [
      line('lost', { id: 'r1', status: 'cancelled', cancelReason: 'no_seat' }),
      line('kept', { id: 'r2', status: 'confirmed', cancelReason: null }),
      line('cancelled', { id: 'r3', status: 'cancelled', cancelReason: 'learner_refunded' }),
      line('recorded', null),
    ];
    expect(lostSeatLines({ lines }).map((l) => l.id)).toEqual(['lost']);
  });
});
