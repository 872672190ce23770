// A seat held, paid on the sandbox, and confirmed when the payment event lands — on the real
// database and the real sandbox. Checkout only sells a seat the learner holds; a payment that comes
// after its hold lapsed gets the seat if one is free, else the reservation is cancelled and the
// line refunded in full, automatically, with an e-mail; seats never exceed capacity, whatever the
// order in which the late payment and a new hold arrive. Subscribers get their discount on live
// classes, taxes on the net, the same rows on the receipt.
import { randomUUID } from 'node:crypto';
import { and, count, eq, isNull } from 'drizzle-orm';
import { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { RealtimeEvent } from '@shared/schemas/events';
import type { CourseResponse } from '@shared/schemas/public';
import { courseSessions, emailDeliveries, outboxEmails, orders, purchases, refunds, reservations } from '../../src/server/db/schema';
import { loadConfig } from '../../src/server/env';
import { holdsSeat } from '../../src/server/modules/booking/seats';
import { publish, REALTIME_CHANNEL, type Notification } from '../../src/server/realtime/publish';
import { createCourse, createSession, createSubscription } from '../factories';
import { newSignedInUser, send } from '../setup/auth-client';
import { pdfText } from '../setup/pdf-text';
import { checkout, confirm, deliverEvents, getOrder, holdSeat, newKey, setProvince, SUCCESS_CARD } from '../setup/payments';
import { createTestApp, type TestApp } from '../setup/test-app';
import { testNow } from '../setup/test-clock';
import { until } from '../setup/until';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
let clock = testNow().getTime();
let t: TestApp;
type Learner = { id: string; email: string; cookie: string };

beforeAll(async () => {
  t = await createTestApp({ now: () => new Date(clock) });
  // E-mails go out through the job queue.
  await t.jobs.start();
});
afterAll(() => t.close());

/**
 * The e-mails telling `address` their payment got no seat, in the outbox once the e-mail queue sent
 * what it holds for them (the paid orders' receipts and booking confirmations are not these).
 */
async function refusalMails(address: string) {
  const unsent = () =>
    t.db.select().from(emailDeliveries).where(and(eq(emailDeliveries.to, address), isNull(emailDeliveries.sentAt), isNull(emailDeliveries.skippedReason)));
  const deadline = Date.now() + 15_000;
  while ((await unsent()).length > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
  return (await t.db.select().from(outboxEmails).where(eq(outboxEmails.to, address))).filter((m) => m.subject.endsWith('nous vous remboursons'));
}

// --- Realtime: LISTEN on the test database itself (PGlite's own API, or a pg client of the pool) ---

async function listenRealtime() {
  const events: Notification[] = [];
  const onPayload = (payload: string) => events.push(JSON.parse(payload) as Notification);
  const client = (t.db as unknown as { $client: PGlite | pg.Pool }).$client;
  if (client instanceof PGlite) {
    const unlisten = await client.listen(REALTIME_CHANNEL, onPayload);
    return { events, stop: () => unlisten() };
  }
  const connection = await client.connect();
  connection.on('notification', (n) => n.channel === REALTIME_CHANNEL && n.payload && onPayload(n.payload));
  await connection.query(`LISTEN ${REALTIME_CHANNEL}`);
  return {
    events,
    stop: async () => {
      await connection.query(`UNLISTEN ${REALTIME_CHANNEL}`);
      connection.release();
    },
  };
}
let listening: Awaited<ReturnType<typeof listenRealtime>> | null = null;
afterEach(async () => {
  await listening?.stop();
  listening = null;
});

/**
 * This reservation's events, once all those committed so far have arrived. NOTIFYs reach the listener
 * in commit order: a marker published now, after what the test did has returned, arrives after every
 * event that did committed — a duplicate among them is in the list by then, with no sleep.
 */
async function eventsFor(reservationId: string) {
  const marker = randomUUID();
  const of = (id: string) => (n: Notification) => 'reservationId' in n.event && n.event.reservationId === id;
  await publish(t.db, { role: 'admin' }, { type: 'reservation.updated', reservationId: marker });
  await until('the marker event heard', () => listening!.events.some(of(marker)), Boolean, 5_000, 10);
  return listening!.events.filter(of(reservationId));
}

// --- Helpers ------------------------------------------------------------------------------------

async function learner(name = 'Léa Apprenante'): Promise<Learner> {
  const user = await newSignedInUser(t, name);
  await setProvince(t, user.id, 'QC');
  return user;
}

/** A live course at 60 $ with one session two days ahead. */
async function liveSession(capacity: number, title = 'Tourtière en direct') {
  const course = await createCourse(t.db, { title, isLive: true, priceCents: 6000 });
  const session = await createSession(t.db, course.id, { now: new Date(clock), capacity });
  return { courseId: course.id, sessionId: session.id, startsAt: session.startsAt };
}

async function holdAndCheckout(user: Learner, s: { courseId: string; sessionId: string }, key = newKey()) {
  const held = await holdSeat(t, user.cookie, s.sessionId);
  expect(held.status).toBe(201);
  const res = await checkout(t, user.cookie, { idempotencyKey: key, items: [{ courseId: s.courseId, sessionId: s.sessionId }] });
  expect(res.status).toBe(201);
  return { holdId: held.body.hold.id, order: res.body.order, payment: res.body.payment! };
}

/** The card form, then the sandbox's events delivered to the webhook (twice: a refund's event follows). */
async function payAndDeliver(user: Learner, payment: { paymentId: string; clientSecret: string }, opts: { duplicates?: number } = {}) {
  const paid = await confirm(t, user.cookie, payment, SUCCESS_CARD);
  expect(paid.body.status).toBe('succeeded');
  const first = await deliverEvents(t, opts);
  const second = await deliverEvents(t);
  expect([...first.statuses, ...second.statuses].every((s) => s === 200)).toBe(true);
}

async function reservation(id: string) {
  const [row] = await t.db.select().from(reservations).where(eq(reservations.id, id));
  return row!;
}

async function seatsTaken(sessionId: string) {
  const [row] = await t.db
    .select({ n: count() })
    .from(reservations)
    .where(and(eq(reservations.sessionId, sessionId), holdsSeat(new Date(clock))));
  return row!.n;
}

const lapse = () => (clock += 16 * MINUTE);

// --- Tests --------------------------------------------------------------------------------------

describe('hold → checkout → payment → confirmed', () => {
  it('the payment event confirms the held seat, grants the course and tells the learner’s tabs and the admins', async () => {
    const s = await liveSession(5);
    const user = await learner();
    const { holdId, order, payment } = await holdAndCheckout(user, s);
    expect(order.lines[0]).toMatchObject({ kind: 'live_class', sessionId: s.sessionId, reservation: { id: holdId, status: 'pending_payment' } });

    listening = await listenRealtime();
    await payAndDeliver(user, payment);

    const row = await reservation(holdId);
    expect(row).toMatchObject({ status: 'confirmed', holdExpiresAt: null, cancelReason: null });
    const view = await getOrder(t, user.cookie, order.id);
    expect(view.body.order).toMatchObject({ status: 'paid' });
    expect(view.body.order.lines[0]!.reservation).toEqual({ id: holdId, status: 'confirmed', cancelReason: null });
    const granted = await t.db.select().from(purchases).where(eq(purchases.orderLineId, order.lines[0]!.id));
    expect(granted).toMatchObject([{ userId: user.id, courseId: s.courseId, status: 'succeeded' }]);
    // The hold's own endpoint says so too.
    const hold = await send(t, 'GET', `/api/booking/holds/${holdId}`, { cookie: user.cookie });
    expect(((await hold.json()) as { hold: { status: string } }).hold.status).toBe('confirmed');

    const events = await eventsFor(holdId);
    expect(events).toEqual(
      expect.arrayContaining([
        {
          to: { userId: user.id },
          event: { type: 'reservation.confirmed', reservationId: holdId, courseTitle: 'Tourtière en direct', startsAt: s.startsAt.toISOString() } satisfies RealtimeEvent,
        },
        { to: { role: 'admin' }, event: { type: 'reservation.updated', reservationId: holdId } },
      ]),
    );
    expect(events).toHaveLength(2);
    expect(await seatsTaken(s.sessionId)).toBe(1);
  });

  it('the same event delivered many times (and at once) confirms once, notifies once', async () => {
    const s = await liveSession(5);
    const user = await learner();
    const { holdId, order, payment } = await holdAndCheckout(user, s);
    listening = await listenRealtime();
    await payAndDeliver(user, payment, { duplicates: 4 });

    expect(await reservation(holdId)).toMatchObject({ status: 'confirmed' });
    const events = await eventsFor(holdId);
    expect(events.filter((n) => n.event.type === 'reservation.confirmed')).toHaveLength(1);
    expect(await t.db.select().from(purchases).where(eq(purchases.orderLineId, order.lines[0]!.id))).toHaveLength(1);
    expect(await t.db.select().from(refunds).where(eq(refunds.orderId, order.id))).toHaveLength(0);
  });
  it('a confirm repeated after it paid (its answer lost) answers the same; one charge, the seat confirmed once', async () => {
    const s = await liveSession(5);
    const user = await learner();
    const { holdId, order, payment } = await holdAndCheckout(user, s);
    listening = await listenRealtime();
    const first = await confirm(t, user.cookie, payment, SUCCESS_CARD);
    expect(first).toEqual({ status: 200, body: { status: 'succeeded', error: null } });
    expect(await confirm(t, user.cookie, payment, SUCCESS_CARD)).toEqual(first);
    await deliverEvents(t);
    expect(await confirm(t, user.cookie, payment, SUCCESS_CARD)).toEqual(first);
    expect((await deliverEvents(t)).statuses).toEqual([]);

    expect((await getOrder(t, user.cookie, order.id)).body.order).toMatchObject({ status: 'paid' });
    expect(await reservation(holdId)).toMatchObject({ status: 'confirmed' });
    expect(await seatsTaken(s.sessionId)).toBe(1);
    expect(await t.db.select().from(purchases).where(eq(purchases.orderLineId, order.lines[0]!.id))).toHaveLength(1);
    expect(await t.db.select().from(refunds).where(eq(refunds.orderId, order.id))).toHaveLength(0);
    expect((await eventsFor(holdId)).filter((n) => n.event.type === 'reservation.confirmed')).toHaveLength(1);
  });
});

describe('checkout sells only a seat the learner holds', () => {
  it('no hold → 409 HOLD_EXPIRED on the session field; nothing is written', async () => {
    const s = await liveSession(5);
    const user = await learner();
    const res = await checkout(t, user.cookie, { items: [{ courseId: s.courseId, sessionId: s.sessionId }] });
    expect(res.status).toBe(409);
    expect(res.body.error).toMatchObject({
      code: 'HOLD_EXPIRED',
      message: 'Le délai de 15 minutes pour payer votre place est écoulé. Choisissez de nouveau une séance.',
      fields: { 'items.0.sessionId': 'Aucune place retenue pour cette séance.' },
    });
    expect(await t.db.select().from(orders).where(eq(orders.userId, user.id))).toHaveLength(0);
  });

  it('a lapsed hold → 409 HOLD_EXPIRED for a new checkout, while the same key still gives back its order', async () => {
    const s = await liveSession(5);
    const user = await learner();
    const key = newKey();
    const first = await holdAndCheckout(user, s, key);
    lapse();
    const replay = await checkout(t, user.cookie, { idempotencyKey: key, items: [{ courseId: s.courseId, sessionId: s.sessionId }] });
    expect(replay.status).toBe(200);
    expect(replay.body.order.id).toBe(first.order.id);
    expect(replay.body.payment?.paymentId).toBe(first.payment.paymentId);

    const again = await checkout(t, user.cookie, { items: [{ courseId: s.courseId, sessionId: s.sessionId }] });
    expect(again.status).toBe(409);
    expect(again.body.error?.code).toBe('HOLD_EXPIRED');
  });

  it('a confirmed seat → 409 ALREADY_BOOKED', async () => {
    const s = await liveSession(5);
    const user = await learner();
    const { payment } = await holdAndCheckout(user, s);
    await payAndDeliver(user, payment);
    const again = await checkout(t, user.cookie, { items: [{ courseId: s.courseId, sessionId: s.sessionId }] });
    expect(again.status).toBe(409);
    expect(again.body.error).toMatchObject({
      code: 'ALREADY_BOOKED',
      message: 'Vous avez déjà une place confirmée pour cette séance.',
      fields: { 'items.0.sessionId': 'Place déjà confirmée.' },
    });
  });
});

describe('a payment that lands after its hold lapsed', () => {
  it('gets the seat when one is still free (even once another learner’s hold marked it expired)', async () => {
    const s = await liveSession(2);
    const late = await learner('Lina Tardive');
    const other = await learner('Olivier Autre');
    const { holdId, order, payment } = await holdAndCheckout(late, s);
    lapse();
    expect((await holdSeat(t, other.cookie, s.sessionId)).status).toBe(201);
    expect((await reservation(holdId)).status).toBe('expired');

    listening = await listenRealtime();
    await payAndDeliver(late, payment);
    expect(await reservation(holdId)).toMatchObject({ status: 'confirmed', holdExpiresAt: null });
    expect((await getOrder(t, late.cookie, order.id)).body.order.status).toBe('paid');
    expect(await seatsTaken(s.sessionId)).toBe(2);
    expect((await eventsFor(holdId)).map((n) => n.event.type)).toContain('reservation.confirmed');
    expect(await t.db.select().from(refunds).where(eq(refunds.orderId, order.id))).toHaveLength(0);
  });

  it('without a free seat: cancelled (no_seat), refunded in full through the provider, course taken back, learner e-mailed', async () => {
    const s = await liveSession(1, 'Sushis en direct');
    const late = await learner('Lina Tardive');
    const other = await learner('Olivier Autre');
    const { holdId, order, payment } = await holdAndCheckout(late, s);
    lapse();
    expect((await holdSeat(t, other.cookie, s.sessionId)).status).toBe(201);

    listening = await listenRealtime();
    await payAndDeliver(late, payment);

    expect(await reservation(holdId)).toMatchObject({ status: 'cancelled', cancelReason: 'no_seat', cancelledAt: new Date(clock) });
    expect(await seatsTaken(s.sessionId)).toBe(1);
    const [refund] = await t.db.select().from(refunds).where(eq(refunds.orderId, order.id));
    expect(refund).toMatchObject({
      status: 'succeeded',
      totalCents: order.totalCents,
      subtotalCents: order.subtotalCents,
      createdBy: null,
      idempotencyKey: `seat:${order.id}`,
      providerRefundId: expect.stringMatching(/^re_/),
      reason: 'Aucune place disponible à la réception du paiement : remboursement automatique',
    });

    const view = (await getOrder(t, late.cookie, order.id)).body.order;
    expect(view.status).toBe('refunded');
    expect(view.lines[0]).toMatchObject({ refundedCents: 6000, reservation: { id: holdId, status: 'cancelled', cancelReason: 'no_seat' } });
    expect(view.refunds).toMatchObject([{ status: 'succeeded', totalCents: order.totalCents }]);
    const [purchase] = await t.db.select().from(purchases).where(eq(purchases.orderLineId, order.lines[0]!.id));
    expect(purchase!.status).toBe('refunded');

    const mails = await refusalMails(late.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe("Votre place n'a pas pu être confirmée : nous vous remboursons");
    expect(mails[0]!.text).toContain('« Sushis en direct », séance du');
    expect(mails[0]!.text).toContain('la séance est maintenant complète');
    expect(mails[0]!.text.replaceAll('\u00a0', ' ')).toContain(`Nous vous remboursons automatiquement ${(order.totalCents / 100).toFixed(2).replace('.', ',')} CAD (taxes comprises)`);
    expect(mails[0]!.text).toContain(`http://toque.test/booking/${s.courseId}`);

    const events = await eventsFor(holdId);
    expect(events).toEqual(expect.arrayContaining([{ to: { userId: late.id }, event: { type: 'reservation.updated', reservationId: holdId } }]));
    expect(events.some((n) => n.event.type === 'reservation.confirmed')).toBe(false);
  });

  it('a session the admin cancelled is refunded the same way', async () => {
    const s = await liveSession(3);
    const user = await learner();
    const { holdId, order, payment } = await holdAndCheckout(user, s);
    await t.db.update(courseSessions).set({ status: 'cancelled' }).where(eq(courseSessions.id, s.sessionId));
    await payAndDeliver(user, payment);

    expect(await reservation(holdId)).toMatchObject({ status: 'cancelled', cancelReason: 'session_cancelled' });
    expect((await getOrder(t, user.cookie, order.id)).body.order.status).toBe('refunded');
    const [mail] = await refusalMails(user.email);
    expect(mail!.text).toContain('cette séance a été annulée par la cheffe');
  });

  it('two checkouts for one seat (a second tab, or a new hold after the first lapsed): one seat, the extra payment refunded', async () => {
    const s = await liveSession(3);
    const user = await learner('Double Onglet');
    // The first order's hold lapses; the learner holds again and checks out a second order.
    const first = await holdAndCheckout(user, s);
    lapse();
    const second = await holdAndCheckout(user, s);
    expect(second.holdId).not.toBe(first.holdId);

    // The first payment lands late, with seats free: its reservation takes the seat, the newer hold is given back.
    await payAndDeliver(user, first.payment);
    expect(await reservation(first.holdId)).toMatchObject({ status: 'confirmed' });
    expect(await reservation(second.holdId)).toMatchObject({ status: 'cancelled', cancelReason: 'released' });
    expect(await seatsTaken(s.sessionId)).toBe(1);

    // The second order is paid too: no second seat; it is refunded, and the learner told why.
    await payAndDeliver(user, second.payment);
    expect(await seatsTaken(s.sessionId)).toBe(1);
    expect((await getOrder(t, user.cookie, second.order.id)).body.order.status).toBe('refunded');
    expect((await getOrder(t, user.cookie, first.order.id)).body.order.status).toBe('paid');
    const [mail] = await refusalMails(user.email);
    expect(mail!.subject).toBe('Paiement en double : nous vous remboursons');
    expect(mail!.text).toContain('vous aviez déjà une place confirmée pour cette séance');
  });

  it('racing new holds for the last seat: exactly one of them gets it, never more than capacity', async () => {
    const rivals = await Promise.all([1, 2, 3, 4, 5].map((n) => learner(`Rival ${n}`)));
    for (let round = 0; round < 4; round++) {
      const s = await liveSession(1, `Course ${round}`);
      const late = await learner('Lina Tardive');
      const { holdId, order, payment } = await holdAndCheckout(late, s);
      lapse();
      expect((await confirm(t, late.cookie, payment, SUCCESS_CARD)).body.status).toBe('succeeded');
      const [, ...holds] = await Promise.all([deliverEvents(t), ...rivals.map((r) => holdSeat(t, r.cookie, s.sessionId))]);
      await deliverEvents(t);

      expect(await seatsTaken(s.sessionId)).toBe(1);
      const lateGotIt = (await reservation(holdId)).status === 'confirmed';
      const rivalsIn = holds.filter((h) => h.status === 201).length;
      expect(rivalsIn + (lateGotIt ? 1 : 0)).toBe(1);
      expect(holds.filter((h) => h.status !== 201).every((h) => h.status === 409 && h.body.error?.code === 'SESSION_FULL')).toBe(true);
      const refunded = await t.db.select().from(refunds).where(eq(refunds.orderId, order.id));
      expect(refunded).toHaveLength(lateGotIt ? 0 : 1);
    }
  });
});

describe("subscribers' discount on live classes", () => {
  it('a subscriber pays the live class 15 % less, taxes on the net; a recorded course is theirs already, never sold to them', async () => {
    const s = await liveSession(5);
    const recorded = await createCourse(t.db, { title: 'Pain au levain', isLive: false, priceCents: 4000 });
    const user = await learner('Sam Abonné');
    await createSubscription(t.db, user.id);
    expect((await holdSeat(t, user.cookie, s.sessionId)).status).toBe(201);
    // DESIGN §7: every recorded course is part of the membership.
    const both = await checkout(t, user.cookie, { items: [{ courseId: s.courseId, sessionId: s.sessionId }, { courseId: recorded.id }] });
    expect(both.status).toBe(409);
    expect(both.body.error!.code).toBe('ALREADY_INCLUDED');
    const res = await checkout(t, user.cookie, { items: [{ courseId: s.courseId, sessionId: s.sessionId }] });
    expect(res.status).toBe(201);
    const order = res.body.order;
    expect(order.lines.map((l) => [l.kind, l.amountCents, l.discountCents, l.discountPercent])).toEqual([['live_class', 5100, 900, 15]]);
    expect(order).toMatchObject({ discountCents: 900, subtotalCents: 5100 });
    expect(order.taxLines.map((l) => [l.code, l.baseCents])).toEqual([
      ['GST', 5100],
      ['QST', 5100],
    ]);
    // 5 % of 51,00 = 2,55; 9,975 % = 5,087… → 5,09.
    expect(order.taxCents).toBe(255 + 509);
    expect(order.totalCents).toBe(5100 + 255 + 509);

    await payAndDeliver(user, res.body.payment!);
    const receipt = await send(t, 'GET', `/api/orders/${order.id}/receipt`, { cookie: user.cookie });
    expect(receipt.status).toBe(200);
    const html = (await receipt.text()).replaceAll('\u00a0', ' ').replaceAll('\u202f', ' ');
    // The line at its list price, then the discount, then the subtotal after it.
    expect(html).toContain('<td class="amount">60,00 CAD</td>');
    const discountAt = html.indexOf('<td>Rabais abonné (15 %)</td><td class="amount">− 9,00 CAD</td>');
    const subtotalAt = html.indexOf('<td>Sous-total</td><td class="amount">51,00 CAD</td>');
    expect(discountAt).toBeGreaterThan(0);
    expect(subtotalAt).toBeGreaterThan(discountAt);
    // The PDF prints the same rows, in the same order (its font has no true minus sign).
    const pdf = await send(t, 'GET', `/api/orders/${order.id}/receipt.pdf`, { cookie: user.cookie });
    const rows = pdfText(new Uint8Array(await pdf.arrayBuffer())).replaceAll('\u00a0', ' ').split('\n');
    const at = (label: string) => rows.indexOf(label);
    expect(rows[at('Rabais abonné (15 %)') + 1]).toBe('- 9,00 CAD');
    expect(rows[at('Sous-total') + 1]).toBe('51,00 CAD');
    expect(at('Sous-total')).toBeGreaterThan(at('Rabais abonné (15 %)'));
    expect(rows).toContain('60,00 CAD');
  });

  it('no discount without an active subscription (none, or one whose period ended)', async () => {
    for (const subscribed of [false, true]) {
      const s = await liveSession(5);
      const user = await learner();
      if (subscribed) await createSubscription(t.db, user.id, { status: 'canceled', currentPeriodEnd: new Date(clock - HOUR) });
      expect((await holdSeat(t, user.cookie, s.sessionId)).status).toBe(201);
      const res = await checkout(t, user.cookie, { items: [{ courseId: s.courseId, sessionId: s.sessionId }] });
      expect(res.body.order).toMatchObject({ discountCents: 0, subtotalCents: 6000 });
      expect(res.body.order.lines[0]).toMatchObject({ amountCents: 6000, discountCents: 0, discountPercent: null });
    }
  });

  it('the public course detail advertises the rate on live courses only', async () => {
    const s = await liveSession(5);
    const recorded = await createCourse(t.db, { title: 'Macarons', isLive: false, priceCents: 2500 });
    const read = async (id: string) => ((await (await send(t, 'GET', `/api/courses/${id}`)).json()) as CourseResponse).course;
    expect((await read(s.courseId)).subscriberDiscountPercent).toBe(15);
    expect((await read(recorded.id)).subscriberDiscountPercent).toBeNull();
  });

  it('SUBSCRIBER_LIVE_DISCOUNT_PERCENT: 15 by default, 0 turns it off, outside 0–90 refused at start', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).booking.subscriberDiscountPercent).toBe(15);
    expect(loadConfig({ NODE_ENV: 'test', SUBSCRIBER_LIVE_DISCOUNT_PERCENT: '0' }).booking.subscriberDiscountPercent).toBe(0);
    expect(loadConfig({ NODE_ENV: 'test', SUBSCRIBER_LIVE_DISCOUNT_PERCENT: '25' }).booking.subscriberDiscountPercent).toBe(25);
    for (const bad of ['95', '-1', '12.5', 'quinze']) {
      expect(() => loadConfig({ NODE_ENV: 'test', SUBSCRIBER_LIVE_DISCOUNT_PERCENT: bad })).toThrow(/SUBSCRIBER_LIVE_DISCOUNT_PERCENT/);
    }
  });
});
