// A membership's life from the provider's events, on the real sandbox with its per-subscription test
// clock: events delivered twice or backwards leave the provider's state; a renewal is a second paid
// order with its period and receipt; a refused renewal keeps access while past due, e-mails the
// member once per attempt, and ends the membership after the last try; cancellation at period end;
// a subscription made elsewhere; the member's tabs told of each change; the dashboard's receipts,
// one per paid period, newest first, only the viewer's own.
import { randomBytes } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHEF_TIME_ZONE } from '@shared/format';
import type { RealtimeEvent } from '@shared/schemas/events';
import type { MembershipReceiptView } from '@shared/schemas/subscription';
import { orders, subscriptions } from '../../src/server/db/schema';
import type { WebhookRequest } from '../../src/server/integrations/payments/sandbox';
import { QUEUES } from '../../src/server/jobs/queues';
import { newSignedInUser, send } from '../setup/auth-client';
import { captureDueEvents, confirm, deliverEvents, getOrder, postWebhook, setProvince, sign, SUCCESS_CARD } from '../setup/payments';
import { sseReader, type SseReader } from '../setup/sse';
import { createTestApp, type TestApp } from '../setup/test-app';
import { idle } from '../setup/until';
import { createCourse } from '../factories';
import { createPaidOrder } from '../factories/orders';
import {
  advance,
  cancelSubscription,
  getSubscription,
  isSubscriber,
  mailsTo,
  ourRows,
  postEvent,
  providerIdOf,
  sandboxOf,
  sandboxRow,
  subscribe,
  subscribeAndPay,
} from './subscriptions-helpers';

/** Stripe's test card whose later charges are declined (the first one succeeds). */
const RENEWALS_DECLINED_CARD = { ...SUCCESS_CARD, number: '4000 0000 0000 0341' } as const;
const FAILED_SUBJECT = 'Le renouvellement de votre abonnement Toque a échoué';

let t: TestApp;
const readers: SseReader[] = [];

beforeAll(async () => {
  t = await createTestApp();
  // E-mails go out through the job queue (the 'email.send' worker writes the outbox).
  await t.jobs.start();
});
afterAll(async () => {
  for (const r of readers) await r.close();
  await t.close();
});

async function member(name = 'Marc Membre') {
  const user = await newSignedInUser(t, name);
  await setProvince(t, user.id, 'QC');
  return user;
}

/**
 * The member's renewal-failure e-mails in the outbox, once the job queue has sent all the e-mails it
 * holds (the events were delivered, so theirs are queued): a duplicate would be there too. The
 * membership's other e-mails (started, renewed) are not these.
 */
async function failureMails(email: string) {
  await idle(t.jobs, [QUEUES.emailSend]);
  return (await mailsTo(t, email)).filter((m) => m.subject === FAILED_SUBJECT);
}

const ordersOf = (userId: string) => t.db.select().from(orders).where(eq(orders.userId, userId)).orderBy(asc(orders.createdAt), asc(orders.number));

const capture = () => captureDueEvents(t);

async function replay(req: WebhookRequest) {
  const res = await t.request(new URL(req.url).pathname, { method: 'POST', headers: req.headers, body: req.body });
  return { status: res.status, outcome: ((await res.json()) as { outcome: string }).outcome };
}

/** The same event content under another event id (a provider may send one change as two events). */
async function resendAsNewEvent(req: WebhookRequest) {
  const event = JSON.parse(req.body) as { id: string };
  const body = JSON.stringify({ ...event, id: `evt_copie_${randomBytes(6).toString('hex')}` });
  const res = await postWebhook(t, body, sign(t, body));
  return res.status;
}

/** Stripe-format events carry times in whole seconds. */
const seconds = (d: Date | string) => Math.floor(new Date(d).getTime() / 1000);

const typeOf = (req: WebhookRequest) => (JSON.parse(req.body) as { type: string }).type;

describe('events duplicated and out of order', () => {
  it('delivered backwards, then all again: the provider’s state, one paid order', async () => {
    const user = await member();
    const started = await subscribe(t, user.cookie);
    await confirm(t, user.cookie, started.body.payment, SUCCESS_CARD);
    const events = await capture();
    expect(events.map(typeOf)).toEqual(
      expect.arrayContaining(['payment_intent.succeeded', 'invoice.paid', 'customer.subscription.updated']),
    );
    for (const e of [...events].reverse()) expect((await replay(e)).status).toBe(200);
    for (const e of events) expect(await replay(e)).toEqual({ status: 200, outcome: 'duplicate' });
    for (const e of events) expect(await resendAsNewEvent(e)).toBe(200);

    expect((await getSubscription(t, user.cookie)).body).toMatchObject({ isSubscriber: true, current: { status: 'active' } });
    const all = await ordersOf(user.id);
    expect(all).toHaveLength(1);
    expect(all[0]).toMatchObject({ status: 'paid', paymentMethodLast4: '4242' });
    expect(await ourRows(t, user.id)).toHaveLength(1);
  });

  it('a late event about an older state writes the current one (the state is read fresh)', async () => {
    const user = await member();
    await subscribeAndPay(t, user.cookie, SUCCESS_CARD);
    const id = await providerIdOf(t, user.id);
    await cancelSubscription(t, user.cookie);
    await deliverEvents(t);
    // A 'created' event, arriving only now, carries the subscription as it was at creation.
    const stale = await postEvent(t, 'customer.subscription.created', { id, object: 'subscription', status: 'incomplete', cancel_at_period_end: false });
    expect(stale.status).toBe(200);
    expect((await getSubscription(t, user.cookie)).body.current).toMatchObject({ status: 'active', cancelAtPeriodEnd: true });
  });
});

describe('renewals', () => {
  it('a paid renewal is a second paid order for the next period, with its receipt; replays add none', async () => {
    const user = await member('Renée Renouvelée');
    const { order: first } = await subscribeAndPay(t, user.cookie, SUCCESS_CARD);
    const id = await providerIdOf(t, user.id);
    const before = await sandboxRow(t, id);

    const sandbox = sandboxOf(t);
    await sandbox.advanceClock(id, 31);
    await sandbox.runBilling();
    const events = await capture();
    for (const e of events) expect((await replay(e)).status).toBe(200);
    // The same invoice again, under other event ids: still one order for it.
    for (const e of events.filter((e) => typeOf(e) === 'invoice.paid')) expect(await resendAsNewEvent(e)).toBe(200);

    const all = await ordersOf(user.id);
    expect(all).toHaveLength(2);
    const renewal = all[1]!;
    expect(renewal).toMatchObject({
      status: 'paid',
      subscriptionId: all[0]!.subscriptionId,
      totalCents: first.totalCents,
      taxCents: first.taxCents,
      province: 'QC',
      providerInvoiceId: expect.stringMatching(/^in_sb_/),
      paymentMethodBrand: 'visa',
    });
    expect(seconds(renewal.periodStart!)).toBe(seconds(before.currentPeriodEnd!));
    expect(renewal.periodEnd!.getTime()).toBeGreaterThan(renewal.periodStart!.getTime() + 27 * 86_400_000);

    const view = (await getOrder(t, user.cookie, renewal.id)).body.order;
    expect(view.lines).toHaveLength(1);
    expect(view.lines[0]!.description).toMatch(/^Abonnement mensuel Toque — du \d{1,2} \S+( \d{4})? au \d{1,2} \S+ \d{4}$/);
    expect(view.taxLines.map((l) => l.amountCents)).toEqual(first.taxLines.map((l) => l.amountCents));
    expect(view.taxLines.every((l) => l.lineIds.every((lineId) => lineId === view.lines[0]!.id))).toBe(true);
    const receipt = await send(t, 'GET', view.receiptUrl!, { cookie: user.cookie });
    expect(receipt.status).toBe(200);
    const html = await receipt.text();
    expect(html).toContain('Période');
    expect(html).toContain(view.lines[0]!.description.replace('Abonnement mensuel Toque — ', ''));

    const after = (await getSubscription(t, user.cookie)).body;
    expect(after).toMatchObject({ isSubscriber: true, current: { status: 'active' } });
    expect(seconds(after.current!.currentPeriodEnd!)).toBe(seconds(renewal.periodEnd!));
    expect(await failureMails(user.email)).toHaveLength(0);
  });

  it('a refused renewal: past due keeps access, one e-mail per attempt however often told, then the end', async () => {
    const user = await member('Félix Refusé');
    await subscribeAndPay(t, user.cookie, RENEWALS_DECLINED_CARD);
    const id = await providerIdOf(t, user.id);
    expect(await isSubscriber(t, user.cookie)).toBe(true);

    const sandbox = sandboxOf(t);
    await sandbox.advanceClock(id, 31);
    await sandbox.runBilling();
    const events = await capture();
    const failure = events.find((e) => typeOf(e) === 'invoice.payment_failed')!;
    expect(failure).toBeDefined();
    for (const e of events) expect((await replay(e)).status).toBe(200);
    expect(await replay(failure)).toEqual({ status: 200, outcome: 'duplicate' });
    expect(await resendAsNewEvent(failure)).toBe(200);

    // Past due, with a period end in the future: still a subscriber (spec §4).
    expect((await getSubscription(t, user.cookie)).body).toMatchObject({ isSubscriber: true, canCancel: true, current: { status: 'past_due' } });
    expect(await isSubscriber(t, user.cookie)).toBe(true);
    expect(await ordersOf(user.id)).toHaveLength(1);

    const mails = await failureMails(user.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe(FAILED_SUBJECT);
    expect(mails[0]!.text).toContain('Votre carte a été refusée.');
    expect(mails[0]!.text).toContain("vous gardez l'accès");
    expect(mails[0]!.text).toMatch(/Prochaine tentative de paiement : le \d{1,2} \S+ \d{4}\./);
    expect(mails[0]!.text).toContain('vérifiez que votre carte est valide');
    expect(mails[0]!.text).toContain('/abonne/tableau-de-bord');

    // The second try (3 days on) fails too: a second e-mail. The last (7 days) ends it.
    await advance(t, id, 3);
    expect(await failureMails(user.email)).toHaveLength(2);
    expect(await isSubscriber(t, user.cookie)).toBe(true);
    await advance(t, id, 5);
    const last = await failureMails(user.email);
    expect(last).toHaveLength(3);
    expect(last.find((m) => m.text.includes("C'était la dernière tentative"))).toBeDefined();
    expect((await getSubscription(t, user.cookie)).body).toMatchObject({ isSubscriber: false, canCancel: false, current: { status: 'canceled' } });
    expect(await isSubscriber(t, user.cookie)).toBe(false);
    expect((await cancelSubscription(t, user.cookie)).body.error?.code).toBe('NO_SUBSCRIPTION_TO_CANCEL');
    // Nothing more: the next run has nothing to bill, no e-mail comes.
    await advance(t, id, 30);
    expect(await failureMails(user.email)).toHaveLength(3);
    // And the person may subscribe again.
    expect((await subscribe(t, user.cookie)).status).toBe(201);
  });
});

describe('cancelling', () => {
  it('at period end: access stays until then, the dashboard says so, then it ends', async () => {
    const user = await member('Annie Annule');
    await subscribeAndPay(t, user.cookie, SUCCESS_CARD);
    const id = await providerIdOf(t, user.id);

    const cancelled = await cancelSubscription(t, user.cookie);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.subscription).toMatchObject({ status: 'active', cancelAtPeriodEnd: true });
    // Asked again (a second click): the same answer, nothing more.
    expect((await cancelSubscription(t, user.cookie)).body.subscription).toMatchObject({ cancelAtPeriodEnd: true });
    await deliverEvents(t);
    expect((await getSubscription(t, user.cookie)).body).toMatchObject({ isSubscriber: true, canCancel: false, current: { status: 'active', cancelAtPeriodEnd: true } });
    expect(await isSubscriber(t, user.cookie)).toBe(true);

    await advance(t, id, 31);
    const ended = (await getSubscription(t, user.cookie)).body;
    expect(ended).toMatchObject({ isSubscriber: false, canCancel: false, current: { status: 'canceled' } });
    expect(ended.current!.endedAt).not.toBeNull();
    expect(await isSubscriber(t, user.cookie)).toBe(false);
    // No renewal was charged.
    expect(await ordersOf(user.id)).toHaveLength(1);
    const again = await cancelSubscription(t, user.cookie);
    expect(again.status).toBe(409);
    expect(again.body.error).toMatchObject({ code: 'NO_SUBSCRIPTION_TO_CANCEL', message: 'Aucun abonnement à annuler.' });
  });

  it('409 NO_SUBSCRIPTION_TO_CANCEL without a subscription, or with an unpaid one', async () => {
    const none = await member();
    expect((await cancelSubscription(t, none.cookie)).body.error?.code).toBe('NO_SUBSCRIPTION_TO_CANCEL');
    const unpaid = await member();
    await subscribe(t, unpaid.cookie);
    const res = await cancelSubscription(t, unpaid.cookie);
    expect(res.status).toBe(409);
    expect(res.body.error?.code).toBe('NO_SUBSCRIPTION_TO_CANCEL');
  });
});

describe('a subscription made elsewhere', () => {
  it('is recorded for the person its metadata names, from its events', async () => {
    const user = await member('Edith Ailleurs');
    const sandbox = sandboxOf(t);
    const made = await sandbox.createSubscription({
      amountCents: 2298,
      currency: 'CAD',
      description: 'Abonnement mensuel Toque',
      customerEmail: user.email,
      idempotencyKey: `ailleurs-${randomBytes(6).toString('hex')}`,
      metadata: { user_id: user.id },
    });
    await sandbox.confirm(made.paymentId, made.clientSecret, SUCCESS_CARD);
    await deliverEvents(t);
    const rows = await ourRows(t, user.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ providerSubscriptionId: made.subscription.subscriptionId, status: 'active' });
    expect(await isSubscriber(t, user.cookie)).toBe(true);
  });

  it('an event about a subscription of nobody we know is acknowledged and changes nothing', async () => {
    const sandbox = sandboxOf(t);
    const made = await sandbox.createSubscription({
      amountCents: 2298,
      currency: 'CAD',
      description: 'Abonnement mensuel Toque',
      customerEmail: 'inconnu@exemple.ca',
      idempotencyKey: `inconnu-${randomBytes(6).toString('hex')}`,
      metadata: { user_id: 'personne-inconnue' },
    });
    const res = await postEvent(t, 'customer.subscription.updated', { id: made.subscription.subscriptionId, object: 'subscription' });
    expect(res).toMatchObject({ status: 200, body: { outcome: 'processed' } });
    expect(await t.db.select().from(subscriptions).where(eq(subscriptions.providerSubscriptionId, made.subscription.subscriptionId))).toHaveLength(0);
  });
});

describe("the member's tabs", () => {
  it('hear each change of status or scheduled cancellation, with the previous status', async () => {
    const user = await member('Tania Onglet');
    const res = await send(t, 'GET', '/api/events', { cookie: user.cookie, headers: { accept: 'text/event-stream' } });
    expect(res.status).toBe(200);
    const tab = sseReader(res);
    readers.push(tab);
    expect((await tab.next()).retry).toBe(3000);
    // The subscription's own events; the in-app notifications sent beside them are tested in notification-events.test.ts.
    const next = async (): Promise<RealtimeEvent> => {
      const event = JSON.parse((await tab.nextEvent(5000)).data) as RealtimeEvent;
      return event.type === 'notification.created' ? next() : event;
    };

    const { order } = await subscribeAndPay(t, user.cookie, SUCCESS_CARD);
    const [row] = await ourRows(t, user.id);
    expect(order).toBeDefined();
    // The provider's creation event (incomplete, as our row already was) changes nothing to announce.
    expect(await next()).toEqual({ type: 'subscription.updated', subscriptionId: row!.id, status: 'active', previousStatus: 'incomplete', cancelAtPeriodEnd: false });
    await cancelSubscription(t, user.cookie);
    expect(await next()).toEqual({ type: 'subscription.updated', subscriptionId: row!.id, status: 'active', previousStatus: 'active', cancelAtPeriodEnd: true });
    await advance(t, await providerIdOf(t, user.id), 31);
    expect(await next()).toEqual({ type: 'subscription.updated', subscriptionId: row!.id, status: 'canceled', previousStatus: 'active', cancelAtPeriodEnd: true });
  });
});

it('orders of one subscription are never confused with another person’s', async () => {
  const a = await member();
  const b = await member();
  await subscribeAndPay(t, a.cookie, SUCCESS_CARD);
  await subscribeAndPay(t, b.cookie, SUCCESS_CARD);
  await advance(t, await providerIdOf(t, a.id), 31);
  expect(await ordersOf(a.id)).toHaveLength(2);
  expect(await ordersOf(b.id)).toHaveLength(1);
  const [subA] = await ourRows(t, a.id);
  const own = await t.db.select().from(orders).where(and(eq(orders.subscriptionId, subA!.id), eq(orders.userId, a.id)));
  expect(own).toHaveLength(2);
});

describe("the dashboard's receipts", () => {
  // The receipt states the period in the chef's time zone: 'du 3 mars au 3 avril 2026'.
  const dayMonth = new Intl.DateTimeFormat('fr-CA', { day: 'numeric', month: 'long', timeZone: CHEF_TIME_ZONE });
  const dayMonthYear = new Intl.DateTimeFormat('fr-CA', { day: 'numeric', month: 'long', year: 'numeric', timeZone: CHEF_TIME_ZONE });

  async function expectReceiptPage(cookie: string, receipt: MembershipReceiptView) {
    for (const url of [receipt.receiptUrl, receipt.receiptPdfUrl]) {
      expect((await send(t, 'GET', url, { cookie })).status).toBe(200);
    }
    const html = await (await send(t, 'GET', receipt.receiptUrl, { cookie })).text();
    const start = new Date(receipt.periodStart!);
    const end = new Date(receipt.periodEnd!);
    expect(html).toContain('Période');
    expect(html).toContain(`au ${dayMonthYear.format(end)}`);
    expect(html).toMatch(new RegExp(`du ${dayMonth.format(start)}( \\d{4})? au`));
    expect(html).toContain(String(receipt.number));
  }

  it('one per paid period, newest first, each with its period and receipt; never another person’s', async () => {
    const a = await member('Rita Reçu');
    const b = await member('Bruno Autre');

    // Nothing paid yet: none; an unpaid checkout adds none either.
    expect((await getSubscription(t, a.cookie)).body.receipts).toEqual([]);
    const bStarted = await subscribe(t, b.cookie);
    expect((await getSubscription(t, b.cookie)).body.receipts).toEqual([]);

    const { order: first } = await subscribeAndPay(t, a.cookie, SUCCESS_CARD);
    // A paid course order is a receipt of Mes Achats, not of the membership.
    const course = await createCourse(t.db);
    await createPaidOrder(t.db, { user: { id: a.id }, items: [{ courseId: course.id, description: 'Un cours', amountCents: 4900 }] });

    const id = await providerIdOf(t, a.id);
    const period1 = await sandboxRow(t, id);
    const once = (await getSubscription(t, a.cookie)).body.receipts;
    expect(once).toHaveLength(1);
    expect(once[0]).toEqual({
      orderId: first.id,
      number: first.number,
      status: 'paid',
      periodStart: expect.any(String),
      periodEnd: expect.any(String),
      totalCents: first.totalCents,
      paidAt: expect.any(String),
      receiptUrl: `/documents/recu/${first.id}`,
      receiptPdfUrl: `/documents/recu/${first.id}/pdf`,
    });
    // The first period is the one the provider's first invoice paid.
    expect(seconds(once[0]!.periodStart!)).toBe(seconds(period1.currentPeriodStart!));
    expect(seconds(once[0]!.periodEnd!)).toBe(seconds(period1.currentPeriodEnd!));
    await expectReceiptPage(a.cookie, once[0]!);

    // B pays too, then A's membership renews.
    await confirm(t, b.cookie, bStarted.body.payment, SUCCESS_CARD);
    await deliverEvents(t);
    const res = await send(t, 'GET', '/api/events', { cookie: a.cookie, headers: { accept: 'text/event-stream' } });
    const tab = sseReader(res);
    readers.push(tab);
    expect((await tab.next()).retry).toBe(3000);
    await advance(t, id, 31);
    // The status stays active, yet the open dashboard is told to read again (its new receipt).
    const [row] = await ourRows(t, a.id);
    expect(JSON.parse((await tab.nextEvent(5000)).data)).toEqual({
      type: 'subscription.updated',
      subscriptionId: row!.id,
      status: 'active',
      previousStatus: 'active',
      cancelAtPeriodEnd: false,
    });
    const twice = (await getSubscription(t, a.cookie)).body.receipts;
    expect(twice).toHaveLength(2);
    expect(twice[1]).toEqual(once[0]);
    const renewal = twice[0]!;
    expect(renewal.orderId).not.toBe(first.id);
    expect(renewal).toMatchObject({ status: 'paid', totalCents: first.totalCents });
    expect(renewal.number).toBeGreaterThan(first.number);
    expect(seconds(renewal.periodStart!)).toBe(seconds(once[0]!.periodEnd!));
    expect(seconds(renewal.periodEnd!)).toBe(seconds((await sandboxRow(t, id)).currentPeriodEnd!));
    await expectReceiptPage(a.cookie, renewal);

    // B sees B's one receipt only, and A's receipts are not B's to read.
    const bReceipts = (await getSubscription(t, b.cookie)).body.receipts;
    expect(bReceipts).toHaveLength(1);
    expect(twice.map((r) => r.orderId)).not.toContain(bReceipts[0]!.orderId);
    for (const r of twice) expect((await send(t, 'GET', r.receiptUrl, { cookie: b.cookie })).status).toBe(404);
  });
});
