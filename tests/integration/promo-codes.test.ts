// « Codes promo » (decision 0040) on the real database and the real sandbox: the admin creates
// NOEL20 (20 %, live classes only, 2 uses); it works twice and is refused the third time in French;
// 20 concurrent orders with a 2-use code make exactly 2 orders; each French refusal with its status;
// the discount is taken before tax (QC: GST + QST on the net), after the subscriber's discount,
// stored per line, shown on the order, the receipt and the credit note, refunded on the discounted
// amount; a closed order frees its use; the admin's list counts uses and revenue.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiErrorBody } from '@shared/errors';
import { instantToChefWallClock, type PromoCodeInput, type PromoCodeListResponse, type PromoCodeResponse } from '@shared/schemas/promo-codes';
import type { RefundResponse } from '@shared/schemas/checkout';
import { orderLines, orders } from '../../src/server/db/schema';
import { createCourse, createSession, createSubscription } from '../factories';
import { createPaidOrder } from '../factories/orders';
import { newSignedInUser, send } from '../setup/auth-client';
import { pdfText } from '../setup/pdf-text';
import { checkout, confirm, deliverEvents, holdSeat, newKey, setProvince, SUCCESS_CARD } from '../setup/payments';
import { appWithAdmin, type SignedInAdmin } from '../setup/app-with-admin';
import type { TestApp } from '../setup/test-app';
import { testNow } from '../setup/test-clock';
import { createPromoCode, EMPTY_PROMO_CODE } from '../setup/promo-codes';

const DAY = 86_400_000;
const clock = testNow().getTime();
let t: TestApp;
let admin: SignedInAdmin;

beforeAll(async () => {
  ({ t, admin } = await appWithAdmin({ now: () => new Date(clock) }));
});
afterAll(() => t?.close());

const base = EMPTY_PROMO_CODE;
const createCode = (input: Partial<PromoCodeInput>) => createPromoCode(t, admin.cookie, input);

async function learner(name = 'Léa Apprenante') {
  const user = await newSignedInUser(t, name);
  await setProvince(t, user.id, 'QC');
  return user;
}

/** A live course at 60 $ with one session ahead (30 seats). */
async function liveSession(title = 'Tourtière en direct') {
  const course = await createCourse(t.db, { title, isLive: true, priceCents: 6000 });
  const session = await createSession(t.db, course.id, { now: new Date(clock), capacity: 30 });
  return { courseId: course.id, sessionId: session.id };
}

async function checkoutLive(user: { cookie: string }, s: { courseId: string; sessionId: string }, code?: string) {
  const held = await holdSeat(t, user.cookie, s.sessionId);
  expect(held.status).toBe(201);
  return checkout(t, user.cookie, { items: [{ courseId: s.courseId, sessionId: s.sessionId }], ...(code !== undefined ? { code } : {}) });
}

async function pay(user: { cookie: string }, payment: { paymentId: string; clientSecret: string }) {
  const paid = await confirm(t, user.cookie, payment, SUCCESS_CARD);
  expect(paid.body.status).toBe('succeeded');
  await deliverEvents(t);
  await deliverEvents(t);
}

const text = (s: string) => s.replaceAll('\u00a0', ' ').replaceAll('\u202f', ' ');

describe('NOEL20: 20 % on live classes, 2 uses', () => {
  it('works twice (taxes on the net, shown on the order and the receipt), then is refused in French; a refund gives back the discounted amount', async () => {
    const noel = await createCode({ code: 'noel20', percentOff: 20, kinds: ['live_class'], maxUses: 2 });
    expect(noel).toMatchObject({ code: 'NOEL20', usesPaid: 0 });
    expect(text(noel.summary)).toBe('− 20 % sur les cours en direct');
    const s = await liveSession();

    const first = await learner('Ana Première');
    const res = await checkoutLive(first, s, '  Noel20 ');
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const order = res.body.order;
    expect(order.lines.map((l) => [l.amountCents, l.discountCents, l.promoDiscountCents, l.discountPercent])).toEqual([[4800, 1200, 1200, null]]);
    expect(order.promo).toMatchObject({ kind: 'promo', code: 'NOEL20', percentOff: 20, discountCents: 1200 });
    expect(text(order.promo!.message)).toBe('Code NOEL20 appliqué : − 20 % sur les cours en direct');
    // QC: GST 5 % and QST 9,975 % on 48,00 $ (never on the list price): 2,40 + 4,79.
    expect(order.taxLines.map((l) => [l.code, l.baseCents, l.amountCents])).toEqual([
      ['GST', 4800, 240],
      ['QST', 4800, 479],
    ]);
    expect(order).toMatchObject({ subtotalCents: 4800, discountCents: 1200, taxCents: 719, totalCents: 5519 });
    const [stored] = await t.db.select().from(orders).where(eq(orders.id, order.id));
    expect(stored).toMatchObject({ promoCodeId: noel.id, promoCode: 'NOEL20', promoPercentOff: 20 });
    await pay(first, res.body.payment!);

    // The receipt: the line at its list price, the code's row, then the subtotal taxed.
    const receipt = text(await (await send(t, 'GET', `/api/orders/${order.id}/receipt`, { cookie: first.cookie })).text());
    expect(receipt).toContain('<td class="amount">60,00 CAD</td>');
    const codeAt = receipt.indexOf('<td>Code NOEL20 (20 %)</td><td class="amount">− 12,00 CAD</td>');
    expect(codeAt).toBeGreaterThan(0);
    expect(receipt.indexOf('<td>Sous-total</td><td class="amount">48,00 CAD</td>')).toBeGreaterThan(codeAt);
    const pdf = await send(t, 'GET', `/api/orders/${order.id}/receipt.pdf`, { cookie: first.cookie });
    const rows = text(pdfText(new Uint8Array(await pdf.arrayBuffer()))).split('\n');
    expect(rows[rows.indexOf('Code NOEL20 (20 %)') + 1]).toBe('- 12,00 CAD');

    const second = await learner('Ben Deuxième');
    const again = await checkoutLive(second, s, 'NOEL20');
    expect(again.status).toBe(201);
    await pay(second, again.body.payment!);

    const third = await learner('Chloé Troisième');
    const refused = await checkoutLive(third, s, 'noel20');
    expect(refused.status).toBe(409);
    expect(refused.body.error).toMatchObject({ code: 'PROMO_CODE_USED_UP', message: "Ce code a atteint son nombre maximal d'utilisations.", fields: { code: "Ce code a atteint son nombre maximal d'utilisations." } });
    // Without the code the same learner still buys.
    expect((await checkout(t, third.cookie, { items: [{ courseId: s.courseId, sessionId: s.sessionId }] })).status).toBe(201);

    // Refunded in full: the discounted amount and its taxes, never the list price.
    const refund = await send(t, 'POST', `/api/admin/orders/${order.id}/refunds`, { cookie: admin.cookie, body: { idempotencyKey: newKey(), lines: [{ orderLineId: order.lines[0]!.id }] } });
    const refundBody = (await refund.json()) as RefundResponse;
    expect(refund.status).toBe(201);
    expect(refundBody.refund).toMatchObject({ subtotalCents: 4800, taxCents: 719, totalCents: 5519 });
    await deliverEvents(t);
    const note = text(await (await send(t, 'GET', `/api/refunds/${refundBody.refund.id}/credit-note`, { cookie: first.cookie })).text());
    expect(note).toContain('Code NOEL20 (20 %) — montants remboursés après rabais');

    // The admin's list: 2 paid uses; what they brought net of the refund; what the code took off.
    const list = (await (await send(t, 'GET', '/api/admin/promo-codes', { cookie: admin.cookie })).json()) as PromoCodeListResponse;
    expect(list.codes.find((c) => c.id === noel.id)).toMatchObject({ usesPaid: 2, usesPending: 0, revenueCents: 4800, discountCents: 2400 });
  });

  it('20 concurrent orders with a 2-use code: exactly 2 are made, the others refused in French', async () => {
    const code = await createCode({ code: 'RUEE2', percentOff: 10, maxUses: 2 });
    const course = await createCourse(t.db, { title: 'Bagels de Montréal', isLive: false, priceCents: 3000 });
    const buyers = await Promise.all(Array.from({ length: 20 }, (_, i) => learner(`Acheteur ${i}`)));
    const results = await Promise.all(buyers.map((b) => checkout(t, b.cookie, { items: [{ courseId: course.id }], code: 'ruee2' })));
    expect(results.filter((r) => r.status === 201)).toHaveLength(2);
    const refused = results.filter((r) => r.status !== 201);
    expect(refused.every((r) => r.status === 409 && r.body.error?.code === 'PROMO_CODE_USED_UP')).toBe(true);
    expect(await t.db.select({ id: orders.id }).from(orders).where(eq(orders.promoCodeId, code.id))).toHaveLength(2);

    // A closed (abandoned) order frees its use.
    const made = results.find((r) => r.status === 201)!.body.order;
    await t.db.update(orders).set({ status: 'canceled' }).where(eq(orders.id, made.id));
    const later = await checkout(t, (await learner('Dernier')).cookie, { items: [{ courseId: course.id }], code: 'RUEE2' });
    expect(later.status).toBe(201);
  });
});

describe('the code on the price after the subscriber’s discount', () => {
  it('a subscriber pays 60 $ − 15 % − 20 %: 40,80 $ before tax, both rows on the receipt', async () => {
    await createCode({ code: 'ABONNE20', percentOff: 20, kinds: ['live_class'] });
    const s = await liveSession('Pâtes fraîches en direct');
    const user = await learner('Sam Abonné');
    await createSubscription(t.db, user.id);
    const res = await checkoutLive(user, s, 'abonne20');
    expect(res.status).toBe(201);
    const [line] = res.body.order.lines;
    // 60,00 − 9,00 (15 %) = 51,00; − 10,20 (20 % of 51,00) = 40,80.
    expect([line!.amountCents, line!.discountCents, line!.promoDiscountCents, line!.discountPercent]).toEqual([4080, 1920, 1020, 15]);
    expect(res.body.order.taxLines.map((l) => [l.code, l.baseCents, l.amountCents])).toEqual([
      ['GST', 4080, 204],
      ['QST', 4080, 407],
    ]);
    await pay(user, res.body.payment!);
    const receipt = text(await (await send(t, 'GET', `/api/orders/${res.body.order.id}/receipt`, { cookie: user.cookie })).text());
    expect(receipt).toContain('<td>Rabais abonné (15 %)</td><td class="amount">− 9,00 CAD</td>');
    expect(receipt).toContain('<td>Code ABONNE20 (20 %)</td><td class="amount">− 10,20 CAD</td>');
    const [stored] = await t.db.select().from(orderLines).where(eq(orderLines.orderId, res.body.order.id));
    expect(stored).toMatchObject({ amountCents: 4080, discountCents: 1920, promoDiscountCents: 1020 });
  });

  it('an amount off is shared across the eligible lines and never brings a price below zero', async () => {
    await createCode({ code: 'MOINS100', amountOffCents: 10_000 });
    const a = await createCourse(t.db, { title: 'Cretons', isLive: false, priceCents: 2000 });
    const b = await createCourse(t.db, { title: 'Beignes', isLive: false, priceCents: 1000 });
    const user = await learner();
    const res = await checkout(t, user.cookie, { items: [{ courseId: a.id }, { courseId: b.id }], code: 'MOINS100' });
    expect(res.status).toBe(201);
    expect(res.body.order.lines.map((l) => [l.amountCents, l.promoDiscountCents])).toEqual([
      [0, 2000],
      [0, 1000],
    ]);
    expect(res.body.order).toMatchObject({ subtotalCents: 0, taxCents: 0, totalCents: 0 });
    expect(text(res.body.order.promo!.message)).toBe('Code MOINS100 appliqué : − 100,00 CAD sur tout');
    // 0 $ left: paid at once without the provider (none charges 0 $), and the courses are the buyer's.
    expect(res.body.order.status).toBe('paid');
    expect(res.body.payment).toBeNull();
    const [row] = await t.db.select({ status: orders.status, method: orders.paymentMethodType }).from(orders).where(eq(orders.id, res.body.order.id));
    expect(row).toEqual({ status: 'paid', method: null });
    const again = await checkout(t, user.cookie, { items: [{ courseId: a.id }] });
    expect(again.status).toBe(409);
  });
});

describe('each refusal, in French', () => {
  const recorded = () => createCourse(t.db, { title: 'Sucre à la crème', isLive: false, priceCents: 2500 });
  const tryCode = async (code: string, user?: { cookie: string }) =>
    checkout(t, (user ?? (await learner())).cookie, { items: [{ courseId: (await recorded()).id }], code });

  it.each([
    ['unknown', async () => tryCode('PASUNCODE'), 422, 'PROMO_CODE_UNKNOWN', "Ce code n'existe pas. Vérifiez-le et réessayez."],
    [
      'expired',
      async () => (await createCode({ code: 'ETE2025', percentOff: 10, endsAt: instantToChefWallClock(new Date(clock - DAY)) }), tryCode('ete2025')),
      422,
      'PROMO_CODE_EXPIRED',
      'Ce code a expiré.',
    ],
    [
      'deactivated (read as expired)',
      async () => {
        const c = await createCode({ code: 'FINI', percentOff: 10 });
        expect((await send(t, 'POST', `/api/admin/promo-codes/${c.id}/active`, { cookie: admin.cookie, body: { active: false } })).status).toBe(200);
        return tryCode('FINI');
      },
      422,
      'PROMO_CODE_EXPIRED',
      'Ce code a expiré.',
    ],
    [
      'not yet valid',
      async () => (await createCode({ code: 'BIENTOT', percentOff: 10, startsAt: instantToChefWallClock(new Date(clock + DAY)) }), tryCode('BIENTOT')),
      422,
      'PROMO_CODE_NOT_YET_VALID',
      "Ce code n'est pas encore valide.",
    ],
    [
      'not for this product',
      async () => (await createCode({ code: 'DIRECT10', percentOff: 10, kinds: ['live_class'] }), tryCode('DIRECT10')),
      422,
      'PROMO_CODE_NOT_APPLICABLE',
      "Ce code ne s'applique à aucun produit de cette commande.",
    ],
    [
      'members only',
      async () => (await createCode({ code: 'MEMBRES', percentOff: 10, audience: 'members' }), tryCode('MEMBRES')),
      422,
      'PROMO_CODE_MEMBERS_ONLY',
      'Ce code est réservé aux membres abonnés.',
    ],
    [
      'new customers only',
      async () => {
        await createCode({ code: 'BIENVENUE', amountOffCents: 500, audience: 'new_customers' });
        const user = await learner();
        const old = await recorded();
        await createPaidOrder(t.db, { user: { id: user.id }, items: [{ courseId: old.id, description: old.title, amountCents: 2500 }] });
        return tryCode('BIENVENUE', user);
      },
      422,
      'PROMO_CODE_NEW_CUSTOMERS_ONLY',
      'Ce code est réservé aux nouveaux clients (aucun achat payé auparavant).',
    ],
    [
      'per-customer limit',
      async () => {
        await createCode({ code: 'UNEFOIS', percentOff: 10, maxUsesPerCustomer: 1 });
        const user = await learner();
        expect((await tryCode('UNEFOIS', user)).status).toBe(201);
        return tryCode('UNEFOIS', user);
      },
      409,
      'PROMO_CODE_CUSTOMER_LIMIT',
      'Vous avez déjà utilisé ce code le nombre de fois permis.',
    ],
  ] as const)('%s', async (_name, attempt, status, code, message) => {
    const res = await attempt();
    expect(res.status).toBe(status);
    expect(res.body.error).toMatchObject({ code, message, fields: { code: message } });
  });

  it('a new customer gets BIENVENUE; members get MEMBRES', async () => {
    const fresh = await tryCode('BIENVENUE');
    expect(fresh.status).toBe(201);
    expect(fresh.body.order.promo?.discountCents).toBe(500);
    const member = await learner('Mia Membre');
    await createSubscription(t.db, member.id);
    const live = await liveSession('Sushis en direct');
    expect((await checkoutLive(member, live, 'MEMBRES')).status).toBe(201);
  });
});

describe('the admin’s « Codes promo »', () => {
  it('codes are unique whatever their case; invalid input is refused field by field; only the admin', async () => {
    await createCode({ code: 'UNIQUE1', percentOff: 5 });
    const dup = await send(t, 'POST', '/api/admin/promo-codes', { cookie: admin.cookie, body: { ...base, code: 'unique1', percentOff: 5 } });
    expect(dup.status).toBe(409);
    expect(((await dup.json()) as ApiErrorBody).error).toMatchObject({ code: 'PROMO_CODE_EXISTS', fields: { code: 'Ce code existe déjà. Choisissez-en un autre.' } });
    const bad = await send(t, 'POST', '/api/admin/promo-codes', { cookie: admin.cookie, body: { ...base, code: 'A B', percentOff: 150 } });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as ApiErrorBody).error.fields).toMatchObject({ code: expect.any(String), percentOff: 'Le pourcentage va de 1 à 100.' });
    const neither = await send(t, 'POST', '/api/admin/promo-codes', { cookie: admin.cookie, body: { ...base, code: 'RIEN' } });
    expect(((await neither.json()) as ApiErrorBody).error.fields).toMatchObject({ percentOff: 'Choisissez un pourcentage ou un montant de rabais.' });
    const someone = await learner();
    expect((await send(t, 'GET', '/api/admin/promo-codes', { cookie: someone.cookie })).status).toBe(403);
    expect((await send(t, 'POST', '/api/admin/promo-codes', { cookie: someone.cookie, body: { ...base, code: 'PIRATE', percentOff: 100 } })).status).toBe(403);
  });

  it('dates are the chef’s wall clock (America/Toronto), kept as instants', async () => {
    const c = await createCode({ code: 'HIVER', percentOff: 10, startsAt: '2026-12-01T00:00', endsAt: '2027-01-06T23:59' });
    expect(c).toMatchObject({ startsAt: '2026-12-01T00:00', endsAt: '2027-01-06T23:59' });
    const edited = await send(t, 'PUT', `/api/admin/promo-codes/${c.id}`, { cookie: admin.cookie, body: { ...base, code: 'HIVER', percentOff: 15, startsAt: '2026-07-01T00:00', endsAt: null } });
    expect(edited.status).toBe(200);
    expect(((await edited.json()) as PromoCodeResponse).code).toMatchObject({ percentOff: 15, startsAt: '2026-07-01T00:00', endsAt: null });
  });
});
