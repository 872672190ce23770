// « Membres » on the real database for a pinned clock: members by state, the monthly recurring
// revenue before tax (an annual plan at its price / 12), and new and cancelled memberships by month over the last 12 months, counted
// in the chef's time zone. Its own database: every membership in it is this test's.
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminMembersResponse } from '@shared/schemas/admin-clients';
import { orders, subscriptions } from '../../src/server/db/schema';
import { createSubscription, createUser, setRole } from '../factories';
import { createPaidOrder } from '../factories/orders';
import { newSignedInUser, send } from '../setup/auth-client';
import { createTestApp, type TestApp } from '../setup/test-app';

// Mid-March 2026 in Montréal.
const NOW = new Date('2026-03-15T16:00:00Z');
let t: TestApp;
let admin: { id: string; cookie: string };

beforeAll(async () => {
  t = await createTestApp({ now: () => NOW });
  admin = await newSignedInUser(t, 'Cheffe Admin');
  await setRole(t.db, admin.id, 'admin');
});
afterAll(() => t.close());

async function get<T>(path: string, cookie = admin.cookie) {
  const res = await send(t, 'GET', path, { cookie });
  return { status: res.status, body: (await res.json()) as T };
}

const person = (name: string, email: string) => createUser(t.db, { fullName: name, province: 'QC' }, { name, email });

describe('GET /api/admin/members', () => {
  it('counts members by state, the monthly recurring revenue before tax, and new and cancelled by month', async () => {
    const member = async (name: string, values: Parameters<typeof createSubscription>[2], paidAt: string | null) => {
      const user = await person(name, `${name.toLowerCase().replace(/\W+/g, '.')}@membres.test`);
      const sub = await createSubscription(t.db, user.id, values);
      if (paidAt) {
        const order = await createPaidOrder(t.db, { user: { id: user.id }, paidAt: new Date(paidAt), items: [{ courseId: null, description: 'Abonnement mensuel Toque', amountCents: 1999, kind: 'membership' }] });
        await t.db.update(orders).set({ subscriptionId: sub.id }).where(eq(orders.id, order.id));
      }
      return sub;
    };
    // 22:00 on 31 January in Montréal is already February in UTC: a January member.
    await member('Actif Janvier', { status: 'active' }, '2026-02-01T03:00:00Z');
    await member('Départ Prévu', { status: 'active', cancelAtPeriodEnd: true }, '2026-02-05T15:00:00Z');
    await member('Essai Mars', { status: 'trialing', createdAt: new Date('2026-03-02T15:00:00Z') }, null);
    await member('Carte Refusée', { status: 'past_due' }, '2025-12-20T15:00:00Z');
    await member('Parti Février', { status: 'canceled', endedAt: new Date('2026-02-15T15:00:00Z') }, '2025-10-01T15:00:00Z');
    // Never paid (a checkout left): neither new nor cancelled.
    await member('Jamais Payé', { status: 'canceled', endedAt: new Date('2026-03-01T15:00:00Z'), createdAt: new Date('2026-03-01T14:00:00Z') }, null);
    // Before the 12 months shown.
    await member('Ancien Membre', { status: 'canceled', endedAt: new Date('2025-03-01T15:00:00Z') }, '2025-01-10T15:00:00Z');
    // Annual plans: a month's worth is the price as sold / 12 (199,90 $ → 16,66 $; two: 33,32 $).
    const annual = await member('Annuel Un', { status: 'active' }, '2025-11-10T15:00:00Z');
    const annualToo = await member('Annuel Deux', { status: 'active', cancelAtPeriodEnd: true }, '2025-11-12T15:00:00Z');
    await t.db.update(subscriptions).set({ plan: 'annual', priceCents: 19_990 }).where(inArray(subscriptions.id, [annual.id, annualToo.id]));

    const { status, body } = await get<AdminMembersResponse>('/api/admin/members');
    expect(status).toBe(200);
    expect(body.counts).toEqual({ active: 2, trialing: 1, pastDue: 1, cancelling: 2 });
    // Active (cancelling included until it ends) and past due pay; a trial does not yet. An annual
    // membership counts at its price / 12, never at the monthly price.
    expect(body.priceCents).toBe(1999);
    expect(body.paying).toEqual({ monthly: 3, annual: 2 });
    expect(body.mrrCents).toBe(3 * 1999 + Math.round((2 * 19_990) / 12));
    expect(body.months.map((m) => m.month)).toEqual([
      '2025-04', '2025-05', '2025-06', '2025-07', '2025-08', '2025-09', '2025-10', '2025-11', '2025-12', '2026-01', '2026-02', '2026-03',
    ]);
    const nonZero = body.months.filter((m) => m.started || m.cancelled);
    expect(nonZero).toEqual([
      { month: '2025-10', started: 1, cancelled: 0 },
      { month: '2025-11', started: 2, cancelled: 0 },
      { month: '2025-12', started: 1, cancelled: 0 },
      { month: '2026-01', started: 1, cancelled: 0 },
      { month: '2026-02', started: 1, cancelled: 1 },
      { month: '2026-03', started: 1, cancelled: 0 },
    ]);
  });
});
