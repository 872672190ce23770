// More paths of docs/decisions/0028-money-paths.md raced for real: several deliveries or requests at
// the same moment, on the real database and the real sandbox, several rounds each. Whichever wins,
// one outcome, and the money counted once:
// - a payment's processing / failed / succeeded events delivered at once, in any order (path 7);
// - the sweep that asks again for never-asked refunds, run by two instances at once (path 13);
// - an account's deletion at the moment its order's payment lands (path 20).
import { randomBytes } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderLines, orders, purchases, refunds, sandboxRefunds } from '../../src/server/db/schema';
import { createRefundRetry, planRefund } from '../../src/server/modules/refunds/automatic';
import { createCourse } from '../factories';
import { newSignedInUser, send } from '../setup/auth-client';
import { captureDueEvents, checkout, confirm, deliverEvents, newKey, postWebhook, setProvince, sign, SUCCESS_CARD } from '../setup/payments';
import { createTestApp, type TestApp } from '../setup/test-app';
import { testNow } from '../setup/test-clock';
import { sandboxOf } from './subscriptions-helpers';

const ROUNDS = 10;
const MINUTE = 60_000;
let clock = testNow().getTime();
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ now: () => new Date(clock) });
});
afterAll(() => t.close());

const orderRow = async (id: string) => (await t.db.select().from(orders).where(eq(orders.id, id)))[0]!;
const refundsOf = (orderId: string) => t.db.select().from(refunds).where(eq(refunds.orderId, orderId));

async function learner(name: string) {
  const user = await newSignedInUser(t, name);
  await setProvince(t, user.id, 'QC');
  return user;
}

/** A copy of a payment_intent event as another type (its own id, signed now). */
function variant(body: string, type: 'payment_intent.processing' | 'payment_intent.payment_failed') {
  const event = JSON.parse(body) as { id: string; type: string; data: { object: Record<string, unknown> } };
  const object =
    type === 'payment_intent.processing'
      ? { ...event.data.object, status: 'processing', amount_received: 0, latest_charge: null }
      : { ...event.data.object, status: 'requires_payment_method', amount_received: 0, latest_charge: null, last_payment_error: { code: 'card_declined', decline_code: 'generic_decline' } };
  const copy = JSON.stringify({ ...event, id: `evt_variant_${randomBytes(8).toString('hex')}`, type, data: { object } });
  return { body: copy, signature: sign(t, copy) };
}

const shuffled = <T,>(items: T[], round: number) => (round % 2 === 0 ? items : [...items].reverse());

describe('several deliveries at the same moment', { timeout: 240_000 }, () => {
  it(`payment.processing and payment.failed racing payment.succeeded (any order, ${ROUNDS} times): paid once, granted once, nothing refunded`, async () => {
    const user = await learner('Olivier Pressé');
    for (let round = 0; round < ROUNDS; round++) {
      const course = await createCourse(t.db, { title: `Pâté chinois ${round}`, isLive: false, priceCents: 1900 });
      const made = await checkout(t, user.cookie, { idempotencyKey: newKey(), items: [{ courseId: course.id }] });
      expect((await confirm(t, user.cookie, made.body.payment!, SUCCESS_CARD)).body.status).toBe('succeeded');
      const [succeeded] = (await captureDueEvents(t)).filter((e) => (JSON.parse(e.body) as { type: string }).type === 'payment_intent.succeeded');
      const deliveries = shuffled(
        [
          { body: succeeded!.body, signature: succeeded!.headers['stripe-signature'] },
          variant(succeeded!.body, 'payment_intent.processing'),
          variant(succeeded!.body, 'payment_intent.payment_failed'),
          // The success told twice, as providers do.
          { body: succeeded!.body, signature: succeeded!.headers['stripe-signature'] },
        ],
        round,
      );
      const answers = await Promise.all(deliveries.map((d) => postWebhook(t, d.body, d.signature)));
      expect(answers.map((a) => a.status)).toEqual(deliveries.map(() => 200));

      const order = await orderRow(made.body.order.id);
      expect(order).toMatchObject({ status: 'paid', failureMessage: null });
      expect(await t.db.select().from(purchases).where(and(eq(purchases.userId, user.id), eq(purchases.courseId, course.id), eq(purchases.status, 'succeeded')))).toHaveLength(1);
      expect(await refundsOf(order.id)).toHaveLength(0);
    }
  });

  it(`the sweep of never-asked refunds run by two instances at once (${ROUNDS} times): each refund asked once, the money back once`, async () => {
    const course = await createCourse(t.db, { title: 'Soupe à l’oignon', isLive: false, priceCents: 3000 });
    const sandbox = sandboxOf(t);
    for (let round = 0; round < ROUNDS; round++) {
      // Paid at the sandbox for real (a refund needs a payment there), then refunds planned and never asked (a crash after commit).
      const made = await checkout(t, (await learner(`Acheteur ${round}`)).cookie, { idempotencyKey: newKey(), items: [{ courseId: course.id }] });
      expect((await sandbox.confirm(made.body.payment!.paymentId, made.body.payment!.clientSecret, { type: 'card', number: '4242424242424242', expiry: '12/34', cvc: '123' })).status).toBe('succeeded');
      await deliverEvents(t);
      const order = await orderRow(made.body.order.id);
      expect(order.status).toBe('paid');
      const planned = await t.db.transaction((tx) =>
        planRefund(tx, { orderId: order.id, lines: [{ orderLineId: made.body.order.lines[0]!.id }], reason: 'Test', createdBy: null, idempotencyKey: `sweep:${round}`, now: new Date(clock), provider: 'sandbox' }),
      );
      clock += 2 * MINUTE;

      const [a, b] = [createRefundRetry(t.deps, sandbox), createRefundRetry(t.deps, sandbox)];
      const swept = await Promise.all([a.sweep(), b.sweep()]);
      // Both may have asked; the provider made it once (our refund id is its key).
      expect(swept.reduce((x, y) => x + y, 0)).toBeGreaterThanOrEqual(1);
      expect(await t.db.select().from(sandboxRefunds).where(eq(sandboxRefunds.idempotencyKey, planned.id))).toHaveLength(1);
      await deliverEvents(t);

      expect(await refundsOf(order.id)).toMatchObject([{ id: planned.id, status: 'succeeded', totalCents: order.totalCents }]);
      const [line] = await t.db.select().from(orderLines).where(eq(orderLines.orderId, order.id));
      expect(line!.refundedCents).toBe(line!.amountCents);
      expect((await orderRow(order.id)).status).toBe('refunded');
    }
    // Nothing left unasked.
    expect(await t.db.select().from(refunds).where(and(eq(refunds.status, 'pending'), isNull(refunds.providerRefundId)))).toHaveLength(0);
  });

  it(`an account deleted at the moment its payment lands (${ROUNDS} times): either paid before the deletion, or refunded in full — never both, never twice`, async () => {
    const seen = new Set<string>();
    for (let round = 0; round < ROUNDS; round++) {
      const user = await learner(`Départ Précipité ${round}`);
      const course = await createCourse(t.db, { title: `Beignes ${round}`, isLive: false, priceCents: 1700 });
      const made = await checkout(t, user.cookie, { idempotencyKey: newKey(), items: [{ courseId: course.id }] });
      expect((await confirm(t, user.cookie, made.body.payment!, SUCCESS_CARD)).body.status).toBe('succeeded');
      const events = await captureDueEvents(t);
      const [deleted, ...answers] = await Promise.all([
        send(t, 'POST', '/api/account/delete', { cookie: user.cookie, body: { confirmation: 'SUPPRIMER' } }),
        ...events.map((e) => postWebhook(t, e.body, e.headers['stripe-signature'])),
      ]);
      expect(deleted!.status).toBe(200);
      expect(answers.map((a) => a.status)).toEqual(answers.map(() => 200));
      await deliverEvents(t);
      await deliverEvents(t);

      const order = await orderRow(made.body.order.id);
      const back = await refundsOf(order.id);
      seen.add(order.status);
      const held = await t.db.select().from(purchases).where(and(eq(purchases.userId, user.id), eq(purchases.status, 'succeeded')));
      if (order.status === 'paid') {
        // The payment got there first: bought before the deletion, kept with the tax records (the account is erased), nothing refunded.
        expect(back).toHaveLength(0);
        expect(held).toHaveLength(1);
      } else {
        // The deletion got there first: nothing granted, all of it back, once.
        expect(order.status).toBe('refunded');
        // Refunded by the deletion itself, or — when the payment's transaction lost the race and ran
        // again — by the rule for a payment landing on a closed order: either way once, in full.
        expect(back).toMatchObject([{ status: 'succeeded', totalCents: order.totalCents }]);
        expect([`deleted:${order.id}`, `closed:${order.id}`]).toContain(back[0]!.idempotencyKey);
        expect(held).toHaveLength(0);
      }
    }
    expect([...seen].every((s) => s === 'paid' || s === 'refunded')).toBe(true);
  });
});
