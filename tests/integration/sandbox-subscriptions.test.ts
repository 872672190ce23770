// The sandbox processor's subscriptions, on its own side (the shop's is tested elsewhere): created
// idempotently, the first invoice paid by the card form in the payment's transaction, renewals
// billed on each subscription's test clock (one invoice per period), Stripe's 0341 card refused at
// renewal → past_due → retries at +3 and +7 days → canceled, cancellation at period end, two
// billing runs at once never billing a period twice, and the admin's test-clock route. The events
// are read from the processor's outbox (sandbox_events) and through the same parser as Stripe's.
import { randomUUID } from 'node:crypto';
import { addMonths } from 'date-fns';
import { asc, eq, gt } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SandboxTestClockResponse } from '@shared/schemas/subscription';
import { sandboxEvents, sandboxInvoices, sandboxPaymentIntents, sandboxSubscriptions } from '../../src/server/db/schema';
import { asSandbox, createPaymentProvider } from '../../src/server/integrations/payments';
import type { PaymentEvent } from '../../src/server/integrations/payments/port';
import { createSandboxBilling, runSandboxBilling } from '../../src/server/integrations/payments/sandbox/billing';
import type { SandboxProvider } from '../../src/server/integrations/payments/sandbox';
import { toPaymentEvent, type StripeEventLike } from '../../src/server/integrations/payments/stripe-events';
import { setRole } from '../factories';
import { newSignedInUser, send } from '../setup/auth-client';
import { DECLINED_CARD, newKey, SUCCESS_CARD } from '../setup/payments';
import { createTestApp, type TestApp } from '../setup/test-app';
import { until } from '../setup/until';

const DAY = 86_400_000;
const RENEWALS_DECLINED_CARD = { ...SUCCESS_CARD, number: '4000 0000 0000 0341' } as const;

let clock = Date.parse('2026-03-10T14:00:00Z');
let t: TestApp;
let sandbox: SandboxProvider;

beforeAll(async () => {
  t = await createTestApp({ now: () => new Date(clock) });
  sandbox = asSandbox(createPaymentProvider(t.deps))!;
});
afterAll(() => t.close());

const subRow = async (id: string) => (await t.db.select().from(sandboxSubscriptions).where(eq(sandboxSubscriptions.id, id)))[0]!;
const invoicesOf = (id: string) => t.db.select().from(sandboxInvoices).where(eq(sandboxInvoices.subscriptionId, id)).orderBy(asc(sandboxInvoices.periodStart));
const intentRow = async (id: string) => (await t.db.select().from(sandboxPaymentIntents).where(eq(sandboxPaymentIntents.id, id)))[0]!;

async function lastSequence(): Promise<number> {
  const rows = await t.db.select({ sequence: sandboxEvents.sequence }).from(sandboxEvents);
  return rows.reduce((max, r) => Math.max(max, r.sequence), 0);
}

/** The events queued since `after`, in order, as the shop's webhook will read them. */
async function eventsSince(after: number) {
  const rows = await t.db.select().from(sandboxEvents).where(gt(sandboxEvents.sequence, after)).orderBy(asc(sandboxEvents.sequence));
  return rows.map((r) => ({ type: r.type, payload: r.payload as StripeEventLike, parsed: toPaymentEvent(r.payload as StripeEventLike) }));
}

/** Only the events about one subscription (other tests' subscriptions bill in the same runs). */
function about(events: Awaited<ReturnType<typeof eventsSince>>, subscriptionId: string) {
  return events.filter((e) => JSON.stringify(e.payload.data.object).includes(subscriptionId));
}

async function newSubscription(opts: { userId?: string; email?: string; amountCents?: number } = {}) {
  const key = newKey();
  const orderId = randomUUID();
  const created = await sandbox.createSubscription({
    amountCents: opts.amountCents ?? 2298,
    currency: 'CAD',
    description: 'Abonnement mensuel Toque',
    customerEmail: opts.email ?? `membre-${key}@exemple.ca`,
    idempotencyKey: key,
    metadata: { user_id: opts.userId ?? `user-${key}`, order_id: orderId },
  });
  return { ...created, key, orderId };
}

/** A subscription whose first invoice the card paid, at the current clock. */
async function activeSubscription(card: unknown = SUCCESS_CARD, opts: { userId?: string; email?: string } = {}) {
  const created = await newSubscription(opts);
  const answer = await sandbox.confirm(created.paymentId, created.clientSecret, card as typeof SUCCESS_CARD);
  expect(answer).toEqual({ status: 'succeeded', error: null });
  return created;
}

describe('createSubscription', () => {
  it('makes an incomplete subscription, its open first invoice and its payment, once per key', async () => {
    const before = await lastSequence();
    const created = await newSubscription({ email: 'camille@exemple.ca' });
    expect(created.subscription).toMatchObject({ status: 'incomplete', cancelAtPeriodEnd: false, endedAt: null });
    expect(created.subscription.subscriptionId).toMatch(/^sub_sb_/);
    expect(created.subscription.customerId).toMatch(/^cus_sb_/);
    expect(created.invoiceId).toMatch(/^in_sb_/);
    expect(created.clientSecret.startsWith(`${created.paymentId}_secret_`)).toBe(true);

    const [invoice] = await invoicesOf(created.subscription.subscriptionId);
    expect(invoice).toMatchObject({ id: created.invoiceId, status: 'open', billingReason: 'subscription_create', amount: 2298, paymentIntentId: created.paymentId, attemptCount: 0 });
    const pi = await intentRow(created.paymentId);
    expect(pi).toMatchObject({ amount: 2298, currency: 'cad', status: 'requires_payment_method', invoiceId: created.invoiceId });
    expect(pi.metadata).toEqual({ user_id: created.subscription.metadata.user_id, order_id: created.orderId, subscription_id: created.subscription.subscriptionId });

    const again = await sandbox.createSubscription({
      amountCents: 2298,
      currency: 'CAD',
      description: 'Abonnement mensuel Toque',
      customerEmail: 'camille@exemple.ca',
      idempotencyKey: created.key,
      metadata: created.subscription.metadata,
    });
    expect(again).toEqual({ subscription: created.subscription, invoiceId: created.invoiceId, paymentId: created.paymentId, clientSecret: created.clientSecret });
    const events = await eventsSince(before);
    expect(events.map((e) => e.type)).toEqual(['customer.subscription.created']);
    expect(events[0]!.parsed).toEqual({ id: events[0]!.payload.id, type: 'subscription.changed', subscriptionId: created.subscription.subscriptionId });

    // The same person subscribing again is the same customer, as at Stripe.
    const second = await newSubscription({ email: 'camille@exemple.ca' });
    expect(second.subscription.customerId).toBe(created.subscription.customerId);
  });

  it('refuses the same key with other parameters, and two concurrent creates with one key make one subscription', async () => {
    const created = await newSubscription();
    await expect(
      sandbox.createSubscription({
        amountCents: 9999,
        currency: 'CAD',
        description: 'Abonnement mensuel Toque',
        customerEmail: 'autre@exemple.ca',
        idempotencyKey: created.key,
        metadata: created.subscription.metadata,
      }),
    ).rejects.toMatchObject({ code: 'PAYMENT_PROVIDER_ERROR', message: "Cette clé d'idempotence a déjà servi pour un autre abonnement." });

    const key = newKey();
    const input = { amountCents: 2298, currency: 'CAD' as const, description: 'Abonnement mensuel Toque', customerEmail: 'duo@exemple.ca', idempotencyKey: key, metadata: { user_id: 'u-duo', order_id: randomUUID() } };
    const [a, b] = await Promise.all([sandbox.createSubscription(input), sandbox.createSubscription(input)]);
    expect(a.subscription.subscriptionId).toBe(b.subscription.subscriptionId);
    expect(a.paymentId).toBe(b.paymentId);
    expect(await t.db.select().from(sandboxSubscriptions).where(eq(sandboxSubscriptions.idempotencyKey, key))).toHaveLength(1);
  });
});

describe('the first payment', () => {
  it('paid: invoice paid, subscription active for one calendar month from the payment, events in order', async () => {
    const created = await newSubscription();
    const subscriptionId = created.subscription.subscriptionId;
    const before = await lastSequence();
    clock += 5 * 60_000; // paid five minutes after the checkout
    expect(await sandbox.confirm(created.paymentId, created.clientSecret, SUCCESS_CARD)).toEqual({ status: 'succeeded', error: null });

    const now = new Date(clock);
    expect(await sandbox.retrieveSubscription(subscriptionId)).toMatchObject({ status: 'active', currentPeriodStart: now, currentPeriodEnd: addMonths(now, 1), cancelAtPeriodEnd: false });
    const [invoice] = await invoicesOf(subscriptionId);
    expect(invoice).toMatchObject({ status: 'paid', attemptCount: 1, periodStart: now, periodEnd: addMonths(now, 1) });
    expect(await subRow(subscriptionId)).toMatchObject({ renewalOutcome: 'succeeds', brand: 'visa', last4: '4242' });

    const events = await eventsSince(before);
    expect(events.map((e) => e.type)).toEqual(['payment_intent.succeeded', 'invoice.paid', 'customer.subscription.updated']);
    expect(events[0]!.parsed).toMatchObject({ type: 'payment.succeeded', paymentId: created.paymentId, orderId: created.orderId, amountCents: 2298 });
    expect(events[1]!.parsed).toEqual({
      id: events[1]!.payload.id,
      type: 'invoice.paid',
      invoiceId: created.invoiceId,
      subscriptionId,
      paymentId: created.paymentId,
      amountCents: 2298,
      billingReason: 'subscription_create',
      periodStart: new Date(Math.floor(clock / 1000) * 1000),
      periodEnd: new Date(Math.floor(addMonths(now, 1).getTime() / 1000) * 1000),
      method: { type: 'card', brand: 'visa', last4: '4242' },
    } satisfies PaymentEvent);
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- Stripe's JSON shape, walked by the assertions below
    const subscription = events[2]!.payload.data.object as Record<string, any>;
    expect(subscription).toMatchObject({ object: 'subscription', status: 'active', latest_invoice: created.invoiceId, cancel_at_period_end: false });
    expect(subscription.items.data[0].current_period_end).toBe(subscription.current_period_end);
    expect(events[2]!.parsed).toMatchObject({ type: 'subscription.changed', subscriptionId });

    // A confirmation repeated (its answer lost) gets the same answer and settles nothing twice.
    clock += 60_000;
    expect(await sandbox.confirm(created.paymentId, created.clientSecret, SUCCESS_CARD)).toEqual({ status: 'succeeded', error: null });
    expect(await eventsSince(before)).toHaveLength(3);
    expect(await invoicesOf(subscriptionId)).toEqual([invoice]);
    expect(await sandbox.retrieveSubscription(subscriptionId)).toMatchObject({ status: 'active', currentPeriodStart: now, currentPeriodEnd: addMonths(now, 1) });
  });

  it('refused: the invoice stays open (another card may pay it), the subscription incomplete; invoice.payment_failed in French', async () => {
    const created = await newSubscription();
    const subscriptionId = created.subscription.subscriptionId;
    const before = await lastSequence();
    expect(await sandbox.confirm(created.paymentId, created.clientSecret, DECLINED_CARD)).toEqual({ status: 'failed', error: 'Votre carte a été refusée.' });
    expect((await sandbox.retrieveSubscription(subscriptionId)).status).toBe('incomplete');
    expect((await invoicesOf(subscriptionId))[0]).toMatchObject({ status: 'open', attemptCount: 1, nextPaymentAttempt: null });
    const events = await eventsSince(before);
    expect(events.map((e) => e.type)).toEqual(['payment_intent.payment_failed', 'invoice.payment_failed']);
    expect(events[1]!.parsed).toEqual({
      id: events[1]!.payload.id,
      type: 'invoice.payment_failed',
      invoiceId: created.invoiceId,
      subscriptionId,
      message: 'Votre carte a été refusée.',
      nextAttemptAt: null,
    });

    // Then a good card pays it.
    expect(await sandbox.confirm(created.paymentId, created.clientSecret, SUCCESS_CARD)).toEqual({ status: 'succeeded', error: null });
    expect((await sandbox.retrieveSubscription(subscriptionId)).status).toBe('active');
    expect((await invoicesOf(subscriptionId))[0]).toMatchObject({ status: 'paid', attemptCount: 2 });
  });
});

describe('renewals on the test clock', () => {
  it('a clock moved three months ahead bills three periods, one paid invoice each, contiguous', async () => {
    const created = await activeSubscription();
    const subscriptionId = created.subscription.subscriptionId;
    const firstEnd = (await subRow(subscriptionId)).currentPeriodEnd!;
    const before = await lastSequence();

    // Not yet due: nothing happens.
    await sandbox.advanceClock(subscriptionId, 1);
    await sandbox.runBilling();
    expect(await invoicesOf(subscriptionId)).toHaveLength(1);

    const { clockNow } = await sandbox.advanceClock(subscriptionId, 91);
    await sandbox.runBilling();
    const invoices = await invoicesOf(subscriptionId);
    const starts = [firstEnd, addMonths(firstEnd, 1), addMonths(firstEnd, 2)];
    expect(invoices.slice(1).map((i) => [i.billingReason, i.status, i.periodStart.toISOString(), i.periodEnd.toISOString(), i.attemptCount])).toEqual(
      starts.map((s) => ['subscription_cycle', 'paid', s.toISOString(), addMonths(s, 1).toISOString(), 1]),
    );
    expect(addMonths(firstEnd, 3).getTime()).toBeGreaterThan(clockNow.getTime());
    const sub = await sandbox.retrieveSubscription(subscriptionId);
    expect(sub).toMatchObject({ status: 'active', currentPeriodStart: starts[2], currentPeriodEnd: addMonths(starts[2]!, 1) });

    const events = about(await eventsSince(before), subscriptionId);
    expect(events.map((e) => e.type)).toEqual(Array.from({ length: 3 }, () => ['payment_intent.succeeded', 'invoice.paid', 'customer.subscription.updated']).flat());
    const paid = events.filter((e) => e.parsed.type === 'invoice.paid').map((e) => e.parsed as Extract<PaymentEvent, { type: 'invoice.paid' }>);
    expect(paid.map((p) => [p.billingReason, p.periodStart.toISOString(), p.amountCents])).toEqual(starts.map((s) => ['subscription_cycle', s.toISOString(), 2298]));
    expect(paid.every((p) => p.method?.last4 === '4242' && p.paymentId?.startsWith('pi_sb_'))).toBe(true);
    // A renewal's payment names no order and is left to its invoice: the shop makes the period's order from invoice.paid.
    const renewalPayments = events.filter((e) => e.type === 'payment_intent.succeeded');
    expect(renewalPayments.map((e) => (e.payload.data.object.metadata as Record<string, string>).order_id)).toEqual([undefined, undefined, undefined]);
    expect(renewalPayments.map((e) => e.parsed.type)).toEqual(['ignored', 'ignored', 'ignored']);

    // Running again bills nothing more.
    const again = await lastSequence();
    await sandbox.runBilling();
    expect(about(await eventsSince(again), subscriptionId)).toEqual([]);
  });

  it('4000 0000 0000 0341: paid at first, renewal declined → past_due, retried at +3 and +7 days, then canceled', async () => {
    const created = await activeSubscription(RENEWALS_DECLINED_CARD);
    const subscriptionId = created.subscription.subscriptionId;
    expect((await subRow(subscriptionId)).renewalOutcome).toBe('declined');
    const periodEnd = (await subRow(subscriptionId)).currentPeriodEnd!;
    const days = Math.ceil((periodEnd.getTime() - clock) / DAY);

    let before = await lastSequence();
    await sandbox.advanceClock(subscriptionId, days);
    await sandbox.runBilling();
    let sub = await sandbox.retrieveSubscription(subscriptionId);
    // As Stripe: the period moves on even though it is unpaid; access stays while past_due.
    expect(sub).toMatchObject({ status: 'past_due', currentPeriodStart: periodEnd, currentPeriodEnd: addMonths(periodEnd, 1) });
    let renewal = (await invoicesOf(subscriptionId))[1]!;
    expect(renewal).toMatchObject({ status: 'open', billingReason: 'subscription_cycle', attemptCount: 1, nextPaymentAttempt: new Date(periodEnd.getTime() + 3 * DAY) });
    let events = about(await eventsSince(before), subscriptionId);
    expect(events.map((e) => e.type)).toEqual(['payment_intent.payment_failed', 'invoice.payment_failed', 'customer.subscription.updated']);
    expect(events[1]!.parsed).toMatchObject({
      type: 'invoice.payment_failed',
      invoiceId: renewal.id,
      subscriptionId,
      message: 'Votre carte a été refusée.',
      nextAttemptAt: new Date(periodEnd.getTime() + 3 * DAY),
    });

    before = await lastSequence();
    await sandbox.advanceClock(subscriptionId, 3);
    await sandbox.runBilling();
    renewal = (await invoicesOf(subscriptionId))[1]!;
    expect(renewal).toMatchObject({ status: 'open', attemptCount: 2, nextPaymentAttempt: new Date(periodEnd.getTime() + 7 * DAY) });
    expect((await sandbox.retrieveSubscription(subscriptionId)).status).toBe('past_due');
    events = about(await eventsSince(before), subscriptionId);
    // The subscription did not change: no subscription event.
    expect(events.map((e) => e.type)).toEqual(['payment_intent.payment_failed', 'invoice.payment_failed']);

    before = await lastSequence();
    await sandbox.advanceClock(subscriptionId, 4);
    await sandbox.runBilling();
    sub = await sandbox.retrieveSubscription(subscriptionId);
    expect(sub).toMatchObject({ status: 'canceled', endedAt: new Date(periodEnd.getTime() + 7 * DAY) });
    expect((await invoicesOf(subscriptionId))[1]).toMatchObject({ status: 'uncollectible', attemptCount: 3, nextPaymentAttempt: null });
    events = about(await eventsSince(before), subscriptionId);
    expect(events.map((e) => e.type)).toEqual(['payment_intent.payment_failed', 'invoice.payment_failed', 'customer.subscription.deleted']);
    expect(events[1]!.parsed).toMatchObject({ type: 'invoice.payment_failed', nextAttemptAt: null });

    // Canceled: no more invoices however far the clock goes.
    await sandbox.advanceClock(subscriptionId, 90);
    await sandbox.runBilling();
    expect(await invoicesOf(subscriptionId)).toHaveLength(2);
  });

  it('a clock moved past every retry at once: all three tries in one run, in order, then canceled', async () => {
    const created = await activeSubscription(RENEWALS_DECLINED_CARD);
    const subscriptionId = created.subscription.subscriptionId;
    const before = await lastSequence();
    await sandbox.advanceClock(subscriptionId, 80);
    await sandbox.runBilling();
    expect((await sandbox.retrieveSubscription(subscriptionId)).status).toBe('canceled');
    expect(await invoicesOf(subscriptionId)).toHaveLength(2);
    expect(about(await eventsSince(before), subscriptionId).map((e) => e.type)).toEqual([
      'payment_intent.payment_failed',
      'invoice.payment_failed',
      'customer.subscription.updated',
      'payment_intent.payment_failed',
      'invoice.payment_failed',
      'payment_intent.payment_failed',
      'invoice.payment_failed',
      'customer.subscription.deleted',
    ]);
  });

  it('a past_due subscription whose retry is paid is active again', async () => {
    const created = await activeSubscription(RENEWALS_DECLINED_CARD);
    const subscriptionId = created.subscription.subscriptionId;
    await sandbox.advanceClock(subscriptionId, 32);
    await sandbox.runBilling();
    expect((await sandbox.retrieveSubscription(subscriptionId)).status).toBe('past_due');
    // The member's card now accepts the charge (as if updated at the bank).
    await t.db.update(sandboxSubscriptions).set({ renewalOutcome: 'succeeds' }).where(eq(sandboxSubscriptions.id, subscriptionId));
    const before = await lastSequence();
    await sandbox.advanceClock(subscriptionId, 3);
    await sandbox.runBilling();
    expect((await sandbox.retrieveSubscription(subscriptionId)).status).toBe('active');
    expect((await invoicesOf(subscriptionId))[1]).toMatchObject({ status: 'paid', attemptCount: 2 });
    expect(about(await eventsSince(before), subscriptionId).map((e) => e.type)).toEqual(['payment_intent.succeeded', 'invoice.paid', 'customer.subscription.updated']);
  });
});

describe('cancellation at period end', () => {
  it('is idempotent, keeps access until the end, then ends the subscription without billing', async () => {
    const created = await activeSubscription();
    const subscriptionId = created.subscription.subscriptionId;
    const periodEnd = (await subRow(subscriptionId)).currentPeriodEnd!;
    const before = await lastSequence();
    const cancelled = await sandbox.cancelSubscriptionAtPeriodEnd(subscriptionId);
    expect(cancelled).toMatchObject({ status: 'active', cancelAtPeriodEnd: true, currentPeriodEnd: periodEnd, endedAt: null });
    expect(await sandbox.cancelSubscriptionAtPeriodEnd(subscriptionId)).toEqual(cancelled);
    let events = about(await eventsSince(before), subscriptionId);
    expect(events.map((e) => e.type)).toEqual(['customer.subscription.updated']);
    expect(events[0]!.payload.data.object).toMatchObject({ cancel_at_period_end: true, canceled_at: Math.floor(clock / 1000) });

    await sandbox.advanceClock(subscriptionId, 40);
    await sandbox.runBilling();
    expect(await sandbox.retrieveSubscription(subscriptionId)).toMatchObject({ status: 'canceled', endedAt: periodEnd });
    expect(await invoicesOf(subscriptionId)).toHaveLength(1);
    events = about(await eventsSince(before), subscriptionId);
    expect(events.map((e) => e.type)).toEqual(['customer.subscription.updated', 'customer.subscription.deleted']);

    await expect(sandbox.cancelSubscriptionAtPeriodEnd(subscriptionId)).rejects.toMatchObject({ code: 'NO_SUBSCRIPTION_TO_CANCEL' });
    await expect(sandbox.cancelSubscriptionAtPeriodEnd('sub_sb_inconnu')).rejects.toMatchObject({ code: 'NO_SUBSCRIPTION_TO_CANCEL' });
  });
});

describe('billing runs at once', () => {
  it('never bill one period twice (rows locked, skipped by the other runs)', async () => {
    const subs = await Promise.all([activeSubscription(), activeSubscription(), activeSubscription(RENEWALS_DECLINED_CARD)]);
    for (const s of subs) await sandbox.advanceClock(s.subscription.subscriptionId, 70);
    const before = await lastSequence();
    const other = createSandboxBilling(t.deps);
    await Promise.all([runSandboxBilling(t.deps), runSandboxBilling(t.deps), other.runOnce(), other.runOnce(), sandbox.runBilling()]);
    for (const [i, s] of subs.entries()) {
      const invoices = await invoicesOf(s.subscription.subscriptionId);
      // Two renewals for the good cards; one (refused three times, then canceled) for 0341.
      expect(invoices).toHaveLength(i < 2 ? 3 : 2);
      const starts = invoices.map((inv) => inv.periodStart.getTime());
      expect(new Set(starts).size).toBe(starts.length);
      const events = about(await eventsSince(before), s.subscription.subscriptionId);
      expect(events.filter((e) => e.type === 'invoice.paid')).toHaveLength(i < 2 ? 2 : 0);
      expect(events.filter((e) => e.type === 'invoice.payment_failed')).toHaveLength(i < 2 ? 0 : 3);
    }
  });

  it('the started worker bills a due period on its own, then stops', async () => {
    const { subscription } = await activeSubscription();
    await sandbox.advanceClock(subscription.subscriptionId, 31);
    expect(await invoicesOf(subscription.subscriptionId)).toHaveLength(1);
    const worker = createSandboxBilling(t.deps, { intervalMs: 10 });
    worker.start();
    try {
      await until('the renewal billed by the worker', () => invoicesOf(subscription.subscriptionId), (invoices) => invoices.length === 2);
    } finally {
      // Resolves once the run under way, if any, is over: nothing of it is left to touch the database.
      await worker.stop();
    }
    expect(await sandbox.retrieveSubscription(subscription.subscriptionId)).toMatchObject({ status: 'active' });
  });
});

describe('POST /api/payments/sandbox/test-clock', () => {
  it('is for the admin only: 401 for a visitor, 403 for a learner', async () => {
    const body = { email: 'personne@exemple.ca', days: 31 };
    expect((await send(t, 'POST', '/api/payments/sandbox/test-clock', { body })).status).toBe(401);
    const learner = await newSignedInUser(t, 'Léa Apprenante');
    const res = await send(t, 'POST', '/api/payments/sandbox/test-clock', { cookie: learner.cookie, body });
    expect(res.status).toBe(403);
  });

  it("moves the clock of that person's latest subscription and bills at once", async () => {
    const admin = await newSignedInUser(t, 'Cheffe Admin');
    await setRole(t.db, admin.id, 'admin');
    const member = await newSignedInUser(t, 'Marc Membre');
    await activeSubscription(SUCCESS_CARD, { userId: member.id, email: member.email });
    clock += 1000;
    const latest = await activeSubscription(SUCCESS_CARD, { userId: member.id, email: member.email });
    const subscriptionId = latest.subscription.subscriptionId;

    const res = await send(t, 'POST', '/api/payments/sandbox/test-clock', { cookie: admin.cookie, body: { email: member.email.toUpperCase(), days: 31 } });
    expect(res.status).toBe(200);
    const body = (await res.json()) as SandboxTestClockResponse;
    expect(body).toEqual({ subscriptionId, clockNow: new Date(clock + 31 * DAY).toISOString() });
    const invoices = await invoicesOf(subscriptionId);
    expect(invoices.map((i) => [i.billingReason, i.status])).toEqual([
      ['subscription_create', 'paid'],
      ['subscription_cycle', 'paid'],
    ]);

    const none = await send(t, 'POST', '/api/payments/sandbox/test-clock', { cookie: admin.cookie, body: { email: 'inconnu@exemple.ca', days: 31 } });
    expect(none.status).toBe(404);
    expect(((await none.json()) as { error: { message: string } }).error.message).toBe('Aucun abonnement du bac à sable pour cette adresse.');

    const bad = await send(t, 'POST', '/api/payments/sandbox/test-clock', { cookie: admin.cookie, body: { email: 'pas-un-courriel', days: 0 } });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: { fields: Record<string, string> } }).error.fields).toMatchObject({ email: 'Adresse courriel invalide.' });
  });

  it('does not exist when Stripe is the provider', async () => {
    const stripeApp = await createTestApp({
      config: { payments: { provider: 'stripe', secretKey: 'sk_test_x', publishableKey: 'pk_test_x', webhookSecret: 'whsec_x' } },
    });
    try {
      const admin = await newSignedInUser(stripeApp, 'Cheffe Admin');
      await setRole(stripeApp.db, admin.id, 'admin');
      const res = await send(stripeApp, 'POST', '/api/payments/sandbox/test-clock', { cookie: admin.cookie, body: { email: admin.email, days: 3 } });
      expect(res.status).toBe(404);
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe('ROUTE_NOT_FOUND');
    } finally {
      await stripeApp.close();
    }
  });
});
