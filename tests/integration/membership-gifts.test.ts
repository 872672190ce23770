// « Offrir l'abonnement » on the real database and the real sandbox (docs/decisions/0042): a 3-, 6-
// or 12-month membership gift card is priced from the membership's settings and taxed as the
// membership it is; once paid it is e-mailed as « N mois d'abonnement Toque »; redeemed, it gives a
// membership grant that the one entitlement function counts (premium courses included) — never money
// credit; during a paid subscription its months start at the period's end and the renewal is stopped
// (the sandbox's subscription cancelled at period end); a second try is refused; at checkout it is
// the wrong kind; voided unused, its buyer is refunded.
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { formatGiftCardCode } from '@shared/gift-cards';
import type { CheckoutResponse } from '@shared/schemas/checkout';
import type { AdminGiftCardsResponse, GiftCardRedeemResponse, PurchasedGiftCardsResponse } from '@shared/schemas/gift-cards';
import type { CourseResponse } from '@shared/schemas/public';
import type { SubscriptionResponse } from '@shared/schemas/subscription';
import { auditLog, creditEntries, giftCards, membershipGrants, refunds } from '../../src/server/db/schema';
import { QUEUES } from '../../src/server/jobs/queues';
import { balance } from '../../src/server/modules/credit/service';
import { createCourse, setRole } from '../factories';
import { newSignedInUser, send } from '../setup/auth-client';
import { expectLedgersBalanced } from '../setup/credit-ledger';
import { checkout, confirm, deliverEvents, newKey, setProvince, SUCCESS_CARD } from '../setup/payments';
import { createTestApp, type TestApp } from '../setup/test-app';
import { until } from '../setup/until';
import { isSubscriber, ourRows, sandboxRow, subscribeAndPay } from './subscriptions-helpers';

// Pinned: Friday 27 November 2026, 15:00 in Toronto (20:00 UTC).
let clock = Date.parse('2026-11-27T20:00:00Z');
let t: TestApp;
let admin: { id: string; cookie: string };
let premiumCourseId: string;

beforeAll(async () => {
  t = await createTestApp({ now: () => new Date(clock) });
  await t.jobs.start();
  admin = await newSignedInUser(t, 'Cheffe Admin');
  await setRole(t.db, admin.id, 'admin');
  premiumCourseId = (await createCourse(t.db, { title: 'Macarons parisiens', isLive: false, isPremium: true, priceCents: 3000, videoKey: 'videos/macarons.mp4' })).id;
});
afterAll(() => t.close());
afterEach(() => expectLedgersBalanced(t.db));

type ErrorBody = { error: { code: string; message: string; fields?: Record<string, string> } };

async function buyMembership(cookie: string, months: number, body: Record<string, unknown> = {}) {
  const res = await send(t, 'POST', '/api/gift-cards/checkout', {
    cookie,
    body: { kind: 'membership', months, recipientName: 'Jules Ami', recipientEmail: 'jules.ami@example.com', message: 'Bon appétit !', delivery: 'now', idempotencyKey: newKey(), ...body },
  });
  return { status: res.status, body: (await res.json()) as CheckoutResponse & ErrorBody };
}

async function buyPaid(months: number, body: Record<string, unknown> = {}) {
  const buyer = await newSignedInUser(t, 'Béatrice Donne');
  await setProvince(t, buyer.id, 'QC');
  const made = await buyMembership(buyer.cookie, months, body);
  expect(made.status).toBe(201);
  expect((await confirm(t, buyer.cookie, made.body.payment!, SUCCESS_CARD)).body.status).toBe('succeeded');
  await deliverEvents(t);
  const [card] = await t.db.select().from(giftCards).where(eq(giftCards.orderId, made.body.order.id));
  return { buyer, order: made.body.order, card: card!, code: formatGiftCardCode(card!.code!) };
}

async function redeem(cookie: string, code: string) {
  const res = await send(t, 'POST', '/api/gift-cards/redeem', { cookie, body: { code } });
  return { status: res.status, body: (await res.json()) as GiftCardRedeemResponse & ErrorBody };
}

async function premiumCourse(cookie: string) {
  return ((await (await send(t, 'GET', `/api/courses/${premiumCourseId}`, { cookie })).json()) as CourseResponse).course;
}

const mailOf = async (key: string) => (await t.jobs.get(QUEUES.emailSend, { key }))?.data.mail ?? null;

describe('buying a membership gift', { timeout: 60_000 }, () => {
  it('3 months at 3 × the monthly price, 12 at the annual plan’s, taxed as the membership; e-mailed as « 3 mois d’abonnement Toque »; listed for the buyer and the admin with its kind', async () => {
    const three = await buyPaid(3);
    // 3 × 19,99 $, taxed in Québec (GST + QST) like the membership it is.
    expect(three.order).toMatchObject({ subtotalCents: 5997 });
    expect(three.order.taxCents).toBeGreaterThan(0);
    expect(three.order.lines[0]).toMatchObject({ kind: 'membership', amountCents: 5997 });
    expect(three.order.lines[0]!.description).toContain("3 mois d'abonnement Toque");
    expect(three.card).toMatchObject({ kind: 'membership', membershipMonths: 3, status: 'active', amountCents: 5997 });
    const mail = (await mailOf(`gift_card.delivery:${three.card.id}`))!;
    expect(mail.subject).toBe("Béatrice Donne vous offre 3 mois d'abonnement Toque");
    expect(mail.text).toContain("3 mois d'abonnement Toque");
    expect(mail.text).toContain("Sans date d'expiration");
    expect(mail.text).toContain(`/account?carte-cadeau=${three.code}#mon-credit`);
    expect(mail.text).not.toContain('59,97');

    const twelve = await buyMembership(three.buyer.cookie, 12);
    expect(twelve.body.order).toMatchObject({ subtotalCents: 19_990 });
    // Never a course suggested; never a length the offer has not.
    expect((await buyMembership(three.buyer.cookie, 5)).body.error.fields?.months).toBe('Choisissez 3, 6 ou 12 mois.');

    const mine = (await (await send(t, 'GET', '/api/gift-cards/purchased', { cookie: three.buyer.cookie })).json()) as PurchasedGiftCardsResponse;
    expect(mine.giftCards[0]).toMatchObject({ id: three.card.id, kind: 'membership', membershipMonths: 3, deliveredAt: expect.any(String) });
    const listed = (await (await send(t, 'GET', `/api/admin/gift-cards?q=${three.order.number}`, { cookie: admin.cookie })).json()) as AdminGiftCardsResponse;
    expect(listed.giftCards.find((c) => c.id === three.card.id)).toMatchObject({ kind: 'membership', membershipMonths: 3 });
  });
});

describe('redeeming a membership gift', { timeout: 60_000 }, () => {
  it('gives 3 months of membership, not credit: premium courses included through the entitlement function, until the months end', async () => {
    const { code, card } = await buyPaid(3);
    const friend = await newSignedInUser(t, 'Jules Ami');
    expect(await isSubscriber(t, friend.cookie)).toBe(false);
    expect((await premiumCourse(friend.cookie)).entitlement.status).toBe('subscribers_only');

    const done = await redeem(friend.cookie, code.toLowerCase().replaceAll('-', ' '));
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ kind: 'membership', creditedCents: 0, membership: { months: 3, afterPaidPeriod: false } });
    expect(done.body.membership!.startsAt).toBe('2026-11-27T20:00:00.000Z');
    expect(done.body.membership!.endsAt).toBe('2027-02-27T20:00:00.000Z');
    expect(done.body.membership!.message).toBe("3 mois d'abonnement Toque offerts : votre abonnement est actif jusqu'au 27 février 2027.");
    // No money moved: the credit stays at 0, no entry names the card.
    expect(await balance(t.db, friend.id)).toBe(0);
    expect(await t.db.select().from(creditEntries).where(eq(creditEntries.giftCardId, card.id))).toHaveLength(0);
    const [grant] = await t.db.select().from(membershipGrants).where(eq(membershipGrants.giftCardId, card.id));
    expect(grant).toMatchObject({ userId: friend.id, months: 3, stoppedSubscriptionId: null });

    expect(await isSubscriber(t, friend.cookie)).toBe(true);
    expect((await premiumCourse(friend.cookie)).entitlement).toEqual({ status: 'included', reason: 'membership' });
    const dashboard = (await (await send(t, 'GET', '/api/subscription', { cookie: friend.cookie })).json()) as SubscriptionResponse;
    expect(dashboard).toMatchObject({ isSubscriber: true, current: null, gifted: { months: 3, endsAt: '2027-02-27T20:00:00.000Z' } });
    // A paid membership on top of running gifted months is refused (it would pay for months given).
    const sub = await send(t, 'POST', '/api/subscription/checkout', { cookie: friend.cookie, body: { idempotencyKey: newKey(), province: 'QC' } });
    expect(sub.status).toBe(409);
    expect(((await sub.json()) as ErrorBody).error.message).toBe("Votre abonnement offert court jusqu'au 27 février 2027 : vous pourrez vous abonner à sa fin.");

    // Twice: refused, whoever asks, and nothing more is given.
    const again = await redeem(friend.cookie, code);
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe("Vous avez déjà activé cette carte : vos 3 mois offerts courent jusqu'au 27 février 2027.");
    const other = await newSignedInUser(t, 'Oscar Autre');
    const stolen = await redeem(other.cookie, code);
    expect(stolen.status).toBe(409);
    expect(stolen.body.error.message).toBe('Cet abonnement offert a déjà été activé.');
    expect(await t.db.select().from(membershipGrants).where(eq(membershipGrants.giftCardId, card.id))).toHaveLength(1);

    // 7 days before the end, an e-mail suggests subscribing (its job planned with the grant).
    const key = `membership_gift.ending:${grant!.id}`;
    expect(await t.jobs.get(QUEUES.membershipGiftEnding, { key })).toMatchObject({ state: 'created', data: { grantId: grant!.id } });
    clock = Date.parse('2027-02-20T20:00:30Z');
    try {
      expect(await t.jobs.runNow(QUEUES.membershipGiftEnding, { key })).toBe(true);
      await until('ending job completed', () => t.jobs.get(QUEUES.membershipGiftEnding, { key }), (j) => j?.state === 'completed');
      const ending = (await mailOf(key))!;
      expect(ending.subject).toBe('Votre abonnement offert se termine dans 7 jours');
      expect(ending.text).toContain('prend fin le 27 février 2027');
    } finally {
      clock = Date.parse('2026-11-27T20:00:00Z');
    }

    // Three months later, the gift has ended.
    clock = Date.parse('2027-02-27T20:00:01Z');
    try {
      expect(await isSubscriber(t, friend.cookie)).toBe(false);
      expect((await premiumCourse(friend.cookie)).entitlement.status).toBe('subscribers_only');
    } finally {
      clock = Date.parse('2026-11-27T20:00:00Z');
    }
  });

  it('10 tries at once of one membership card give one grant', async () => {
    const { code, card } = await buyPaid(6);
    const friend = await newSignedInUser(t, 'Nina Pressée');
    const answers = await Promise.all(Array.from({ length: 10 }, () => redeem(friend.cookie, code)));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.status !== 200).every((a) => a.status === 409)).toBe(true);
    expect(await t.db.select().from(membershipGrants).where(eq(membershipGrants.giftCardId, card.id))).toHaveLength(1);
  });

  it('during a paid subscription: the months start when the paid period ends, and the renewal is stopped at period end (sandbox)', async () => {
    const member = await newSignedInUser(t, 'Mia Abonnée');
    await setProvince(t, member.id, 'QC');
    await subscribeAndPay(t, member.cookie, SUCCESS_CARD);
    const [paid] = await ourRows(t, member.id);
    expect(paid).toMatchObject({ status: 'active', cancelAtPeriodEnd: false });
    const periodEnd = paid!.currentPeriodEnd!;

    const { code } = await buyPaid(6);
    const done = await redeem(member.cookie, code);
    expect(done.status).toBe(200);
    expect(done.body.membership).toMatchObject({ months: 6, afterPaidPeriod: true, startsAt: periodEnd.toISOString() });
    expect(done.body.membership!.message).toMatch(/^Vos 6 mois offerts commenceront le .+, à la fin de votre période payée, et dureront jusqu'au .+\. Le renouvellement de votre abonnement payant est arrêté : aucun paiement ne sera prélevé le .+\.$/);
    const [stopped] = await ourRows(t, member.id);
    expect(stopped).toMatchObject({ id: paid!.id, status: 'active', cancelAtPeriodEnd: true });
    expect((await sandboxRow(t, paid!.providerSubscriptionId!)).cancelAtPeriodEnd).toBe(true);
    const [grant] = await t.db.select().from(membershipGrants).where(eq(membershipGrants.userId, member.id));
    expect(grant).toMatchObject({ stoppedSubscriptionId: paid!.id });
    expect(new Date(grant!.startsAt).getTime()).toBe(periodEnd.getTime());

    // Past the paid period, the gifted months keep the person a member.
    clock = periodEnd.getTime() + 60_000;
    try {
      expect(await isSubscriber(t, member.cookie)).toBe(true);
    } finally {
      clock = Date.parse('2026-11-27T20:00:00Z');
    }
  });

  it('at checkout (« Carte-cadeau ou code promo ») a membership card is the wrong kind: 422 in French; an amount card still goes to the credit', async () => {
    const { code } = await buyPaid(3);
    const learner = await newSignedInUser(t, 'Lou Achète');
    await setProvince(t, learner.id, 'QC');
    const course = await createCourse(t.db, { title: `Tourtière ${newKey()}`, isLive: false, priceCents: 4900 });
    const made = await checkout(t, learner.cookie, { items: [{ courseId: course.id }], code, idempotencyKey: newKey() });
    expect(made.status).toBe(422);
    const body = made.body as unknown as ErrorBody;
    expect(body.error.code).toBe('GIFT_CARD_WRONG_KIND');
    expect(body.error.fields?.code).toBe("Cette carte offre 3 mois d'abonnement : activez-la dans Mon crédit.");
    // Still whole: its owner activates it afterwards.
    expect((await redeem(learner.cookie, code)).status).toBe(200);
  });
});

describe('voiding an unused membership gift', { timeout: 60_000 }, () => {
  it('refunds its buyer (taxes included), audited; then it cannot be activated', async () => {
    const { card, order, code } = await buyPaid(3);
    const voided = await send(t, 'POST', `/api/admin/gift-cards/${card.id}/void`, { cookie: admin.cookie, body: { reason: 'Erreur de destinataire', idempotencyKey: newKey() } });
    expect(voided.status).toBe(200);
    await deliverEvents(t);
    const [refund] = await t.db.select().from(refunds).where(eq(refunds.orderId, order.id));
    expect(refund).toMatchObject({ status: 'succeeded', totalCents: order.totalCents });
    const audits = await t.db.select().from(auditLog).where(eq(auditLog.targetId, card.id));
    expect(audits.map((a) => a.action)).toEqual(['gift_card.void']);
    const friend = await newSignedInUser(t, 'Jules Ami');
    const refused = await redeem(friend.cookie, code);
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe('GIFT_CARD_VOIDED');
    expect(await isSubscriber(t, friend.cookie)).toBe(false);
  });
});
