// Comptabilité in Chromium against the production build and the sandbox: a learner in Québec buys a
// recorded course; the chef opens Comptabilité, picks the current period, reads the summary by
// province of supply and downloads both files — the French one starts with the UTF-8 byte-order
// mark and separates with ';' and a decimal comma, the standard one with ',' and a decimal point;
// neither holds an e-mail address, and each ends with a totals row equal to the page's summary.
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { BooksOverview, BooksSummary } from '@shared/schemas/admin-books';
import type { CheckoutResponse, OrderView, SandboxConfirmResponse } from '@shared/schemas/checkout';
import { until } from '../setup/until';
import { callApi } from './api';
import { expectNoAxeViolations, newPage, pageErrors, useBrowser, usePage, viewports } from './browser';
import { orderOf, paidRecordedCourses } from './checkout-helpers';
import { createAccount, DEMO, signInByApi } from './session';
import { open, visit } from './site';

useBrowser();

/** 1999 → '19,99' or '19.99', as the files write amounts. */
const amount = (cents: number, decimal: ',' | '.') =>
  `${cents < 0 ? '-' : ''}${Math.floor(Math.abs(cents) / 100)}${decimal}${String(Math.abs(cents) % 100).padStart(2, '0')}`;

let order: OrderView;

beforeAll(async () => {
  const learner = await newPage('desktop');
  try {
    const course = (await paidRecordedCourses())[0]!;
    await visit(learner, '/');
    await signInByApi(learner, await createAccount('comptabilite', 'Gabrielle Roy'));
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
    order = await until('order paid', () => orderOf(learner, checkout.json.order.id), (o) => o.status === 'paid', 30_000);
  } finally {
    await learner.context().close();
  }
});

for (const viewport of viewports) {
  describe(`the chef's books at ${viewport} width`, () => {
    let admin: Page;
    usePage(viewport, (p) => (admin = p));

    it('opens Comptabilité, picks the current period and reads the summary by province of supply', async () => {
      await visit(admin, '/');
      await signInByApi(admin, DEMO.admin);
      await open(admin, '/admin/comptabilite');
      await admin.getByRole('heading', { name: 'Comptabilité', exact: true }).waitFor();
      expect(await admin.getByRole('link', { name: 'Comptabilité', exact: true }).getAttribute('aria-current')).toBe('page');
      const overview = (await callApi<BooksOverview>(admin, 'GET', '/admin/books')).json;
      const current = overview.periods.find((p) => p.current)!;
      await admin.getByRole('combobox', { name: 'Période', exact: true }).selectOption({ label: `${current.label} — en cours` });
      const table = admin.getByRole('table', { name: 'Par province de fourniture' });
      await table.getByRole('rowheader', { name: 'Québec' }).waitFor();
      await admin.getByText(`${current.label} : du`).waitFor();
      expect(new URL(admin.url()).searchParams.get('periode')).toBe(current.id);
      await admin.getByText('TPS/TVH perçue', { exact: true }).waitFor();
      await admin.getByText('TVQ perçue', { exact: true }).waitFor();
      await expectNoAxeViolations(admin, `/admin/comptabilite (${viewport})`);
    });

    it('downloads the file for French Excel: byte-order mark, « ; », decimal comma, no e-mail, totals as the summary', async () => {
      const summary = (await callApi<BooksSummary>(admin, 'GET', `/admin/books/summary?period=${new URL(admin.url()).searchParams.get('periode')}`)).json;
      const [download] = await Promise.all([admin.waitForEvent('download'), admin.getByRole('link', { name: 'CSV pour Excel (français)' }).click()]);
      expect(download.suggestedFilename()).toBe(`toque-comptabilite-${summary.period.id}-excel-fr.csv`);
      const bytes = await readFile((await download.path())!);
      expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      const lines = bytes.subarray(3).toString('utf8').split('\r\n');
      expect(lines[0]!.split(';').slice(0, 3)).toEqual(['Date', 'Document', 'Numéro']);
      expect(bytes.toString('utf8')).not.toContain('@');
      const mine = lines.find((l) => l.split(';')[1] === 'Reçu' && l.split(';')[2] === String(order.number))!;
      expect(mine.split(';')).toEqual(expect.arrayContaining(['Gabrielle Roy', 'QC', amount(order.totalCents, ',')]));
      const totals = lines[lines.length - 2]!.split(';');
      expect(totals[0]).toBe('Total');
      // The column sums every row: the period's net sales and the gift cards sold (apart in the summary,
      // not a taxable supply), which other journeys on this server may have made.
      expect(totals[7]).toBe(amount(summary.totals.netSalesCents + summary.totals.giftCardSalesCents, ','));
      expect(totals[12]).toBe(amount(summary.totals.totalCents, ','));
      expect(pageErrors(admin)).toEqual([]);
    });

    it('downloads the standard CSV: « , », decimal point, no byte-order mark', async () => {
      const period = new URL(admin.url()).searchParams.get('periode');
      const summary = (await callApi<BooksSummary>(admin, 'GET', `/admin/books/summary?period=${period}`)).json;
      const [download] = await Promise.all([admin.waitForEvent('download'), admin.getByRole('link', { name: 'CSV standard' }).click()]);
      const bytes = await readFile((await download.path())!);
      expect(bytes.subarray(0, 4).toString('utf8')).toBe('Date');
      const lines = bytes.toString('utf8').split('\r\n');
      expect(lines[0]!.split(',').slice(0, 3)).toEqual(['Date', 'Document', 'Numéro']);
      expect(bytes.toString('utf8')).not.toContain('@');
      const totals = lines[lines.length - 2]!.split(',');
      expect(totals[0]).toBe('Total');
      expect(totals[12]).toBe(amount(summary.totals.totalCents, '.'));
    });
  });
}
