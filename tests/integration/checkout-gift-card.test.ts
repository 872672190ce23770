// « Carte-cadeau ou code promo » with a gift card, on the real database and the real sandbox: a code
// that is no promo code is redeemed as a gift card to the buyer's « Crédit Toque », and that credit
// pays the order (after tax); entered again, its balance is already in the credit and is used; the
// same request again is the same order; a code that is neither is the unknown-code 422, a voided or
// used-up card its own French error on the field `code` (docs/decisions/0038, 0039, 0040).
import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { formatGiftCardCode } from '@shared/gift-cards';
import { giftCards, orders } from '../../src/server/db/schema';
import { balance } from '../../src/server/modules/credit/service';
import { createCourse } from '../factories';
import { newSignedInUser, send } from '../setup/auth-client';
import { expectLedgersBalanced } from '../setup/credit-ledger';
import { buyPaidGiftCard } from '../setup/gift-cards';
import { checkout, confirm, deliverEvents, newKey, setProvince, SUCCESS_CARD } from '../setup/payments';
import { appWithAdmin, type SignedInAdmin } from '../setup/app-with-admin';
import type { TestApp } from '../setup/test-app';

// Pinned: Friday 27 November 2026, 15:00 in Toronto (20:00 UTC).
const clock = Date.parse('2026-11-27T20:00:00Z');
let t: TestApp;
let admin: SignedInAdmin;

beforeAll(async () => {
  ({ t, admin } = await appWithAdmin({ now: () => new Date(clock) }));
});
afterAll(() => t.close());
afterEach(() => expectLedgersBalanced(t.db));

/** A paid gift card of `amountCents`, bought by someone else; its code as printed. */
async function paidGiftCard(amountCents: number) {
  const buyer = await newSignedInUser(t, 'Irène Offre');
  const { card } = await buyPaidGiftCard(t, buyer.cookie, { amountCents, message: undefined });
  return { id: card.id, code: formatGiftCardCode(card.code!) };
}

async function learnerInQuebec(name: string) {
  const user = await newSignedInUser(t, name);
  await setProvince(t, user.id, 'QC');
  return user;
}

const recordedCourse = (priceCents: number) => createCourse(t.db, { title: `Tourtière ${newKey()}`, isLive: false, priceCents });

describe('a gift card typed at checkout', { timeout: 60_000 }, () => {
  it('goes to the credit and pays the order after tax; the rest stays; entered again, its balance (already in the credit) is used', async () => {
    const card = await paidGiftCard(10_000);
    const learner = await learnerInQuebec('Jules Ami');
    const course = await recordedCourse(4900);
    // The code as a person would type it: lower case, no dashes.
    const typed = card.code.replaceAll('-', '').toLowerCase();
    const idempotencyKey = newKey();
    const made = await checkout(t, learner.cookie, { items: [{ courseId: course.id }], code: typed, idempotencyKey });
    expect(made.status).toBe(201);
    // Taxed on the course (QC: GST 2,45 + QST 4,89): the card is payment, not a discount.
    expect(made.body.order).toMatchObject({ status: 'paid', subtotalCents: 4900, discountCents: 0, promo: null, taxCents: 734, totalCents: 5634, creditAppliedCents: 5634 });
    expect(made.body.payment).toBeNull();
    expect(made.body.giftCard).toEqual({ code: card.code, amountCents: 10_000, creditedCents: 10_000 });
    expect(made.body.order.receiptUrl).toBeTruthy();
    expect(await balance(t.db, learner.id)).toBe(10_000 - 5634);
    const [row] = await t.db.select().from(giftCards).where(eq(giftCards.id, card.id));
    expect(row).toMatchObject({ redeemedBy: learner.id, redeemedCents: 10_000 });
    const [order] = await t.db.select().from(orders).where(eq(orders.id, made.body.order.id));
    expect(order!.promoCode).toBeNull();

    // The same request again (same key, same code): the same order, nothing moved twice, no 409.
    const again = await checkout(t, learner.cookie, { items: [{ courseId: course.id }], code: typed, idempotencyKey });
    expect(again.status).toBe(200);
    expect(again.body.order.id).toBe(made.body.order.id);
    expect(again.body.giftCard).toMatchObject({ code: card.code, creditedCents: 0 });
    expect(await balance(t.db, learner.id)).toBe(4366);

    // Another order with the same card: nothing new is added, the credit already holding it pays what it can.
    const other = await recordedCourse(4000);
    const second = await checkout(t, learner.cookie, { items: [{ courseId: other.id }], code: card.code });
    expect(second.status).toBe(201);
    expect(second.body.giftCard).toMatchObject({ creditedCents: 0 });
    // 40,00 $ + GST 2,00 + QST 3,99 = 45,99 $: the credit (43,66 $) pays, the card the rest (2,33 $).
    expect(second.body.order).toMatchObject({ status: 'pending', totalCents: 4599, creditAppliedCents: 4366 });
    expect(await balance(t.db, learner.id)).toBe(0);
    expect((await confirm(t, learner.cookie, second.body.payment!, SUCCESS_CARD)).body.status).toBe('succeeded');
    await deliverEvents(t);
    const [paid] = await t.db.select().from(orders).where(eq(orders.id, second.body.order.id));
    expect(paid!.status).toBe('paid');
  });

  it('a code that is neither a promo code nor a gift card: 422 on the field, nothing made', async () => {
    const learner = await learnerInQuebec('Nadia Devine');
    const course = await recordedCourse(2000);
    const made = await checkout(t, learner.cookie, { items: [{ courseId: course.id }], code: 'PAS-UN-CODE' });
    expect(made.status).toBe(422);
    expect(made.body.error).toMatchObject({ code: 'PROMO_CODE_UNKNOWN', fields: { code: "Ce code n'existe pas. Vérifiez-le et réessayez." } });
    expect(await t.db.select().from(orders).where(eq(orders.userId, learner.id))).toEqual([]);
  });

  it('a card used up by someone else, or voided: its French error on the field, nothing made', async () => {
    const card = await paidGiftCard(2500);
    const first = await learnerInQuebec('Paul Premier');
    expect((await send(t, 'POST', '/api/gift-cards/redeem', { cookie: first.cookie, body: { code: card.code } })).status).toBe(200);
    const second = await learnerInQuebec('Rita Seconde');
    const course = await recordedCourse(2000);
    const used = await checkout(t, second.cookie, { items: [{ courseId: course.id }], code: card.code });
    expect(used.status).toBe(409);
    expect(used.body.error?.fields).toEqual({ code: 'Carte-cadeau déjà utilisée entièrement.' });

    const unused = await paidGiftCard(2500);
    const voided = await send(t, 'POST', `/api/admin/gift-cards/${unused.id}/void`, { cookie: admin.cookie, body: { reason: 'Commande en double', idempotencyKey: newKey() } });
    expect(voided.status).toBe(200);
    const refused = await checkout(t, second.cookie, { items: [{ courseId: course.id }], code: unused.code });
    expect(refused.status).toBe(409);
    expect(refused.body.error?.fields).toEqual({ code: 'Carte-cadeau annulée.' });
    expect(await t.db.select().from(orders).where(eq(orders.userId, second.id))).toEqual([]);
    expect(await balance(t.db, second.id)).toBe(0);
  });

  it('an order that fails is not made and does not spend the card: card and order are one transaction', async () => {
    const card = await paidGiftCard(5000);
    const learner = await learnerInQuebec('Édith Panne');
    const course = await recordedCourse(2000);
    // The database refuses this buyer's order, after the card was read in the same transaction.
    await t.db.execute(sql`create function toque_test_refuse_order() returns trigger language plpgsql as $$ begin raise exception 'panne simulée'; end $$`);
    await t.db.execute(sql`create trigger toque_test_refuse_order before insert on orders for each row when (new.buyer_name = 'Édith Panne') execute function toque_test_refuse_order()`);
    try {
      const failed = await checkout(t, learner.cookie, { items: [{ courseId: course.id }], code: card.code });
      expect(failed.status).toBe(500);
    } finally {
      await t.db.execute(sql`drop trigger toque_test_refuse_order on orders`);
      await t.db.execute(sql`drop function toque_test_refuse_order()`);
    }
    const [row] = await t.db.select().from(giftCards).where(eq(giftCards.id, card.id));
    expect(row).toMatchObject({ status: 'active', redeemedCents: 0, redeemedBy: null });
    expect(await balance(t.db, learner.id)).toBe(0);
    expect(await t.db.select().from(orders).where(eq(orders.userId, learner.id))).toEqual([]);

    // Tried again, the card pays: 20,00 $ + GST and QST = 23,00 $, the rest in the credit.
    const made = await checkout(t, learner.cookie, { items: [{ courseId: course.id }], code: card.code });
    expect(made.status).toBe(201);
    expect(made.body.order).toMatchObject({ status: 'paid', creditAppliedCents: 2300 });
    expect(made.body.giftCard).toMatchObject({ creditedCents: 5000 });
    expect(await balance(t.db, learner.id)).toBe(2700);
  });
});
