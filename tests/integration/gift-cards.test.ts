// Gift cards on the real database, the real sandbox and the real job queue (docs/decisions/0039):
// bought like any order but never taxed; the card exists once its payment event lands (once,
// however often the event comes); a card for tomorrow 8 h is sent by its job then (the app's clock
// moved, the job made due); its signed link opens it and the buyer sees it opened; redeemed whole
// into the recipient's « Crédit Toque », once, even with 50 tries at once; voided and refunded by
// the admin; guessing codes is limited.
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { formatGiftCardCode, GIFT_CARD_ALPHABET, GIFT_CARD_LINE_LABEL } from '@shared/gift-cards';
import type { AdminGiftCardsResponse, GiftCardRedeemResponse, PurchasedGiftCardsResponse } from '@shared/schemas/gift-cards';
import { auditLog, creditEntries, giftCards, orders, refunds } from '../../src/server/db/schema';
import { QUEUES } from '../../src/server/jobs/queues';
import { signedDocumentUrl } from '../../src/server/modules/receipts/document-link';
import { balance } from '../../src/server/modules/credit/service';
import { createCourse } from '../factories';
import { createSignedInLearners } from '../factories/accounts';
import { newSignedInUser, send } from '../setup/auth-client';
import { expectLedgersBalanced } from '../setup/credit-ledger';
import { buyGiftCard, buyPaidGiftCard } from '../setup/gift-cards';
import { confirm, deliverEvents, newKey, setProvince, SUCCESS_CARD } from '../setup/payments';
import { appWithAdmin, type SignedInAdmin } from '../setup/app-with-admin';
import type { TestApp } from '../setup/test-app';
import { until } from '../setup/until';

// Pinned: Friday 27 November 2026, 15:00 in Toronto (20:00 UTC).
let clock = Date.parse('2026-11-27T20:00:00Z');
let t: TestApp;
let admin: SignedInAdmin;

beforeAll(async () => {
  ({ t, admin } = await appWithAdmin({ now: () => new Date(clock), jobs: true }));
});
afterAll(() => t.close());
afterEach(() => expectLedgersBalanced(t.db));

type ErrorBody = { error: { code: string; message: string; fields?: Record<string, string> } };

const buy = (cookie: string, body: Record<string, unknown>) => buyGiftCard(t, cookie, body);
const buyPaid = (cookie: string, body: Record<string, unknown> = {}) => buyPaidGiftCard(t, cookie, body);

async function redeem(cookie: string, code: string) {
  const res = await send(t, 'POST', '/api/gift-cards/redeem', { cookie, body: { code } });
  return { status: res.status, body: (await res.json()) as GiftCardRedeemResponse & ErrorBody };
}

const mailOf = async (key: string) => (await t.jobs.get(QUEUES.emailSend, { key }))?.data.mail ?? null;

describe('buying a gift card', () => {
  it('refuses an amount outside 10–1 000 $ and a past delivery, in French', async () => {
    const buyer = await newSignedInUser(t, 'Anne Acheteuse');
    const low = await buy(buyer.cookie, { amountCents: 500 });
    expect(low.status).toBe(400);
    expect(low.body.error.fields?.amountCents).toBe('Le montant minimum est de 10 $.');
    const high = await buy(buyer.cookie, { amountCents: 100_001 });
    expect(high.body.error.fields?.amountCents).toBe('Le montant maximum est de 1 000 $.');
    const email = await buy(buyer.cookie, { recipientEmail: 'pas-un-courriel' });
    expect(email.body.error.fields?.recipientEmail).toBe('Adresse courriel invalide.');
    const past = await buy(buyer.cookie, { delivery: 'scheduled', deliverOn: '2026-11-27', deliverHour: 8 });
    expect(past.status).toBe(400);
    expect(past.body.error.fields?.deliverOn).toMatch(/Ce moment est passé/);
  });

  it('a class offered for tomorrow 8 h: no tax, the card once paid (once), the job sends it at 8 h, the link opens it, the friend adds it to his credit', async () => {
    const buyer = await newSignedInUser(t, 'Béatrice Donne');
    await setProvince(t, buyer.id, 'QC');
    const course = await createCourse(t.db, { title: 'Pâtes fraîches', isLive: false, priceCents: 6500 });
    const made = await buy(buyer.cookie, { amountCents: 6500, courseId: course.id, delivery: 'scheduled', deliverOn: '2026-11-28', deliverHour: 8 });
    expect(made.status).toBe(201);
    const { order } = made.body;
    // Not a taxable supply: no tax line, the total is the card's amount; the receipt says so.
    expect(order).toMatchObject({ subtotalCents: 6500, taxCents: 0, totalCents: 6500, taxLines: [] });
    expect(order.lines[0]).toMatchObject({ kind: 'gift_card', amountCents: 6500 });
    expect(order.lines[0]!.description).toContain(GIFT_CARD_LINE_LABEL);
    expect(order.lines[0]!.description).toContain('Pâtes fraîches');
    // Before the payment there is no card: no code, nothing in Mes Achats.
    let [card] = await t.db.select().from(giftCards).where(eq(giftCards.orderId, order.id));
    expect(card).toMatchObject({ status: 'pending', code: null });

    expect((await confirm(t, buyer.cookie, made.body.payment!, SUCCESS_CARD)).body.status).toBe('succeeded');
    await deliverEvents(t);
    [card] = await t.db.select().from(giftCards).where(eq(giftCards.orderId, order.id));
    expect(card!.status).toBe('active');
    expect(card!.code).toMatch(new RegExp(`^[${GIFT_CARD_ALPHABET}]{16}$`));
    expect(card!.deliverAt.toISOString()).toBe('2026-11-28T13:00:00.000Z');
    expect(card!.deliveredAt).toBeNull();
    const code = card!.code!;
    // The same event again (a replayed webhook) makes no second card and no new code.
    await deliverEvents(t);
    const again = await t.db.select().from(giftCards).where(eq(giftCards.orderId, order.id));
    expect(again.map((c) => c.code)).toEqual([code]);
    const [paid] = await t.db.select().from(orders).where(eq(orders.id, order.id));
    expect(paid).toMatchObject({ status: 'paid', taxCents: 0 });

    // The job waits for 8 h in Toronto.
    const job = await t.jobs.get(QUEUES.giftCardDeliver, { key: `gift-card:${card!.id}` });
    expect(job).toMatchObject({ state: 'created', data: { giftCardId: card!.id, deliverAt: '2026-11-28T13:00:00.000Z' } });
    expect(await mailOf(`gift_card.delivery:${card!.id}`)).toBeNull();

    clock = Date.parse('2026-11-28T13:00:30Z');
    expect(await t.jobs.runNow(QUEUES.giftCardDeliver, { key: `gift-card:${card!.id}` })).toBe(true);
    await until('delivery job completed', () => t.jobs.get(QUEUES.giftCardDeliver, { key: `gift-card:${card!.id}` }), (j) => j?.state === 'completed');
    const mail = (await mailOf(`gift_card.delivery:${card!.id}`))!;
    expect(mail.to).toBe('jules.ami@example.com');
    expect(mail.subject).toBe('Béatrice Donne vous offre une carte-cadeau Toque');
    expect(mail.text).toContain(formatGiftCardCode(code));
    expect(mail.text).toContain('65,00');
    expect(mail.text).toContain("Sans date d'expiration");
    expect(mail.html).toContain('Voir ma carte-cadeau');

    // Delivered, not yet opened; then the recipient opens the signed link (page, then PDF).
    const bought = async () => ((await (await send(t, 'GET', '/api/gift-cards/purchased', { cookie: buyer.cookie })).json()) as PurchasedGiftCardsResponse).giftCards;
    expect((await bought())[0]).toMatchObject({ id: card!.id, deliveredAt: '2026-11-28T13:00:30.000Z', openedAt: null, amountCents: 6500 });
    const link = new URL(signedDocumentUrl(t.deps.config, 'gift-card', card!.id, new Date(clock)));
    expect(mail.html).toContain(link.pathname);
    const page = await t.request(link.pathname + link.search);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain(formatGiftCardCode(code));
    expect(html).toContain("Sans date d'expiration");
    expect(html).toContain('Bonne fête !');
    const pdf = await t.request(`${link.pathname}/pdf${link.search}`);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect((await bought())[0]!.openedAt).toBe('2026-11-28T13:00:30.000Z');
    // Without the signature, a stranger is offered sign-in, not the card.
    expect((await t.request(link.pathname)).status).toBe(401);

    // The friend signs up and adds it, typed his way (lower case, spaces).
    const friend = await newSignedInUser(t, 'Jules Ami');
    const typed = formatGiftCardCode(code).toLowerCase().replace(/-/g, ' ');
    const added = await redeem(friend.cookie, typed);
    expect(added.status).toBe(200);
    expect(added.body).toMatchObject({ creditedCents: 6500, amountCents: 6500, balanceCents: 6500 });
    expect(await balance(t.db, friend.id)).toBe(6500);
    const entries = await t.db.select().from(creditEntries).where(eq(creditEntries.giftCardId, card!.id));
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ kind: 'gift_card_redeemed', amountCents: 6500, userId: friend.id });
    // Repeated: nothing more; by anyone else: used.
    expect((await redeem(friend.cookie, code)).body).toMatchObject({ creditedCents: 0, balanceCents: 6500 });
    const other = await newSignedInUser(t, 'Autre Personne');
    const used = await redeem(other.cookie, code);
    expect(used.status).toBe(409);
    expect(used.body.error.message).toBe('Cette carte-cadeau a déjà été utilisée entièrement.');
    expect((await bought())[0]!.status).toBe('redeemed');
  });

  it('delivered at once when no date is chosen, in the payment’s own transaction', async () => {
    const buyer = await newSignedInUser(t, 'Carole Pressée');
    const { card } = await buyPaid(buyer.cookie);
    expect(card.deliveredAt).not.toBeNull();
    expect((await mailOf(`gift_card.delivery:${card.id}`))!.to).toBe('jules.ami@example.com');
  });
});

describe('redeeming', () => {
  it('50 people trying one card at once: credited once, never more than its balance', async () => {
    const buyer = await newSignedInUser(t, 'Denis Généreux');
    const { card } = await buyPaid(buyer.cookie, { amountCents: 4000 });
    const people = await createSignedInLearners(t, 50);
    const answers = await Promise.all(people.map((p) => redeem(p.cookie, card.code!)));
    const won = answers.filter((a) => a.status === 200);
    expect(won).toHaveLength(1);
    expect(won[0]!.body.creditedCents).toBe(4000);
    expect(answers.filter((a) => a.status !== 200).every((a) => a.status === 409 && a.body.error.code === 'GIFT_CARD_USED')).toBe(true);
    const entries = await t.db.select().from(creditEntries).where(eq(creditEntries.giftCardId, card.id));
    expect(entries.reduce((sum, e) => sum + e.amountCents, 0)).toBe(4000);
  });

  it('an unknown code is told in French; guessing is limited to 10 tries an hour', async () => {
    const guesser = await newSignedInUser(t, 'Gaston Devine');
    const first = await redeem(guesser.cookie, 'AAAA-BBBB-CCCC-DDDD');
    expect(first.status).toBe(404);
    expect(first.body.error.message).toBe('Code de carte-cadeau inconnu. Vérifiez-le et réessayez.');
    expect((await redeem(guesser.cookie, 'trop court')).status).toBe(404);
    for (let i = 0; i < 8; i++) expect((await redeem(guesser.cookie, `ZZZZ-ZZZZ-ZZZZ-ZZ${GIFT_CARD_ALPHABET[i]}${GIFT_CARD_ALPHABET[i]}`)).status).toBe(404);
    const limited = await redeem(guesser.cookie, 'ZZZZ-ZZZZ-ZZZZ-ZZZZ');
    expect(limited.status).toBe(429);
    expect(limited.body.error.message).toBe('Trop de codes de carte-cadeau essayés. Réessayez dans une heure.');
  });
});

describe('the admin’s « Cartes-cadeaux »', () => {
  it('lists and finds cards, resends one, voids an unused one (refunded to its buyer, audited), refuses a used one', async () => {
    const buyer = await newSignedInUser(t, 'Hélène Offrante');
    const { card, order } = await buyPaid(buyer.cookie, { recipientName: 'Zoé Reçoit', recipientEmail: 'zoe.recoit@example.com', amountCents: 2500 });
    const list = await send(t, 'GET', `/api/admin/gift-cards?q=${encodeURIComponent('zoe')}`, { cookie: admin.cookie });
    expect(list.status).toBe(200);
    const found = ((await list.json()) as AdminGiftCardsResponse).giftCards;
    expect(found.map((c) => c.id)).toEqual([card.id]);
    expect(found[0]).toMatchObject({ codeHint: `…${card.code!.slice(-4)}`, status: 'active', buyerName: 'Hélène Offrante' });
    // A learner may not.
    expect((await send(t, 'GET', '/api/admin/gift-cards', { cookie: buyer.cookie })).status).toBe(403);

    const resent = await send(t, 'POST', `/api/admin/gift-cards/${card.id}/resend`, { cookie: admin.cookie, body: { idempotencyKey: newKey() } });
    expect(await resent.json()).toEqual({ queued: true });

    const voided = await send(t, 'POST', `/api/admin/gift-cards/${card.id}/void`, { cookie: admin.cookie, body: { reason: 'Commande en double', idempotencyKey: newKey() } });
    expect(voided.status).toBe(200);
    await deliverEvents(t);
    const [row] = await t.db.select().from(giftCards).where(eq(giftCards.id, card.id));
    expect(row).toMatchObject({ status: 'voided', voidedBy: admin.id });
    const [refund] = await t.db.select().from(refunds).where(eq(refunds.orderId, order.id));
    expect(refund).toMatchObject({ status: 'succeeded', totalCents: 2500, taxCents: 0 });
    const audits = await t.db.select().from(auditLog).where(eq(auditLog.targetId, card.id));
    expect(audits.map((a) => a.action).sort()).toEqual(['gift_card.resend', 'gift_card.void']);
    // A voided card cannot be added to a credit.
    const friend = await newSignedInUser(t, 'Zoé Reçoit');
    const refused = await redeem(friend.cookie, card.code!);
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toBe('Cette carte-cadeau a été annulée : elle ne peut plus être utilisée.');

    // A card already in someone's credit cannot be voided.
    const { card: spent } = await buyPaid(buyer.cookie, { amountCents: 1500 });
    expect((await redeem(friend.cookie, spent.code!)).status).toBe(200);
    const late = await send(t, 'POST', `/api/admin/gift-cards/${spent.id}/void`, { cookie: admin.cookie, body: { idempotencyKey: newKey() } });
    expect(late.status).toBe(409);
    expect(((await late.json()) as ErrorBody).error.code).toBe('GIFT_CARD_NOT_VOIDABLE');
  });
});
