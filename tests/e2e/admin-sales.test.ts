// Ventes in the system Chromium against the production build and the sandbox: a fresh learner buys a
// recorded course; the admin finds the order in Ventes, refunds it from its page, sees the refund in
// the tab's audit list, and downloads the CSV, whose rows and sums are checked against the orders
// the admin API lists and the totals the tab shows.
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { formatPrice } from '@shared/format';
import type { SalesResponse } from '@shared/schemas/admin-sales';
import type { AdminOrdersResponse, CheckoutResponse, OrderView, SandboxConfirmResponse } from '@shared/schemas/checkout';
import { callApi } from './api';
import { expectNoAxeViolations, pageErrors, useBrowser, usePage } from './browser';
import { orderOf, paidRecordedCourses } from './checkout-helpers';
import { createAccount, DEMO, signInByApi } from './session';
import { expectToast, open, visit } from './site';

useBrowser();

/** Without any white space: amounts print with narrow no-break spaces. */
const bare = (text: string) => text.replace(/\s+/g, '');

/** RFC 4180: quoted fields, doubled quotes, commas and line breaks inside quotes; CRLF rows. */
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
  return rows;
}

function cents(value: string): number {
  expect(value).toMatch(/^-?\d+\.\d{2}$/);
  const [units, decimals] = value.replace('-', '').split('.');
  return (value.startsWith('-') ? -1 : 1) * (Number(units) * 100 + Number(decimals));
}

describe('the admin refunds an order from Ventes and exports the CSV', () => {
  let learner: Page;
  let admin: Page;
  let order: OrderView;
  usePage('desktop', (p) => (learner = p));
  usePage('desktop', (p) => (admin = p));

  beforeAll(async () => {
    const course = (await paidRecordedCourses())[0]!;
    await visit(learner, '/');
    await signInByApi(learner, await createAccount('ventes', 'Gabrielle Roy'));
    const checkout = await callApi<CheckoutResponse>(learner, 'POST', '/checkout', { items: [{ courseId: course.id }], province: 'QC', idempotencyKey: randomUUID() });
    expect(checkout.status).toBe(201);
    const payment = checkout.json.payment!;
    const paid = await callApi<SandboxConfirmResponse>(learner, 'POST', '/payments/sandbox/confirm', {
      paymentId: payment.paymentId,
      clientSecret: payment.clientSecret,
      method: { type: 'card', number: '4242424242424242', expiry: '12/34', cvc: '123' },
    });
    expect(paid.json.status).toBe('succeeded');
    // The sandbox delivers the payment event to the webhook a moment later.
    const deadline = Date.now() + 30_000;
    for (;;) {
      order = await orderOf(learner, checkout.json.order.id);
      if (order.status === 'paid') break;
      if (Date.now() > deadline) throw new Error(`order still ${order.status}`);
      await new Promise((r) => setTimeout(r, 250));
    }
  });

  it('Ventes shows the month’s figures (chart, table, totals), the subscribers and the orders', async () => {
    await visit(admin, '/');
    await signInByApi(admin, DEMO.admin);
    await open(admin, '/admin/ventes');
    await admin.getByRole('heading', { name: 'Ventes', exact: true }).waitFor();
    await admin.getByRole('link', { name: 'Ventes', exact: true }).waitFor();
    expect(await admin.getByRole('link', { name: 'Ventes', exact: true }).getAttribute('aria-current')).toBe('page');
    await admin.getByRole('table', { name: 'Chiffres par mois' }).waitFor();
    await admin.getByRole('figure', { name: /Ventes par mois/ }).waitFor();
    await admin.getByText('Abonnés actifs', { exact: true }).waitFor();
    await admin.getByRole('link', { name: 'Courriels envoyés' }).waitFor();
    await expectNoAxeViolations(admin, '/admin/ventes');
  });

  it('refunds the order through its page, opened from the Ventes list', async () => {
    const link = admin.getByRole('link', { name: `Commande n° ${order.number}`, exact: true }).first();
    await link.click();
    await admin.getByRole('heading', { level: 2, name: `Commande n° ${order.number}` }).waitFor();
    await admin.getByRole('button', { name: 'Tout rembourser' }).click();
    const dialog = admin.getByRole('dialog');
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Confirmer le remboursement' }).click();
    await expectToast(admin, 'Remboursement effectué');
    const refunds = admin.getByRole('region', { name: 'Remboursements' });
    await refunds.getByText('Effectué', { exact: true }).waitFor({ timeout: 20_000 });
  });

  it('Ventes lists the refund from the audit trail, with the admin who made it', async () => {
    await open(admin, '/admin/ventes');
    const recent = admin.getByRole('region', { name: 'Derniers remboursements' });
    const item = recent.getByRole('listitem').filter({ has: admin.getByRole('link', { name: `Commande n° ${order.number}`, exact: true }) });
    await item.waitFor();
    const text = (await item.textContent()) ?? '';
    expect(text).toContain(DEMO.admin.email);
    expect(bare(text)).toContain(bare(formatPrice(order.totalCents)));
    expect(text).toContain('Effectué');
  });

  it('the CSV downloads with a row per paid order and a negative row per refund; its sums match the orders and the tab', async () => {
    const [download] = await Promise.all([admin.waitForEvent('download'), admin.getByRole('link', { name: 'Exporter en CSV' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^toque-ventes-\d{4}-\d{2}-a-\d{4}-\d{2}\.csv$/);
    const bytes = await readFile((await download.path())!);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const [header, ...rows] = parseCsv(bytes.subarray(3).toString('utf8'));
    const records = rows.map((r) => Object.fromEntries(header!.map((h, i) => [h, r[i]!])));
    const sales = records.filter((r) => r.Type === 'Vente');
    const refunds = records.filter((r) => r.Type === 'Remboursement');

    // This order: its sale and its refund, to the cent.
    expect(sales.find((r) => r['N° de reçu'] === String(order.number))).toMatchObject({ Total: (order.totalCents / 100).toFixed(2), Province: 'QC', Acheteur: 'Gabrielle Roy' });
    expect(refunds.find((r) => r['N° de reçu'] === String(order.number))?.Total).toBe((-order.totalCents / 100).toFixed(2));

    // Every paid order the admin API lists is a sale row with its total, and nothing else is.
    const listed: AdminOrdersResponse['orders'] = [];
    for (let offset = 0; ; offset += 100) {
      const { json } = await callApi<AdminOrdersResponse>(admin, 'GET', `/admin/orders?limit=100&offset=${offset}`);
      listed.push(...json.orders);
      if (listed.length >= json.total || json.orders.length === 0) break;
    }
    const paidOrders = listed.filter((o) => ['paid', 'partially_refunded', 'refunded'].includes(o.status));
    const byNumber = (a: { n: string; total: number }, b: { n: string; total: number }) => Number(a.n) - Number(b.n);
    expect(sales.map((r) => ({ n: r['N° de reçu']!, total: cents(r.Total!) })).sort(byNumber)).toEqual(
      paidOrders.map((o) => ({ n: String(o.number), total: o.totalCents })).sort(byNumber),
    );

    // The sums are the tab's totals for the same period.
    const { json: summary } = await callApi<SalesResponse>(admin, 'GET', '/admin/sales');
    const sum = (rs: typeof records, column: string) => rs.reduce((s, r) => s + cents(r[column]!), 0);
    expect(sum(sales, 'Sous-total avant taxes')).toBe(summary.totals.grossCents);
    expect(-sum(refunds, 'Sous-total avant taxes')).toBe(summary.totals.refundedCents);
    expect(sum(records, 'Total')).toBe(summary.totals.collectedCents);
    expect(sum(records, 'TPS')).toBe(summary.totals.netTaxes.GST);
    expect(sum(records, 'TVQ')).toBe(summary.totals.netTaxes.QST);
    const totalsText = bare((await admin.getByRole('region', { name: 'Totaux de la période' }).textContent()) ?? '');
    expect(totalsText).toContain(bare(`Ventes avant taxes${formatPrice(summary.totals.grossCents)}`));
    expect(totalsText).toContain(bare(`Net avant taxes${formatPrice(summary.totals.netCents)}`));
  });

  it("'Courriels envoyés' in the dashboard's header opens the outbox, which says e-mails go out by SMTP here", async () => {
    await admin.getByRole('link', { name: 'Courriels envoyés' }).click();
    await admin.getByRole('heading', { level: 1, name: 'Courriels envoyés' }).waitFor();
    // The e2e server sends through its SMTP peer (global-setup.ts): nothing new is kept in the outbox.
    await admin.getByText(/Un serveur SMTP est configuré : les courriels partent par SMTP/).waitFor();
    await expectNoAxeViolations(admin, '/admin/courriels');
  });

  it('the tab reads well at phone width too; no page threw', async () => {
    await admin.setViewportSize({ width: 390, height: 844 });
    await open(admin, '/admin/ventes');
    await admin.getByRole('table', { name: 'Chiffres par mois' }).waitFor();
    await expectNoAxeViolations(admin, '/admin/ventes at 390 px');
    expect(pageErrors(admin)).toEqual([]);
    expect(pageErrors(learner)).toEqual([]);
  });
});
