// GET /api/purchases (Mes Achats): the session's own succeeded and refunded purchases, newest
// first, with their course, receipt and credit note; a live class with the session of its
// confirmed seat and the recording the admin attached (only ever for a confirmed attendee) — and
// one journey through the real sandbox: pay, see it with its receipt, refund it, see the credit
// note and the course locked again.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiErrorBody } from '@shared/errors';
import type { PurchasesResponse, RefundResponse } from '@shared/schemas/checkout';
import type { CourseResponse } from '@shared/schemas/public';
import { orderLines, purchases } from '../../src/server/db/schema';
import { createCourse, createPurchase, createReservation, createSession, setRole } from '../factories';
import { createPaidOrder } from '../factories/orders';
import { newSignedInUser, send } from '../setup/auth-client';
import { pdfText } from '../setup/pdf-text';
import { checkout, confirm, deliverEvents, getOrder, newKey, setProvince, SUCCESS_CARD } from '../setup/payments';
import { createTestApp, type TestApp } from '../setup/test-app';
import { testNow } from '../setup/test-clock';

const clock = testNow().getTime();
let t: TestApp;
let admin: { id: string; cookie: string };
const course = {} as Record<'bread' | 'live' | 'sushi', string>;

beforeAll(async () => {
  t = await createTestApp({ now: () => new Date(clock) });
  admin = await newSignedInUser(t, 'Cheffe Admin');
  await setRole(t.db, admin.id, 'admin');
  course.bread = (await createCourse(t.db, { title: 'Pain au levain', isLive: false, priceCents: 4999, imageUrl: '/media/seed/courses/pain.webp' })).id;
  course.live = (await createCourse(t.db, { title: 'Tourtière en direct', isLive: true, priceCents: 6000, imageUrl: null })).id;
  course.sushi = (await createCourse(t.db, { title: 'Sushis', isLive: false, isPremium: true, priceCents: 3333, status: 'archived' })).id;
});
afterAll(() => t.close());

async function purchasesOf(cookie: string) {
  const res = await send(t, 'GET', '/api/purchases', { cookie });
  expect(res.status).toBe(200);
  expect(res.headers.get('cache-control')).toBe('no-store');
  return ((await res.json()) as PurchasesResponse).purchases;
}

const at = (iso: string) => new Date(iso);

describe('GET /api/purchases', () => {
  it('is empty for someone who bought nothing', async () => {
    const someone = await newSignedInUser(t);
    expect(await purchasesOf(someone.cookie)).toEqual([]);
  });

  it('lists succeeded and refunded purchases newest first, with course, receipt and credit note; never pending or failed ones', async () => {
    const me = await newSignedInUser(t, 'Camille Gagnon');
    // A demo purchase recorded before orders existed: no receipt.
    const demo = await createPurchase(t.db, me.id, course.live, { amountCents: 6000, createdAt: at('2026-09-01T12:00:00Z') });
    const order = await createPaidOrder(t.db, {
      user: me,
      paidAt: at('2026-10-01T12:00:00Z'),
      items: [
        { courseId: course.bread, description: 'Pain au levain', amountCents: 4999 },
        { courseId: course.sushi, description: 'Sushis', amountCents: 3333 },
      ],
    });
    await createPurchase(t.db, me.id, course.bread, { status: 'pending', createdAt: at('2026-10-05T12:00:00Z') });
    await createPurchase(t.db, me.id, course.bread, { status: 'failed', createdAt: at('2026-10-06T12:00:00Z') });

    // Refund the sushi line through the real API and the sandbox's event.
    const res = await send(t, 'POST', `/api/admin/orders/${order.id}/refunds`, {
      cookie: admin.cookie,
      body: { lines: [{ orderLineId: order.lines[1]!.id }], idempotencyKey: newKey() },
    });
    const refund = ((await res.json()) as RefundResponse).refund;
    await deliverEvents(t);

    const list = await purchasesOf(me.cookie);
    const breadPurchase = order.purchases.find((p) => p.orderLineId === order.lines[0]!.id)!;
    const sushiPurchase = order.purchases.find((p) => p.orderLineId === order.lines[1]!.id)!;
    // Newest first: the order's two purchases (bought together), then the older demo one.
    expect(list.map((p) => p.id)).toHaveLength(3);
    expect(list.slice(0, 2).map((p) => p.id).sort()).toEqual([breadPurchase.id, sushiPurchase.id].sort());
    const byId = Object.fromEntries(list.map((p) => [p.id, p]));
    expect(byId[breadPurchase.id]).toEqual({
      id: breadPurchase.id,
      status: 'succeeded',
      // What was paid, taxes included: 49,99 + GST 2,50 + QST 4,99.
      amountCents: 5748,
      createdAt: '2026-10-01T12:00:00.000Z',
      course: { id: course.bread, title: 'Pain au levain', imageUrl: '/media/seed/courses/pain.webp', isLive: false },
      orderId: order.id,
      receiptUrl: `/documents/recu/${order.id}`,
      creditNoteUrl: null,
      session: null,
      progress: null,
      refundChoice: null,
    });
    // An archived course still shows in the history.
    expect(byId[sushiPurchase.id]).toMatchObject({
      status: 'refunded',
      course: { id: course.sushi, title: 'Sushis', isLive: false },
      receiptUrl: `/documents/recu/${order.id}`,
      creditNoteUrl: `/documents/note-de-credit/${refund.id}`,
    });
    expect(byId[demo.id]).toEqual({
      id: demo.id,
      status: 'succeeded',
      amountCents: 6000,
      createdAt: '2026-09-01T12:00:00.000Z',
      course: { id: course.live, title: 'Tourtière en direct', imageUrl: null, isLive: true },
      orderId: null,
      receiptUrl: null,
      creditNoteUrl: null,
      session: null,
      progress: null,
      refundChoice: null,
    });
    expect(list.at(-1)!.id).toBe(demo.id);
  });

  it('never shows another person’s purchases, and their receipt stays theirs (404)', async () => {
    const alice = await newSignedInUser(t, 'Alice');
    const bob = await newSignedInUser(t, 'Bob');
    const order = await createPaidOrder(t.db, { user: alice, items: [{ courseId: course.bread, description: 'Pain au levain', amountCents: 4999 }] });
    await createPurchase(t.db, alice.id, course.live);
    expect(await purchasesOf(bob.cookie)).toEqual([]);
    expect((await purchasesOf(alice.cookie)).map((p) => p.course.id).sort()).toEqual([course.bread, course.live].sort());
    const url = (await purchasesOf(alice.cookie)).find((p) => p.receiptUrl)!.receiptUrl!;
    expect(url).toBe(`/documents/recu/${order.id}`);
    expect((await send(t, 'GET', url, { cookie: bob.cookie })).status).toBe(404);
  });

  it('answers a visitor 401 and an unknown parameter 400', async () => {
    const res = await send(t, 'GET', '/api/purchases');
    expect(res.status).toBe(401);
    expect(((await res.json()) as ApiErrorBody).error.code).toBe('UNAUTHENTICATED');
    const someone = await newSignedInUser(t);
    expect((await send(t, 'GET', '/api/purchases?userId=someone-else', { cookie: someone.cookie })).status).toBe(400);
  });
});

describe('a live class in Mes Achats', () => {
  const RECORDING = 'https://video.exemple.test/enregistrements/tourtiere-42';

  /** A paid order for the live course whose line paid for this reservation, as fulfilment links them. */
  async function paidSeat(user: { id: string }, sessionId: string, reservationId: string) {
    const order = await createPaidOrder(t.db, {
      user,
      items: [{ courseId: course.live, description: 'Tourtière en direct — séance', amountCents: 6000, kind: 'live_class', sessionId }],
    });
    await t.db.update(orderLines).set({ reservationId }).where(eq(orderLines.id, order.lines[0]!.id));
    return order;
  }

  it('shows the session of a confirmed seat and its recording; a hold, a lost seat or another person’s seat show none', async () => {
    const past = await createSession(t.db, course.live, { startsAt: new Date(clock - 7 * 86_400_000), recordingUrl: RECORDING });
    const upcoming = await createSession(t.db, course.live, { now: new Date(clock) });

    const attendee = await newSignedInUser(t, 'Élise Présente');
    await paidSeat(attendee, past.id, (await createReservation(t.db, past.id, attendee.id)).id);
    const [attended] = await purchasesOf(attendee.cookie);
    expect(attended).toMatchObject({
      status: 'succeeded',
      course: { id: course.live, isLive: true },
      session: { id: past.id, startsAt: past.startsAt.toISOString(), recordingUrl: RECORDING, hasRecordingVideo: false },
      progress: null,
    });

    // Booked for a session still to come: its date, no recording yet.
    const early = await newSignedInUser(t, 'Noé Futur');
    const earlySeat = await createReservation(t.db, upcoming.id, early.id);
    await paidSeat(early, upcoming.id, earlySeat.id);
    // With the seat's reservation: « Voir la réservation » opens the booking's page (decision 0052).
    expect((await purchasesOf(early.cookie))[0]!.session).toEqual({
      id: upcoming.id,
      reservationId: earlySeat.id,
      startsAt: upcoming.startsAt.toISOString(),
      recordingUrl: null,
      hasRecordingVideo: false,
    });

    // Paid after the hold lapsed and the seat was gone (refunded automatically): no seat, no recording.
    const late = await newSignedInUser(t, 'Lou Retard');
    await paidSeat(late, past.id, (await createReservation(t.db, past.id, late.id, { status: 'cancelled', cancelReason: 'no_seat' })).id);
    // A seat still only held, and a seat that was cancelled by its learner.
    const holder = await newSignedInUser(t, 'Max Attente');
    await paidSeat(holder, past.id, (await createReservation(t.db, past.id, holder.id, { status: 'pending_payment', holdExpiresAt: new Date(clock) })).id);
    const quitter = await newSignedInUser(t, 'Zoé Partie');
    await paidSeat(quitter, past.id, (await createReservation(t.db, past.id, quitter.id, { status: 'cancelled', cancelReason: 'learner_no_refund' })).id);
    // A line pointing at somebody else's confirmed seat (the attendee's, in another past session) never shows it.
    const stranger = await newSignedInUser(t, 'Jo Ailleurs');
    const other = await createSession(t.db, course.live, { startsAt: new Date(clock - 3 * 86_400_000), recordingUrl: RECORDING });
    await paidSeat(stranger, other.id, (await createReservation(t.db, other.id, attendee.id)).id);

    for (const person of [late, holder, quitter, stranger]) {
      const list = await purchasesOf(person.cookie);
      expect(list, person.id).toHaveLength(1);
      expect(list[0]!.session, person.id).toBeNull();
      expect(JSON.stringify(list)).not.toContain(RECORDING);
    }
  });
});

describe('the journey through the real sandbox', () => {
  it('pay by card → Mes Achats with the receipt (GST and QST) → the admin refunds → access gone, credit note in Mes Achats', async () => {
    const learner = await newSignedInUser(t, 'Léa Acheteuse');
    await setProvince(t, learner.id, 'QC');
    const opened = async () =>
      ((await (await send(t, 'GET', `/api/courses/${course.bread}`, { cookie: learner.cookie })).json()) as CourseResponse).course.entitlement.status === 'included';
    expect(await opened()).toBe(false);

    const { status, body } = await checkout(t, learner.cookie, { items: [{ courseId: course.bread }] });
    expect(status).toBe(201);
    const paid = await confirm(t, learner.cookie, body.payment!, SUCCESS_CARD);
    expect(paid.body.status).toBe('succeeded');
    // Paid only once the event has been processed.
    expect(await purchasesOf(learner.cookie)).toEqual([]);
    await deliverEvents(t);
    const order = (await getOrder(t, learner.cookie, body.order.id)).body.order;
    expect(order.status).toBe('paid');

    const [bought] = await purchasesOf(learner.cookie);
    expect(bought).toMatchObject({ status: 'succeeded', course: { id: course.bread }, orderId: order.id, receiptUrl: order.receiptUrl, creditNoteUrl: null, session: null });
    expect(await opened()).toBe(true);
    const receipt = pdfText(new Uint8Array(await (await send(t, 'GET', order.receiptPdfUrl!, { cookie: learner.cookie })).arrayBuffer())).replaceAll('\u00a0', ' ');
    const lines = receipt.split('\n');
    // 49,99: GST 2,50, QST 4,99 (9,975 % of 49,99 = 4,9865…), total 57,48.
    expect(lines[lines.indexOf('TPS (5 %)') + 1]).toBe('2,50 CAD');
    expect(lines[lines.indexOf('TVQ (9,975 %)') + 1]).toBe('4,99 CAD');
    expect(lines[lines.indexOf('Total') + 1]).toBe('57,48 CAD');
    expect(receipt).toContain('N° de TPS/TVH : 123456789 RT0001');
    expect(receipt).toContain('N° de TVQ : 1234567890 TQ0001');
    expect(receipt).toContain('Visa se terminant par 4242');

    const refunded = await send(t, 'POST', `/api/admin/orders/${order.id}/refunds`, {
      cookie: admin.cookie,
      body: { lines: [{ orderLineId: order.lines[0]!.id }], idempotencyKey: newKey() },
    });
    expect(refunded.status).toBe(201);
    await deliverEvents(t);
    expect(await opened()).toBe(false);
    const [after] = await purchasesOf(learner.cookie);
    const refundId = ((await refunded.json()) as RefundResponse).refund.id;
    expect(after).toMatchObject({ status: 'refunded', receiptUrl: order.receiptUrl, creditNoteUrl: `/documents/note-de-credit/${refundId}` });
    expect((await send(t, 'GET', after!.creditNoteUrl!, { cookie: learner.cookie })).status).toBe(200);
    expect((await getOrder(t, learner.cookie, order.id)).body.order.status).toBe('refunded');
    const [row] = await t.db.select().from(purchases).where(eq(purchases.orderLineId, order.lines[0]!.id));
    expect(row!.status).toBe('refunded');
  });
});
