// « Utiliser mon crédit » and refunds with « Crédit Toque », on the real database and the real
// sandbox: the credit pays first (after tax); when it covers everything the order is paid at once
// with no provider; when it does not, the card pays the rest; an order closed unpaid gives its
// credit back once; a refund gives the credit part back first, and the learner may take all of it
// as credit. After every test each balance equals the sum of its entries (docs/decisions/0038).
import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { orders, purchases, refunds } from '../../src/server/db/schema';
import { ORDER_PAYMENT_WINDOW_HOURS, orderCloseWorker } from '../../src/server/modules/checkout/abandon';
import { appendAlone, balance, entriesOfOrder } from '../../src/server/modules/credit/service';
import { planRefund, submitRefund } from '../../src/server/modules/refunds/automatic';
import { createCourse } from '../factories';
import { newSignedInUser, send } from '../setup/auth-client';
import { expectLedgersBalanced } from '../setup/credit-ledger';
import { checkout, confirm, deliverEvents, setProvince, SUCCESS_CARD } from '../setup/payments';
import { createTestApp, type TestApp } from '../setup/test-app';
import { testNow } from '../setup/test-clock';
import { sandboxOf } from './subscriptions-helpers';

const HOUR = 3_600_000;
let clock = testNow().getTime();
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ now: () => new Date(clock) });
});
afterAll(() => t.close());
afterEach(() => expectLedgersBalanced(t.db));

const key = () => `k-${randomBytes(6).toString('hex')}`;
const orderView = async (cookie: string, id: string) => ((await (await send(t, 'GET', `/api/orders/${id}`, { cookie })).json()) as { order: { receiptUrl: string | null } }).order;
const orderRow = async (id: string) => (await t.db.select().from(orders).where(eq(orders.id, id)))[0]!;

/** A learner in Québec with `credit` cents of « Crédit Toque », and a recorded course at 20,00 $ (23,00 $ with GST + QST). */
async function learnerWithCredit(credit: number) {
  const user = await newSignedInUser(t, 'Maude Crédit');
  await setProvince(t, user.id, 'QC');
  if (credit > 0) await appendAlone(t.db, { userId: user.id, amountCents: credit, kind: 'admin_credit', reason: 'Essai', idempotencyKey: key() });
  const course = await createCourse(t.db, { title: `Pâté chinois ${key()}`, isLive: false, priceCents: 2000 });
  return { user, course };
}

const ownsCourse = async (userId: string, courseId: string) =>
  (await t.db.select().from(purchases).where(and(eq(purchases.userId, userId), eq(purchases.courseId, courseId), eq(purchases.status, 'succeeded')))).length === 1;

describe('« Utiliser mon crédit » at checkout', { timeout: 60_000 }, () => {
  it('credit that covers all pays the order at once: no card, the course is theirs, the receipt as usual', async () => {
    const { user, course } = await learnerWithCredit(5000);
    const made = await checkout(t, user.cookie, { items: [{ courseId: course.id }], useCredit: true });
    expect(made.status).toBe(201);
    expect(made.body.payment).toBeNull();
    expect(made.body.order).toMatchObject({ status: 'paid', totalCents: 2300, creditAppliedCents: 2300 });
    expect(made.body.order.receiptUrl).toBeTruthy();
    const receipt = await (await send(t, 'GET', made.body.order.receiptUrl!, { cookie: user.cookie })).text();
    expect(receipt).toContain('Crédit Toque');
    expect(receipt).toContain('− 23,00');
    expect(await ownsCourse(user.id, course.id)).toBe(true);
    expect(await balance(t.db, user.id)).toBe(2700);
    // The same request again: the same order, no second spend.
    const again = await checkout(t, user.cookie, { items: [{ courseId: course.id }], useCredit: true, idempotencyKey: (await orderRow(made.body.order.id)).idempotencyKey });
    expect(again.status).toBe(200);
    expect(again.body.order.id).toBe(made.body.order.id);
    expect(await balance(t.db, user.id)).toBe(2700);
  });

  it('without « Utiliser mon crédit » the credit is left alone', async () => {
    const { user, course } = await learnerWithCredit(5000);
    const made = await checkout(t, user.cookie, { items: [{ courseId: course.id }] });
    expect(made.body.order.creditAppliedCents).toBe(0);
    expect(made.body.payment).not.toBeNull();
    expect(await balance(t.db, user.id)).toBe(5000);
  });

  it('credit that covers part: the card is asked for the rest, and the payment event pays the order', async () => {
    const { user, course } = await learnerWithCredit(1000);
    const made = await checkout(t, user.cookie, { items: [{ courseId: course.id }], useCredit: true });
    expect(made.body.order).toMatchObject({ status: 'pending', totalCents: 2300, creditAppliedCents: 1000 });
    expect(await balance(t.db, user.id)).toBe(0);
    expect((await confirm(t, user.cookie, made.body.payment!, SUCCESS_CARD)).body.status).toBe('succeeded');
    await deliverEvents(t);
    expect((await orderRow(made.body.order.id)).status).toBe('paid');
    expect(await ownsCourse(user.id, course.id)).toBe(true);
    // The receipt shows the split: « Crédit Toque − 10,00 », the card − 13,00.
    const receipt = await (await send(t, 'GET', (await orderView(user.cookie, made.body.order.id)).receiptUrl!, { cookie: user.cookie })).text();
    expect(receipt).toContain('− 10,00');
    expect(receipt).toContain('− 13,00');
  });

  it('an order closed unpaid gives its credit back, once', async () => {
    const { user, course } = await learnerWithCredit(1000);
    const made = await checkout(t, user.cookie, { items: [{ courseId: course.id }], useCredit: true });
    expect(await balance(t.db, user.id)).toBe(0);
    clock += ORDER_PAYMENT_WINDOW_HOURS * HOUR + 60_000;
    const close = orderCloseWorker(t.deps, sandboxOf(t));
    const job = { data: { orderId: made.body.order.id, closesAt: new Date(clock - 60_000).toISOString() } };
    expect(await close(job)).toBe('abandoned');
    expect(await close(job)).toBe('settled');
    expect((await orderRow(made.body.order.id)).status).toBe('canceled');
    expect(await balance(t.db, user.id)).toBe(1000);
    expect((await entriesOfOrder(t.db, made.body.order.id)).map((e) => [e.kind, e.amountCents])).toEqual([
      ['order_payment', -1000],
      ['order_payment_reversed', 1000],
    ]);
  });

  it('unticking « Utiliser mon crédit »: back to the order without credit, the one that held it is closed and gives it back, once', async () => {
    const { user, course } = await learnerWithCredit(1000);
    const items = [{ courseId: course.id }];
    const plain = await checkout(t, user.cookie, { items, idempotencyKey: 'plain-' + key() });
    const plainKey = (await orderRow(plain.body.order.id)).idempotencyKey;
    const withCredit = await checkout(t, user.cookie, { items, useCredit: true });
    expect(withCredit.body.order).toMatchObject({ status: 'pending', creditAppliedCents: 1000 });
    expect(await balance(t.db, user.id)).toBe(0);

    // The box unticked: the page asks for the first attempt again.
    const back = await checkout(t, user.cookie, { items, idempotencyKey: plainKey });
    expect(back.status).toBe(200);
    expect(back.body.order.id).toBe(plain.body.order.id);
    expect(back.body.payment).not.toBeNull();
    expect((await orderRow(withCredit.body.order.id)).status).toBe('canceled');
    expect(await balance(t.db, user.id)).toBe(1000);
    // Asked again, and the left order's close job later: nothing more comes back.
    await checkout(t, user.cookie, { items, idempotencyKey: plainKey });
    clock += ORDER_PAYMENT_WINDOW_HOURS * HOUR + 60_000;
    const close = orderCloseWorker(t.deps, sandboxOf(t));
    expect(await close({ data: { orderId: withCredit.body.order.id, closesAt: new Date(clock - 60_000).toISOString() } })).toBe('settled');
    expect(await balance(t.db, user.id)).toBe(1000);
    expect((await entriesOfOrder(t.db, withCredit.body.order.id)).map((e) => [e.kind, e.amountCents])).toEqual([
      ['order_payment', -1000],
      ['order_payment_reversed', 1000],
    ]);
  });

  it('a new attempt of the same courses lets an earlier one holding credit go, in its transaction, and spends that credit; another course\'s order keeps its own', async () => {
    const { user, course } = await learnerWithCredit(1500);
    const other = await createCourse(t.db, { title: `Tourtière ${key()}`, isLive: false, priceCents: 2000 });
    const first = await checkout(t, user.cookie, { items: [{ courseId: course.id }], useCredit: true });
    expect(first.body.order).toMatchObject({ status: 'pending', creditAppliedCents: 1500 });
    await appendAlone(t.db, { userId: user.id, amountCents: 500, kind: 'admin_credit', reason: 'Essai', idempotencyKey: key() });
    const elsewhere = await checkout(t, user.cookie, { items: [{ courseId: other.id }], useCredit: true });
    expect(elsewhere.body.order).toMatchObject({ status: 'pending', creditAppliedCents: 500 });
    expect(await balance(t.db, user.id)).toBe(0);

    const second = await checkout(t, user.cookie, { items: [{ courseId: course.id }], useCredit: true });
    expect(second.status).toBe(201);
    expect(second.body.order).toMatchObject({ status: 'pending', creditAppliedCents: 1500 });
    expect((await orderRow(first.body.order.id)).status).toBe('canceled');
    expect(await orderRow(elsewhere.body.order.id)).toMatchObject({ status: 'pending', creditAppliedCents: 500 });
    expect(await balance(t.db, user.id)).toBe(0);
  });
});

describe('refunds and « Crédit Toque »', { timeout: 60_000 }, () => {
  const refundLine = (orderId: string, lineId: string, idempotencyKey: string, toCredit = false) =>
    t.db.transaction((tx) => planRefund(tx, { orderId, lines: [{ orderLineId: lineId }], reason: 'Essai', createdBy: null, idempotencyKey, now: new Date(clock), provider: 'sandbox', toCredit }));

  it('an order paid wholly with credit is refunded to the credit at once, and only once', async () => {
    const { user, course } = await learnerWithCredit(2300);
    const made = await checkout(t, user.cookie, { items: [{ courseId: course.id }], useCredit: true });
    expect(await balance(t.db, user.id)).toBe(0);
    const k = key();
    const planned = await refundLine(made.body.order.id, made.body.order.lines[0]!.id, k);
    expect(planned).toMatchObject({ status: 'succeeded', creditCents: 2300, totalCents: 2300 });
    expect((await submitRefund(t.deps, sandboxOf(t), planned)).outcome).toBe('skipped');
    const again = await refundLine(made.body.order.id, made.body.order.lines[0]!.id, k);
    expect(again.id).toBe(planned.id);
    expect(await balance(t.db, user.id)).toBe(2300);
    expect((await orderRow(made.body.order.id)).status).toBe('refunded');
    expect(await ownsCourse(user.id, course.id)).toBe(false);
  });

  it('an order paid partly with credit gives the credit part back first, the card gets the rest', async () => {
    const { user, course } = await learnerWithCredit(1000);
    const made = await checkout(t, user.cookie, { items: [{ courseId: course.id }], useCredit: true });
    await confirm(t, user.cookie, made.body.payment!, SUCCESS_CARD);
    await deliverEvents(t);
    const planned = await refundLine(made.body.order.id, made.body.order.lines[0]!.id, key());
    expect(planned).toMatchObject({ status: 'pending', creditCents: 1000, totalCents: 2300 });
    expect(await balance(t.db, user.id)).toBe(1000);
    expect((await submitRefund(t.deps, sandboxOf(t), planned)).outcome).toBe('submitted');
    await deliverEvents(t);
    const [row] = await t.db.select().from(refunds).where(eq(refunds.id, planned.id));
    expect(row!.status).toBe('succeeded');
    expect((await orderRow(made.body.order.id)).status).toBe('refunded');
    expect(await balance(t.db, user.id)).toBe(1000);
  });

  it('« Recevoir un crédit Toque »: a card-paid order refunded as credit, immediate, with its credit note, safe to repeat', async () => {
    const { user, course } = await learnerWithCredit(0);
    const made = await checkout(t, user.cookie, { items: [{ courseId: course.id }] });
    await confirm(t, user.cookie, made.body.payment!, SUCCESS_CARD);
    await deliverEvents(t);
    const k = key();
    const [first, second] = await Promise.all([
      refundLine(made.body.order.id, made.body.order.lines[0]!.id, k, true).catch((e: unknown) => e),
      refundLine(made.body.order.id, made.body.order.lines[0]!.id, k, true).catch((e: unknown) => e),
    ]);
    const planned = [first, second].find((r) => (r as { id?: string }).id) as { id: string; status: string; creditCents: number };
    expect(planned).toMatchObject({ status: 'succeeded', creditCents: 2300 });
    expect(await balance(t.db, user.id)).toBe(2300);
    expect((await entriesOfOrder(t.db, made.body.order.id)).map((e) => e.kind)).toEqual(['refund_as_credit']);
    const [row] = await t.db.select().from(refunds).where(eq(refunds.id, planned.id));
    expect(row).toMatchObject({ status: 'succeeded', creditCents: 2300 });
    expect((await orderRow(made.body.order.id)).status).toBe('refunded');
  });
});
