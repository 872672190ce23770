// Checklist P7, the reconciliation: the webhook's deliveries are lost (refused for a wrong secret
// until the processor gives up), then the daily run reads the processor's events and applies what
// no delivery did: the order is paid and its course granted, a second run finds no drift, a late
// delivery is a duplicate. Runs are claimed once a day across instances; a payment or a
// subscription the shop does not know is listed for the operator. The Stripe adapter's listing is
// checked against a local stand-in of api.stripe.com.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentReconciliations, purchases } from '../../src/server/db/schema';
import { asSandbox, createPaymentProvider } from '../../src/server/integrations/payments';
import { createSandboxDelivery } from '../../src/server/integrations/payments/sandbox';
import { createStripeProvider } from '../../src/server/integrations/payments/stripe';
import { createPaymentReconciliation } from '../../src/server/modules/payments/reconciliation';
import { createPaymentService } from '../../src/server/modules/payments/service';
import { createCourse } from '../factories';
import { newSignedInUser } from '../setup/auth-client';
import { appSender, checkout, confirm, deliverEvents, getOrder, setProvince, SUCCESS_CARD } from '../setup/payments';
import { startStripeApi } from '../setup/stripe-api';
import { createTestApp, type TestApp } from '../setup/test-app';
import { testNow } from '../setup/test-clock';

const HOUR = 60 * 60 * 1000;
let clock = testNow().getTime();
let t: TestApp;
let courseId: string;

beforeAll(async () => {
  t = await createTestApp({ now: () => new Date(clock) });
  courseId = (await createCourse(t.db, { title: 'Pâté chinois revisité', isLive: false, priceCents: 2500 })).id;
});
afterAll(() => t.close());

function reconciliation() {
  const provider = createPaymentProvider(t.deps);
  return createPaymentReconciliation(t.deps, provider, createPaymentService(t.deps, provider));
}

/** A learner pays at the processor; every delivery of its events is refused (a wrong secret) until the processor gives up. */
async function paidButNeverDelivered() {
  const user = await newSignedInUser(t, 'Rachel Rapprochée');
  await setProvince(t, user.id, 'QC');
  const { body } = await checkout(t, user.cookie, { items: [{ courseId }] });
  expect((await confirm(t, user.cookie, body.payment!, SUCCESS_CARD)).body.error).toBeNull();
  const statuses: number[] = [];
  const wrongSecret = createSandboxDelivery(t.deps, { url: 'http://toque.test/api/payments/webhook', secret: 'whsec_pas_le_bon_secret', maxAttempts: 1 });
  await wrongSecret.deliverDue({ send: appSender(t, statuses) });
  expect(statuses.length).toBeGreaterThan(0);
  expect(statuses.every((s) => s === 400)).toBe(true);
  return { user, orderId: body.order.id };
}

const statusOf = async (cookie: string, orderId: string) => (await getOrder(t, cookie, orderId)).body.order.status;
const purchasesOf = (userId: string) => t.db.select().from(purchases).where(eq(purchases.userId, userId));

describe('the reconciliation (P7)', () => {
  it('applies the events no delivery brought: the order is paid once, a second run finds no drift, a late delivery is a duplicate', async () => {
    const { user, orderId } = await paidButNeverDelivered();
    expect(await statusOf(user.cookie, orderId)).not.toBe('paid');
    expect(await purchasesOf(user.id)).toHaveLength(0);

    clock += HOUR;
    const first = await reconciliation().reconcile();
    expect(first).toMatchObject({ error: null, eventsFailed: 0 });
    expect(first!.eventsApplied).toBeGreaterThan(0);
    expect(await statusOf(user.cookie, orderId)).toBe('paid');
    expect(await purchasesOf(user.id)).toHaveLength(1);

    clock += HOUR;
    const second = await reconciliation().reconcile();
    expect(second).toMatchObject({ error: null, eventsApplied: 0, eventsFailed: 0, anomalies: [] });
    // It read back to the first run's start (an hour before it): the same events, all applied already.
    expect(second!.since.getTime()).toBe(clock - 2 * HOUR);
    expect(second!.eventsListed).toBeGreaterThanOrEqual(first!.eventsListed);

    // The processor's own retry, much later, with the right secret: nothing happens twice.
    await t.db.execute(`UPDATE sandbox_events SET next_attempt_at = now(), attempts = 0 WHERE delivered_at IS NULL`);
    const late = await deliverEvents(t);
    expect(late.statuses.every((s) => s === 200)).toBe(true);
    expect(await purchasesOf(user.id)).toHaveLength(1);
    expect(await statusOf(user.cookie, orderId)).toBe('paid');

    const [recorded] = await t.db.select().from(paymentReconciliations).where(eq(paymentReconciliations.eventsApplied, first!.eventsApplied));
    expect(recorded).toMatchObject({ provider: 'sandbox', eventsFailed: 0, error: null });
    expect(recorded!.finishedAt).not.toBeNull();
  });

  it('runs once a day across instances: two at once claim one run; the next is due 20 hours after', async () => {
    clock += 48 * HOUR;
    const [a, b] = await Promise.all([reconciliation().runIfDue(), reconciliation().runIfDue()]);
    expect([a, b].filter(Boolean)).toHaveLength(1);
    clock += 19 * HOUR;
    expect(await reconciliation().runIfDue()).toBeNull();
    clock += 2 * HOUR;
    expect(await reconciliation().runIfDue()).not.toBeNull();
  });

  it("lists for the operator a payment the processor took for no order of the shop's", async () => {
    const provider = createPaymentProvider(t.deps);
    const stray = await provider.createPayment({
      orderId: randomUUID(),
      amountCents: 1234,
      currency: 'CAD',
      description: 'Paiement fait à la main',
      customerEmail: 'inconnu@exemple.test',
      idempotencyKey: `main-${randomUUID()}`,
      metadata: {},
    });
    await asSandbox(provider)!.confirm(stray.paymentId, stray.clientSecret, SUCCESS_CARD);
    clock += HOUR;
    const report = await reconciliation().reconcile();
    expect(report!.anomalies).toContain(`Paiement ${stray.paymentId} réussi chez le fournisseur sans commande Toque.`);
  });
});

describe("the Stripe adapter's event list", () => {
  it('asks the Events API for the types acted on since the date, every page, and gives them oldest first', async () => {
    const api = await startStripeApi();
    try {
      const event = (id: string, created: number, pi: string) => ({
        id,
        object: 'event',
        type: 'payment_intent.succeeded',
        created,
        data: { object: { id: pi, object: 'payment_intent', amount: 2875, amount_received: 2875, metadata: { order_id: randomUUID() } } },
      });
      api.on('GET', '/v1/events', (req) =>
        req.form.starting_after
          ? { body: { object: 'list', url: '/v1/events', has_more: false, data: [event('evt_1', 1_700_000_000, 'pi_1')] } }
          : { body: { object: 'list', url: '/v1/events', has_more: true, data: [event('evt_3', 1_700_000_200, 'pi_3'), event('evt_2', 1_700_000_100, 'pi_2')] } },
      );
      const stripe = createStripeProvider(
        { secretKey: 'sk_test_rapprochement', publishableKey: 'pk_test_toque', webhookSecret: 'whsec_test' },
        { now: () => new Date(clock), endpoint: api.endpoint, maxNetworkRetries: 0 },
      );
      const since = new Date('2023-11-14T00:00:00Z');
      const events = await stripe.listEvents(since);
      expect(events.map((e) => e.id)).toEqual(['evt_1', 'evt_2', 'evt_3']);
      expect(events[0]).toMatchObject({ type: 'payment.succeeded', paymentId: 'pi_1', amountCents: 2875 });
      const [firstPage, secondPage] = api.requests;
      expect(firstPage!.form['created[gte]']).toBe(String(since.getTime() / 1000));
      expect(firstPage!.form['types[0]']).toBe('payment_intent.succeeded');
      expect(secondPage!.form.starting_after).toBe('evt_2');
    } finally {
      await api.close();
    }
  });
});
