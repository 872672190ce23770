// The gifted membership's pure rules (docs/decisions/0042): its price, and what makes a person a
// member for the one entitlement function — a subscription that gives access, or gifted months.
import { describe, expect, it } from 'vitest';
import { hasMembership } from '@shared/access';
import { entitlement } from '@shared/entitlements';
import { giftCardKindLabel, membershipGiftPriceCents, redeemPathFor } from '@shared/gift-cards';
import { giftCardPurchaseSchema } from '@shared/schemas/gift-cards';

const now = new Date('2026-11-27T20:00:00Z');
const later = new Date('2027-02-27T20:00:00Z');

describe('membershipGiftPriceCents', () => {
  const prices = { monthlyPriceCents: 1999, annualPriceCents: 19_990 };
  it('is N × the monthly price, and the annual plan’s price for 12 months', () => {
    expect(membershipGiftPriceCents(3, prices)).toBe(5997);
    expect(membershipGiftPriceCents(6, prices)).toBe(11_994);
    expect(membershipGiftPriceCents(12, prices)).toBe(19_990);
  });
});

describe('hasMembership', () => {
  it('counts gifted months until they end, and a subscription as before', () => {
    expect(hasMembership({ subscription: null, giftedUntil: later }, now)).toBe(true);
    expect(hasMembership({ subscription: null, giftedUntil: later.toISOString() }, now)).toBe(true);
    expect(hasMembership({ subscription: null, giftedUntil: later }, later)).toBe(false);
    expect(hasMembership({ subscription: null, giftedUntil: null }, now)).toBe(false);
    expect(hasMembership({ subscription: { status: 'active', currentPeriodEnd: later }, giftedUntil: null }, now)).toBe(true);
    expect(hasMembership({ subscription: { status: 'canceled', currentPeriodEnd: later }, giftedUntil: null }, now)).toBe(false);
  });

  it('makes a premium recorded course included through the one entitlement function', () => {
    const viewer = { userId: 'u1', role: 'learner' as const, isSubscriber: hasMembership({ subscription: null, giftedUntil: later }, now) };
    const course = { kind: 'recorded_course', isPremium: true, priceCents: 3000, teacherId: null, hasVideo: true } as const;
    expect(entitlement(viewer, course)).toEqual({ status: 'included', reason: 'membership' });
  });
});

describe('the purchase form', () => {
  const base = { recipientName: 'Jules', recipientEmail: 'jules@example.com', delivery: 'now', idempotencyKey: 'clef-12345678' } as const;
  it('takes months (3, 6, 12) for a membership, an amount otherwise, in French', () => {
    expect(giftCardPurchaseSchema.safeParse({ ...base, kind: 'membership', months: 6 }).success).toBe(true);
    const wrong = giftCardPurchaseSchema.safeParse({ ...base, kind: 'membership', months: 4 });
    expect(wrong.success ? null : wrong.error.issues[0]!.message).toBe('Choisissez 3, 6 ou 12 mois.');
    const missing = giftCardPurchaseSchema.safeParse({ ...base });
    expect(missing.success ? null : missing.error.issues[0]!.message).toBe('Indiquez un montant.');
    expect(giftCardPurchaseSchema.parse({ ...base, amountCents: 5000 }).kind).toBe('amount');
  });

  it('labels and links', () => {
    expect(giftCardKindLabel({ kind: 'membership', membershipMonths: 3 })).toBe('Abonnement 3 mois');
    expect(giftCardKindLabel({ kind: 'amount', membershipMonths: null })).toBe('Montant');
    expect(redeemPathFor('ABCD-EFGH-JKMN-PQRS')).toBe('/account?carte-cadeau=ABCD-EFGH-JKMN-PQRS#mon-credit');
  });
});
