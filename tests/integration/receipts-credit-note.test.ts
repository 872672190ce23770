// The credit note of a refund (fact sheet §7): it says it is one, names the seller and its numbers,
// the buyer, the date, the original receipt, the lines refunded and each tax given back. It exists
// once the refund has succeeded, for the buyer and the admin only.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiErrorBody } from '@shared/errors';
import type { RefundResponse } from '@shared/schemas/checkout';
import { refunds } from '../../src/server/db/schema';
import { createCourse, setRole } from '../factories';
import { createPaidOrder } from '../factories/orders';
import { newSignedInUser, send } from '../setup/auth-client';
import { pdfText } from '../setup/pdf-text';
import { deliverEvents, newKey } from '../setup/payments';
import { createTestApp, type TestApp } from '../setup/test-app';
import { signedDocumentUrl } from '../../src/server/modules/receipts/document-link';

const plain = (text: string) => text.replaceAll('\u00a0', ' ');
const PAID_AT = new Date('2026-11-02T17:00:00Z');
// The refund's event lands on 5 December 2026, 01:30 UTC — still the 4th in Montréal. Sessions are
// checked against the clock too, so it is moved only while the event is delivered.
const REFUNDED_AT = Date.parse('2026-12-05T01:30:00Z');
// The refund is asked for two days before it lands, whatever day the run is on (or pinned to): a
// refund asked for after the day its event bears would still wait for the provider.
let clock = Date.parse('2026-12-03T15:00:00Z');

let t: TestApp;
let admin: { id: string; cookie: string };
let buyer: { id: string; email: string; cookie: string };
let other: { id: string; cookie: string };
let order: Awaited<ReturnType<typeof createPaidOrder>>;
let refund: RefundResponse['refund'];

beforeAll(async () => {
  t = await createTestApp({ now: () => new Date(clock) });
  admin = await newSignedInUser(t, 'Cheffe Admin');
  await setRole(t.db, admin.id, 'admin');
  buyer = await newSignedInUser(t, 'Camille Gagnon');
  other = await newSignedInUser(t, 'Autre Personne');
  const bread = (await createCourse(t.db, { title: 'Pain au levain', isLive: false, priceCents: 4999 })).id;
  const macarons = (await createCourse(t.db, { title: 'Macarons', isLive: false, priceCents: 2500 })).id;
  order = await createPaidOrder(t.db, {
    user: { id: buyer.id, email: buyer.email, name: 'Camille Gagnon' },
    province: 'QC',
    paidAt: PAID_AT,
    items: [
      { courseId: bread, description: 'Pain au levain', amountCents: 4999 },
      { courseId: macarons, description: 'Macarons', amountCents: 2500 },
    ],
  });
  const res = await send(t, 'POST', `/api/admin/orders/${order.id}/refunds`, {
    cookie: admin.cookie,
    body: { lines: [{ orderLineId: order.lines[1]!.id, amountCents: 1000 }], reason: 'Vidéo illisible', idempotencyKey: newKey() },
  });
  expect(res.status).toBe(201);
  refund = ((await res.json()) as RefundResponse).refund;
});
afterAll(() => t.close());

describe('credit note', () => {
  it('does not exist while the refund waits for the provider (409 for the buyer, 404 for anyone else)', async () => {
    const mine = await send(t, 'GET', `/api/refunds/${refund.id}/credit-note.pdf`, { cookie: buyer.cookie });
    expect(mine.status).toBe(409);
    expect(((await mine.json()) as ApiErrorBody).error).toMatchObject({
      code: 'CREDIT_NOTE_NOT_AVAILABLE',
      message: 'La note de crédit sera disponible une fois le remboursement effectué.',
    });
    expect((await send(t, 'GET', `/api/refunds/${refund.id}/credit-note.pdf`, { cookie: other.cookie })).status).toBe(404);
  });

  it('PDF, once refunded: says it is a credit note, its number, the receipt it reduces, seller and numbers, buyer, line, taxes given back, total', async () => {
    const realNow = clock;
    clock = REFUNDED_AT;
    await deliverEvents(t);
    clock = realNow;
    const res = await send(t, 'GET', `/api/refunds/${refund.id}/credit-note.pdf`, { cookie: buyer.cookie });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="note-de-credit-${refund.number}.pdf"`);
    const text = plain(pdfText(new Uint8Array(await res.arrayBuffer())));
    const lines = text.split('\n');
    const after = (label: string) => lines[lines.indexOf(label) + 1];
    // 10,00 of 74,99: GST 3,75 × 1000/7499 = 0,50; QST 7,48 × 1000/7499 = 1,00.
    expect(refund.taxLines.map((l) => [l.code, l.amountCents])).toEqual([['GST', 50], ['QST', 100]]);
    expect(lines[0]).toBe(`Note de crédit n° ${refund.number}`);
    expect(lines).toContain('Date : 4 décembre 2026');
    expect(lines).toContain(`Se rapporte au reçu n° ${order.number} du 2 novembre 2026`);
    expect(lines).toContain('Toque — Geneviève Tremblay, cheffe');
    expect(lines).toContain('N° de TPS/TVH : 123456789 RT0001');
    expect(lines).toContain('N° de TVQ : 1234567890 TQ0001');
    expect(lines).toContain('Camille Gagnon');
    expect(lines).toContain(buyer.email);
    expect(after('Macarons')).toBe('Vidéo pré-enregistrée — remboursement partiel sur 25,00 CAD');
    expect(lines).not.toContain('Pain au levain');
    expect(after('Sous-total remboursé')).toBe('10,00 CAD');
    expect(after('TPS (5 %) remboursée')).toBe('0,50 CAD');
    expect(after('TVQ (9,975 %) remboursée')).toBe('1,00 CAD');
    expect(after('Total remboursé')).toBe('11,50 CAD');
    expect(text).toContain('Remboursé sur : \nVisa se terminant par 4242');
    expect(text).toContain('Motif : \nVidéo illisible');
    expect(text).toContain(`Ce document est une note de crédit : il réduit de 11,50 CAD le montant du reçu n° ${order.number}`);
  });

  it('HTML too; and the receipt now mentions the credit note', async () => {
    const res = await send(t, 'GET', `/api/refunds/${refund.id}/credit-note`, { cookie: buyer.cookie });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-security-policy')).toContain("default-src 'none'");
    const html = plain(await res.text());
    expect(html).toContain(`<h1>Note de crédit n° ${refund.number}</h1>`);
    expect(html).toContain('<td>TVQ (9,975 %) remboursée</td><td class="amount">1,00 CAD</td>');
    const receipt = plain(pdfText(new Uint8Array(await (await send(t, 'GET', `/api/orders/${order.id}/receipt.pdf`, { cookie: buyer.cookie })).arrayBuffer())));
    expect(receipt).toContain(`Remboursement de 11,50 CAD le 4 décembre 2026 : voir la note de crédit n° ${refund.number}.`);
    expect(receipt).toContain('Statut : \nPayé, remboursé en partie');
  });

  it('the refund e-mail’s signed link opens its page and PDF signed out; a link for the receipt does not', async () => {
    const url = new URL(signedDocumentUrl(t.deps.config, 'credit-note', refund.id, new Date(REFUNDED_AT)));
    const page = await send(t, 'GET', `${url.pathname}${url.search}`, { headers: { accept: 'text/html' } });
    expect(page.status).toBe(200);
    expect(plain(await page.text())).toContain(`<h1>Note de crédit n° ${refund.number}</h1>`);
    const pdf = await send(t, 'GET', `${url.pathname}/pdf${url.search}`);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    // A receipt's signature for the same id is not a credit note's.
    const receiptSig = new URL(signedDocumentUrl(t.deps.config, 'receipt', refund.id, new Date(REFUNDED_AT))).search;
    expect((await send(t, 'GET', `${url.pathname}${receiptSig}`, { headers: { accept: 'text/html' } })).status).toBe(401);
  });

  it('the admin reads it; another learner gets 404; a visitor 401; unknown and malformed ids 404', async () => {
    expect((await send(t, 'GET', `/api/refunds/${refund.id}/credit-note.pdf`, { cookie: admin.cookie })).status).toBe(200);
    for (const path of [`/api/refunds/${refund.id}/credit-note.pdf`, `/api/refunds/${refund.id}/credit-note`]) {
      const res = await send(t, 'GET', path, { cookie: other.cookie });
      expect(res.status).toBe(404);
      expect(((await res.json()) as ApiErrorBody).error).toMatchObject({ code: 'REFUND_NOT_FOUND', message: "Ce remboursement n'existe pas." });
      expect((await send(t, 'GET', path)).status).toBe(401);
    }
    for (const id of ['00000000-0000-4000-8000-000000000000', 'pas-un-id']) {
      expect((await send(t, 'GET', `/api/refunds/${id}/credit-note.pdf`, { cookie: buyer.cookie })).status).toBe(404);
    }
  });

  it('a failed refund has no credit note', async () => {
    await t.db.update(refunds).set({ status: 'failed', succeededAt: null }).where(eq(refunds.id, refund.id));
    expect((await send(t, 'GET', `/api/refunds/${refund.id}/credit-note.pdf`, { cookie: buyer.cookie })).status).toBe(409);
  });
});
