// A refund the bank sends back (the provider's refund.failed after it had succeeded) for a course the
// person bought AGAIN in the meantime: the refund's own line gets its money back, but never a second
// purchase of the course — that line is refunded again, in full, automatically, and the second
// purchase stays whole (docs/decisions/0028-money-paths.md, rule 2). On the real database and sandbox;
// the race version sends the bank's event and the second payment's event at the same moment.
import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RefundResponse } from '@shared/schemas/checkout';
import { orders, purchases, refunds, sandboxPaymentIntents, sandboxRefunds } from '../../src/server/db/schema';
import { OWNED_AGAIN_REASON } from '../../src/server/modules/refunds/events';
import { createCourse } from '../factories';
import { newSignedInUser, send } from '../setup/auth-client';
import { captureDueEvents, checkout, confirm, deliverEvents, newKey, postWebhook, setProvince, sign, SUCCESS_CARD } from '../setup/payments';
import { appWithAdmin, type SignedInAdmin } from '../setup/app-with-admin';
import type { TestApp } from '../setup/test-app';
import { testNow } from '../setup/test-clock';

const ROUNDS = 10;
const clock = testNow().getTime();
let t: TestApp;
let admin: SignedInAdmin;

beforeAll(async () => {
  ({ t, admin } = await appWithAdmin({ now: () => new Date(clock) }));
});
afterAll(() => t.close());

const orderRow = async (id: string) => (await t.db.select().from(orders).where(eq(orders.id, id)))[0]!;
const refundsOf = (orderId: string) => t.db.select().from(refunds).where(eq(refunds.orderId, orderId)).orderBy(refunds.createdAt);
const livePurchases = (userId: string, courseId: string) =>
  t.db.select().from(purchases).where(and(eq(purchases.userId, userId), eq(purchases.courseId, courseId), eq(purchases.status, 'succeeded')));

/** Money kept by the shop for an order: paid, less what actually went back. */
async function kept(orderId: string): Promise<number> {
  const order = await orderRow(orderId);
  if (!['paid', 'partially_refunded', 'refunded'].includes(order.status)) return 0;
  const back = (await refundsOf(orderId)).filter((r) => r.status === 'succeeded').reduce((sum, r) => sum + r.totalCents, 0);
  return order.totalCents - back;
}

/** Bought, then refunded by the admin (the refund landed): the course is gone. Returns the order and its refund. */
async function boughtThenRefunded(user: { id: string; cookie: string }, courseId: string) {
  const first = await checkout(t, user.cookie, { idempotencyKey: newKey(), items: [{ courseId }] });
  expect((await confirm(t, user.cookie, first.body.payment!, SUCCESS_CARD)).body.status).toBe('succeeded');
  await deliverEvents(t);
  const line = first.body.order.lines[0]!;
  const refunded = await send(t, 'POST', `/api/admin/orders/${first.body.order.id}/refunds`, { cookie: admin.cookie, body: { idempotencyKey: newKey(), lines: [{ orderLineId: line.id }] } });
  expect(refunded.status).toBe(201);
  await deliverEvents(t);
  expect((await orderRow(first.body.order.id)).status).toBe('refunded');
  return { order: first.body.order, refund: ((await refunded.json()) as RefundResponse).refund };
}

/** The bank sends the refund back: the provider's side (its refund failed, the money stayed with the payment), and its signed event. */
async function bankSendsBack(refundId: string, paymentId: string) {
  const [provider] = await t.db.select().from(sandboxRefunds).where(eq(sandboxRefunds.idempotencyKey, refundId));
  await t.db.update(sandboxRefunds).set({ status: 'failed' }).where(eq(sandboxRefunds.id, provider!.id));
  await t.db.update(sandboxPaymentIntents).set({ amountRefunded: 0 }).where(eq(sandboxPaymentIntents.id, paymentId));
  const body = JSON.stringify({
    id: `evt_bank_${randomBytes(8).toString('hex')}`,
    object: 'event',
    type: 'refund.failed',
    created: Math.floor(clock / 1000),
    data: { object: { id: provider!.id, object: 'refund', status: 'failed', payment_intent: paymentId, amount: provider!.amount, metadata: { refund_id: refundId } } },
  });
  return { body, signature: sign(t, body) };
}

describe('a refund the bank sends back after the course was bought again', { timeout: 180_000 }, () => {
  it('restores only its own line: the second purchase stays, the first line is refunded again in full', async () => {
    const user = await newSignedInUser(t, 'Rachat Prudent');
    await setProvince(t, user.id, 'QC');
    const course = await createCourse(t.db, { title: 'Tourtière du Lac', isLive: false, priceCents: 2500 });
    const first = await boughtThenRefunded(user, course.id);

    const second = await checkout(t, user.cookie, { idempotencyKey: newKey(), items: [{ courseId: course.id }] });
    expect((await confirm(t, user.cookie, second.body.payment!, SUCCESS_CARD)).body.status).toBe('succeeded');
    await deliverEvents(t);
    const [bought] = await livePurchases(user.id, course.id);
    expect(bought!.orderLineId).toBe(second.body.order.lines[0]!.id);

    const bank = await bankSendsBack(first.refund.id, (await orderRow(first.order.id)).providerPaymentId!);
    expect((await postWebhook(t, bank.body, bank.signature)).status).toBe(200);
    // The new refund was asked of the sandbox after commit; its events settle it.
    await deliverEvents(t);

    // One purchase: the second order's, untouched.
    expect(await livePurchases(user.id, course.id)).toMatchObject([{ id: bought!.id, orderLineId: second.body.order.lines[0]!.id }]);
    expect((await orderRow(second.body.order.id)).status).toBe('paid');
    expect(await refundsOf(second.body.order.id)).toHaveLength(0);
    // The first order: its refund failed, then given back again, in full, once.
    const back = await refundsOf(first.order.id);
    expect(back.map((r) => [r.status, r.idempotencyKey.startsWith('owned-again:')])).toEqual([
      ['failed', false],
      ['succeeded', true],
    ]);
    expect(back[1]).toMatchObject({ idempotencyKey: `owned-again:${first.refund.id}`, reason: OWNED_AGAIN_REASON, totalCents: first.order.totalCents });
    expect((await orderRow(first.order.id)).status).toBe('refunded');
    expect((await kept(first.order.id)) + (await kept(second.body.order.id))).toBe(second.body.order.totalCents);

    // The bank's event told again changes nothing more.
    expect((await postWebhook(t, bank.body, bank.signature)).status).toBe(200);
    await deliverEvents(t);
    expect(await refundsOf(first.order.id)).toHaveLength(2);
  });

  it(`racing ${ROUNDS} times with the second payment's event: one purchase, the course paid once`, async () => {
    const user = await newSignedInUser(t, 'Rachat Pressé');
    await setProvince(t, user.id, 'QC');
    for (let round = 0; round < ROUNDS; round++) {
      const course = await createCourse(t.db, { title: `Cipaille ${round}`, isLive: false, priceCents: 2700 });
      const first = await boughtThenRefunded(user, course.id);
      const second = await checkout(t, user.cookie, { idempotencyKey: newKey(), items: [{ courseId: course.id }] });
      expect((await confirm(t, user.cookie, second.body.payment!, SUCCESS_CARD)).body.status).toBe('succeeded');
      const payment = await captureDueEvents(t);
      const bank = await bankSendsBack(first.refund.id, (await orderRow(first.order.id)).providerPaymentId!);
      const answers = await Promise.all([postWebhook(t, bank.body, bank.signature), ...payment.map((e) => postWebhook(t, e.body, e.headers['stripe-signature']))]);
      expect(answers.map((a) => a.status).every((s) => s === 200)).toBe(true);
      await deliverEvents(t);
      await deliverEvents(t);

      // Whichever landed first, the person holds the course once and has paid for it once.
      expect(await livePurchases(user.id, course.id)).toHaveLength(1);
      expect((await kept(first.order.id)) + (await kept(second.body.order.id))).toBe(second.body.order.totalCents);
      const pending = [...(await refundsOf(first.order.id)), ...(await refundsOf(second.body.order.id))].filter((r) => r.status === 'pending');
      expect(pending).toHaveLength(0);
    }
  });
});
