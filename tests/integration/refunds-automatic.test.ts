// The site's own refunds (refunds/automatic.ts) on the real database and the real sandbox: planned
// inside a caller's transaction with the admin's rules, once per key; asked of the provider after
// commit; and, when the server stopped before asking, asked by the retry sweep — once.
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../src/server/http/app-error';
import { createPaymentProvider } from '../../src/server/integrations/payments';
import { orders, refunds, sandboxRefunds } from '../../src/server/db/schema';
import { createRefundRetry, planRefund, submitRefund } from '../../src/server/modules/refunds/automatic';
import { createCourse } from '../factories';
import { createPaidOrder } from '../factories/orders';
import { newSignedInUser } from '../setup/auth-client';
import { deliverEvents } from '../setup/payments';
import { createTestApp, type TestApp } from '../setup/test-app';
import { testNow } from '../setup/test-clock';

const MINUTE = 60_000;
let clock = testNow().getTime();
let t: TestApp;
let buyer: { id: string; email: string };
let courses: { bread: string; macarons: string };

beforeAll(async () => {
  t = await createTestApp({ now: () => new Date(clock) });
  buyer = await newSignedInUser(t, 'Camille Gagnon');
  courses = {
    bread: (await createCourse(t.db, { title: 'Pain au levain', isLive: false, priceCents: 4999 })).id,
    macarons: (await createCourse(t.db, { title: 'Macarons', isLive: false, priceCents: 2500 })).id,
  };
});
afterAll(() => t.close());

async function paidOrder() {
  const order = await createPaidOrder(t.db, {
    user: buyer,
    paidAt: new Date(clock),
    items: [
      { courseId: courses.bread, description: 'Pain au levain', amountCents: 4999 },
      { courseId: courses.macarons, description: 'Macarons', amountCents: 2500 },
    ],
  });
  return order;
}

const plan = (orderId: string, lines: { orderLineId: string; amountCents?: number }[], idempotencyKey: string) =>
  t.db.transaction((tx) =>
    planRefund(tx, { orderId, lines, reason: 'Séance annulée', createdBy: null, idempotencyKey, now: new Date(clock), provider: 'sandbox' }),
  );

describe('planRefund', () => {
  it('plans what is left on a line, taxes in proportion, once per key', async () => {
    const order = await paidOrder();
    const line = order.lines[0]!;
    const first = await plan(order.id, [{ orderLineId: line.id }], 'cancel:a');
    expect(first).toMatchObject({ status: 'pending', created: true, providerRefundId: null, paymentId: expect.stringMatching(/^pi_sb_/) });
    expect(first.lines).toEqual([{ orderLineId: line.id, amountCents: 4999 }]);
    // Québec: 5 % GST and 9,975 % QST of 49,99, in proportion of what was charged.
    const [row] = await t.db.select().from(refunds).where(eq(refunds.id, first.id));
    expect(row).toMatchObject({ subtotalCents: 4999, reason: 'Séance annulée', createdBy: null });
    expect(row!.totalCents).toBe(4999 + row!.taxCents);

    const again = await plan(order.id, [{ orderLineId: line.id }], 'cancel:a');
    expect(again).toMatchObject({ id: first.id, created: false });
    // A pending refund holds its amount: nothing is left on that line for another key.
    await expect(plan(order.id, [{ orderLineId: line.id }], 'cancel:b')).rejects.toMatchObject({ code: 'REFUND_TOO_LARGE' });
  });

  it('refuses an order not paid, a line of another order, or another provider’s order', async () => {
    const order = await paidOrder();
    const other = await paidOrder();
    await expect(plan(order.id, [{ orderLineId: other.lines[0]!.id }], 'x:1')).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: { 'lines.0.orderLineId': "Cette ligne n'appartient pas à cette commande." },
    });
    const pending = await createPaidOrder(t.db, { user: buyer, status: 'pending', items: [{ courseId: courses.bread, description: 'Pain', amountCents: 4999 }] });
    await expect(plan(pending.id, [{ orderLineId: pending.lines[0]!.id }], 'x:2')).rejects.toBeInstanceOf(AppError);
    await t.db.update(orders).set({ provider: 'stripe' }).where(eq(orders.id, order.id));
    await expect(plan(order.id, [{ orderLineId: order.lines[0]!.id }], 'x:3')).rejects.toMatchObject({ code: 'REFUND_NOT_ALLOWED' });
    // Nothing was written by the refusals.
    expect(await t.db.select().from(refunds).where(eq(refunds.orderId, order.id))).toHaveLength(0);
  });
});

describe('submitRefund and the retry sweep', () => {
  it('a refund never asked (the server stopped after commit) is asked by the sweep once, then settled by its event', async () => {
    const provider = createPaymentProvider(t.deps);
    const order = await paidOrder();
    const planned = await plan(order.id, [{ orderLineId: order.lines[0]!.id }, { orderLineId: order.lines[1]!.id }], 'session:1');
    const retry = createRefundRetry(t.deps, provider);

    // Too young: its own request may still be under way.
    expect(await retry.sweep()).toBe(0);
    clock += 2 * MINUTE;
    // Every refund left unasked in this file (the earlier tests' too), this one among them.
    const unasked = await t.db.select().from(refunds).where(and(eq(refunds.status, 'pending'), isNull(refunds.providerRefundId)));
    expect(unasked.map((r) => r.id)).toContain(planned.id);
    expect(await retry.sweep()).toBe(unasked.length);
    expect(await retry.sweep()).toBe(0);
    const [row] = await t.db.select().from(refunds).where(eq(refunds.id, planned.id));
    expect(row!.providerRefundId).toMatch(/^re_/);
    expect(await t.db.select().from(sandboxRefunds).where(eq(sandboxRefunds.idempotencyKey, planned.id))).toHaveLength(1);
    // Asking again with the planned row (stale: no provider id) reaches the same sandbox refund.
    expect((await submitRefund(t.deps, provider, planned)).outcome).toBe('submitted');
    expect(await t.db.select().from(sandboxRefunds).where(eq(sandboxRefunds.idempotencyKey, planned.id))).toHaveLength(1);

    await deliverEvents(t);
    const [settled] = await t.db.select().from(orders).where(eq(orders.id, order.id));
    expect(settled!.status).toBe('refunded');
  });

  it('a clear refusal marks the refund failed, freeing its amount', async () => {
    const provider = createPaymentProvider(t.deps);
    const order = await paidOrder();
    const planned = await plan(order.id, [{ orderLineId: order.lines[0]!.id }], 'refused:1');
    // The sandbox refuses a refund of a payment it does not know.
    const sent = await submitRefund(t.deps, provider, { ...planned, paymentId: 'pi_sb_inconnu' });
    expect(sent.outcome).toBe('refused');
    const [row] = await t.db.select().from(refunds).where(eq(refunds.id, planned.id));
    expect(row!.status).toBe('failed');
    expect(await plan(order.id, [{ orderLineId: order.lines[0]!.id }], 'refused:2')).toMatchObject({ created: true });
  });
});
