// « Gérer mon abonnement » with the sandbox processor (Stripe's portal does this there): the member
// sees the card their membership renews with and the next charge (date, amount with taxes), and
// saves another card — which the next renewal then uses. A card the processor declines, or a bad
// number, is refused in French; someone without a membership has nothing to manage.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiErrorBody } from '@shared/errors';
import type { SubscriptionPaymentMethodResponse } from '@shared/schemas/subscription';
import { newSignedInUser, send } from '../setup/auth-client';
import { deliverEvents, setProvince, SUCCESS_CARD } from '../setup/payments';
import { orders } from '../../src/server/db/schema';
import { createTestApp, type TestApp } from '../setup/test-app';
import { testNow } from '../setup/test-clock';
import { advance, ourRows, providerIdOf, sandboxRow, subscribeAndPay } from './subscriptions-helpers';

let t: TestApp;
let member: { id: string; email: string; cookie: string };

beforeAll(async () => {
  t = await createTestApp({ now: testNow });
  member = await newSignedInUser(t, 'Marc Membre');
  await setProvince(t, member.id, 'QC');
  await subscribeAndPay(t, member.cookie, SUCCESS_CARD);
});
afterAll(() => t.close());

const read = (cookie?: string) => send(t, 'GET', '/api/subscription/payment-method', { cookie });
const change = (cookie: string | undefined, body: unknown) => send(t, 'PUT', '/api/subscription/payment-method', { cookie, body });

describe('the sandbox’s payment method page', () => {
  it('shows the card and the next charge: the end of the paid period, the month’s total with taxes', async () => {
    const res = await read(member.cookie);
    expect(res.status).toBe(200);
    const body = (await res.json()) as SubscriptionPaymentMethodResponse;
    const [ours] = await ourRows(t, member.id);
    expect(body.card).toEqual({ brand: 'visa', last4: '4242' });
    expect(body.nextCharge).toEqual({ at: ours!.currentPeriodEnd!.toISOString(), amountCents: (await sandboxRow(t, ours!.providerSubscriptionId!)).amount });
    // Québec: 19,99 + TPS + TVQ.
    expect(body.nextCharge!.amountCents).toBe(2298);
  });

  it('saves another card; the next renewal is charged on it', async () => {
    const res = await change(member.cookie, { number: '4000 0000 0000 0341', expiry: '11/33', cvc: '321' });
    expect(res.status).toBe(200);
    expect(((await res.json()) as SubscriptionPaymentMethodResponse).card).toEqual({ brand: 'visa', last4: '0341' });
    expect(((await (await read(member.cookie)).json()) as SubscriptionPaymentMethodResponse).card).toEqual({ brand: 'visa', last4: '0341' });
    // Stripe's 0341 test card is saved fine and declined at the next charge: the renewal used it.
    await advance(t, await providerIdOf(t, member.id), 31);
    const [ours] = await ourRows(t, member.id);
    expect(ours!.status).toBe('past_due');

    const back = await change(member.cookie, { number: '5555 5555 5555 4444', expiry: '10/32', cvc: '123' });
    expect(((await back.json()) as SubscriptionPaymentMethodResponse).card).toEqual({ brand: 'mastercard', last4: '4444' });
    // Past due: the refused renewal is charged again at once on the new card, not at the next planned retry (+3 days).
    const id = await providerIdOf(t, member.id);
    expect((await sandboxRow(t, id)).status).toBe('active');
    await deliverEvents(t);
    const [after] = await ourRows(t, member.id);
    expect(after!.status).toBe('active');
    const paid = await t.db.select().from(orders).where(and(eq(orders.subscriptionId, after!.id), eq(orders.status, 'paid')));
    expect(paid).toHaveLength(2);
    // Changing the card again when nothing is owed charges nothing.
    await change(member.cookie, { number: '5555 5555 5555 4444', expiry: '10/32', cvc: '123' });
    await deliverEvents(t);
    expect(await t.db.select().from(orders).where(eq(orders.subscriptionId, after!.id))).toHaveLength(2);
  });

  it('refuses a declined card (402) and a bad one (400), each in French, and keeps the card', async () => {
    const declined = await change(member.cookie, { number: '4000 0000 0000 0002', expiry: '12/34', cvc: '123' });
    expect(declined.status).toBe(402);
    expect(((await declined.json()) as ApiErrorBody).error.message).toBe('Votre carte a été refusée.');

    const bad = await change(member.cookie, { number: '1234 5678 9012 3456', expiry: '13/20', cvc: '1' });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as ApiErrorBody).error.fields).toEqual({
      number: 'Le numéro de carte est invalide.',
      expiry: "Le mois d'expiration doit être entre 01 et 12.",
      cvc: 'Le code CVC doit contenir 3 ou 4 chiffres.',
    });
    expect(((await (await read(member.cookie)).json()) as SubscriptionPaymentMethodResponse).card).toEqual({ brand: 'mastercard', last4: '4444' });
  });

  it('a visitor 401; someone without a membership has nothing to manage (404)', async () => {
    expect((await read()).status).toBe(401);
    expect((await change(undefined, { number: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' })).status).toBe(401);
    const learner = await newSignedInUser(t, 'Sans Abonnement');
    const res = await read(learner.cookie);
    expect(res.status).toBe(404);
    expect(((await res.json()) as ApiErrorBody).error.message).toBe('Aucun abonnement en cours.');
  });
});
