// The admin's orders and refunds on the real database and the real sandbox: a refund is decided in
// one transaction (what is left per line, taxes in proportion), asked of the sandbox, and applied
// only when the sandbox's signed refund event reaches the webhook — once, however often it comes.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiErrorBody } from '@shared/errors';
import type { AdminOrdersResponse, AdminOrderResponse, RefundResponse } from '@shared/schemas/checkout';
import type { CourseResponse } from '@shared/schemas/public';
import { orderLines, orders, purchases, refunds, reservations, sandboxPaymentIntents, sandboxRefunds } from '../../src/server/db/schema';
import { applyRefundEvent } from '../../src/server/modules/refunds/events';
import { createCourse, createSession, setRole } from '../factories';
import { createPaidSeat } from '../factories/bookings';
import { createPaidOrder } from '../factories/orders';
import { newSignedInUser, send } from '../setup/auth-client';
import { deliverEvents, newKey } from '../setup/payments';
import { createTestApp, type TestApp } from '../setup/test-app';
import { testNow } from '../setup/test-clock';

let clock = testNow().getTime();
let t: TestApp;
let admin: { id: string; cookie: string };
let learner: { id: string; email: string; cookie: string };
const course = {} as Record<'bread' | 'macarons' | 'sushi', string>;

beforeAll(async () => {
  t = await createTestApp({ now: () => new Date(clock) });
  admin = await newSignedInUser(t, 'Cheffe Admin');
  await setRole(t.db, admin.id, 'admin');
  learner = await newSignedInUser(t, 'Léa Apprenante');
  // Premium, so the course page opens only through a purchase.
  course.bread = (await createCourse(t.db, { title: 'Pain au levain', isLive: false, isPremium: true, priceCents: 4999 })).id;
  course.macarons = (await createCourse(t.db, { title: 'Macarons', isLive: false, isPremium: true, priceCents: 2500 })).id;
  course.sushi = (await createCourse(t.db, { title: 'Sushis', isLive: false, isPremium: true, priceCents: 3333 })).id;
});
afterAll(() => t.close());

function paidOrder(user: { id: string; name?: string; email?: string } = learner, items = [
  { courseId: course.bread, description: 'Pain au levain', amountCents: 4999 },
  { courseId: course.macarons, description: 'Macarons', amountCents: 2500 },
]) {
  clock += 60_000;
  return createPaidOrder(t.db, { user, province: 'QC', paidAt: new Date(clock), items });
}

async function refund(orderId: string, body: Record<string, unknown>, cookie = admin.cookie) {
  const res = await send(t, 'POST', `/api/admin/orders/${orderId}/refunds`, { cookie, body: { idempotencyKey: newKey(), ...body } });
  return { status: res.status, body: (await res.json()) as RefundResponse & ApiErrorBody };
}

async function unlocked(courseId: string, cookie = learner.cookie) {
  const res = await send(t, 'GET', `/api/courses/${courseId}`, { cookie });
  return ((await res.json()) as CourseResponse).course.unlocked;
}

const taxByCode = (lines: { code: string; amountCents: number }[]) => Object.fromEntries(lines.map((l) => [l.code, l.amountCents]));

describe('GET /api/admin/orders', () => {
  it('lists orders newest first with buyer and description, paged, filtered by status', async () => {
    const buyer = await newSignedInUser(t, 'Ordre Liste');
    const first = await paidOrder(buyer);
    const second = await paidOrder(buyer, [{ courseId: course.sushi, description: 'Sushis', amountCents: 3333 }]);
    const pending = await createPaidOrder(t.db, { user: buyer, status: 'pending', paidAt: new Date((clock += 60_000)), items: [{ courseId: course.sushi, description: 'Sushis', amountCents: 3333 }] });

    const res = await send(t, 'GET', '/api/admin/orders?limit=2', { cookie: admin.cookie });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const page = (await res.json()) as AdminOrdersResponse;
    expect(page.orders.map((o) => o.id)).toEqual([pending.id, second.id]);
    expect(page.orders[1]).toEqual({
      id: second.id,
      number: second.number,
      status: 'paid',
      totalCents: second.totalCents,
      createdAt: expect.any(String),
      paidAt: expect.any(String),
      buyerName: 'Camille Gagnon',
      buyerEmail: buyer.email,
      description: 'Sushis',
    });
    const next = (await (await send(t, 'GET', '/api/admin/orders?limit=1&offset=2', { cookie: admin.cookie })).json()) as AdminOrdersResponse;
    expect(next.orders[0]).toMatchObject({ id: first.id, description: 'Pain au levain et 1 autre cours' });
    expect(next.total).toBe(page.total);

    const onlyPending = (await (await send(t, 'GET', '/api/admin/orders?status=pending', { cookie: admin.cookie })).json()) as AdminOrdersResponse;
    expect(onlyPending.orders.every((o) => o.status === 'pending')).toBe(true);
    expect(onlyPending.orders.map((o) => o.id)).toContain(pending.id);
    expect(onlyPending.total).toBe(onlyPending.orders.length);
  });

  it('searches by buyer name or e-mail with accents and case ignored, or by number', async () => {
    const helene = await paidOrder({ id: learner.id, name: 'Hélène Bérubé', email: 'helene.berube@exemple.test' });
    const other = await paidOrder({ id: learner.id, name: 'Marc Côté', email: 'marc@exemple.test' });
    const ids = async (q: string) =>
      ((await (await send(t, 'GET', `/api/admin/orders?q=${encodeURIComponent(q)}`, { cookie: admin.cookie })).json()) as AdminOrdersResponse).orders.map((o) => o.id);
    expect(await ids('helene')).toEqual([helene.id]);
    expect(await ids('BÉRUBÉ')).toEqual([helene.id]);
    expect(await ids('HELENE.BERUBE@')).toEqual([helene.id]);
    expect(await ids('cote')).toEqual([other.id]);
    expect(await ids(String(other.number))).toEqual([other.id]);
    expect(await ids(`n° ${helene.number}`)).toEqual([helene.id]);
  });

  it.each(['limit=0', 'limit=101', 'offset=-1', 'status=rembourse', 'page=2'])('refuses ?%s with 400 in French', async (query) => {
    const res = await send(t, 'GET', `/api/admin/orders?${query}`, { cookie: admin.cookie });
    expect(res.status).toBe(400);
    const error = ((await res.json()) as ApiErrorBody).error;
    expect(error.code).toBe('VALIDATION_FAILED');
    expect(Object.values(error.fields ?? {})[0]).toMatch(/^(La limite|Le décalage|Statut de commande inconnu|Paramètre inconnu)/);
  });

  it('gives the admin one order as its buyer sees it; 404 for an unknown one', async () => {
    const order = await paidOrder();
    const res = await send(t, 'GET', `/api/admin/orders/${order.id}`, { cookie: admin.cookie });
    expect(res.status).toBe(200);
    const { order: view, buyer } = (await res.json()) as AdminOrderResponse;
    // The buyer as the order recorded them (an order survives a later change of name or address).
    expect(buyer).toEqual({ name: 'Camille Gagnon', email: learner.email ?? `${learner.id}@exemple.test` });
    expect(view).toMatchObject({ id: order.id, status: 'paid', province: 'QC', totalCents: order.totalCents, receiptUrl: `/documents/recu/${order.id}`, refunds: [] });
    expect(view.lines.map((l) => l.description)).toEqual(['Pain au levain', 'Macarons']);
    expect((await send(t, 'GET', '/api/admin/orders/00000000-0000-4000-8000-000000000000', { cookie: admin.cookie })).status).toBe(404);
    expect((await send(t, 'GET', '/api/admin/orders/nope', { cookie: admin.cookie })).status).toBe(404);
  });

  it('is the admin’s alone: a learner gets 403 on the list, an order and a refund, and nothing is refunded', async () => {
    const order = await paidOrder();
    expect((await send(t, 'GET', '/api/admin/orders', { cookie: learner.cookie })).status).toBe(403);
    expect((await send(t, 'GET', `/api/admin/orders/${order.id}`, { cookie: learner.cookie })).status).toBe(403);
    const attempt = await refund(order.id, { lines: [{ orderLineId: order.lines[0]!.id }] }, learner.cookie);
    expect(attempt.status).toBe(403);
    expect(attempt.body.error.code).toBe('FORBIDDEN');
    expect(await t.db.select().from(refunds).where(eq(refunds.orderId, order.id))).toEqual([]);
  });
});

describe('POST /api/admin/orders/:orderId/refunds', () => {
  it('refunds a whole line: pending until the sandbox’s event, then the line, the purchase (access) and the order follow', async () => {
    const learner = await newSignedInUser(t, 'Léa Remboursée');
    const order = await paidOrder(learner);
    const [breadLine, macaronsLine] = order.lines;
    expect(await unlocked(course.bread, learner.cookie)).toBe(true);

    const res = await refund(order.id, { lines: [{ orderLineId: breadLine!.id }], reason: 'Cours annulé à la demande de la cliente' });
    expect(res.status).toBe(201);
    // 49,99 of 74,99 refunded: GST 3,75 × 4999/7499 = 2,50; QST 7,48 × 4999/7499 = 4,99.
    expect(res.body.refund).toMatchObject({ status: 'pending', subtotalCents: 4999, taxCents: 749, totalCents: 5748, reason: 'Cours annulé à la demande de la cliente', creditNoteUrl: null });
    expect(taxByCode(res.body.refund.taxLines)).toEqual({ GST: 250, QST: 499 });
    expect(res.body.order.status).toBe('paid');
    // Asked of the provider with our refund id as key and in metadata, for the whole amount with tax.
    const [asked] = await t.db.select().from(sandboxRefunds).where(eq(sandboxRefunds.paymentIntentId, order.paymentId));
    expect(asked).toMatchObject({ amount: 5748, idempotencyKey: res.body.refund.id, metadata: { refund_id: res.body.refund.id, order_id: order.id } });
    // Nothing changes before the event.
    expect(await unlocked(course.bread, learner.cookie)).toBe(true);

    const delivered = await deliverEvents(t);
    expect(delivered.statuses.every((s) => s === 200)).toBe(true);
    const view = ((await (await send(t, 'GET', `/api/admin/orders/${order.id}`, { cookie: admin.cookie })).json()) as AdminOrderResponse).order;
    expect(view.status).toBe('partially_refunded');
    expect(view.lines.map((l) => l.refundedCents)).toEqual([4999, 0]);
    expect(view.refunds).toEqual([
      expect.objectContaining({ id: res.body.refund.id, status: 'succeeded', succeededAt: new Date(clock).toISOString(), creditNoteUrl: `/documents/note-de-credit/${res.body.refund.id}/pdf` }),
    ]);
    const [stored] = await t.db.select().from(refunds).where(eq(refunds.id, res.body.refund.id));
    expect(stored!.providerRefundId).toBe(asked!.id);
    const rows = await t.db.select({ line: purchases.orderLineId, status: purchases.status }).from(purchases).where(eq(purchases.userId, learner.id));
    expect(rows.find((r) => r.line === breadLine!.id)!.status).toBe('refunded');
    expect(rows.find((r) => r.line === macaronsLine!.id)!.status).toBe('succeeded');
    expect(await unlocked(course.bread, learner.cookie)).toBe(false);
    expect(await unlocked(course.macarons, learner.cookie)).toBe(true);
  });

  it('a partial refund, then the rest: the taxes given back add up to exactly what was charged', async () => {
    const learner = await newSignedInUser(t, 'Léa Partielle');
    const order = await paidOrder(learner, [
      { courseId: course.sushi, description: 'Sushis', amountCents: 3333 },
      { courseId: course.macarons, description: 'Macarons', amountCents: 2500 },
    ]);
    const [sushi, macarons] = order.lines;
    const charged = taxByCode(order.taxes.lines);

    const part = await refund(order.id, { lines: [{ orderLineId: sushi!.id, amountCents: 1001 }] });
    expect(part.status).toBe(201);
    await deliverEvents(t);
    // A partial refund of a line keeps its access.
    const [afterPart] = await t.db.select().from(purchases).where(eq(purchases.orderLineId, sushi!.id));
    expect(afterPart!.status).toBe('succeeded');

    const rest = await refund(order.id, { lines: [{ orderLineId: sushi!.id }, { orderLineId: macarons!.id }] });
    expect(rest.status).toBe(201);
    expect(rest.body.refund.subtotalCents).toBe(3333 - 1001 + 2500);
    await deliverEvents(t);

    const view = ((await (await send(t, 'GET', `/api/admin/orders/${order.id}`, { cookie: admin.cookie })).json()) as AdminOrderResponse).order;
    expect(view.status).toBe('refunded');
    expect(view.lines.map((l) => l.refundedCents)).toEqual([3333, 2500]);
    const given = view.refunds.map((r) => taxByCode(r.taxLines));
    expect({ GST: given[0]!.GST! + given[1]!.GST!, QST: given[0]!.QST! + given[1]!.QST! }).toEqual(charged);
    expect(view.refunds.reduce((sum, r) => sum + r.totalCents, 0)).toBe(order.totalCents);
    const [pi] = await t.db.select().from(sandboxPaymentIntents).where(eq(sandboxPaymentIntents.id, order.paymentId));
    expect(pi!.amountRefunded).toBe(order.totalCents);
    const statuses = await t.db.select({ status: purchases.status }).from(purchases).where(eq(purchases.userId, learner.id));
    expect(statuses.map((p) => p.status)).toEqual(['refunded', 'refunded']);
    expect(await unlocked(course.sushi, learner.cookie)).toBe(false);
    expect(await unlocked(course.macarons, learner.cookie)).toBe(false);

    // Nothing is left: any further refund is refused.
    const more = await refund(order.id, { lines: [{ orderLineId: sushi!.id, amountCents: 1 }] });
    expect(more.status).toBe(409);
    expect(more.body.error).toMatchObject({ code: 'REFUND_NOT_ALLOWED', message: 'Cette commande ne peut pas être remboursée.' });
  });

  it('refuses more than is left on a line (422 in French), counting refunds still pending', async () => {
    const order = await paidOrder();
    const line = order.lines[1]!; // 25,00
    const tooMuch = await refund(order.id, { lines: [{ orderLineId: line.id, amountCents: 2501 }] });
    expect(tooMuch.status).toBe(422);
    expect(tooMuch.body.error).toMatchObject({
      code: 'REFUND_TOO_LARGE',
      message: 'Le remboursement dépasse ce qui reste à rembourser sur cette ligne.',
      fields: { 'lines.0.amountCents': 'Il reste au plus 25,00 CAD à rembourser sur « Macarons ».' },
    });
    // 20,00 asked, its event not yet in: only 5,00 remains.
    expect((await refund(order.id, { lines: [{ orderLineId: line.id, amountCents: 2000 }] })).status).toBe(201);
    const over = await refund(order.id, { lines: [{ orderLineId: line.id, amountCents: 501 }] });
    expect(over.status).toBe(422);
    expect(over.body.error.fields).toEqual({ 'lines.0.amountCents': 'Il reste au plus 5,00 CAD à rembourser sur « Macarons ».' });
    expect((await refund(order.id, { lines: [{ orderLineId: line.id, amountCents: 500 }] })).status).toBe(201);
    const none = await refund(order.id, { lines: [{ orderLineId: line.id }] });
    expect(none.status).toBe(422);
    await deliverEvents(t);
    const [row] = await t.db.select().from(orderLines).where(eq(orderLines.id, line.id));
    expect(row!.refundedCents).toBe(2500);
  });

  it('refuses bad requests in French: no line, a line of another order, the same line twice, a bad amount', async () => {
    const order = await paidOrder();
    const otherOrder = await paidOrder();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ lines: [] }, 'lines', 'Choisissez au moins une ligne à rembourser.'],
      [{ lines: [{ orderLineId: otherOrder.lines[0]!.id }] }, 'lines.0.orderLineId', "Cette ligne n'appartient pas à cette commande."],
      [{ lines: [{ orderLineId: order.lines[0]!.id }, { orderLineId: order.lines[0]!.id }] }, 'lines.1.orderLineId', 'Cette ligne est indiquée deux fois.'],
      [{ lines: [{ orderLineId: order.lines[0]!.id, amountCents: -5 }] }, 'lines.0.amountCents', ''],
      [{ lines: [{ orderLineId: order.lines[0]!.id, amountCents: 10.5 }] }, 'lines.0.amountCents', ''],
    ];
    for (const [body, field, message] of cases) {
      const res = await refund(order.id, body);
      expect({ body, status: res.status }).toEqual({ body, status: 400 });
      expect(res.body.error.code).toBe('VALIDATION_FAILED');
      expect(res.body.error.fields?.[field]).toEqual(message ? message : expect.any(String));
    }
    expect(await t.db.select().from(refunds).where(eq(refunds.orderId, order.id))).toEqual([]);
  });

  it('an order not paid (or already refunded) cannot be refunded (409); an unknown one is 404', async () => {
    const pending = await createPaidOrder(t.db, { user: learner, status: 'pending', items: [{ courseId: course.bread, description: 'Pain au levain', amountCents: 4999 }] });
    const res = await refund(pending.id, { lines: [{ orderLineId: pending.lines[0]!.id }] });
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('REFUND_NOT_ALLOWED');
    const unknown = await refund('00000000-0000-4000-8000-000000000000', { lines: [{ orderLineId: pending.lines[0]!.id }] });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.code).toBe('ORDER_NOT_FOUND');
  });

  it('the same idempotency key gives back the same refund (200), never a second one — even at once', async () => {
    const order = await paidOrder();
    const idempotencyKey = newKey();
    const body = { lines: [{ orderLineId: order.lines[0]!.id }], idempotencyKey };
    const first = await refund(order.id, body);
    const again = await refund(order.id, body);
    expect([first.status, again.status]).toEqual([201, 200]);
    expect(again.body.refund.id).toBe(first.body.refund.id);

    const key2 = newKey();
    const both = await Promise.all([1, 2, 3].map(() => refund(order.id, { lines: [{ orderLineId: order.lines[1]!.id }], idempotencyKey: key2 })));
    expect(both.map((r) => r.status).sort()).toEqual([200, 200, 201]);
    expect(new Set(both.map((r) => r.body.refund.id)).size).toBe(1);
    expect(await t.db.select().from(refunds).where(eq(refunds.orderId, order.id))).toHaveLength(2);
    expect(await t.db.select().from(sandboxRefunds).where(eq(sandboxRefunds.paymentIntentId, order.paymentId))).toHaveLength(2);
  });

  it('two refunds of the same line at once with different keys: one is made, the other refused', async () => {
    const order = await paidOrder();
    const results = await Promise.all([1, 2].map(() => refund(order.id, { lines: [{ orderLineId: order.lines[0]!.id }] })));
    expect(results.map((r) => r.status).sort()).toEqual([201, 422]);
    expect(await t.db.select().from(refunds).where(eq(refunds.orderId, order.id))).toHaveLength(1);
  });

  it('a refund the provider refuses outright is marked failed and no longer holds its amount', async () => {
    const order = await paidOrder();
    // The sandbox's books say this payment was already refunded elsewhere.
    await t.db.update(sandboxPaymentIntents).set({ amountRefunded: order.totalCents }).where(eq(sandboxPaymentIntents.id, order.paymentId));
    const res = await refund(order.id, { lines: [{ orderLineId: order.lines[0]!.id }] });
    expect(res.status).toBe(422);
    expect(res.body.error.code).toBe('REFUND_TOO_LARGE');
    const [row] = await t.db.select().from(refunds).where(eq(refunds.orderId, order.id));
    expect(row!.status).toBe('failed');
    await t.db.update(sandboxPaymentIntents).set({ amountRefunded: 0 }).where(eq(sandboxPaymentIntents.id, order.paymentId));
    expect((await refund(order.id, { lines: [{ orderLineId: order.lines[0]!.id }] })).status).toBe(201);
  });
});

describe('refund events', () => {
  it('a refund event delivered many times (and at once) applies once', async () => {
    const order = await paidOrder();
    const res = await refund(order.id, { lines: [{ orderLineId: order.lines[0]!.id }] });
    const delivered = await deliverEvents(t, { duplicates: 10 });
    expect(delivered.statuses.every((s) => s === 200)).toBe(true);
    const [line] = await t.db.select().from(orderLines).where(eq(orderLines.id, order.lines[0]!.id));
    expect(line!.refundedCents).toBe(4999);
    const [ord] = await t.db.select().from(orders).where(eq(orders.id, order.id));
    expect(ord!.status).toBe('partially_refunded');

    // The same outcome under another event id (Stripe sends refund.created then refund.updated).
    const [row] = await t.db.select().from(refunds).where(eq(refunds.id, res.body.refund.id));
    const again = await t.db.transaction((tx) =>
      applyRefundEvent(tx, { id: 'evt_other', type: 'refund.succeeded', refundId: row!.providerRefundId!, paymentId: order.paymentId, refundRecordId: row!.id, amountCents: 5748 }),
    );
    expect(again).toBe('already_applied');
    const [lineAfter] = await t.db.select().from(orderLines).where(eq(orderLines.id, order.lines[0]!.id));
    expect(lineAfter!.refundedCents).toBe(4999);
  });

  it('refund.failed: a pending refund fails and frees its amount; a succeeded one that fails later is undone', async () => {
    const learner = await newSignedInUser(t, 'Léa Échec');
    const order = await paidOrder(learner);
    const line = order.lines[0]!;
    const failing = await refund(order.id, { lines: [{ orderLineId: line.id }] });
    const event = (type: 'refund.succeeded' | 'refund.failed', refundRecordId: string, refundId: string) =>
      t.db.transaction((tx) => applyRefundEvent(tx, { id: `evt_${type}_${refundRecordId}`, type, refundId, paymentId: order.paymentId, refundRecordId, amountCents: 0 }, new Date(clock)));
    const providerId = (await t.db.select().from(sandboxRefunds).where(eq(sandboxRefunds.idempotencyKey, failing.body.refund.id)))[0]!.id;
    // The provider's side of the failure: its refund failed, the money stayed with the payment.
    await t.db.update(sandboxRefunds).set({ status: 'failed' }).where(eq(sandboxRefunds.id, providerId));
    await t.db.update(sandboxPaymentIntents).set({ amountRefunded: 0 }).where(eq(sandboxPaymentIntents.id, order.paymentId));
    // The failure is final: a late 'succeeded' copy does not bring it back.
    expect(await event('refund.failed', failing.body.refund.id, providerId)).toBe('applied');
    expect(await event('refund.succeeded', failing.body.refund.id, providerId)).toBe('already_applied');
    const [failed] = await t.db.select().from(refunds).where(eq(refunds.id, failing.body.refund.id));
    expect(failed!.status).toBe('failed');
    expect((await t.db.select().from(orderLines).where(eq(orderLines.id, line.id)))[0]!.refundedCents).toBe(0);

    // Its amount is free again.
    const second = await refund(order.id, { lines: [{ orderLineId: line.id }] });
    expect(second.status).toBe(201);
    const secondProvider = (await t.db.select().from(sandboxRefunds).where(eq(sandboxRefunds.idempotencyKey, second.body.refund.id)))[0]!.id;
    expect(await event('refund.succeeded', second.body.refund.id, secondProvider)).toBe('applied');
    expect(await unlocked(course.bread, learner.cookie)).toBe(false);
    expect(await event('refund.failed', second.body.refund.id, secondProvider)).toBe('applied');
    expect((await t.db.select().from(orderLines).where(eq(orderLines.id, line.id)))[0]!.refundedCents).toBe(0);
    expect((await t.db.select().from(orders).where(eq(orders.id, order.id)))[0]!.status).toBe('paid');
    const [purchase] = await t.db.select().from(purchases).where(and(eq(purchases.orderLineId, line.id)));
    expect(purchase!.status).toBe('succeeded');
    expect(await unlocked(course.bread, learner.cookie)).toBe(true);
  });

  it('an event for a refund that is not ours changes nothing', async () => {
    const outcome = await t.db.transaction((tx) =>
      applyRefundEvent(tx, { id: 'evt_foreign', type: 'refund.succeeded', refundId: 're_from_dashboard', paymentId: 'pi_x', refundRecordId: null, amountCents: 100 }),
    );
    expect(outcome).toBe('unknown_refund');
  });
});

describe('refunding a live class', () => {
  async function seatOnNewSession() {
    const live = await createCourse(t.db, { title: 'Pâtes fraîches en direct', isLive: true, priceCents: 4500 });
    const session = await createSession(t.db, live.id, { startsAt: new Date(clock + 10 * 24 * 3_600_000), capacity: 2 });
    const buyer = await newSignedInUser(t, 'Élève En Direct');
    const seat = await createPaidSeat(t.db, { user: { id: buyer.id, fullName: 'Élève En Direct' }, course: { id: live.id, title: live.title }, sessionId: session.id, amountCents: 4500 });
    const seatsLeft = async () => (await t.json<CourseResponse>(`/api/courses/${live.id}`)).body.course.sessions.find((s) => s.id === session.id)!.seatsLeft;
    const reservation = async () => (await t.db.select().from(reservations).where(eq(reservations.id, seat.reservationId)))[0]!;
    return { seat, seatsLeft, reservation };
  }

  it('refunded in full: once the refund succeeds, the seat goes back on sale and the reservation ends admin_refunded', async () => {
    const { seat, seatsLeft, reservation } = await seatOnNewSession();
    expect(await seatsLeft()).toBe(1);
    const made = await refund(seat.orderId, { lines: [{ orderLineId: seat.orderLineId }] });
    expect(made.status).toBe(201);
    // Not before the money is back: the refund is pending until its event.
    expect((await reservation()).status).toBe('confirmed');
    await deliverEvents(t);
    expect(await reservation()).toMatchObject({ status: 'cancelled', cancelReason: 'admin_refunded' });
    expect(await seatsLeft()).toBe(2);
  });

  it('refunded in part: the learner keeps the seat', async () => {
    const { seat, seatsLeft, reservation } = await seatOnNewSession();
    const made = await refund(seat.orderId, { lines: [{ orderLineId: seat.orderLineId, amountCents: 1000 }] });
    expect(made.status).toBe(201);
    await deliverEvents(t);
    expect((await reservation()).status).toBe('confirmed');
    expect(await seatsLeft()).toBe(1);
  });
});
