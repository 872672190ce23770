// The demo subscriber (abonne@toque.demo) holds a real sandbox membership after the seed: the
// dashboard shows it, its receipt exists, cancelling goes through the sandbox, and a renewal copies
// the seeded first order.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, users } from '../../src/server/db/schema';
import { seedDemoData } from '../../src/server/db/seed';
import { send, signIn } from '../setup/auth-client';
import { createTestApp, type TestApp } from '../setup/test-app';
import { advance, cancelSubscription, getSubscription, isSubscriber, providerIdOf, sandboxRow } from './subscriptions-helpers';

let t: TestApp;
let cookie: string;
let userId: string;

beforeAll(async () => {
  t = await createTestApp();
  await seedDemoData(t.deps);
  cookie = await signIn(t, 'abonne@toque.demo', 'Abonne-Toque-2026');
  userId = (await t.db.select({ id: users.id }).from(users).where(eq(users.email, 'abonne@toque.demo')))[0]!.id;
}, 120_000);
afterAll(() => t.close());

describe('the seeded subscriber', () => {
  it('is an active member with a sandbox subscription, a paid month and its receipt', async () => {
    const { body } = await getSubscription(t, cookie);
    expect(body).toMatchObject({ isSubscriber: true, canCancel: true, current: { status: 'active', cancelAtPeriodEnd: false } });
    const providerId = await providerIdOf(t, userId);
    expect(await sandboxRow(t, providerId)).toMatchObject({ status: 'active', renewalOutcome: 'succeeds', brand: 'visa', last4: '4242' });
    const [order] = await t.db.select().from(orders).where(eq(orders.userId, userId));
    expect(order).toMatchObject({ status: 'paid', subscriptionId: body.current!.id, providerInvoiceId: expect.stringMatching(/^in_sb_/) });
    const receipt = await send(t, 'GET', `/api/orders/${order!.id}/receipt`, { cookie });
    expect(receipt.status).toBe(200);
    expect(await receipt.text()).toContain('Période');
  });

  it('renews through the sandbox (a second paid order), then cancels at period end', async () => {
    const providerId = await providerIdOf(t, userId);
    await advance(t, providerId, 31);
    const paid = await t.db.select().from(orders).where(eq(orders.userId, userId));
    expect(paid.filter((o) => o.status === 'paid')).toHaveLength(2);
    const res = await cancelSubscription(t, cookie);
    expect(res.status).toBe(200);
    expect(res.body.subscription).toMatchObject({ status: 'active', cancelAtPeriodEnd: true });
    expect(await isSubscriber(t, cookie)).toBe(true);
  });
});
