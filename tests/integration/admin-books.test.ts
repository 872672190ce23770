// Comptabilité on the real database: the third quarter of 2026 with sales in Québec (a live class
// bought through the real checkout by a subscriber, 15 % off, paid with the sandbox, whose fee and
// payout are stored from its balance transaction), Ontario (a mixed order: a live class and a
// recorded course) and Alberta (at 23:30 on 30 September in Montréal, already October in UTC), a
// credit note for part of the Ontario order and one for a June order (deducted in the quarter it is
// issued), and an October sale outside it. Both files are read back with SheetJS, as a spreadsheet
// reads them; their totals row must equal the receipts minus the credit notes and the summary.
// The filing frequency setting, its audit, and the Stripe adapter's balance transaction close it.
import { and, eq } from 'drizzle-orm';
import * as XLSX from 'xlsx';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiErrorBody } from '@shared/errors';
import type { BooksFigures, BooksOverview, BooksSummary } from '@shared/schemas/admin-books';
import { auditLog, orders } from '../../src/server/db/schema';
import { createStripeProvider } from '../../src/server/integrations/payments/stripe';
import { signStripePayload } from '../../src/server/integrations/payments/stripe-events';
import { sandboxFee } from '../../src/server/integrations/payments/sandbox/objects';
import { createPaymentService } from '../../src/server/modules/payments/service';
import { createCourse, createSession, createSubscription, setRole } from '../factories';
import { createPaidOrder } from '../factories/orders';
import { newSignedInUser, send } from '../setup/auth-client';
import { checkout, confirm, deliverEvents, holdSeat, newKey, setProvince, SUCCESS_CARD } from '../setup/payments';
import { paymentIntentJson, startStripeApi } from '../setup/stripe-api';
import { createTestApp, type TestApp } from '../setup/test-app';

let clock = Date.parse('2026-08-15T15:00:00Z');
let t: TestApp;
let admin: { id: string; email: string; cookie: string };
let learner: { id: string; email: string; cookie: string };
let quebec: { id: string; number: number; totalCents: number };
let ontario: Awaited<ReturnType<typeof createPaidOrder>>;
let june: Awaited<ReturnType<typeof createPaidOrder>>;
let alberta: Awaited<ReturnType<typeof createPaidOrder>>;
const INJECTION = '=HYPERLINK("http://exemple.test";"Cliquez")';

async function refund(orderId: string, lines: { orderLineId: string }[]) {
  const res = await send(t, 'POST', `/api/admin/orders/${orderId}/refunds`, { cookie: admin.cookie, body: { idempotencyKey: newKey(), lines, reason: 'Annulé' } });
  expect(res.status).toBe(201);
}

beforeAll(async () => {
  t = await createTestApp({ now: () => new Date(clock) });
  admin = await newSignedInUser(t, 'Cheffe Admin');
  await setRole(t.db, admin.id, 'admin');
  learner = await newSignedInUser(t, 'Sam Abonné');
  await setProvince(t, learner.id, 'QC');
  const recorded = (await createCourse(t.db, { title: 'Pain au levain', isLive: false, priceCents: 2500 })).id;
  const liveCourse = (await createCourse(t.db, { title: 'Tourtière en direct', isLive: true, priceCents: 4000 })).id;

  // June (second quarter): Québec, 20,00 → TPS 1,00, TVQ 2,00 (1,995 rounds up); refunded in full in September.
  june = await createPaidOrder(t.db, {
    user: { id: learner.id, name: 'Léa Tremblay' },
    province: 'QC',
    paidAt: new Date('2026-06-20T15:00:00Z'),
    items: [{ courseId: recorded, description: 'Pain au levain', amountCents: 2000 }],
  });
  // July, Ontario, a mixed order: live class 40,00 + recorded course 25,00 → TVH 13 % 8,45; 73,45.
  ontario = await createPaidOrder(t.db, {
    user: { id: learner.id, name: 'Olivier Côté' },
    province: 'ON',
    paidAt: new Date('2026-07-10T15:00:00Z'),
    items: [
      { courseId: liveCourse, description: 'Tourtière en direct', amountCents: 4000, kind: 'live_class' },
      { courseId: recorded, description: 'Pain au levain', amountCents: 2500, kind: 'recorded_course' },
    ],
  });

  // 15 August: a subscriber in Québec books the live class at 60,00 − 15 % = 51,00 → TPS 2,55, TVQ 5,09; 58,64.
  await createSubscription(t.db, learner.id, { currentPeriodStart: new Date(clock - 86_400_000), currentPeriodEnd: new Date(clock + 20 * 86_400_000) });
  const live = await createCourse(t.db, { title: 'Cabane à sucre', isLive: true, priceCents: 6000 });
  const session = await createSession(t.db, live.id, { now: new Date(clock) });
  expect((await holdSeat(t, learner.cookie, session.id)).status).toBe(201);
  const bought = await checkout(t, learner.cookie, { items: [{ courseId: live.id, sessionId: session.id }] });
  expect(bought.status).toBe(201);
  expect(bought.body.order).toMatchObject({ discountCents: 900, subtotalCents: 5100, totalCents: 5864 });
  expect((await confirm(t, learner.cookie, bought.body.payment!, SUCCESS_CARD)).body.status).toBe('succeeded');
  expect((await deliverEvents(t)).statuses.every((s) => s === 200)).toBe(true);
  quebec = bought.body.order;

  // 5 September: the June order refunded whole, the Ontario order's recorded course (25,00 + TVH 3,25).
  clock = Date.parse('2026-09-05T15:00:00Z');
  await refund(june.id, [{ orderLineId: june.lines[0]!.id }]);
  await refund(ontario.id, [{ orderLineId: ontario.lines[1]!.id }]);
  expect((await deliverEvents(t)).statuses.every((s) => s === 200)).toBe(true);

  // 30 September 23:30 in Montréal (1 October in UTC): the quarter's. Alberta 33,33 → TPS 1,67; 35,00.
  alberta = await createPaidOrder(t.db, {
    user: { id: learner.id, name: INJECTION },
    province: 'AB',
    paidAt: new Date('2026-10-01T03:30:00Z'),
    items: [{ courseId: recorded, description: 'Pain au levain', amountCents: 3333 }],
  });
  // 1 October 00:30 in Montréal: the fourth quarter's.
  await createPaidOrder(t.db, { user: { id: learner.id }, province: 'QC', paidAt: new Date('2026-10-01T04:30:00Z'), items: [{ courseId: recorded, description: 'x', amountCents: 999 }] });
  expect([ontario.totalCents, june.totalCents, alberta.totalCents]).toEqual([7345, 2300, 3500]);
  clock = Date.parse('2026-10-02T15:00:00Z');
});
afterAll(() => t.close());

const taxes = (v: Partial<BooksFigures['taxes']>) => ({ GST: 0, QST: 0, HST: 0, PST: 0, ...v });

const EXPECTED_QC: BooksFigures = {
  receiptCount: 1, creditNoteCount: 1, salesCents: 5100, creditedCents: 2000, netSalesCents: 3100, giftCardSalesCents: 0,
  taxes: taxes({ GST: 255 - 100, QST: 509 - 200 }), gstHstCents: 155, qstCents: 309, totalCents: 5864 - 2300, feeCents: sandboxFee(5864),
};
const EXPECTED_ON: BooksFigures = {
  receiptCount: 1, creditNoteCount: 1, salesCents: 6500, creditedCents: 2500, netSalesCents: 4000, giftCardSalesCents: 0,
  taxes: taxes({ HST: 845 - 325 }), gstHstCents: 520, qstCents: 0, totalCents: 7345 - 2825, feeCents: 0,
};
const EXPECTED_AB: BooksFigures = {
  receiptCount: 1, creditNoteCount: 0, salesCents: 3333, creditedCents: 0, netSalesCents: 3333, giftCardSalesCents: 0,
  taxes: taxes({ GST: 167 }), gstHstCents: 167, qstCents: 0, totalCents: 3500, feeCents: 0,
};

async function get<T>(path: string, cookie = admin.cookie) {
  const res = await send(t, 'GET', path, { cookie });
  return { status: res.status, headers: res.headers, res, body: res.headers.get('content-type')?.includes('json') ? ((await res.json()) as T & ApiErrorBody) : (null as never) };
}

async function download(format: 'excel-fr' | 'standard') {
  const res = await send(t, 'GET', `/api/admin/books/export?period=2026-Q3&format=${format}`, { cookie: admin.cookie });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
  expect(res.headers.get('content-disposition')).toBe(`attachment; filename="toque-comptabilite-2026-Q3-${format}.csv"`);
  return Buffer.from(await res.arrayBuffer());
}

/**
 * The file as a spreadsheet reads it, every cell as its text (SheetJS itself would take '19,99' for
 * 1999: the amounts are parsed here, strictly). The French file is read from its bytes (the BOM says
 * UTF-8); the standard one, which has no BOM, as UTF-8 text, as an import told « UTF-8 » does.
 */
function sheet(bytes: Buffer, format: 'excel-fr' | 'standard'): Record<string, string>[] {
  const book =
    format === 'excel-fr' ? XLSX.read(bytes, { type: 'buffer', FS: ';', raw: true }) : XLSX.read(bytes.toString('utf8'), { type: 'string', raw: true });
  const rows = XLSX.utils.sheet_to_json<string[]>(book.Sheets[book.SheetNames[0]!]!, { header: 1, raw: true, defval: '' });
  const [header, ...rest] = rows;
  return rest.map((r) => Object.fromEntries(header!.map((h, i) => [h, String(r[i] ?? '')])));
}

/** An amount cell to cents, in the file's own notation only ('19,99' or '19.99'); '' is none. */
function cents(value: string | undefined, format: 'excel-fr' | 'standard'): number {
  if (!value) return 0;
  expect(value).toMatch(format === 'excel-fr' ? /^-?\d+,\d{2}$/ : /^-?\d+\.\d{2}$/);
  const [units, decimals] = value.replace('-', '').split(/[.,]/);
  return (value.startsWith('-') ? -1 : 1) * (Number(units) * 100 + Number(decimals));
}

const COLUMNS = [
  'Date', 'Document', 'Numéro', 'Reçu d’origine', 'Client', 'Type de produit', 'Province', 'Montant avant taxes',
  'TPS', 'TVQ', 'TVH', 'TVP', 'Total', 'Frais du fournisseur de paiement', 'Référence de versement', 'Transaction du fournisseur', 'Code promo',
];
const AMOUNTS = ['Montant avant taxes', 'TPS', 'TVQ', 'TVH', 'TVP', 'Total', 'Frais du fournisseur de paiement'] as const;

describe('the processor fee and payout of a paid order', () => {
  it('the sandbox’s simulated balance transaction (2,9 % + 0,30 $, one payout a week) is stored on the order when its payment succeeds', async () => {
    const [row] = await t.db.select().from(orders).where(eq(orders.id, quebec.id));
    expect(row!.processorFeeCents).toBe(200);
    expect(sandboxFee(5864)).toBe(200);
    // Saturday 15 August 2026: the week of Monday 10 August.
    expect(row!.payoutReference).toBe('po_sb_20260810');
    expect(row!.processorTransactionId).toMatch(/^txn_sb_/);
  });

  it('with Stripe, the fee and balance transaction come from the charge’s balance_transaction, asked expanded', async () => {
    const api = await startStripeApi();
    try {
      const order = await createPaidOrder(t.db, { user: { id: learner.id }, status: 'processing', items: [{ courseId: null, description: 'Abonnement', amountCents: 1999, kind: 'membership' }] });
      await t.db.update(orders).set({ provider: 'stripe', providerPaymentId: 'pi_stripe_books' }).where(eq(orders.id, order.id));
      api.on('GET', '/v1/payment_intents/:id', (req) => ({
        body: {
          ...paymentIntentJson({ id: req.params.id!, amount: order.totalCents, status: 'succeeded' }),
          latest_charge: { id: 'ch_1', object: 'charge', balance_transaction: { id: 'txn_1ABC', object: 'balance_transaction', amount: order.totalCents, fee: 97, net: order.totalCents - 97 } },
        },
      }));
      const stripe = createStripeProvider({ secretKey: 'sk_test_books', publishableKey: 'pk_test_books', webhookSecret: 'whsec_books' }, { now: () => new Date(clock), endpoint: api.endpoint, maxNetworkRetries: 0 });
      const payments = createPaymentService(t.deps, stripe);
      const event = { id: 'evt_books_1', type: 'payment.succeeded' as const, paymentId: 'pi_stripe_books', orderId: order.id, amountCents: order.totalCents, method: { type: 'card' as const, brand: 'visa', last4: '4242' } };
      expect(await payments.applyEvent(event)).toBe('processed');
      const [row] = await t.db.select().from(orders).where(eq(orders.id, order.id));
      expect(row).toMatchObject({ status: 'paid', processorFeeCents: 97, processorTransactionId: 'txn_1ABC', payoutReference: null });
      const asked = api.requests.find((r) => r.path === '/v1/payment_intents/pi_stripe_books');
      expect(asked?.form['expand[0]']).toBe('latest_charge.balance_transaction');
      // A repeated delivery changes nothing, even if Stripe now says otherwise.
      api.on('GET', '/v1/payment_intents/:id', (req) => ({ body: { ...paymentIntentJson({ id: req.params.id!, amount: 1, status: 'succeeded' }), latest_charge: { id: 'ch_1', balance_transaction: { id: 'txn_other', fee: 1 } } } }));
      expect(await payments.applyEvent(event)).toBe('duplicate');
      expect((await t.db.select().from(orders).where(eq(orders.id, order.id)))[0]!.processorFeeCents).toBe(97);
      // Paid today (October): outside the third quarter the tests below read.
    } finally {
      await api.close();
    }
  });

  it('with Stripe, payout.paid (signed, through the webhook) names the payout on the payments it carried, listed from its balance transactions; the export shows it', async () => {
    const api = await startStripeApi();
    try {
      const paidAt = new Date('2026-10-05T15:00:00Z');
      const item = [{ courseId: null, description: 'Abonnement', amountCents: 1999, kind: 'membership' as const }];
      const [settled, unsettled, elsewhere] = [await createPaidOrder(t.db, { user: { id: learner.id }, paidAt, items: item }), await createPaidOrder(t.db, { user: { id: learner.id }, paidAt, items: item }), await createPaidOrder(t.db, { user: { id: learner.id }, paidAt, items: item })];
      // Its fee stored when its payment succeeded; the second's could not be read then; the third is in another payout.
      await t.db.update(orders).set({ provider: 'stripe', providerPaymentId: 'pi_payout_a', processorFeeCents: 88, processorTransactionId: 'txn_a' }).where(eq(orders.id, settled.id));
      await t.db.update(orders).set({ provider: 'stripe', providerPaymentId: 'pi_payout_b', processorFeeCents: null, processorTransactionId: null, payoutReference: null }).where(eq(orders.id, unsettled.id));
      await t.db.update(orders).set({ provider: 'stripe', providerPaymentId: 'pi_payout_c', processorFeeCents: 88, processorTransactionId: 'txn_c', payoutReference: null }).where(eq(orders.id, elsewhere.id));
      api.on('GET', '/v1/balance_transactions', () => ({
        body: {
          object: 'list',
          url: '/v1/balance_transactions',
          has_more: false,
          data: [
            { id: 'txn_a', object: 'balance_transaction', type: 'charge', amount: 2299, fee: 88, net: 2211, source: { id: 'ch_a', object: 'charge', payment_intent: 'pi_payout_a' } },
            { id: 'txn_b', object: 'balance_transaction', type: 'payment', amount: 2299, fee: 97, net: 2202, source: { id: 'py_b', object: 'charge', payment_intent: 'pi_payout_b' } },
            // A refund and the payout itself name no payment of ours.
            { id: 'txn_r', object: 'balance_transaction', type: 'refund', amount: -500, fee: 0, net: -500, source: { id: 're_1', object: 'refund', payment_intent: 'pi_payout_c' } },
            { id: 'txn_po', object: 'balance_transaction', type: 'payout', amount: -4413, fee: 0, net: -4413, source: { id: 'po_1TEST', object: 'payout' } },
          ],
        },
      }));
      const secret = 'whsec_books';
      const stripe = createStripeProvider({ secretKey: 'sk_test_books', publishableKey: 'pk_test_books', webhookSecret: secret }, { now: () => new Date(clock), endpoint: api.endpoint, maxNetworkRetries: 0 });
      const payments = createPaymentService(t.deps, stripe);
      const deliver = (id: string, type: string, payout: Record<string, unknown>) => {
        const body = JSON.stringify({ id, object: 'event', type, created: Math.floor(clock / 1000), data: { object: { object: 'payout', status: 'paid', ...payout } }, livemode: false });
        return payments.handleWebhook(body, signStripePayload(body, secret, Math.floor(clock / 1000)));
      };

      expect(await deliver('evt_po_1', 'payout.paid', { id: 'po_1TEST', automatic: true })).toBe('processed');
      const asked = api.requests.filter((r) => r.path === '/v1/balance_transactions');
      expect(asked).toHaveLength(1);
      expect(asked[0]!.form).toMatchObject({ payout: 'po_1TEST', 'expand[0]': 'data.source' });
      const byId = async (id: string) => (await t.db.select().from(orders).where(eq(orders.id, id)))[0]!;
      expect(await byId(settled.id)).toMatchObject({ payoutReference: 'po_1TEST', processorFeeCents: 88, processorTransactionId: 'txn_a' });
      // The fee missed at payment time is taken from the payout's transaction.
      expect(await byId(unsettled.id)).toMatchObject({ payoutReference: 'po_1TEST', processorFeeCents: 97, processorTransactionId: 'txn_b' });
      expect((await byId(elsewhere.id)).payoutReference).toBeNull();

      // Delivered again: nothing asked, nothing written; Stripe's reconciliation event for the same payout writes nothing new.
      expect(await deliver('evt_po_1', 'payout.paid', { id: 'po_1TEST', automatic: true })).toBe('duplicate');
      expect(api.requests.filter((r) => r.path === '/v1/balance_transactions')).toHaveLength(1);
      expect(await deliver('evt_po_2', 'payout.reconciliation_completed', { id: 'po_1TEST', automatic: true })).toBe('processed');
      expect(await byId(unsettled.id)).toMatchObject({ payoutReference: 'po_1TEST', processorFeeCents: 97 });
      // A manual payout names no transactions at Stripe: ignored, nothing asked.
      expect(await deliver('evt_po_3', 'payout.paid', { id: 'po_manual', automatic: false })).toBe('ignored');
      expect(api.requests.filter((r) => r.path === '/v1/balance_transactions')).toHaveLength(2);
      // A tampered body is refused.
      const body = JSON.stringify({ id: 'evt_po_4', object: 'event', type: 'payout.paid', created: Math.floor(clock / 1000), data: { object: { id: 'po_1TEST', object: 'payout' } } });
      await expect(payments.handleWebhook(body, signStripePayload(body, 'whsec_other', Math.floor(clock / 1000)))).rejects.toMatchObject({ code: 'WEBHOOK_SIGNATURE_INVALID' });

      // The accountant's file of that quarter names the payout on both receipts.
      const res = await send(t, 'GET', '/api/admin/books/export?period=2026-Q4&format=standard', { cookie: admin.cookie });
      expect(res.status).toBe(200);
      const rows = sheet(Buffer.from(await res.arrayBuffer()), 'standard');
      const of = (n: number) => rows.find((r) => r['Numéro'] === String(n))!;
      expect(of(settled.number)).toMatchObject({ 'Référence de versement': 'po_1TEST', 'Transaction du fournisseur': 'txn_a', 'Frais du fournisseur de paiement': '0.88' });
      expect(of(unsettled.number)).toMatchObject({ 'Référence de versement': 'po_1TEST', 'Transaction du fournisseur': 'txn_b', 'Frais du fournisseur de paiement': '0.97' });
      expect(of(elsewhere.number)['Référence de versement']).toBe('');
    } finally {
      await api.close();
    }
  });
});

describe('GET /api/admin/books', () => {
  it('lists the quarters (the default) from the first sale to the current one, in Montréal time, current first', async () => {
    const res = await get<BooksOverview>('/api/admin/books');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.body.filingFrequency).toBe('quarterly');
    expect(res.body.periods).toEqual([
      { id: '2026-Q4', label: '4e trimestre 2026 (octobre à décembre)', current: true },
      { id: '2026-Q3', label: '3e trimestre 2026 (juillet à septembre)', current: false },
      { id: '2026-Q2', label: '2e trimestre 2026 (avril à juin)', current: false },
    ]);
  });

  it('is the admin’s alone', async () => {
    expect((await get('/api/admin/books', learner.cookie)).status).toBe(403);
    expect((await get('/api/admin/books/export?period=2026-Q3&format=standard', learner.cookie)).status).toBe(403);
    expect((await send(t, 'GET', '/api/admin/books/summary?period=2026-Q3')).status).toBe(401);
  });

  it('refuses a malformed period or format in French (400)', async () => {
    const bad = await get('/api/admin/books/summary?period=2026-13');
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields?.period).toMatch(/^La période doit être/);
    const format = await get('/api/admin/books/export?period=2026-Q3&format=xlsx');
    expect(format.status).toBe(400);
    expect(format.body.error.fields?.format).toMatch(/^Le format doit être/);
  });
});

describe('the summary of a period', () => {
  it('gives the return’s figures by province of supply: sales, TPS/TVH and TVQ collected, credit notes deducted when issued', async () => {
    const res = await get<BooksSummary>('/api/admin/books/summary?period=2026-Q3');
    expect(res.status).toBe(200);
    expect(res.body.period).toMatchObject({ id: '2026-Q3', firstDay: '2026-07-01', lastDay: '2026-09-30', current: false });
    expect(res.body.provinces).toEqual([
      { province: 'QC', name: 'Québec', ...EXPECTED_QC },
      { province: 'AB', name: 'Alberta', ...EXPECTED_AB },
      { province: 'ON', name: 'Ontario', ...EXPECTED_ON },
    ]);
    expect(res.body.totals).toEqual({
      receiptCount: 3, creditNoteCount: 2, salesCents: 5100 + 6500 + 3333, creditedCents: 4500, netSalesCents: 3100 + 4000 + 3333, giftCardSalesCents: 0,
      taxes: taxes({ GST: 155 + 167, QST: 309, HST: 520 }), gstHstCents: 155 + 167 + 520, qstCents: 309, totalCents: 3564 + 4520 + 3500, feeCents: 200,
    });
  });
});

describe.each(['excel-fr', 'standard'] as const)('the %s file', (format) => {
  let bytes: Buffer;
  let rows: Record<string, string>[];
  beforeAll(async () => {
    bytes = await download(format);
    rows = sheet(bytes, format);
  });

  it('is written as its format says: separator, decimal mark, byte-order mark, CRLF', () => {
    const text = bytes.toString('utf8');
    if (format === 'excel-fr') {
      expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      expect(text.slice(1).split('\r\n')[0]).toBe(COLUMNS.join(';'));
      expect(text).toContain(';51,00;');
    } else {
      expect(bytes[0]).toBe('D'.charCodeAt(0));
      expect(text.split('\r\n')[0]).toBe(COLUMNS.join(','));
      expect(text).toContain(',51.00,');
      // A spreadsheet reading the standard file takes its amounts for numbers.
      const plain = XLSX.read(text, { type: 'string' });
      const cells = XLSX.utils.sheet_to_json<unknown[]>(plain.Sheets[plain.SheetNames[0]!]!, { header: 1, raw: true });
      expect(cells[1]![7]).toBe(40);
    }
    expect(text.endsWith('\r\n')).toBe(true);
    expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
  });

  it('has the columns, no e-mail address anywhere, and a formula-like name made inert', () => {
    expect(Object.keys(rows[0]!)).toEqual(COLUMNS);
    expect(bytes.toString('utf8')).not.toContain('@');
    const ab = rows.find((r) => r.Province === 'AB')!;
    expect(ab.Client).toBe(`'${INJECTION}`);
    expect(ab.Date).toBe('2026-09-30');
  });

  it('has a row per receipt and product type, a negative row per credit note, dated in Montréal, and nothing outside the quarter', () => {
    const body = rows.slice(0, -1);
    expect(body.map((r) => [r.Date, r.Document, r['Reçu d’origine'], r['Type de produit'], r.Province, cents(r['Montant avant taxes'], format), cents(r.Total, format)])).toEqual([
      ['2026-07-10', 'Reçu', String(ontario.number), 'Cours en direct', 'ON', 4000, 4520],
      ['2026-07-10', 'Reçu', String(ontario.number), 'Cours enregistré', 'ON', 2500, 2825],
      ['2026-08-15', 'Reçu', String(quebec.number), 'Cours en direct', 'QC', 5100, 5864],
      ['2026-09-05', 'Note de crédit', String(june.number), 'Cours enregistré', 'QC', -2000, -2300],
      ['2026-09-05', 'Note de crédit', String(ontario.number), 'Cours enregistré', 'ON', -2500, -2825],
      ['2026-09-30', 'Reçu', String(alberta.number), 'Cours enregistré', 'AB', 3333, 3500],
    ]);
    const qc = body.find((r) => r.Province === 'QC' && r.Document === 'Reçu')!;
    expect([cents(qc.TPS, format), cents(qc.TVQ, format), cents(qc['Frais du fournisseur de paiement'], format), qc['Référence de versement']]).toEqual([255, 509, 200, 'po_sb_20260810']);
    expect(body.filter((r) => r.Province === 'ON' && r.Document === 'Reçu').map((r) => cents(r.TVH, format))).toEqual([520, 325]);
  });

  it('ends with a totals row equal to the receipts minus the credit notes, and to the summary', async () => {
    const body = rows.slice(0, -1);
    const total = rows[rows.length - 1]!;
    expect(total.Date).toBe('Total');
    const summary = (await get<BooksSummary>('/api/admin/books/summary?period=2026-Q3')).body.totals;
    const sum = (column: (typeof AMOUNTS)[number], document?: string) =>
      body.filter((r) => !document || r.Document === document).reduce((s, r) => s + cents(r[column], format), 0);
    for (const column of AMOUNTS) {
      expect(cents(total[column], format)).toBe(sum(column, 'Reçu') + sum(column, 'Note de crédit'));
      expect(sum(column, 'Note de crédit')).toBeLessThanOrEqual(0);
    }
    expect(cents(total['Montant avant taxes'], format)).toBe(summary.netSalesCents + summary.giftCardSalesCents);
    expect(sum('Montant avant taxes', 'Reçu')).toBe(summary.salesCents);
    expect(-sum('Montant avant taxes', 'Note de crédit')).toBe(summary.creditedCents);
    expect([cents(total.TPS, format), cents(total.TVQ, format), cents(total.TVH, format), cents(total.TVP, format)]).toEqual([summary.taxes.GST, summary.taxes.QST, summary.taxes.HST, summary.taxes.PST]);
    expect(cents(total.Total, format)).toBe(summary.totalCents);
    expect(cents(total['Frais du fournisseur de paiement'], format)).toBe(summary.feeCents);
  });

  it('is audited: who downloaded which period in which format', async () => {
    const rows = await t.db.select().from(auditLog).where(and(eq(auditLog.action, 'books.export'), eq(auditLog.targetId, '2026-Q3')));
    expect(rows.some((r) => r.actorId === admin.id && r.details.format === (format === 'excel-fr' ? 'CSV pour Excel (français)' : 'CSV standard'))).toBe(true);
  });
});

describe('the filing frequency setting', () => {
  it('monthly: the periods become months; the change is audited before → after; a bad value is refused in French', async () => {
    const bad = await send(t, 'PUT', '/api/admin/books/filing-frequency', { cookie: admin.cookie, body: { filingFrequency: 'weekly' } });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as ApiErrorBody).error.fields?.filingFrequency).toMatch(/^Choisissez une période de déclaration/);
    expect((await send(t, 'PUT', '/api/admin/books/filing-frequency', { cookie: learner.cookie, body: { filingFrequency: 'monthly' } })).status).toBe(403);

    const res = await send(t, 'PUT', '/api/admin/books/filing-frequency', { cookie: admin.cookie, body: { filingFrequency: 'monthly' } });
    expect(res.status).toBe(200);
    const overview = (await res.json()) as BooksOverview;
    expect(overview.filingFrequency).toBe('monthly');
    expect(overview.periods.map((p) => p.id)).toEqual(['2026-10', '2026-09', '2026-08', '2026-07', '2026-06']);
    expect(overview.periods[0]).toEqual({ id: '2026-10', label: 'Octobre 2026', current: true });
    expect((await get<BooksOverview>('/api/admin/books')).body.filingFrequency).toBe('monthly');
    const audit = await t.db.select().from(auditLog).where(eq(auditLog.action, 'settings.filing_frequency'));
    expect(audit.map((a) => a.details)).toEqual([{ before: 'quarterly', after: 'monthly' }]);

    // A month's summary: September holds the two credit notes and the Alberta sale only.
    const september = (await get<BooksSummary>('/api/admin/books/summary?period=2026-09')).body;
    expect(september.totals).toMatchObject({ receiptCount: 1, creditNoteCount: 2, netSalesCents: 3333 - 4500 });

    const yearly = await send(t, 'PUT', '/api/admin/books/filing-frequency', { cookie: admin.cookie, body: { filingFrequency: 'yearly' } });
    expect(((await yearly.json()) as BooksOverview).periods).toEqual([{ id: '2026', label: 'Année 2026', current: true }]);
    // Saving the same value again writes no second audit row.
    await send(t, 'PUT', '/api/admin/books/filing-frequency', { cookie: admin.cookie, body: { filingFrequency: 'yearly' } });
    expect(await t.db.select().from(auditLog).where(eq(auditLog.action, 'settings.filing_frequency'))).toHaveLength(2);
  });
});
