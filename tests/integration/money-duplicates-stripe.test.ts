// Two paid orders for one recorded course through the Stripe adapter (docs/decisions/0028-money-paths.md,
// path 3), on the local Stripe stand-in (tests/setup/stripe-account.ts): both PaymentIntents
// confirmed with a test card, both payment_intent.succeeded events sent to the webhook at the same
// moment, told twice. One purchase; the extra payment refunded once, in full, at Stripe; its
// refund.created settles our books.
import { and, eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, purchases, refunds } from '../../src/server/db/schema';
import { createCourse } from '../factories';
import { checkout, newKey, postWebhook, setProvince } from '../setup/payments';
import { newSignedInUser } from '../setup/auth-client';
import { startStripeAccount, TEST_CARDS, type StripeAccount } from '../setup/stripe-account';
import { createTestApp, type TestApp } from '../setup/test-app';
import { testNow } from '../setup/test-clock';

const ROUNDS = 5;
const KEYS = { secretKey: 'sk_test_toque_duplicates', publishableKey: 'pk_test_toque_duplicates', webhookSecret: 'whsec_toque_duplicates' };
const clock = testNow().getTime();
let t: TestApp;
let stripe: StripeAccount;

beforeAll(async () => {
  stripe = await startStripeAccount(KEYS);
  const url = new URL(stripe.url);
  t = await createTestApp({
    now: () => new Date(clock),
    config: { payments: { provider: 'stripe', ...KEYS, endpoint: { host: url.hostname, port: Number(url.port), protocol: 'http' } } },
  });
});
afterAll(async () => {
  await t.close();
  await stripe.close();
});

/** The buyer's browser confirming the PaymentIntent with a card (as Stripe.js does, with the publishable key). */
async function pay(payment: { paymentId: string; clientSecret: string }) {
  const form = new URLSearchParams({ key: KEYS.publishableKey, client_secret: payment.clientSecret, 'payment_method_data[card][number]': TEST_CARDS.success });
  const res = await fetch(`${stripe.url}/v1/payment_intents/${payment.paymentId}/confirm`, { method: 'POST', body: form });
  expect(res.status).toBe(200);
}

/** Every event Stripe made since `from`, each delivered `times` times, all at once, signed as Stripe signs. */
async function deliver(from: number, times = 1) {
  const events = stripe.events.slice(from);
  const sends = events.flatMap((e) => Array.from({ length: times }, () => e)).map((e) => {
    const body = JSON.stringify(e);
    return postWebhook(t, body, Stripe.webhooks.generateTestHeaderString({ payload: body, secret: KEYS.webhookSecret, timestamp: Math.floor(clock / 1000) }));
  });
  const answers = await Promise.all(sends);
  expect(answers.map((a) => a.status)).toEqual(sends.map(() => 200));
  return events.length;
}

describe('two paid orders for one recorded course, through Stripe', { timeout: 180_000 }, () => {
  it(`racing ${ROUNDS} times: one purchase, the extra payment refunded once at Stripe, in full`, async () => {
    const user = await newSignedInUser(t, 'Double Stripe');
    await setProvince(t, user.id, 'QC');
    for (let round = 0; round < ROUNDS; round++) {
      const course = await createCourse(t.db, { title: `Tarte aux bleuets ${round}`, isLive: false, priceCents: 3100 });
      const tabs = [
        await checkout(t, user.cookie, { idempotencyKey: newKey(), items: [{ courseId: course.id }] }),
        await checkout(t, user.cookie, { idempotencyKey: newKey(), items: [{ courseId: course.id }] }),
      ];
      expect(tabs.map((r) => r.status)).toEqual([201, 201]);
      const from = stripe.events.length;
      const refundsBefore = stripe.refunds.length;
      for (const tab of tabs) await pay(tab.body.payment!);
      // Both successes at once, each told twice.
      await deliver(from, 2);
      // The automatic refund was asked of Stripe after commit; its refund.created settles our books (told twice too).
      expect(stripe.refunds.length - refundsBefore).toBe(1);
      await deliver(from + 2, 2);

      const rows = await Promise.all(tabs.map(async (tab) => (await t.db.select().from(orders).where(eq(orders.id, tab.body.order.id)))[0]!));
      expect(rows.map((o) => o.status).sort()).toEqual(['paid', 'refunded']);
      const extra = rows.find((o) => o.status === 'refunded')!;
      const refund = stripe.refunds.at(-1)!;
      expect(refund).toMatchObject({ amount: extra.totalCents, payment_intent: extra.providerPaymentId });
      expect(await t.db.select().from(refunds).where(eq(refunds.orderId, extra.id))).toMatchObject([{ status: 'succeeded', totalCents: extra.totalCents, providerRefundId: refund.id }]);
      expect(await t.db.select().from(purchases).where(and(eq(purchases.userId, user.id), eq(purchases.courseId, course.id), eq(purchases.status, 'succeeded')))).toHaveLength(1);
    }
  });
});
