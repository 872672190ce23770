// POST /api/checkout and GET /api/orders/:orderId on the real database and the real sandbox:
// prices, titles and kinds from the server only, taxes by the buyer's province, one order per
// idempotency key, the course rules (published, not owned, a future session for a live class),
// and nobody else's order, ever.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderView } from '@shared/schemas/checkout';
import type { CourseResponse } from '@shared/schemas/public';
import { orderLines, orders, paymentEvents, profiles, purchases, sandboxPaymentIntents } from '../../src/server/db/schema';
import { createCourse, createPurchase, createReservation, createSession, createSubscription, setRole } from '../factories';
import { newSignedInUser, send } from '../setup/auth-client';
import { checkout, getOrder, holdSeat, newKey, setProvince } from '../setup/payments';
import { createTestApp, type TestApp } from '../setup/test-app';
import { testNow } from '../setup/test-clock';

const HOUR = 3_600_000;
const clock = testNow().getTime();
let t: TestApp;
const course = {} as Record<'bread' | 'macarons' | 'live' | 'otherLive' | 'draft' | 'archived' | 'premium' | 'premiumLive' | 'noVideo', string>;
let liveSession: string;

beforeAll(async () => {
  t = await createTestApp({ now: () => new Date(clock) });
  course.bread = (await createCourse(t.db, { title: 'Pain au levain', isLive: false, priceCents: 4999 })).id;
  course.macarons = (await createCourse(t.db, { title: 'Macarons', isLive: false, priceCents: 2500 })).id;
  course.live = (await createCourse(t.db, { title: 'Tourtière en direct', isLive: true, priceCents: 6000 })).id;
  course.otherLive = (await createCourse(t.db, { title: 'Sushis en direct', isLive: true, priceCents: 5500 })).id;
  course.draft = (await createCourse(t.db, { title: 'Brouillon', isLive: false, status: 'draft' })).id;
  course.archived = (await createCourse(t.db, { title: 'Archivé', isLive: false, status: 'archived' })).id;
  liveSession = (await createSession(t.db, course.live, { now: new Date(clock) })).id;
  course.premium = (await createCourse(t.db, { title: 'Pâtisserie de palace', isLive: false, isPremium: true, priceCents: 7900 })).id;
  course.premiumLive = (await createCourse(t.db, { title: 'Gastronomie en direct', isLive: true, isPremium: true, priceCents: 9500 })).id;
  course.noVideo = (await createCourse(t.db, { title: 'Vidéo à venir', isLive: false, priceCents: 2900, videoKey: null })).id;
});
afterAll(() => t.close());

async function buyer(province: string | null = 'QC') {
  const user = await newSignedInUser(t, 'Léa Acheteuse');
  await setProvince(t, user.id, province);
  return user;
}

describe('POST /api/checkout', () => {
  it('prices the order from the database with Québec taxes (GST and QST on their own lines) and opens a sandbox payment', async () => {
    const user = await buyer('QC');
    const { status, body } = await checkout(t, user.cookie, { items: [{ courseId: course.bread }, { courseId: course.macarons }] });
    expect(status).toBe(201);
    const order = body.order;
    expect(order).toMatchObject({ status: 'pending', currency: 'CAD', province: 'QC', taxStatus: 'taxed', subtotalCents: 7499, discountCents: 0 });
    expect(order.lines.map((l) => [l.kind, l.courseId, l.description, l.amountCents])).toEqual([
      ['recorded_course', course.bread, 'Pain au levain', 4999],
      ['recorded_course', course.macarons, 'Macarons', 2500],
    ]);
    // 5 % GST and 9,975 % QST, each on 74,99, rounded half-up once per invoice.
    expect(order.taxLines.map((l) => [l.code, l.baseCents, l.amountCents])).toEqual([
      ['GST', 7499, 375],
      ['QST', 7499, 748],
    ]);
    expect(order.taxCents).toBe(1123);
    expect(order.totalCents).toBe(8622);
    expect(order.paymentMethod).toBeNull();
    expect(order.receiptUrl).toBeNull();
    expect(order.paidAt).toBeNull();
    expect(body.payment).toMatchObject({ provider: 'sandbox', paymentId: expect.stringMatching(/^pi_sb_/), clientSecret: expect.stringMatching(/_secret_/) });

    const [row] = await t.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row).toMatchObject({ userId: user.id, provider: 'sandbox', providerPaymentId: body.payment!.paymentId, buyerName: 'Léa Acheteuse', buyerEmail: user.email });
    const [pi] = await t.db.select().from(sandboxPaymentIntents).where(eq(sandboxPaymentIntents.id, body.payment!.paymentId));
    expect(pi).toMatchObject({ amount: 8622, currency: 'cad', status: 'requires_payment_method', idempotencyKey: `order:${order.id}` });
    expect(pi!.metadata).toMatchObject({ order_id: order.id, user_id: user.id });
  });

  it('ignores any price, amount, title or total the client sends', async () => {
    const user = await buyer('ON');
    const { status, body } = await checkout(t, user.cookie, {
      items: [{ courseId: course.bread, priceCents: 1, price: 0.01, amountCents: 1, title: 'Gratuit', kind: 'membership' }],
      totalCents: 1,
      amount: 1,
      subtotalCents: 1,
      taxCents: 0,
    });
    expect(status).toBe(201);
    expect(body.order.lines[0]).toMatchObject({ description: 'Pain au levain', amountCents: 4999, kind: 'recorded_course' });
    // Ontario: 13 % HST.
    expect(body.order.taxLines.map((l) => [l.code, l.amountCents])).toEqual([['HST', 650]]);
    expect(body.order.totalCents).toBe(5649);
    const [pi] = await t.db.select().from(sandboxPaymentIntents).where(eq(sandboxPaymentIntents.id, body.payment!.paymentId));
    expect(pi!.amount).toBe(5649);
  });

  it('charges no tax to a buyer outside Canada (zero-rated)', async () => {
    const user = await buyer('XX');
    const { body } = await checkout(t, user.cookie, { items: [{ courseId: course.bread }] });
    expect(body.order).toMatchObject({ taxStatus: 'zero_rated', taxLines: [], taxCents: 0, totalCents: 4999 });
  });

  it('the same idempotency key returns the same order and payment (200), never a second one', async () => {
    const user = await buyer();
    const idempotencyKey = newKey();
    const first = await checkout(t, user.cookie, { items: [{ courseId: course.bread }], idempotencyKey });
    const again = await checkout(t, user.cookie, { items: [{ courseId: course.bread }], idempotencyKey });
    expect(first.status).toBe(201);
    expect(again.status).toBe(200);
    expect(again.body.order.id).toBe(first.body.order.id);
    expect(again.body.payment).toEqual(first.body.payment);

    // A double click: both requests at once.
    const key2 = newKey();
    const both = await Promise.all([1, 2, 3].map(() => checkout(t, user.cookie, { items: [{ courseId: course.macarons }], idempotencyKey: key2 })));
    expect(both.map((r) => r.status).sort()).toEqual([200, 200, 201]);
    expect(new Set(both.map((r) => r.body.order.id)).size).toBe(1);
    expect(new Set(both.map((r) => r.body.payment!.paymentId)).size).toBe(1);

    const mine = await t.db.select().from(orders).where(eq(orders.userId, user.id));
    expect(mine).toHaveLength(2);
    const intents = await t.db.select().from(sandboxPaymentIntents);
    expect(intents.filter((pi) => pi.metadata.user_id === user.id)).toHaveLength(2);
  });

  it('refuses the same key for other courses (409) instead of paying the wrong basket', async () => {
    const user = await buyer();
    const idempotencyKey = newKey();
    await checkout(t, user.cookie, { items: [{ courseId: course.bread }], idempotencyKey });
    const other = await checkout(t, user.cookie, { items: [{ courseId: course.macarons }], idempotencyKey });
    expect(other.status).toBe(409);
    expect(other.body.error!.code).toBe('CONFLICT');
  });

  it('one user key does not collide with another user', async () => {
    const a = await buyer();
    const b = await buyer();
    const idempotencyKey = newKey();
    const ra = await checkout(t, a.cookie, { items: [{ courseId: course.bread }], idempotencyKey });
    const rb = await checkout(t, b.cookie, { items: [{ courseId: course.bread }], idempotencyKey });
    expect([ra.status, rb.status]).toEqual([201, 201]);
    expect(ra.body.order.id).not.toBe(rb.body.order.id);
  });

  it('asks for the province when the profile has none (422), then saves the one given', async () => {
    const user = await buyer(null);
    const missing = await checkout(t, user.cookie, { items: [{ courseId: course.bread }] });
    expect(missing.status).toBe(422);
    expect(missing.body.error).toMatchObject({
      code: 'PROVINCE_REQUIRED',
      message: 'Indiquez votre province de résidence : elle détermine les taxes applicables.',
    });
    expect(await t.db.select().from(orders).where(eq(orders.userId, user.id))).toHaveLength(0);

    const bad = await checkout(t, user.cookie, { items: [{ courseId: course.bread }], province: 'ZZ' });
    expect(bad.status).toBe(400);
    expect(bad.body.error!.fields).toEqual({ province: 'Choisissez une province dans la liste.' });

    const given = await checkout(t, user.cookie, { items: [{ courseId: course.bread }], province: 'BC' });
    expect(given.status).toBe(201);
    expect(given.body.order.province).toBe('BC');
    // BC: GST only (the seller is not registered for BC's PST by default).
    expect(given.body.order.taxLines.map((l) => l.code)).toEqual(['GST']);
    const [profile] = await t.db.select({ province: profiles.province }).from(profiles).where(eq(profiles.userId, user.id));
    expect(profile!.province).toBe('BC');
  });

  it('refuses a course already bought (409 ALREADY_PURCHASED) — a refunded one may be bought again', async () => {
    const user = await buyer();
    await createPurchase(t.db, user.id, course.bread);
    const res = await checkout(t, user.cookie, { items: [{ courseId: course.macarons }, { courseId: course.bread }] });
    expect(res.status).toBe(409);
    expect(res.body.error).toMatchObject({ code: 'ALREADY_PURCHASED', fields: { 'items.1.courseId': 'Déjà acheté.' } });
    expect(res.body.error!.message).toContain('Pain au levain');

    const other = await buyer();
    await createPurchase(t.db, other.id, course.bread, { status: 'refunded' });
    expect((await checkout(t, other.cookie, { items: [{ courseId: course.bread }] })).status).toBe(201);
  });

  it('refuses a free course (409 COURSE_FREE): it is open to all, with nothing to pay or receipt', async () => {
    const free = (await createCourse(t.db, { title: 'Premiers pas', isLive: false, priceCents: 0 })).id;
    const user = await buyer();
    const res = await checkout(t, user.cookie, { items: [{ courseId: course.bread }, { courseId: free }] });
    expect(res.status).toBe(409);
    expect(res.body.error).toMatchObject({ code: 'COURSE_FREE', fields: { 'items.1.courseId': 'Cours gratuit.' } });
    expect(res.body.error!.message).toContain('Premiers pas');
    expect(await t.db.select().from(orders).where(eq(orders.userId, user.id))).toEqual([]);
  });

  // DESIGN §7: the checkout sells only what shared/entitlements.ts says is for sale to this buyer.
  it('refuses what a subscriber already has (409 ALREADY_INCLUDED): every recorded course, premium or not', async () => {
    const user = await buyer();
    await createSubscription(t.db, user.id);
    for (const courseId of [course.bread, course.premium]) {
      const res = await checkout(t, user.cookie, { items: [{ courseId }] });
      expect(res.status).toBe(409);
      expect(res.body.error).toMatchObject({ code: 'ALREADY_INCLUDED', fields: { 'items.0.courseId': 'Déjà inclus.' } });
      expect(res.body.error!.message).toMatch(/^Le cours « .+ » est déjà inclus dans votre abonnement\.$/);
    }
    expect(await t.db.select().from(orders).where(eq(orders.userId, user.id))).toEqual([]);
  });

  it('refuses the admin and a course’s own teacher (409 ALREADY_INCLUDED): it is theirs already', async () => {
    const admin = await buyer();
    await setRole(t.db, admin.id, 'admin');
    expect((await checkout(t, admin.cookie, { items: [{ courseId: course.bread }] })).body.error!.code).toBe('ALREADY_INCLUDED');
    const chef = await buyer();
    const taught = (await createCourse(t.db, { title: 'Mon propre cours', isLive: false, priceCents: 1500, teacherId: chef.id })).id;
    expect((await checkout(t, chef.cookie, { items: [{ courseId: taught }] })).body.error!.code).toBe('ALREADY_INCLUDED');
  });

  it('refuses to sell a premium course to a non-subscriber (409 SUBSCRIBERS_ONLY), recorded or live, seat held or not', async () => {
    const user = await buyer();
    const recorded = await checkout(t, user.cookie, { items: [{ courseId: course.premium }] });
    expect(recorded.status).toBe(409);
    expect(recorded.body.error).toMatchObject({
      code: 'SUBSCRIBERS_ONLY',
      message: 'Le cours « Pâtisserie de palace » est réservé aux abonnés : abonnez-vous pour y accéder.',
      fields: { 'items.0.courseId': 'Réservé aux abonnés.' },
    });

    const session = (await createSession(t.db, course.premiumLive, { now: new Date(clock) })).id;
    // No seat is held for them (booking asks the same entitlement)…
    const refusedHold = await holdSeat(t, user.cookie, session);
    expect(refusedHold.status).toBe(409);
    // …and a seat held while they were still a member does not make it for sale.
    await createReservation(t.db, session, user.id, { status: 'pending_payment', holdExpiresAt: new Date(clock + 10 * 60_000) });
    const live = await checkout(t, user.cookie, { items: [{ courseId: course.premiumLive, sessionId: session }] });
    expect(live.status).toBe(409);
    expect(live.body.error!.code).toBe('SUBSCRIBERS_ONLY');
    expect(await t.db.select().from(orders).where(eq(orders.userId, user.id))).toEqual([]);

    // A subscriber is sold the premium live class, with the subscribers' discount.
    const member = await buyer();
    await createSubscription(t.db, member.id);
    expect((await holdSeat(t, member.cookie, session)).status).toBe(201);
    const sold = await checkout(t, member.cookie, { items: [{ courseId: course.premiumLive, sessionId: session }] });
    expect(sold.status).toBe(201);
    const line = sold.body.order.lines[0]!;
    expect(line.amountCents + line.discountCents).toBe(9500);
    expect(line.amountCents).toBeLessThanOrEqual(9500);
  });

  it('refuses a recorded course without its video (409 COURSE_NOT_READY): nothing empty is for sale', async () => {
    const user = await buyer();
    const res = await checkout(t, user.cookie, { items: [{ courseId: course.bread }, { courseId: course.noVideo }] });
    expect(res.status).toBe(409);
    expect(res.body.error).toMatchObject({
      code: 'COURSE_NOT_READY',
      message: "Le cours « Vidéo à venir » n'est pas encore en vente : il sera bientôt disponible.",
      fields: { 'items.1.courseId': 'Bientôt disponible.' },
    });
    expect(await t.db.select().from(orders).where(eq(orders.userId, user.id))).toEqual([]);
  });

  it('refuses a draft, archived or unknown course (409 COURSE_UNAVAILABLE) and a course twice (400)', async () => {
    const user = await buyer();
    for (const courseId of [course.draft, course.archived, '00000000-0000-4000-8000-000000000000']) {
      const res = await checkout(t, user.cookie, { items: [{ courseId }] });
      expect(res.status).toBe(409);
      expect(res.body.error).toMatchObject({ code: 'COURSE_UNAVAILABLE', message: "Ce cours n'est plus offert. Retirez-le de votre panier." });
    }
    const twice = await checkout(t, user.cookie, { items: [{ courseId: course.bread }, { courseId: course.bread }] });
    expect(twice.status).toBe(400);
    expect(twice.body.error!.fields).toEqual({ 'items.1.courseId': 'Ce cours figure déjà dans ce paiement.' });
    expect(await t.db.select().from(orders).where(eq(orders.userId, user.id))).toHaveLength(0);
  });

  it('a live class needs a scheduled future session of that course', async () => {
    const user = await buyer();
    const none = await checkout(t, user.cookie, { items: [{ courseId: course.live }] });
    expect(none.status).toBe(422);
    expect(none.body.error).toMatchObject({ code: 'SESSION_REQUIRED', message: 'Choisissez une séance pour ce cours en direct avant de payer.' });

    const past = (await createSession(t.db, course.live, { startsAt: new Date(clock - HOUR) })).id;
    const cancelled = (await createSession(t.db, course.live, { now: new Date(clock), status: 'cancelled' })).id;
    const ofAnother = (await createSession(t.db, course.otherLive, { now: new Date(clock) })).id;
    for (const sessionId of [past, cancelled, ofAnother, '00000000-0000-4000-8000-000000000000']) {
      const res = await checkout(t, user.cookie, { items: [{ courseId: course.live, sessionId }] });
      expect(res.status).toBe(409);
      expect(res.body.error).toMatchObject({ code: 'SESSION_UNAVAILABLE', fields: { 'items.0.sessionId': "Cette séance n'est plus offerte." } });
    }

    const held = await holdSeat(t, user.cookie, liveSession);
    expect(held.status).toBe(201);
    const ok = await checkout(t, user.cookie, { items: [{ courseId: course.live, sessionId: liveSession }] });
    expect(ok.status).toBe(201);
    expect(ok.body.order.lines[0]).toMatchObject({
      kind: 'live_class',
      courseId: course.live,
      sessionId: liveSession,
      amountCents: 6000,
      discountCents: 0,
      reservation: { id: held.body.hold.id, status: 'pending_payment', cancelReason: null },
    });
    expect(ok.body.order.lines[0]!.description).toMatch(/^Tourtière en direct — séance du .+ 20\d\d/);
  });

  it('validates the body in French (400) and answers a visitor 401', async () => {
    const user = await buyer();
    const empty = await checkout(t, user.cookie, { items: [] });
    expect(empty.status).toBe(400);
    expect(empty.body.error!.fields).toEqual({ items: 'Aucun cours sélectionné.' });
    const badId = await checkout(t, user.cookie, { items: [{ courseId: 'abc' }] });
    expect(badId.body.error!.fields).toEqual({ 'items.0.courseId': 'Cours invalide.' });
    const visitor = await send(t, 'POST', '/api/checkout', { body: { items: [{ courseId: course.bread }], idempotencyKey: newKey() } });
    expect(visitor.status).toBe(401);
  });
});

describe('GET /api/orders/:orderId', () => {
  it("gives the buyer their order, and anyone else the same 404 as for an order that does not exist", async () => {
    const owner = await buyer();
    const other = await buyer();
    const { body } = await checkout(t, owner.cookie, { items: [{ courseId: course.bread }] });
    const mine = await getOrder(t, owner.cookie, body.order.id);
    expect(mine.status).toBe(200);
    expect(mine.body.order).toEqual(body.order);

    const theirs = await getOrder(t, other.cookie, body.order.id);
    const missing = await getOrder(t, other.cookie, '00000000-0000-4000-8000-000000000000');
    const malformed = await getOrder(t, other.cookie, 'pas-un-id');
    for (const res of [theirs, missing, malformed]) {
      expect(res.status).toBe(404);
      expect(res.body.error).toMatchObject({ code: 'ORDER_NOT_FOUND', message: "Cette commande n'existe pas." });
    }
    expect(JSON.stringify(theirs.body)).not.toContain('Pain au levain');
    expect((await send(t, 'GET', `/api/orders/${body.order.id}`)).status).toBe(401);
  });

  it('reading the order from the result page (as a browser back from the payment would) grants nothing', async () => {
    const user = await buyer();
    const { body } = await checkout(t, user.cookie, { items: [{ courseId: course.macarons }] });
    // The page is reached with made-up success parameters: nothing but a read happens.
    for (let i = 0; i < 3; i++) {
      const res = await getOrder(t, user.cookie, body.order.id);
      expect(res.body.order.status).toBe('pending');
    }
    expect(await t.db.select().from(purchases).where(eq(purchases.userId, user.id))).toHaveLength(0);
    expect(await t.db.select().from(paymentEvents)).toHaveLength(0);
    const detail = (await (await send(t, 'GET', `/api/courses/${course.macarons}`, { cookie: user.cookie })).json()) as CourseResponse;
    expect(detail.course.entitlement.status).toBe('for_sale');
    const lines = await t.db.select().from(orderLines).where(eq(orderLines.orderId, body.order.id));
    expect(lines).toHaveLength(1);
  });

  it('is never stored by a cache (no-store: it is one person\'s)', async () => {
    const user = await buyer();
    const { body } = await checkout(t, user.cookie, { items: [{ courseId: course.bread }] });
    const res = await send(t, 'GET', `/api/orders/${body.order.id}`, { cookie: user.cookie });
    expect(res.headers.get('cache-control')).toBe('no-store');
    const view = ((await res.json()) as { order: OrderView }).order;
    expect(view.id).toBe(body.order.id);
  });
});
