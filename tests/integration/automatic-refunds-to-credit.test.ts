// « Recevoir mes remboursements automatiques en crédit Toque » (« Mon crédit », decision 0046): the
// person's standing choice for the refunds the site makes on its own. Off (the default), they go to
// the card as before; on, a course already owned and a seat paid twice go to the credit at once —
// no refund asked of the provider, the e-mail says so. On the real database and sandbox.
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ApiErrorBody } from '@shared/errors';
import type { CreditPreference } from '@shared/schemas/credit';
import { emailDeliveries, refunds, sandboxRefunds } from '../../src/server/db/schema';
import { balance } from '../../src/server/modules/credit/service';
import { createCourse, createSession } from '../factories';
import { newSignedInUser, send } from '../setup/auth-client';
import { expectLedgersBalanced } from '../setup/credit-ledger';
import { captureDueEvents, checkout, confirm, deliverEvents, holdSeat, postWebhook, setProvince, SUCCESS_CARD } from '../setup/payments';
import { createTestApp, type TestApp } from '../setup/test-app';
import { testNow } from '../setup/test-clock';

const clock = testNow().getTime();
let t: TestApp;
type Learner = { id: string; email: string; cookie: string };

beforeAll(async () => {
  t = await createTestApp({ now: () => new Date(clock) });
});
afterAll(() => t.close());
afterEach(() => expectLedgersBalanced(t.db));

async function learner(name: string, toCredit: boolean): Promise<Learner> {
  const user = await newSignedInUser(t, name);
  await setProvince(t, user.id, 'QC');
  if (toCredit) expect((await send(t, 'PUT', '/api/account/credit/preference', { cookie: user.cookie, body: { automaticRefundsToCredit: true } })).status).toBe(200);
  return user;
}

/** Both orders paid at the card form, then both payment events sent to the webhook at once. */
async function payBoth(user: Learner, payments: { paymentId: string; clientSecret: string }[]) {
  for (const p of payments) expect((await confirm(t, user.cookie, p, SUCCESS_CARD)).body.status).toBe('succeeded');
  const events = await captureDueEvents(t);
  const answers = await Promise.all(events.map((e) => postWebhook(t, e.body, e.headers['stripe-signature'])));
  expect(answers.map((a) => a.status)).toEqual(events.map(() => 200));
  expect((await deliverEvents(t)).statuses.every((s) => s === 200)).toBe(true);
}

const refundsOf = async (orderIds: string[]) => (await t.db.select().from(refunds)).filter((r) => orderIds.includes(r.orderId));
const providerRefundsOf = async (refundIds: string[]) => (await t.db.select().from(sandboxRefunds)).filter((r) => refundIds.some((id) => JSON.stringify(r).includes(id)));
const mailsOf = (userId: string, kind: string) => t.db.select().from(emailDeliveries).where(and(eq(emailDeliveries.userId, userId), eq(emailDeliveries.kind, kind)));

describe('the preference itself', () => {
  it('is off by default, saved by PUT, the same when sent again; a visitor gets 401, a bad body 400 in French', async () => {
    const me = await newSignedInUser(t, 'Préférence Crédit');
    const get = async () => (await (await send(t, 'GET', '/api/account/credit/preference', { cookie: me.cookie })).json()) as CreditPreference;
    expect(await get()).toEqual({ automaticRefundsToCredit: false });
    for (let i = 0; i < 2; i++) {
      const res = await send(t, 'PUT', '/api/account/credit/preference', { cookie: me.cookie, body: { automaticRefundsToCredit: true } });
      expect(res.status).toBe(200);
    }
    expect(await get()).toEqual({ automaticRefundsToCredit: true });
    expect((await send(t, 'GET', '/api/account/credit/preference', {})).status).toBe(401);
    const bad = await send(t, 'PUT', '/api/account/credit/preference', { cookie: me.cookie, body: { automaticRefundsToCredit: 'oui' } });
    expect([400, 422]).toContain(bad.status);
    expect(((await bad.json()) as ApiErrorBody).error.message).toMatch(/[éèàç]|Données|invalide/i);
    expect(await get()).toEqual({ automaticRefundsToCredit: true });
  });
});

describe('a recorded course paid twice', () => {
  for (const toCredit of [false, true]) {
    it(toCredit ? 'with the preference on: the extra payment goes to « Crédit Toque » at once, nothing asked of the card' : 'by default: the extra payment goes back to the card', async () => {
      const user = await learner(toCredit ? 'Double Crédit' : 'Double Carte', toCredit);
      const course = await createCourse(t.db, { title: toCredit ? 'Éclairs' : 'Choux', isLive: false, priceCents: 4000 });
      const tabs = [await checkout(t, user.cookie, { items: [{ courseId: course.id }] }), await checkout(t, user.cookie, { items: [{ courseId: course.id }] })];
      await payBoth(user, tabs.map((r) => r.body.payment!));
      const [refund, ...more] = await refundsOf(tabs.map((r) => r.body.order.id));
      expect(more).toHaveLength(0);
      expect(refund).toMatchObject({ status: 'succeeded' });
      if (toCredit) {
        expect(refund!.providerRefundId).toBe(`credit:${refund!.id}`);
        expect(refund!.creditCents).toBe(refund!.totalCents);
        expect(await balance(t.db, user.id)).toBe(refund!.totalCents);
      } else {
        expect(refund!.providerRefundId).not.toMatch(/^credit:/);
        expect(await balance(t.db, user.id)).toBe(0);
      }
      const [mail] = await mailsOf(user.id, 'course.owned');
      expect(mail, 'the e-mail of the automatic refund').toBeDefined();
    });
  }
});

describe('a seat paid twice', () => {
  it('with the preference on: the second payment goes to « Crédit Toque », the seat stays confirmed once', async () => {
    const user = await learner('Place Deux Fois', true);
    const course = await createCourse(t.db, { title: 'Pâté chinois', isLive: true, priceCents: 6000 });
    const session = await createSession(t.db, course.id, { now: new Date(clock), capacity: 3 });
    expect((await holdSeat(t, user.cookie, session.id)).status).toBe(201);
    const items = [{ courseId: course.id, sessionId: session.id }];
    const tabs = [await checkout(t, user.cookie, { items }), await checkout(t, user.cookie, { items })];
    await payBoth(user, tabs.map((r) => r.body.payment!));
    const [refund, ...more] = await refundsOf(tabs.map((r) => r.body.order.id));
    expect(more).toHaveLength(0);
    expect(refund).toMatchObject({ status: 'succeeded', providerRefundId: `credit:${refund!.id}` });
    expect(await balance(t.db, user.id)).toBe(refund!.totalCents);
    expect(await providerRefundsOf([refund!.id])).toHaveLength(0);
    expect(await mailsOf(user.id, 'seat.refused')).toHaveLength(1);
  });
});
