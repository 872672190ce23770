// A membership that grows, on the real sandbox with its per-subscription test clock: the annual plan
// (its price a setting, renewed a year later), the free trial (the card saved, nothing charged, the
// reminder 2 days before the first charge — once —, the first charge at its end, cancelled in the
// trial at no cost, one trial per person), the switch of plan at renewal, and the « save » offer at
// cancellation (shown once; accepted: the next invoice at 50 %, once). The admin's settings, audited.
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MembershipPlansResponse, MembershipSettings, SubscriptionCancelResponse, SubscriptionResponse } from '@shared/schemas/subscription';
import { auditLog, orders, sandboxInvoices } from '../../src/server/db/schema';
import { QUEUES } from '../../src/server/jobs/queues';
import { TRIAL_ENDING_SUBJECT } from '../../src/server/modules/subscriptions/mails';
import { setRole } from '../factories';
import { newSignedInUser, send } from '../setup/auth-client';
import { confirm, deliverEvents, setProvince, SUCCESS_CARD } from '../setup/payments';
import { createTestApp, type TestApp } from '../setup/test-app';
import { idle, until } from '../setup/until';
import { advance, getSubscription, mailsTo, ourRows, providerIdOf, sandboxRow, subscribe } from './subscriptions-helpers';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  await t.jobs.start();
});
afterAll(async () => {
  await t.close();
});

async function member(name = 'Annie Annuelle') {
  const user = await newSignedInUser(t, name);
  await setProvince(t, user.id, 'QC');
  return user;
}

const ordersOf = (userId: string) => t.db.select().from(orders).where(eq(orders.userId, userId)).orderBy(asc(orders.createdAt), asc(orders.number));

async function startAndPay(cookie: string, body: Record<string, unknown>) {
  const started = await subscribe(t, cookie, body);
  expect(started.status, JSON.stringify(started.body)).toBe(201);
  const paid = await confirm(t, cookie, started.body.payment, SUCCESS_CARD);
  expect(paid.body.status, JSON.stringify(paid.body)).toBe('succeeded');
  await deliverEvents(t);
  return started.body;
}

async function cancel(cookie: string, offer?: 'ask' | 'accept' | 'decline') {
  const res = await send(t, 'POST', '/api/subscription/cancel', { cookie, ...(offer ? { body: { offer } } : {}) });
  return { status: res.status, body: (await res.json()) as SubscriptionCancelResponse };
}

const trialMails = async (email: string) => {
  // The reminder planned for later waits in its queue; the e-mails queued by now are sent.
  await idle(t.jobs, [QUEUES.emailSend]);
  return (await mailsTo(t, email)).filter((m) => m.subject === TRIAL_ENDING_SUBJECT);
};

describe('the offer and its settings', () => {
  it('GET /api/membership/plans: both prices and the trial, for a visitor too', async () => {
    const res = await send(t, 'GET', '/api/membership/plans');
    expect(res.status).toBe(200);
    expect((await res.json()) as MembershipPlansResponse).toEqual({ monthlyPriceCents: 1999, annualPriceCents: 19_990, trialDays: 7, trialAvailable: true });
  });

  it('the admin changes the annual price, the trial and the offer (audited); others are refused', async () => {
    const admin = await newSignedInUser(t, 'Chef Admin');
    await setRole(t.db, admin.id, 'admin');
    const learner = await newSignedInUser(t, 'Léa Curieuse');
    const next: MembershipSettings = { annualPriceCents: 17_990, trialDays: 7, saveOfferPercent: 50, saveOfferLabel: 'Le mois prochain à 50 %' };
    expect((await send(t, 'PUT', '/api/admin/membership', { cookie: learner.cookie, body: next })).status).toBe(403);
    const bad = await send(t, 'PUT', '/api/admin/membership', { cookie: admin.cookie, body: { ...next, trialDays: 90 } });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(await bad.json())).toContain("L'essai dure de 0 à 30 jours.");
    const saved = await send(t, 'PUT', '/api/admin/membership', { cookie: admin.cookie, body: next });
    expect(saved.status).toBe(200);
    expect(await saved.json()).toEqual(next);
    const audit = await t.db.select().from(auditLog).where(and(eq(auditLog.actorId, admin.id), eq(auditLog.action, 'settings.membership')));
    expect(audit).toHaveLength(1);
    expect(audit[0]!.details).toEqual({ annualPriceCents: { before: 19_990, after: 17_990 } });
    // Back to the default for the rest of the file.
    await send(t, 'PUT', '/api/admin/membership', { cookie: admin.cookie, body: { ...next, annualPriceCents: 19_990 } });
  });
});

describe('the annual plan', () => {
  it('is paid for a year (199,90 $ and its taxes), and renews a year later at the same amount', async () => {
    const user = await member();
    const started = await startAndPay(user.cookie, { plan: 'annual' });
    expect(started.plan).toBe('annual');
    expect(started.trialDays).toBe(0);
    // Québec: 199,90 + TPS 9,995 → 10,00 + TVQ 19,940 → 19,94 = 229,84.
    expect(started.order.totalCents).toBe(22_984);
    const [first] = await ordersOf(user.id);
    expect(first).toMatchObject({ status: 'paid', totalCents: 22_984 });
    const view = (await getSubscription(t, user.cookie)).body;
    expect(view.current).toMatchObject({ status: 'active', plan: 'annual', pendingPlan: null });
    const start = new Date(view.current!.currentPeriodStart!);
    const end = new Date(view.current!.currentPeriodEnd!);
    expect(end.getUTCFullYear() - start.getUTCFullYear()).toBe(1);

    const sub = await providerIdOf(t, user.id);
    await advance(t, sub, 31);
    expect(await ordersOf(user.id)).toHaveLength(1);
    await advance(t, sub, 340);
    const all = await ordersOf(user.id);
    expect(all).toHaveLength(2);
    expect(all[1], JSON.stringify(all[1])).toMatchObject({ status: 'paid', totalCents: 22_984 });
    expect(Math.abs(all[1]!.periodStart!.getTime() - end.getTime())).toBeLessThan(1000);
    expect(((await getSubscription(t, user.cookie)).body as SubscriptionResponse).current).toMatchObject({ status: 'active', plan: 'annual' });
  });

  it('monthly → annual at renewal: the current month kept, the next invoice the year', async () => {
    const user = await member('Mathieu Mensuel');
    await startAndPay(user.cookie, { plan: 'monthly' });
    const switched = await send(t, 'PUT', '/api/subscription/plan', { cookie: user.cookie, body: { plan: 'annual' } });
    expect(switched.status).toBe(200);
    expect(((await switched.json()) as SubscriptionResponse).current).toMatchObject({ plan: 'monthly', pendingPlan: 'annual' });
    const sub = await providerIdOf(t, user.id);
    await advance(t, sub, 31);
    const all = await ordersOf(user.id);
    expect(all.map((o) => o.totalCents)).toEqual([2298, 22_984]);
    const [row] = await ourRows(t, user.id);
    expect(row).toMatchObject({ plan: 'annual', pendingPlan: null, priceCents: 19_990 });
    const period = (await sandboxRow(t, sub));
    expect(period.interval).toBe('year');
  });
});

describe('the free trial', () => {
  it('saves the card, charges nothing, mails 2 days before, charges the first period at its end', async () => {
    const user = await member('Théo Essai');
    const plans = (await (await send(t, 'GET', '/api/membership/plans', { cookie: user.cookie })).json()) as MembershipPlansResponse;
    expect(plans.trialAvailable).toBe(true);
    const started = await startAndPay(user.cookie, { plan: 'monthly', trial: true });
    expect(started.trialDays).toBe(7);
    const sub = await providerIdOf(t, user.id);
    // No money moved: the $0 invoice paid, the order waiting for the charge at the trial's end.
    const invoices = await t.db.select().from(sandboxInvoices).where(eq(sandboxInvoices.subscriptionId, sub));
    expect(invoices.map((i) => [i.amount, i.status])).toEqual([[0, 'paid']]);
    const [waiting] = await ordersOf(user.id);
    expect(waiting).toMatchObject({ status: 'processing', paidAt: null, totalCents: 2298 });
    const view = (await getSubscription(t, user.cookie)).body;
    expect(view).toMatchObject({ isSubscriber: true, canCancel: true, current: { status: 'trialing' } });
    expect(view.current!.trialEnd).toBe(view.current!.currentPeriodEnd);
    expect(await trialMails(user.email)).toHaveLength(0);

    // 4 days in: nothing yet; 5 days and an hour in (2 days less an hour before the charge): the reminder, once.
    await advance(t, sub, 4);
    expect(await trialMails(user.email)).toHaveLength(0);
    await advance(t, sub, 1);
    const mails = await until('the trial reminder', () => trialMails(user.email), (m) => m.length > 0);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain('22,98');
    expect(mails[0]!.text).toContain('aucun montant ne sera prélevé');
    expect((await ordersOf(user.id))[0]!.status).toBe('processing');

    // The trial's end: the first charge pays the first order, active for a month.
    await advance(t, sub, 2);
    const [paid] = await until('the first charge', () => ordersOf(user.id), (o) => o[0]?.status === 'paid');
    expect(paid).toMatchObject({ totalCents: 2298 });
    expect(paid!.periodStart).not.toBeNull();
    expect(await ordersOf(user.id)).toHaveLength(1);
    expect((await getSubscription(t, user.cookie)).body.current).toMatchObject({ status: 'active' });
    expect(await trialMails(user.email)).toHaveLength(1);

    // One trial per person.
    const again = (await (await send(t, 'GET', '/api/membership/plans', { cookie: user.cookie })).json()) as MembershipPlansResponse;
    expect(again.trialAvailable).toBe(false);
  });

  it('cancelled during the trial: nothing charged, access until its end, the order closed', async () => {
    const user = await member('Iris Indécise');
    await startAndPay(user.cookie, { trial: true });
    const sub = await providerIdOf(t, user.id);
    // No save offer in a trial: it is cancelled at once, at no cost.
    const asked = await cancel(user.cookie, 'ask');
    expect(asked.body.outcome).toBe('cancelled');
    await deliverEvents(t);
    await advance(t, sub, 8);
    const invoices = await t.db.select().from(sandboxInvoices).where(eq(sandboxInvoices.subscriptionId, sub));
    expect(invoices.map((i) => i.amount)).toEqual([0]);
    expect((await getSubscription(t, user.cookie)).body).toMatchObject({ isSubscriber: false, current: { status: 'canceled' } });
    expect((await ordersOf(user.id))[0]!.status).toBe('canceled');
    expect(await trialMails(user.email)).toHaveLength(0);
    // A second sign-up has no trial: the first month is charged now.
    const second = await subscribe(t, user.cookie, { trial: true });
    expect(second.status).toBe(201);
    expect(second.body.trialDays).toBe(0);
  });
});

describe('the save offer at cancellation', () => {
  it('shown once; accepted, the next invoice is at 50 % once, recorded; a later cancel goes through', async () => {
    const user = await member('Sam Sauvé');
    await startAndPay(user.cookie, {});
    const sub = await providerIdOf(t, user.id);
    const asked = await cancel(user.cookie, 'ask');
    expect(asked.status).toBe(200);
    expect(asked.body).toMatchObject({ outcome: 'offer', offer: { percent: 50, label: 'Le mois prochain à 50 %' }, subscription: { cancelAtPeriodEnd: false } });
    const accepted = await cancel(user.cookie, 'accept');
    expect(accepted.body).toMatchObject({ outcome: 'saved', subscription: { cancelAtPeriodEnd: false, nextDiscountCents: 1000 } });
    // A repeated « yes » changes nothing.
    expect((await cancel(user.cookie, 'accept')).body.outcome).toBe('saved');

    await advance(t, sub, 31);
    await advance(t, sub, 31);
    const all = await ordersOf(user.id);
    // 19,99 − 10,00 = 9,99 + TPS 0,50 + TVQ 1,00 = 11,49; then the full price again.
    expect(all.map((o) => o.totalCents)).toEqual([2298, 1149, 2298]);
    expect(all[1]).toMatchObject({ discountCents: 1000, subtotalCents: 999 });
    const [row] = await ourRows(t, user.id);
    expect(row).toMatchObject({ nextDiscountCents: null });
    expect(row!.saveOfferAcceptedAt).not.toBeNull();

    // The offer was shown: cancelling again cancels, without it.
    const again = await cancel(user.cookie, 'ask');
    expect(again.body).toMatchObject({ outcome: 'cancelled', subscription: { cancelAtPeriodEnd: true } });
  });

  it('declined: cancelled at period end as before', async () => {
    const user = await member('Diane Décidée');
    await startAndPay(user.cookie, {});
    expect((await cancel(user.cookie, 'ask')).body.outcome).toBe('offer');
    const declined = await cancel(user.cookie, 'decline');
    expect(declined.body).toMatchObject({ outcome: 'cancelled', subscription: { cancelAtPeriodEnd: true } });
  });
});
