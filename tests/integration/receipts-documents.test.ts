// Receipts (HTML page and PDF): what they say for each tax situation (fact sheet §4), read back
// from the PDF's own text, and who may read them (the buyer and the admin; anyone else 404).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiErrorBody } from '@shared/errors';
import { createCourse, createSession, setRole } from '../factories';
import { createPaidOrder } from '../factories/orders';
import { newSignedInUser, send } from '../setup/auth-client';
import { deliverEvents } from '../setup/payments';
import { pdfText } from '../setup/pdf-text';
import { createTestApp, type TestApp } from '../setup/test-app';

const NBSP = '\u00a0';
/** Amounts and rates use no-break spaces (fr-CA); compare on plain spaces. */
const plain = (text: string) => text.replaceAll(NBSP, ' ');

let t: TestApp;
let buyer: { id: string; email: string; cookie: string };
let other: { id: string; cookie: string };
let admin: { id: string; cookie: string };
let bread: string;
let live: string;
let liveSession: string;
// Saturday 21 November 2026 at 22:00 in Montréal, already the 22nd in UTC.
const PAID_AT = new Date('2026-11-22T03:00:00Z');

beforeAll(async () => {
  t = await createTestApp();
  buyer = await newSignedInUser(t, 'Camille Gagnon');
  other = await newSignedInUser(t, 'Autre Personne');
  admin = await newSignedInUser(t, 'Cheffe Admin');
  await setRole(t.db, admin.id, 'admin');
  bread = (await createCourse(t.db, { title: 'Pain au levain', isLive: false, priceCents: 4999 })).id;
  live = (await createCourse(t.db, { title: 'Tourtière en direct', isLive: true, priceCents: 6000 })).id;
  liveSession = (await createSession(t.db, live, { startsAt: new Date('2026-11-28T23:00:00Z') })).id;
});
afterAll(() => t.close());

const asBuyer = { name: 'Camille Gagnon', get id() { return buyer.id; }, get email() { return buyer.email; } };

async function pdfOf(path: string, cookie: string) {
  const res = await send(t, 'GET', path, { cookie });
  expect(res.status).toBe(200);
  const bytes = new Uint8Array(await res.arrayBuffer());
  return { res, bytes, text: plain(pdfText(bytes)) };
}

describe('a Québec buyer’s receipt', () => {
  let order: Awaited<ReturnType<typeof createPaidOrder>>;

  beforeAll(async () => {
    order = await createPaidOrder(t.db, {
      user: asBuyer,
      province: 'QC',
      paidAt: PAID_AT,
      items: [
        { courseId: bread, description: 'Pain au levain', amountCents: 4999 },
        { courseId: live, kind: 'live_class', sessionId: liveSession, description: 'Tourtière en direct', amountCents: 6000 },
      ],
    });
  });

  it('PDF: seller, GST and QST numbers, number, date, buyer, lines, each tax with its rate and amount, total, card, province', async () => {
    const { res, bytes, text } = await pdfOf(`/api/orders/${order.id}/receipt.pdf`, buyer.cookie);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="recu-${order.number}.pdf"`);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(Buffer.from(bytes.subarray(0, 5)).toString()).toBe('%PDF-');
    // 109,99 before tax: GST 5,50 (5 % of 109,99 = 5,4995 → 5,50), QST 10,97 (9,975 % = 10,9715…).
    expect(order.taxes.lines.map((l) => [l.code, l.amountCents])).toEqual([['GST', 550], ['QST', 1097]]);
    const lines = text.split('\n');
    const after = (label: string) => lines[lines.indexOf(label) + 1];
    expect(lines[0]).toBe(`Reçu n° ${order.number}`);
    expect(lines).toContain('Date : 21 novembre 2026');
    expect(lines).toContain('Toque — Geneviève Tremblay, cheffe');
    expect(lines).toContain('1234, rue Saint-Denis, Montréal (Québec) H2X 3K4');
    expect(lines).toContain('N° de TPS/TVH : 123456789 RT0001');
    expect(lines).toContain('N° de TVQ : 1234567890 TQ0001');
    expect(lines).toContain('Camille Gagnon');
    expect(lines).toContain(buyer.email);
    expect(after('Pain au levain')).toBe('Vidéo pré-enregistrée');
    expect(after('Tourtière en direct')).toBe('Cours en direct — séance du samedi 28 novembre 2026 à 18 h 00 HNE');
    expect(after('Sous-total')).toBe('109,99 CAD');
    expect(after('TPS (5 %)')).toBe('5,50 CAD');
    expect(after('TVQ (9,975 %)')).toBe('10,97 CAD');
    expect(after('Total')).toBe('126,46 CAD');
    expect(text).toContain('Mode de paiement : \nVisa se terminant par 4242');
    expect(text).toContain('Lieu de la fourniture : \nQuébec');
    // The rates Revenu Québec forbids on receipts never appear.
    expect(text).not.toMatch(/9,97 %|14,97|14,975/);
  });

  it('a booking of several seats says how many on the receipt and on its credit note', async () => {
    const twoSeats = await createPaidOrder(t.db, {
      user: asBuyer,
      province: 'QC',
      paidAt: PAID_AT,
      items: [{ courseId: live, kind: 'live_class', sessionId: liveSession, description: 'Tourtière en direct', amountCents: 12000, seats: 2 }],
    });
    const { text } = await pdfOf(`/api/orders/${twoSeats.id}/receipt.pdf`, buyer.cookie);
    const lines = text.split('\n');
    expect(lines[lines.indexOf('Tourtière en direct') + 1]).toBe('Cours en direct — séance du samedi 28 novembre 2026 à 18 h 00 HNE — 2 places');
    const refunded = await send(t, 'POST', `/api/admin/orders/${twoSeats.id}/refunds`, { cookie: admin.cookie, body: { idempotencyKey: crypto.randomUUID(), lines: [{ orderLineId: twoSeats.lines[0]!.id, amountCents: 6000 }] } });
    expect(refunded.status).toBe(201);
    const refundId = ((await refunded.json()) as { refund: { id: string } }).refund.id;
    // The credit note exists once the provider says the refund is done.
    await deliverEvents(t);
    const note = await pdfOf(`/api/refunds/${refundId}/credit-note.pdf`, buyer.cookie);
    // The PDF wraps the line's detail where it is long.
    expect(note.text.replaceAll('\n', '')).toContain('Cours en direct — séance du samedi 28 novembre 2026 à 18 h 00 HNE — 2 places — remboursement partiel sur 120,00 CAD');
  });

  it('HTML: the same content, self-contained (no script, stylesheet link, image or font), printable', async () => {
    const res = await send(t, 'GET', `/api/orders/${order.id}/receipt`, { cookie: buyer.cookie });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html; charset=utf-8/i);
    expect(res.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(res.headers.get('cache-control')).toBe('no-store');
    const html = plain(await res.text());
    expect(html).toContain('<html lang="fr-CA">');
    expect(html).toContain(`<h1>Reçu n° ${order.number}</h1>`);
    for (const expected of [
      'Date : 21 novembre 2026',
      'N° de TPS/TVH</dt><dd>123456789 RT0001',
      'N° de TVQ</dt><dd>1234567890 TQ0001',
      '<td>TPS (5 %)</td><td class="amount">5,50 CAD</td>',
      '<td>TVQ (9,975 %)</td><td class="amount">10,97 CAD</td>',
      '<tr class="total"><td>Total</td><td class="amount">126,46 CAD</td>',
      'Visa se terminant par 4242',
      'Lieu de la fourniture</dt><dd>Québec',
      '@media print',
      `href="/documents/recu/${order.id}/pdf"`,
    ]) {
      expect(html).toContain(expected);
    }
    expect(html).not.toMatch(/<script|<link|<img|@import|url\(|src=/i);
  });

  it('the admin reads it; another learner gets 404 as if it did not exist; a visitor 401', async () => {
    expect((await send(t, 'GET', `/api/orders/${order.id}/receipt.pdf`, { cookie: admin.cookie })).status).toBe(200);
    expect((await send(t, 'GET', `/api/orders/${order.id}/receipt`, { cookie: admin.cookie })).status).toBe(200);
    for (const path of [`/api/orders/${order.id}/receipt`, `/api/orders/${order.id}/receipt.pdf`]) {
      const res = await send(t, 'GET', path, { cookie: other.cookie });
      expect(res.status).toBe(404);
      expect(((await res.json()) as ApiErrorBody).error).toMatchObject({ code: 'ORDER_NOT_FOUND', message: "Cette commande n'existe pas." });
      expect((await send(t, 'GET', path)).status).toBe(401);
    }
  });
});

describe('receipts by tax situation', () => {
  it('Ontario: one HST line with its rate', async () => {
    const order = await createPaidOrder(t.db, { user: asBuyer, province: 'ON', paidAt: PAID_AT, items: [{ courseId: bread, description: 'Pain au levain', amountCents: 4999 }] });
    const { text } = await pdfOf(`/api/orders/${order.id}/receipt.pdf`, buyer.cookie);
    const lines = text.split('\n');
    expect(lines[lines.indexOf('TVH (13 %)') + 1]).toBe('6,50 CAD');
    expect(text).not.toContain('TPS (5 %)');
    expect(text).toContain('Lieu de la fourniture : \nOntario');
  });

  it('British Columbia with a PST registration: GST and PST on their own lines', async () => {
    const order = await createPaidOrder(t.db, {
      user: asBuyer,
      province: 'BC',
      paidAt: PAID_AT,
      tax: { mode: 'registered', pstRegistrations: ['BC'] },
      items: [{ courseId: null, kind: 'membership', description: 'Abonnement mensuel', amountCents: 1999 }],
    });
    const { text } = await pdfOf(`/api/orders/${order.id}/receipt.pdf`, buyer.cookie);
    const lines = text.split('\n');
    // The fact sheet's 19,99 membership in BC: 1,00 + 1,40 = 22,39.
    expect(lines[lines.indexOf('TPS (5 %)') + 1]).toBe('1,00 CAD');
    expect(lines[lines.indexOf('TVP (C.-B.) (7 %)') + 1]).toBe('1,40 CAD');
    expect(lines[lines.indexOf('Total') + 1]).toBe('22,39 CAD');
    expect(lines).toContain('Abonnement mensuel');
  });

  it('a buyer outside Canada: a zero-rated export, said so, no tax line', async () => {
    const order = await createPaidOrder(t.db, { user: asBuyer, province: 'XX', paidAt: PAID_AT, items: [{ courseId: bread, description: 'Pain au levain', amountCents: 4999 }] });
    const { text } = await pdfOf(`/api/orders/${order.id}/receipt.pdf`, buyer.cookie);
    expect(text).toContain('Fourniture détaxée : exportation');
    expect(text).not.toMatch(/TPS \(|TVQ \(|TVH \(/);
    expect(text).toContain("Lieu de la fourniture : \nÀ l'extérieur du Canada");
    expect(text.split('\n')[text.split('\n').indexOf('Total') + 1]).toBe('49,99 CAD');
    const html = plain(await (await send(t, 'GET', `/api/orders/${order.id}/receipt`, { cookie: buyer.cookie })).text());
    expect(html).toContain('Fourniture détaxée : exportation');
  });

  it('a seller not registered (small supplier): no tax and no registration number anywhere', async () => {
    const order = await createPaidOrder(t.db, {
      user: asBuyer,
      province: 'QC',
      paidAt: PAID_AT,
      tax: { mode: 'not_registered', pstRegistrations: [] },
      items: [{ courseId: bread, description: 'Pain au levain', amountCents: 4999 }],
    });
    const { text } = await pdfOf(`/api/orders/${order.id}/receipt.pdf`, buyer.cookie);
    expect(text).not.toMatch(/TPS|TVQ|TVH|N° de|RT0001|TQ0001|détaxée/);
    expect(text.split('\n')[text.split('\n').indexOf('Total') + 1]).toBe('49,99 CAD');
    const html = await (await send(t, 'GET', `/api/orders/${order.id}/receipt`, { cookie: buyer.cookie })).text();
    expect(html).not.toMatch(/TPS|TVQ|TVH|RT0001|TQ0001/);
  });

  it('a wallet payment names the wallet and its card’s last four', async () => {
    const order = await createPaidOrder(t.db, {
      user: asBuyer,
      paidAt: PAID_AT,
      method: { type: 'wallet', brand: 'apple_pay', last4: '1881' },
      items: [{ courseId: bread, description: 'Pain au levain', amountCents: 4999 }],
    });
    const { text } = await pdfOf(`/api/orders/${order.id}/receipt.pdf`, buyer.cookie);
    expect(text).toContain('Mode de paiement : \nApple Pay (carte se terminant par 1881)');
  });

  it('prints what the buyer typed as text, never as markup', async () => {
    const order = await createPaidOrder(t.db, {
      user: { ...asBuyer, id: buyer.id, name: '<script>alert(1)</script> Élodie & Cie' },
      paidAt: PAID_AT,
      items: [{ courseId: bread, description: 'Pain "au" <b>levain</b>', amountCents: 4999 }],
    });
    const html = await (await send(t, 'GET', `/api/orders/${order.id}/receipt`, { cookie: buyer.cookie })).text();
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt; Élodie &amp; Cie');
    expect(html).toContain('Pain &quot;au&quot; &lt;b&gt;levain&lt;/b&gt;');
    expect(html).not.toContain('<script>');
    const { text } = await pdfOf(`/api/orders/${order.id}/receipt.pdf`, buyer.cookie);
    expect(text).toContain('<script>alert(1)</script> Élodie & Cie');
  });
});

describe('when there is no receipt', () => {
  it('an unpaid order has none yet (409 for its buyer, 404 for anyone else)', async () => {
    for (const status of ['pending', 'processing', 'failed'] as const) {
      const order = await createPaidOrder(t.db, { user: asBuyer, status, items: [{ courseId: bread, description: 'Pain au levain', amountCents: 4999 }] });
      const mine = await send(t, 'GET', `/api/orders/${order.id}/receipt.pdf`, { cookie: buyer.cookie });
      expect(mine.status).toBe(409);
      expect(((await mine.json()) as ApiErrorBody).error).toMatchObject({
        code: 'RECEIPT_NOT_AVAILABLE',
        message: 'Le reçu sera disponible une fois le paiement confirmé.',
      });
      expect((await send(t, 'GET', `/api/orders/${order.id}/receipt`, { cookie: other.cookie })).status).toBe(404);
    }
  });

  it('an unknown or malformed order id is a 404 in French', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'pas-un-uuid', "1'%20or%201=1"]) {
      const res = await send(t, 'GET', `/api/orders/${id}/receipt.pdf`, { cookie: buyer.cookie });
      expect(res.status).toBe(404);
      expect(((await res.json()) as ApiErrorBody).error.code).toBe('ORDER_NOT_FOUND');
    }
  });
});
