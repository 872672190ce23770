// A promo code on the membership's first payment (decision 0040), on the real database and sandbox:
// the first order is discounted before tax and records the code (receipt, usage count), the sandbox's
// first invoice charges exactly that, the renewal is at the plan's full price; the French refusals
// (unknown, not for the membership, with the trial, used up) are said under the field.
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SUBSCRIPTION_PRICE_CENTS } from '@shared/catalog';
import type { PromoCodeInput, PromoCodeListResponse } from '@shared/schemas/promo-codes';
import { orderLines, orders, sandboxInvoices, sandboxSubscriptions } from '../../src/server/db/schema';
import { setRole } from '../factories';
import { newSignedInUser, send } from '../setup/auth-client';
import { confirm, deliverEvents, setProvince, SUCCESS_CARD } from '../setup/payments';
import { createTestApp, type TestApp } from '../setup/test-app';
import { createPromoCode } from '../setup/promo-codes';
import { advance, providerIdOf, subscribe } from './subscriptions-helpers';

let t: TestApp;
let admin: { id: string; cookie: string };

beforeAll(async () => {
  t = await createTestApp();
  admin = await newSignedInUser(t, 'Cheffe Admin');
  await setRole(t.db, admin.id, 'admin');
});
afterAll(() => t?.close());

const createCode = (input: Partial<PromoCodeInput>) => createPromoCode(t, admin.cookie, input);
async function buyer(name = 'Sophie Membre') {
  const user = await newSignedInUser(t, name);
  await setProvince(t, user.id, 'QC');
  return user;
}

describe('a promo code on the first payment of the membership (sandbox)', () => {
  it('discounts the first order before tax and records the code; the first invoice charges that; the renewal is at full price', async () => {
    const code = await createCode({ code: 'MEMBRE25', percentOff: 25, kinds: ['membership'] });
    const user = await buyer();
    const started = await subscribe(t, user.cookie, { code: ' membre25 ' });
    expect(started.status, JSON.stringify(started.body)).toBe(201);
    const { order, payment } = started.body;
    const off = Math.floor((SUBSCRIPTION_PRICE_CENTS * 25 + 50) / 100);
    const net = SUBSCRIPTION_PRICE_CENTS - off;
    // QC: GST 5 % + QST 9,975 % on the net, half-up.
    const taxes = Math.floor((net * 5000 + 50_000) / 100_000) + Math.floor((net * 9975 + 50_000) / 100_000);
    expect(order).toMatchObject({ subtotalCents: net, discountCents: off, totalCents: net + taxes });
    expect(order.promo).toMatchObject({ code: 'MEMBRE25' });
    const [line] = await t.db.select().from(orderLines).where(eq(orderLines.orderId, order.id));
    expect(line).toMatchObject({ amountCents: net, discountCents: off, promoDiscountCents: off });
    const [row] = await t.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row).toMatchObject({ promoCodeId: code.id, promoCode: 'MEMBRE25', promoPercentOff: 25 });

    // The sandbox bills the plan's price every period, the first invoice less the code (taxes included).
    const providerId = await providerIdOf(t, user.id);
    const [sub] = await t.db.select().from(sandboxSubscriptions).where(eq(sandboxSubscriptions.id, providerId));
    expect(sub!.amount).toBe(SUBSCRIPTION_PRICE_CENTS + 100 + 199);
    const [invoice] = await t.db.select().from(sandboxInvoices).where(eq(sandboxInvoices.subscriptionId, providerId));
    expect(invoice!.amount).toBe(net + taxes);

    expect((await confirm(t, user.cookie, payment, SUCCESS_CARD)).body.status).toBe('succeeded');
    await deliverEvents(t);
    const [paid] = await t.db.select().from(orders).where(eq(orders.id, order.id));
    expect(paid!.status).toBe('paid');
    const list = (await (await send(t, 'GET', '/api/admin/promo-codes', { cookie: admin.cookie })).json()) as PromoCodeListResponse;
    expect(list.codes.find((c) => c.id === code.id)).toMatchObject({ usesPaid: 1, usesPending: 0, discountCents: off });

    // A month later: the renewal at the plan's full price, no code.
    await advance(t, providerId, 32);
    const all = await t.db.select().from(orders).where(eq(orders.userId, user.id)).orderBy(desc(orders.createdAt));
    expect(all).toHaveLength(2);
    expect(all[0]).toMatchObject({ status: 'paid', subtotalCents: SUBSCRIPTION_PRICE_CENTS, totalCents: SUBSCRIPTION_PRICE_CENTS + 100 + 199, promoCodeId: null, discountCents: 0 });
  });

  it('refuses in French under the field: unknown, not for the membership, with the free trial, used up', async () => {
    await createCode({ code: 'DIRECT10', percentOff: 10, kinds: ['live_class'] });
    await createCode({ code: 'UNSEUL', amountOffCents: 500, kinds: ['membership'], maxUses: 1 });
    const user = await buyer('Refus Code');
    const unknown = await subscribe(t, user.cookie, { code: 'PASUNCODE' });
    expect(unknown.status).toBe(422);
    expect(unknown.body.error?.fields).toEqual({ code: "Ce code n'existe pas. Vérifiez-le et réessayez." });
    const live = await subscribe(t, user.cookie, { code: 'DIRECT10' });
    expect(live.status).toBe(422);
    expect(live.body.error?.fields).toEqual({ code: "Ce code ne s'applique à aucun produit de cette commande." });
    const trial = await subscribe(t, user.cookie, { code: 'UNSEUL', trial: true });
    expect(trial.status).toBe(422);
    expect(trial.body.error?.fields).toEqual({ code: "Un code promo ne se combine pas avec l'essai gratuit : décochez l'essai pour l'utiliser." });

    const first = await subscribe(t, user.cookie, { code: 'UNSEUL' });
    expect(first.status).toBe(201);
    expect(first.body.order.discountCents).toBe(500);
    const other = await buyer('Deuxième Personne');
    const usedUp = await subscribe(t, other.cookie, { code: 'UNSEUL' });
    expect(usedUp.status).toBe(409);
    expect(usedUp.body.error?.fields).toEqual({ code: "Ce code a atteint son nombre maximal d'utilisations." });
    // The same person again with the same code: the first payment already started, as it is.
    const again = await subscribe(t, user.cookie, { code: 'unseul' });
    expect(again.status).toBe(200);
    expect(again.body.order.id).toBe(first.body.order.id);
  });
});
