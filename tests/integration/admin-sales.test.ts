// Ventes on the real database: orders written as fulfilment leaves them (in two months and three
// provinces), a refund made through the real admin refund API and the sandbox's signed event; the
// monthly figures, taxes by kind, the CSV and the audit trail are checked against amounts computed by
// hand (QC 14,975 %, ON 13 %, BC 5 % + 7 % TVP on a recorded course).
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiErrorBody } from '@shared/errors';
import type { SalesFigures, SalesResponse, TaxAmounts } from '@shared/schemas/admin-sales';
import type { RefundResponse } from '@shared/schemas/checkout';
import { auditLog } from '../../src/server/db/schema';
import { createCourse, createSubscription, setRole } from '../factories';
import { createPaidOrder } from '../factories/orders';
import { newSignedInUser, send } from '../setup/auth-client';
import { deliverEvents, newKey } from '../setup/payments';
import { createTestApp, type TestApp } from '../setup/test-app';

const DAY = 24 * 60 * 60 * 1000;
// Mid-February 2026: the refund is made and succeeds then.
const clock = Date.parse('2026-02-20T15:00:00Z');
let t: TestApp;
let admin: { id: string; email: string; cookie: string };
let learner: { id: string; email: string; cookie: string };
let orderA: Awaited<ReturnType<typeof createPaidOrder>>;
let orderB: Awaited<ReturnType<typeof createPaidOrder>>;
let orderC: Awaited<ReturnType<typeof createPaidOrder>>;
let refund: RefundResponse['refund'];
const BUYER_B = '=Dupont, "Jo"';

const taxes = (t: Partial<TaxAmounts>): TaxAmounts => ({ GST: 0, QST: 0, HST: 0, PST: 0, ...t });

beforeAll(async () => {
  t = await createTestApp({ now: () => new Date(clock) });
  admin = await newSignedInUser(t, 'Cheffe Admin');
  await setRole(t.db, admin.id, 'admin');
  learner = await newSignedInUser(t, 'Léa Apprenante');
  const bread = (await createCourse(t.db, { title: 'Pain au levain', isLive: false, priceCents: 4999 })).id;
  const macarons = (await createCourse(t.db, { title: 'Macarons', isLive: false, priceCents: 2500 })).id;
  const sushi = (await createCourse(t.db, { title: 'Sushis', isLive: false, priceCents: 3333 })).id;

  // January: Québec, 74,99 → TPS 3,75 (374,95) and TVQ 7,48 (748,02); total 86,22.
  orderA = await createPaidOrder(t.db, {
    user: { id: learner.id, name: 'Léa Apprenante', email: learner.email },
    province: 'QC',
    paidAt: new Date('2026-01-15T15:00:00Z'),
    items: [
      { courseId: bread, description: 'Pain au levain', amountCents: 4999 },
      { courseId: macarons, description: 'Macarons', amountCents: 2500 },
    ],
  });
  // 31 January 23:30 in Montréal (already 1 February in UTC): January's. Ontario 33,33 → TVH 4,33; 37,66.
  orderB = await createPaidOrder(t.db, {
    user: { id: learner.id, name: BUYER_B, email: learner.email },
    province: 'ON',
    paidAt: new Date('2026-02-01T04:30:00Z'),
    items: [{ courseId: sushi, description: 'Sushis', amountCents: 3333 }],
  });
  // February: British Columbia, a recorded course with the seller registered for the TVP:
  // 25,00 → TPS 1,25 and TVP 1,75; 28,00.
  orderC = await createPaidOrder(t.db, {
    user: { id: learner.id, name: 'Léa Apprenante', email: learner.email },
    province: 'BC',
    paidAt: new Date('2026-02-10T15:00:00Z'),
    tax: { mode: 'registered', pstRegistrations: ['BC'] },
    items: [{ courseId: macarons, description: 'Macarons', amountCents: 2500, kind: 'recorded_course' }],
  });
  // Never paid: counted nowhere.
  await createPaidOrder(t.db, {
    user: learner,
    status: 'pending',
    paidAt: new Date('2026-02-11T15:00:00Z'),
    items: [{ courseId: sushi, description: 'Sushis', amountCents: 3333 }],
  });
  // March 1st 00:30 in Montréal: March's, outside a January–February report.
  await createPaidOrder(t.db, {
    user: learner,
    province: 'QC',
    paidAt: new Date('2026-03-01T05:30:00Z'),
    items: [{ courseId: sushi, description: 'Sushis', amountCents: 3333 }],
  });
  expect([orderA.totalCents, orderB.totalCents, orderC.totalCents]).toEqual([8622, 3766, 2800]);

  // The admin refunds the bread line of order A (49,99 → TPS 2,50, TVQ 4,99: 57,48) on 20 February.
  const res = await send(t, 'POST', `/api/admin/orders/${orderA.id}/refunds`, {
    cookie: admin.cookie,
    body: { idempotencyKey: newKey(), lines: [{ orderLineId: orderA.lines[0]!.id }], reason: 'Cours annulé' },
  });
  expect(res.status).toBe(201);
  refund = ((await res.json()) as RefundResponse).refund;
  expect(refund.totalCents).toBe(5748);
  const delivered = await deliverEvents(t);
  expect(delivered.statuses.length).toBeGreaterThan(0);
  expect(delivered.statuses.every((s) => s === 200)).toBe(true);
});
afterAll(() => t.close());

async function sales(query: string, cookie = admin.cookie) {
  const res = await send(t, 'GET', `/api/admin/sales${query}`, { cookie });
  return { status: res.status, headers: res.headers, body: (await res.json()) as SalesResponse & ApiErrorBody };
}

const JANUARY: SalesFigures = {
  orderCount: 2,
  grossCents: 7499 + 3333,
  discountCents: 0,
  taxes: taxes({ GST: 375, QST: 748, HST: 433 }),
  taxCents: 375 + 748 + 433,
  refundCount: 0,
  refundedCents: 0,
  refundedTaxes: taxes({}),
  refundedTaxCents: 0,
  netCents: 7499 + 3333,
  netTaxes: taxes({ GST: 375, QST: 748, HST: 433 }),
  collectedCents: 8622 + 3766,
};

const FEBRUARY: SalesFigures = {
  orderCount: 1,
  grossCents: 2500,
  discountCents: 0,
  taxes: taxes({ GST: 125, PST: 175 }),
  taxCents: 300,
  refundCount: 1,
  refundedCents: 4999,
  refundedTaxes: taxes({ GST: 250, QST: 499 }),
  refundedTaxCents: 749,
  netCents: 2500 - 4999,
  netTaxes: taxes({ GST: 125 - 250, QST: -499, PST: 175 }),
  collectedCents: 2800 - 5748,
};

describe('GET /api/admin/sales', () => {
  it('gives each month (Montréal time) its sales by paid date and its refunds by success date, taxes by kind, to the cent', async () => {
    const res = await sales('?from=2026-01&to=2026-02');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.body.from).toBe('2026-01');
    expect(res.body.to).toBe('2026-02');
    expect(res.body.months).toEqual([
      { month: '2026-01', ...JANUARY },
      { month: '2026-02', ...FEBRUARY },
    ]);
    expect(res.body.totals).toEqual({
      orderCount: 3,
      grossCents: 13332,
      discountCents: 0,
      taxes: taxes({ GST: 500, QST: 748, HST: 433, PST: 175 }),
      taxCents: 1856,
      refundCount: 1,
      refundedCents: 4999,
      refundedTaxes: taxes({ GST: 250, QST: 499 }),
      refundedTaxCents: 749,
      netCents: 13332 - 4999,
      netTaxes: taxes({ GST: 250, QST: 249, HST: 433, PST: 175 }),
      collectedCents: 12388 + 2800 - 5748,
    });
  });

  it('lists months without sales as zeros, and a month alone', async () => {
    const res = await sales('?from=2025-12&to=2026-03');
    expect(res.body.months.map((m) => m.month)).toEqual(['2025-12', '2026-01', '2026-02', '2026-03']);
    expect(res.body.months[0]).toMatchObject({ orderCount: 0, grossCents: 0, netCents: 0, collectedCents: 0 });
    expect(res.body.months[3]).toMatchObject({ orderCount: 1, grossCents: 3333 });
    const february = await sales('?from=2026-02&to=2026-02');
    expect(february.body.months).toEqual([{ month: '2026-02', ...FEBRUARY }]);
    expect(february.body.totals).toEqual(FEBRUARY);
  });

  it('defaults to the twelve months up to the current one (by the app clock)', async () => {
    const res = await sales('');
    expect(res.status).toBe(200);
    expect(res.body.from).toBe('2025-03');
    expect(res.body.to).toBe('2026-02');
    expect(res.body.months).toHaveLength(12);
  });

  it.each([
    ['from=2026-13', 'from', /^Le mois doit être au format AAAA-MM/],
    ['to=26-01', 'to', /^Le mois doit être au format AAAA-MM/],
    ['from=2026-03&to=2026-01', 'to', /^Le mois de fin doit suivre/],
    ['from=2020-01&to=2026-01', 'to', /^La période ne peut pas dépasser 60 mois/],
    ['from=2020-01', 'to', /^La période ne peut pas dépasser 60 mois/],
    ['mois=2026-01', 'mois', /^Paramètre inconnu/],
  ])('refuses ?%s with 400 in French', async (query, field, message) => {
    for (const path of ['', '/orders.csv']) {
      const res = await send(t, 'GET', `/api/admin/sales${path}?${query}`, { cookie: admin.cookie });
      expect(res.status).toBe(400);
      const error = ((await res.json()) as ApiErrorBody).error;
      expect(error.code).toBe('VALIDATION_FAILED');
      expect(error.fields?.[field]).toMatch(message);
    }
  });

  it('counts the members with access now, by the latest access record (shared/access.ts)', async () => {
    const before = (await sales('?from=2026-02&to=2026-02')).body.activeSubscribers;
    const now = clock;
    const person = async () => (await newSignedInUser(t, 'Membre')).id;
    await createSubscription(t.db, await person(), { status: 'active', currentPeriodStart: new Date(now - 5 * DAY), currentPeriodEnd: new Date(now + 10 * DAY) });
    await createSubscription(t.db, await person(), { status: 'past_due', currentPeriodStart: new Date(now - 20 * DAY), currentPeriodEnd: new Date(now + 2 * DAY) });
    // An ended one earlier, a paid one now: counted once.
    const returning = await person();
    await createSubscription(t.db, returning, { status: 'canceled', createdAt: new Date(now - 90 * DAY), currentPeriodEnd: new Date(now - 60 * DAY) });
    await createSubscription(t.db, returning, { status: 'active', currentPeriodStart: new Date(now - DAY), currentPeriodEnd: new Date(now + 29 * DAY) });
    // Not counted: period over, canceled (even with days left on the record), never paid.
    await createSubscription(t.db, await person(), { status: 'active', currentPeriodStart: new Date(now - 31 * DAY), currentPeriodEnd: new Date(now - DAY) });
    await createSubscription(t.db, await person(), { status: 'canceled', currentPeriodEnd: new Date(now + 10 * DAY) });
    await createSubscription(t.db, await person(), { status: 'incomplete', currentPeriodEnd: null });
    expect((await sales('?from=2026-02&to=2026-02')).body.activeSubscribers).toBe(before + 3);
  });

  it('shows the latest refunds from the audit trail: who, when, which order, how much, where it stands', async () => {
    const res = await sales('?from=2026-01&to=2026-02');
    expect(res.body.recentRefunds[0]).toEqual({
      id: expect.any(String),
      // Stamped by the database when the refund was asked (the trail's own clock).
      at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      actorEmail: admin.email,
      orderId: orderA.id,
      orderNumber: orderA.number,
      refundId: refund.id,
      refundNumber: refund.number,
      totalCents: 5748,
      reason: 'Cours annulé',
      status: 'succeeded',
    });
  });
});

describe('the audit trail of refunds', () => {
  it('records the admin’s refund in its transaction, with the admin’s id and e-mail, once per refund', async () => {
    const rows = await t.db.select().from(auditLog).where(and(eq(auditLog.action, 'order.refund'), eq(auditLog.targetId, orderA.id)));
    expect(rows).toEqual([
      expect.objectContaining({
        actorId: admin.id,
        actorEmail: admin.email,
        targetType: 'order',
        details: { refundId: refund.id, totalCents: 5748, lines: [{ orderLineId: orderA.lines[0]!.id, amountCents: 4999 }], reason: 'Cours annulé' },
      }),
    ]);

    // The same request again (same key) gives back the refund made and logs nothing new.
    const key = newKey();
    const body = { idempotencyKey: key, lines: [{ orderLineId: orderC.lines[0]!.id, amountCents: 100 }] };
    expect((await send(t, 'POST', `/api/admin/orders/${orderC.id}/refunds`, { cookie: admin.cookie, body })).status).toBe(201);
    expect((await send(t, 'POST', `/api/admin/orders/${orderC.id}/refunds`, { cookie: admin.cookie, body })).status).toBe(200);
    await deliverEvents(t);
    const forC = await t.db.select().from(auditLog).where(eq(auditLog.targetId, orderC.id));
    expect(forC).toHaveLength(1);
    expect(forC[0]).toMatchObject({ actorId: admin.id, action: 'order.refund', details: { totalCents: 112 } });

    // Refused (a learner; more than is left): nothing is recorded.
    const refused = await send(t, 'POST', `/api/admin/orders/${orderB.id}/refunds`, { cookie: learner.cookie, body: { idempotencyKey: newKey(), lines: [{ orderLineId: orderB.lines[0]!.id }] } });
    expect(refused.status).toBe(403);
    const tooMuch = await send(t, 'POST', `/api/admin/orders/${orderB.id}/refunds`, {
      cookie: admin.cookie,
      body: { idempotencyKey: newKey(), lines: [{ orderLineId: orderB.lines[0]!.id, amountCents: 999_999 }] },
    });
    expect(tooMuch.status).toBe(422);
    expect(await t.db.select().from(auditLog).where(eq(auditLog.targetId, orderB.id))).toEqual([]);
  });
});

/** RFC 4180: quoted fields, doubled quotes, commas and line breaks inside quotes. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(cell);
      cell = '';
    } else if (ch === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else cell += ch;
  }
  if (cell !== '' || row.length) throw new Error('the file must end with CRLF');
  return rows;
}

/** '-57.48' → −5748, refusing anything but a dot decimal with two digits. */
function cents(value: string): number {
  expect(value).toMatch(/^-?\d+\.\d{2}$/);
  const [units, decimals] = value.replace('-', '').split('.');
  return (value.startsWith('-') ? -1 : 1) * (Number(units) * 100 + Number(decimals));
}

describe('GET /api/admin/sales/orders.csv', () => {
  it('downloads a UTF-8 CSV with a BOM: a row per paid order, a negative row per refund; its sums are the period’s figures', async () => {
    // The small refund of order C above succeeded on 20 February too (1,00 + TPS 0,05 + TVP 0,07).
    const res = await send(t, 'GET', '/api/admin/sales/orders.csv?from=2026-01&to=2026-02', { cookie: admin.cookie });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="toque-ventes-2026-01-a-2026-02.csv"');
    expect(res.headers.get('cache-control')).toBe('no-store');
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes);
    const [header, ...rows] = parseCsv(text.slice(1));
    expect(header).toEqual([
      'Type', 'Date', 'N° de reçu', 'N° de note de crédit', 'Acheteur', 'Courriel', 'Province', 'Sous-total avant taxes', 'Rabais', 'Code promo',
      'TPS', 'TVQ', 'TVH', 'TVP', 'Total des taxes', 'Total', 'Statut de la commande', 'Mode de paiement', 'Fournisseur', 'Identifiant chez le fournisseur',
    ]);
    const col = (name: string) => header!.indexOf(name);
    const records = rows.map((r) => Object.fromEntries(header!.map((h, i) => [h, r[i]!])));
    expect(rows.every((r) => r.length === header!.length)).toBe(true);

    expect(records.map((r) => [r.Type, r.Date, r['N° de reçu']])).toEqual([
      ['Vente', '2026-01-15', String(orderA.number)],
      ['Vente', '2026-01-31', String(orderB.number)],
      ['Vente', '2026-02-10', String(orderC.number)],
      ['Remboursement', '2026-02-20', String(orderA.number)],
      ['Remboursement', '2026-02-20', String(orderC.number)],
    ]);
    expect(records[0]).toMatchObject({
      Acheteur: 'Léa Apprenante',
      Courriel: learner.email,
      Province: 'QC',
      'Sous-total avant taxes': '74.99',
      Rabais: '0.00',
      TPS: '3.75',
      TVQ: '7.48',
      TVH: '0.00',
      TVP: '0.00',
      'Total des taxes': '11.23',
      Total: '86.22',
      'Statut de la commande': 'Partiellement remboursée',
      'Mode de paiement': 'Visa 4242',
      Fournisseur: 'sandbox',
      'Identifiant chez le fournisseur': orderA.paymentId,
    });
    // A name a spreadsheet would run as a formula is neutralised; its comma and quotes survive.
    expect(records[1]!.Acheteur).toBe(`'${BUYER_B}`);
    expect(text).toContain(`"'=Dupont, ""Jo"""`);
    expect(records[3]).toMatchObject({
      'N° de note de crédit': String(refund.number),
      'Sous-total avant taxes': '-49.99',
      TPS: '-2.50',
      TVQ: '-4.99',
      Total: '-57.48',
      'Statut de la commande': '',
    });
    expect(records[3]!['Identifiant chez le fournisseur']).toMatch(/^re_/);

    // Summing a column gives the period's figure: the totals of the sales endpoint, to the cent.
    const summary = (await sales('?from=2026-01&to=2026-02')).body.totals;
    const sum = (name: string) => rows.reduce((s, r) => s + cents(r[col(name)]!), 0);
    expect(sum('Sous-total avant taxes')).toBe(summary.netCents);
    expect(sum('TPS')).toBe(summary.netTaxes.GST);
    expect(sum('TVQ')).toBe(summary.netTaxes.QST);
    expect(sum('TVH')).toBe(summary.netTaxes.HST);
    expect(sum('TVP')).toBe(summary.netTaxes.PST);
    expect(sum('Total')).toBe(summary.collectedCents);
    // And the sales rows are the orders, to the cent.
    expect(records.filter((r) => r.Type === 'Vente').map((r) => cents(r.Total!))).toEqual([orderA.totalCents, orderB.totalCents, orderC.totalCents]);
    expect(summary.netCents).toBe(13332 - 4999 - 100);
    expect(summary.collectedCents).toBe(12388 + 2800 - 5748 - 112);
  });

  it('has only its header row for a period without sales', async () => {
    const res = await send(t, 'GET', '/api/admin/sales/orders.csv?from=2025-01&to=2025-06', { cookie: admin.cookie });
    expect(res.status).toBe(200);
    const rows = parseCsv((await res.text()).replace(/^\uFEFF/, ''));
    expect(rows).toHaveLength(1);
  });
});

describe('access', () => {
  const paths = ['/api/admin/sales', '/api/admin/sales?from=2026-01&to=2026-02', '/api/admin/sales/orders.csv', '/api/admin/sales/orders.csv?from=2026-01&to=2026-02'];

  it.each(paths)('GET %s: 401 to a visitor, 403 to a learner, in French', async (path) => {
    const visitor = await send(t, 'GET', path);
    expect(visitor.status).toBe(401);
    expect(((await visitor.json()) as ApiErrorBody).error.code).toBe('UNAUTHENTICATED');
    const asLearner = await send(t, 'GET', path, { cookie: learner.cookie });
    expect(asLearner.status).toBe(403);
    expect(((await asLearner.json()) as ApiErrorBody).error).toMatchObject({ code: 'FORBIDDEN', message: "Vous n'avez pas accès à cette ressource." });
  });
});
