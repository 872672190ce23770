// POST /api/payments/webhook with the sandbox's real signed events (checklist §G P1–P5): only a
// verified event fulfils, each event once however often and however concurrently it comes, late
// events never undo a payment, and a failure inside the handler rolls back so the retry heals.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiErrorBody } from '@shared/errors';
import type { CourseResponse } from '@shared/schemas/public';
import { orders, paymentEvents, purchases, sandboxEvents } from '../../src/server/db/schema';
import type { WebhookRequest } from '../../src/server/integrations/payments/sandbox';
import { createCourse } from '../factories';
import { newSignedInUser, send } from '../setup/auth-client';
import { appSender, captureDueEvents, checkout, confirm, DECLINED_CARD, deliverEvents, deliveryOf, getOrder, postWebhook, setProvince, sign, SUCCESS_CARD } from '../setup/payments';
import { createTestApp, type TestApp } from '../setup/test-app';
import { testNow } from '../setup/test-clock';

let clock = testNow().getTime();
let t: TestApp;
let premium: string;
let bread: string;

beforeAll(async () => {
  t = await createTestApp({ now: () => new Date(clock) });
  // Not premium: a premium course is never sold to a non-subscriber (shared/entitlements.ts).
  premium = (await createCourse(t.db, { title: 'Macarons parisiens', isLive: false, priceCents: 3000 })).id;
  bread = (await createCourse(t.db, { title: 'Pain au levain', isLive: false, priceCents: 4999 })).id;
});
afterAll(() => t.close());

/** A signed-in Québec buyer with a pending order for the given courses and its sandbox payment. */
async function pendingOrder(courseIds: string[] = [premium]) {
  const user = await newSignedInUser(t, 'Béatrice Acheteuse');
  await setProvince(t, user.id, 'QC');
  const { status, body } = await checkout(t, user.cookie, { items: courseIds.map((courseId) => ({ courseId })) });
  expect(status).toBe(201);
  return { user, order: body.order, payment: body.payment! };
}

const captureEvents = () => captureDueEvents(t);

const purchasesOf = (userId: string) => t.db.select().from(purchases).where(eq(purchases.userId, userId));
const processedRows = (eventId: string) => t.db.select().from(paymentEvents).where(eq(paymentEvents.eventId, eventId));
const eventIdOf = (req: WebhookRequest) => (JSON.parse(req.body) as { id: string }).id;

/** Whether the course is the buyer's now (their entitlement says bought). */
async function unlocked(cookie: string, courseId: string): Promise<boolean> {
  const res = await send(t, 'GET', `/api/courses/${courseId}`, { cookie });
  return ((await res.json()) as CourseResponse).course.entitlement.status === 'included';
}

describe('fulfilment from a verified event', () => {
  it('pays the order and grants each course only when the event lands, not when the card is confirmed', async () => {
    const { user, order, payment } = await pendingOrder([premium, bread]);
    expect(await unlocked(user.cookie, premium)).toBe(false);
    // A visitor's answer for this course is in the public cache (locked for everyone).
    for (let i = 0; i < 2; i++) expect((await send(t, 'GET', `/api/courses/${premium}`)).headers.get('etag')).toBeTruthy();

    const confirmed = await confirm(t, user.cookie, payment, SUCCESS_CARD);
    expect(confirmed).toEqual({ status: 200, body: { status: 'succeeded', error: null } });
    // Confirmed at the processor, but nothing is known here until its event is delivered.
    expect((await getOrder(t, user.cookie, order.id)).body.order.status).toBe('pending');
    expect(await purchasesOf(user.id)).toHaveLength(0);
    expect(await unlocked(user.cookie, premium)).toBe(false);

    const delivered = await deliverEvents(t);
    expect(delivered.statuses).toEqual([200]);

    const paid = (await getOrder(t, user.cookie, order.id)).body.order;
    expect(paid).toMatchObject({
      status: 'paid',
      paidAt: new Date(clock).toISOString(),
      paymentMethod: { type: 'card', brand: 'visa', last4: '4242' },
      failureMessage: null,
      receiptUrl: `/documents/recu/${order.id}`,
      receiptPdfUrl: `/documents/recu/${order.id}/pdf`,
    });
    const granted = await purchasesOf(user.id);
    expect(granted.map((p) => [p.courseId, p.status, p.amountCents]).sort()).toEqual(
      [
        [premium, 'succeeded', 3000],
        [bread, 'succeeded', 4999],
      ].sort(),
    );
    expect(new Set(granted.map((p) => p.orderLineId))).toEqual(new Set(order.lines.map((l) => l.id)));
    // The signed-in buyer's course page is computed afresh (never the visitor's cached answer),
    // and is not marked for reuse by a cache (no validator).
    expect(await unlocked(user.cookie, premium)).toBe(true);
    expect((await send(t, 'GET', `/api/courses/${premium}`, { cookie: user.cookie })).headers.get('etag')).toBeNull();
    expect(((await (await send(t, 'GET', `/api/courses/${premium}`)).json()) as CourseResponse).course.entitlement.status).toBe('for_sale');
  });

  it('an event signed after pretty-printing is read from the raw bytes (no JSON re-serialisation before the check)', async () => {
    const { user, order, payment } = await pendingOrder();
    await confirm(t, user.cookie, payment, SUCCESS_CARD);
    const [req] = await captureEvents();
    const pretty = JSON.stringify(JSON.parse(req!.body), null, 3) + '\n';
    const res = await postWebhook(t, pretty, sign(t, pretty));
    expect(res.status).toBe(200);
    expect((await getOrder(t, user.cookie, order.id)).body.order.status).toBe('paid');
  });

  it('acknowledges an event type it does not act on (200) and records nothing', async () => {
    const body = JSON.stringify({ id: 'evt_autre_1', object: 'event', type: 'customer.created', data: { object: { id: 'cus_1', object: 'customer' } } });
    const res = await postWebhook(t, body, sign(t, body));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ received: true, outcome: 'ignored' });
    expect(await processedRows('evt_autre_1')).toHaveLength(0);
  });

  it('acknowledges a payment that is none of ours (unknown id, foreign metadata) without failing', async () => {
    for (const orderId of ['pas-un-uuid', '00000000-0000-4000-8000-000000000000']) {
      const body = JSON.stringify({
        id: `evt_etranger_${orderId}`,
        object: 'event',
        type: 'payment_intent.payment_failed',
        data: { object: { id: 'pi_fait_ailleurs', object: 'payment_intent', metadata: { order_id: orderId }, last_payment_error: { code: 'card_declined' } } },
      });
      const res = await postWebhook(t, body, sign(t, body));
      expect(res.status).toBe(200);
    }
  });

  it('does not grant anything for a payment of another amount than the order total', async () => {
    const { user, order, payment } = await pendingOrder();
    const body = JSON.stringify({
      id: 'evt_montant_faux',
      object: 'event',
      type: 'payment_intent.succeeded',
      data: { object: { id: payment.paymentId, object: 'payment_intent', amount: 100, amount_received: 100, currency: 'cad', status: 'succeeded', metadata: { order_id: order.id } } },
    });
    expect((await postWebhook(t, body, sign(t, body))).status).toBe(200);
    expect((await getOrder(t, user.cookie, order.id)).body.order.status).toBe('pending');
    expect(await purchasesOf(user.id)).toHaveLength(0);
  });
});

describe('signature and replay window (§G P1)', () => {
  it('refuses, with no effect, a changed byte, no signature, a wrong secret, a stale timestamp or a replay after 6 minutes', async () => {
    const { user, order, payment } = await pendingOrder();
    await confirm(t, user.cookie, payment, SUCCESS_CARD);
    const [req] = await captureEvents();
    const body = req!.body;
    const signature = req!.headers['stripe-signature']!;
    expect(signature).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);

    const tampered = body.replace('"amount":', '"amount": ');
    const attempts = [
      postWebhook(t, tampered, signature),
      postWebhook(t, body, undefined),
      postWebhook(t, body, ''),
      postWebhook(t, body, sign(t, body, { secret: 'whsec_pas_le_bon_secret_du_tout' })),
      postWebhook(t, body, sign(t, body, { at: new Date(clock - 301_000) })),
      postWebhook(t, body, 't=abc,v1=def'),
    ];
    for (const res of await Promise.all(attempts)) {
      expect(res.status).toBe(400);
      expect(((await res.json()) as ApiErrorBody).error).toMatchObject({ code: 'WEBHOOK_SIGNATURE_INVALID', message: 'Signature du webhook invalide.' });
    }
    expect(await processedRows(eventIdOf(req!))).toHaveLength(0);
    expect((await getOrder(t, user.cookie, order.id)).body.order.status).toBe('pending');

    // Within the 5 minutes: accepted.
    expect((await postWebhook(t, body, sign(t, body, { at: new Date(clock - 299_000) }))).status).toBe(200);
    expect((await getOrder(t, user.cookie, order.id)).body.order.status).toBe('paid');

    // The captured request itself, replayed 6 minutes later: refused.
    clock += 6 * 60_000;
    const replay = await postWebhook(t, body, signature);
    expect(replay.status).toBe(400);
  });

  it('needs no Origin or session: the signature is its authentication', async () => {
    const body = JSON.stringify({ id: 'evt_origine', object: 'event', type: 'balance.available', data: { object: {} } });
    const res = await postWebhook(t, body, sign(t, body), { origin: 'https://stripe.example' });
    expect(res.status).toBe(200);
  });
});

describe('duplicates (§G P2)', () => {
  it('the same event twice: two 200s, one fulfilment', async () => {
    const { user, payment } = await pendingOrder();
    await confirm(t, user.cookie, payment, SUCCESS_CARD);
    const [req] = await captureEvents();
    for (let i = 0; i < 2; i++) {
      const res = await postWebhook(t, req!.body, req!.headers['stripe-signature']);
      expect(res.status).toBe(200);
      expect(((await res.json()) as { outcome: string }).outcome).toBe(i === 0 ? 'processed' : 'duplicate');
    }
    expect(await purchasesOf(user.id)).toHaveLength(1);
    expect(await processedRows(eventIdOf(req!))).toHaveLength(1);
  });

  it('the same event 10 times at once: ten 200s, exactly one purchase and one processed row', async () => {
    const { user, order, payment } = await pendingOrder();
    await confirm(t, user.cookie, payment, SUCCESS_CARD);
    const [event] = await t.db.select().from(sandboxEvents).where(sql`${sandboxEvents.payload} -> 'data' -> 'object' ->> 'id' = ${payment.paymentId}`);
    const delivered = await deliverEvents(t, { duplicates: 10 });
    expect(delivered.statuses).toEqual(Array(10).fill(200));
    expect(await purchasesOf(user.id)).toHaveLength(1);
    expect(await processedRows(event!.id)).toHaveLength(1);
    expect((await getOrder(t, user.cookie, order.id)).body.order.status).toBe('paid');
  });
});

describe('order of events (§G P3)', () => {
  it('a failure that arrives after the success does not undo the payment', async () => {
    const { user, order, payment } = await pendingOrder();
    // A declined card, then a good one: the processor emits payment_failed, then succeeded.
    expect((await confirm(t, user.cookie, payment, DECLINED_CARD)).body.status).toBe('failed');
    expect((await confirm(t, user.cookie, payment, SUCCESS_CARD)).body.status).toBe('succeeded');
    const delivered = await deliverEvents(t, { reverse: true });
    expect(delivered.statuses).toEqual([200, 200]);
    const view = (await getOrder(t, user.cookie, order.id)).body.order;
    expect(view).toMatchObject({ status: 'paid', failureMessage: null });
    expect(await purchasesOf(user.id)).toHaveLength(1);
  });

  it('a success after a failure pays the order (the buyer tried another card)', async () => {
    const { user, order, payment } = await pendingOrder();
    await confirm(t, user.cookie, payment, DECLINED_CARD);
    await deliverEvents(t);
    expect((await getOrder(t, user.cookie, order.id)).body.order).toMatchObject({ status: 'failed', failureMessage: 'Votre carte a été refusée.' });
    await confirm(t, user.cookie, payment, SUCCESS_CARD);
    await deliverEvents(t);
    expect((await getOrder(t, user.cookie, order.id)).body.order).toMatchObject({ status: 'paid', failureMessage: null });
  });

  it('processing then succeeded, in either order, ends paid (the wallet emits both)', async () => {
    for (const reverse of [false, true]) {
      const { user, order, payment } = await pendingOrder();
      await confirm(t, user.cookie, payment, { type: 'wallet' });
      const seen: string[] = [];
      await deliveryOf(t).deliverDue({
        reverse,
        send: async (req) => {
          seen.push((JSON.parse(req.body) as { type: string }).type);
          return appSender(t)(req);
        },
      });
      expect(seen).toEqual(reverse ? ['payment_intent.succeeded', 'payment_intent.processing'] : ['payment_intent.processing', 'payment_intent.succeeded']);
      expect((await getOrder(t, user.cookie, order.id)).body.order).toMatchObject({ status: 'paid', paymentMethod: { type: 'wallet', brand: 'visa', last4: '4242' } });
    }
  });

  it('processing alone shows the order as processing, granting nothing yet', async () => {
    const { user, order, payment } = await pendingOrder();
    await confirm(t, user.cookie, payment, { type: 'wallet' });
    const [processing] = await captureEvents();
    expect(JSON.parse(processing!.body)).toMatchObject({ type: 'payment_intent.processing', data: { object: { status: 'processing' } } });
    expect((await postWebhook(t, processing!.body, processing!.headers['stripe-signature'])).status).toBe(200);
    expect((await getOrder(t, user.cookie, order.id)).body.order.status).toBe('processing');
    expect(await purchasesOf(user.id)).toHaveLength(0);
  });
});

describe('failure semantics (§G P5)', () => {
  it('a failure inside the handler rolls everything back and answers 500; the retry fulfils once', async () => {
    const { user, order, payment } = await pendingOrder();
    await confirm(t, user.cookie, payment, SUCCESS_CARD);
    // A real database failure in the middle of fulfilment (after the event id and the order are written).
    await t.db.execute(sql`create function toque_test_fail() returns trigger language plpgsql as $$ begin raise exception 'panne simulée'; end $$`);
    await t.db.execute(sql`create trigger toque_test_fail before insert on purchases for each row execute function toque_test_fail()`);
    try {
      const first = await deliverEvents(t);
      expect(first.statuses).toEqual([500]);
      expect(first.failed).toHaveLength(1);
      const [row] = await t.db.select().from(sandboxEvents).where(eq(sandboxEvents.id, first.failed[0]!.id));
      expect(row).toMatchObject({ attempts: 1, deliveredAt: null, lastError: 'HTTP 500' });
      expect(await processedRows(first.failed[0]!.id)).toHaveLength(0);
      const [o] = await t.db.select().from(orders).where(eq(orders.id, order.id));
      expect(o).toMatchObject({ status: 'pending', paidAt: null });
    } finally {
      await t.db.execute(sql`drop trigger toque_test_fail on purchases`);
      await t.db.execute(sql`drop function toque_test_fail()`);
    }
    // The sandbox retries after its backoff; the endpoint has healed.
    expect((await deliverEvents(t)).statuses).toEqual([]);
    clock += 2_000;
    const retry = await deliverEvents(t);
    expect(retry.statuses).toEqual([200]);
    expect((await getOrder(t, user.cookie, order.id)).body.order.status).toBe('paid');
    expect(await purchasesOf(user.id)).toHaveLength(1);
  });
});
