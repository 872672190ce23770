// The end of the checkout in the system Chromium, against the production build and the sandbox
// processor delivering its signed events to the server: a fresh learner living in Québec buys a
// recorded course with the test card 4242 on the payment page; the result page waits for
// the server; Mes Achats lists the course, which is now unlocked; the receipt downloads as a PDF
// (and opens as a page) showing the TPS and TVQ charged. Then the admin, in a browser of her own,
// refunds the order from /admin/commandes: the learner's Mes Achats says 'Remboursé' with the
// credit note, and the course is locked again.
import { readFile } from 'node:fs/promises';
import type { Download, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { formatAmount } from '@shared/format';
import type { OrderView, PurchasesResponse } from '@shared/schemas/checkout';
import type { CourseSummary } from '@shared/schemas/public';
import { pdfText } from '../setup/pdf-text';
import { callApi } from './api';
import { expectNoAxeViolations, pageErrors, useBrowser, usePage } from './browser';
import { orderOf, paidRecordedCourses, payWithCard, waitForPaid } from './checkout-helpers';
import { createAccount, DEMO, signInFromHeader } from './session';
import { expectToast, open, pathOf } from './site';

let course: CourseSummary;

useBrowser();

beforeAll(async () => {
  // One a learner can buy (not premium): its player stays locked until it is bought.
  course = (await paidRecordedCourses())[0]!;
});

/** The player's lock, for a course sold on its own that the learner has not bought. */
const videoLock = (page: Page) => page.getByRole('heading', { name: 'Vidéo réservée aux participants' });

const squash = (text: string) => text.replace(/\s+/g, ' ');
/** Without any white space: a label and its value in separate elements read as one. */
const bare = (text: string) => text.replace(/\s+/g, '');

/** The amount as receipts print it, e.g. '1,50' (the currency sign varies). */
const amount = (cents: number) => squash(formatAmount(cents));

function taxAmounts(order: OrderView): { gst: number; qst: number } {
  const gst = order.taxLines.find((t) => t.code === 'GST');
  const qst = order.taxLines.find((t) => t.code === 'QST');
  expect(gst, 'a Québec buyer pays the GST').toBeDefined();
  expect(qst, 'a Québec buyer pays the QST').toBeDefined();
  return { gst: gst!.amountCents, qst: qst!.amountCents };
}

async function downloaded(download: Download): Promise<Buffer> {
  const file = await download.path();
  expect(file).toBeTruthy();
  return readFile(file!);
}

describe('a Québec learner buys a recorded course; the admin refunds it', () => {
  let learner: Page;
  let admin: Page;
  let order: OrderView;
  usePage('desktop', (opened) => (learner = opened));
  usePage('desktop', (opened) => (admin = opened));

  /** The learner's purchase of the course on Mes Achats. */
  const purchaseCard = () => learner.getByRole('article').filter({ has: learner.getByRole('heading', { name: course.title }) });

  it('a new learner from Québec sees the course locked and nothing bought yet', async () => {
    await open(learner, '/');
    const { email, password } = await createAccount('achats', 'Élise Tremblay');
    await signInFromHeader(learner, email, password);
    const profile = await callApi(learner, 'PATCH', '/account/profile', { fullName: 'Élise Tremblay', province: 'QC' });
    expect(profile.status).toBe(200);

    await open(learner, '/mes-achats');
    await learner.getByRole('heading', { name: "Vous n'avez encore rien acheté." }).waitFor();
    expect(await learner.getByRole('link', { name: 'Voir les cours' }).getAttribute('href')).toBe('/cours');

    await open(learner, `/cours/${course.id}`);
    await videoLock(learner).waitFor();
  });

  it('pays with the test card 4242 on the payment page; the result page waits for the server to say paid', async () => {
    await open(learner, `/payment/${course.id}`);
    await payWithCard(learner, '4242 4242 4242 4242');

    await waitForPaid(learner);
    const orderId = new URL(learner.url()).searchParams.get('order_id');
    expect(orderId).toBeTruthy();
    order = await orderOf(learner, orderId!);
    expect(order.status).toBe('paid');
    expect(order.province).toBe('QC');
    expect(order.lines.map((l) => l.courseId)).toEqual([course.id]);
  });

  it('Mes Achats lists the course with its date, amount and receipt; the course is unlocked', async () => {
    await learner.getByRole('link', { name: 'Voir mes achats' }).click();
    await learner.waitForURL((url) => url.pathname === '/mes-achats');
    const card = purchaseCard();
    await card.waitFor();
    const text = squash((await card.textContent()) ?? '');
    expect(text).toContain('Enregistré');
    expect(text).toMatch(/Acheté le :\s?\d{1,2} \p{L}+ \d{4}/u);
    expect(text).not.toContain('Remboursé');
    const { json } = await callApi<PurchasesResponse>(learner, 'GET', '/purchases');
    expect(json.purchases).toHaveLength(1);
    expect(bare(text)).toContain(bare(`Montant : ${amount(json.purchases[0]!.amountCents)} CAD`));
    expect(await card.getByRole('link', { name: /^Reçu/ }).getAttribute('target')).toBe('_blank');
    await expectNoAxeViolations(learner, '/mes-achats with a purchase');

    await card.getByRole('link', { name: 'Voir le cours' }).click();
    await learner.waitForURL((url) => url.pathname === `/cours/${course.id}`);
    await learner.getByRole('heading', { level: 1, name: course.title }).waitFor();
    await learner.getByRole('heading', { name: 'À propos du cours' }).waitFor();
    expect(await videoLock(learner).count()).toBe(0);
    // The server says so too, not only this page's copy.
    await open(learner, `/cours/${course.id}`);
    expect(await videoLock(learner).count()).toBe(0);
  });

  it('the receipt downloads as a PDF and opens as a page, both with the TPS and TVQ charged', async () => {
    const { gst, qst } = taxAmounts(order);
    await open(learner, '/mes-achats');
    const card = purchaseCard();

    const [download] = await Promise.all([learner.waitForEvent('download'), card.getByRole('link', { name: /^PDF/ }).click()]);
    expect(download.suggestedFilename()).toMatch(/\.pdf$/);
    const pdf = await downloaded(download);
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const pdfContent = squash(pdfText(pdf));
    for (const expected of ['TPS', 'TVQ', amount(gst), amount(qst), amount(order.totalCents), course.title]) {
      expect(pdfContent, `the PDF receipt shows ${expected}`).toContain(squash(expected));
    }

    const [tab] = await Promise.all([learner.context().waitForEvent('page'), card.getByRole('link', { name: /^Reçu/ }).click()]);
    await tab.waitForLoadState();
    expect(new URL(tab.url()).pathname).toBe(`/documents/recu/${order.id}`);
    const html = squash((await tab.locator('body').textContent()) ?? '');
    for (const expected of ['TPS', 'TVQ', amount(gst), amount(qst), amount(order.totalCents), course.title]) {
      expect(html, `the receipt page shows ${expected}`).toContain(squash(expected));
    }
    await tab.close();
  });

  it('the admin refunds the whole order from /admin/commandes, after a dialog naming the course lost', async () => {
    await open(admin, '/');
    await signInFromHeader(admin, DEMO.admin.email, DEMO.admin.password);
    await open(admin, '/admin/commandes');
    await expectNoAxeViolations(admin, '/admin/commandes');
    const link = admin.getByRole('link', { name: `Commande n° ${order.number}`, exact: true }).first();
    const row = admin.getByRole('row').filter({ has: link });
    const rowText = squash((await row.textContent()) ?? '');
    expect(rowText).toContain('Élise Tremblay');
    expect(rowText).toContain('Payée');
    expect(bare(rowText)).toContain(bare(`${amount(order.totalCents)} CAD`));
    await link.click();

    await admin.getByRole('heading', { level: 2, name: `Commande n° ${order.number}` }).waitFor();
    const page = squash((await admin.locator('main').textContent()) ?? '');
    expect(page).toContain('TPS');
    expect(page).toContain('TVQ');
    expect(page).toContain('•••• 4242');
    await expectNoAxeViolations(admin, 'an order page');

    // A part of the line: more than was paid is refused in the form, before anything is sent.
    await admin.getByRole('button', { name: `Rembourser « ${order.lines[0]!.description} »` }).click();
    const lineDialog = admin.getByRole('dialog', { name: 'Rembourser cette ligne' });
    await lineDialog.getByLabel('Un montant').check();
    await lineDialog.getByLabel('Montant (CAD)').fill('100000');
    await lineDialog.getByRole('button', { name: 'Confirmer le remboursement' }).click();
    await lineDialog.getByText(`Au plus ${amount(order.lines[0]!.amountCents)} CAD sur cette ligne.`).waitFor();
    await lineDialog.getByLabel('Montant (CAD)').fill('1,00');
    expect(squash((await lineDialog.textContent()) ?? '')).toContain("garde l'accès au cours");
    await lineDialog.getByRole('button', { name: 'Annuler' }).click();
    await lineDialog.waitFor({ state: 'detached' });

    await admin.getByRole('button', { name: 'Tout rembourser' }).click();
    const dialog = admin.getByRole('dialog');
    await dialog.waitFor();
    const said = squash((await dialog.textContent()) ?? '');
    expect(said).toContain(`Élise Tremblay perdra l'accès au cours « ${course.title} »`);
    expect(bare(said)).toContain(bare(`Total remboursé ${amount(order.totalCents)} CAD`));
    await expectNoAxeViolations(admin, 'the refund dialog');

    const posted = admin.waitForResponse((r) => r.url().endsWith(`/api/admin/orders/${order.id}/refunds`) && r.request().method() === 'POST');
    await dialog.getByRole('button', { name: 'Confirmer le remboursement' }).click();
    const body = (await posted).request().postDataJSON() as { idempotencyKey: string; lines: unknown[] };
    expect(body.idempotencyKey.length).toBeGreaterThanOrEqual(8);
    expect(body.lines).toEqual([{ orderLineId: order.lines[0]!.id }]);
    await expectToast(admin, 'Remboursement effectué');
    await dialog.waitFor({ state: 'detached' });

    // The refund completes when the provider's event lands: the page reads the order until then.
    const refunds = admin.getByRole('region', { name: 'Remboursements' });
    await refunds.getByText('Effectué', { exact: true }).waitFor({ timeout: 20_000 });
    await admin.getByText('Remboursée', { exact: true }).first().waitFor();
    const creditNote = refunds.getByRole('link', { name: /^Note de crédit/ });
    const [note] = await Promise.all([admin.waitForEvent('download'), creditNote.click()]);
    expect((await downloaded(note)).subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(await admin.getByRole('button', { name: /^Rembourser/ }).count()).toBe(0);
  });

  it("the learner's Mes Achats says 'Remboursé' with the credit note, and the course is locked again", async () => {
    await open(learner, '/mes-achats');
    const card = purchaseCard();
    await card.getByText('Remboursé', { exact: true }).waitFor();
    expect(await card.getByRole('link', { name: 'Voir le cours' }).count()).toBe(0);
    // The credit note's page opens aside; its PDF downloads from there.
    const [tab] = await Promise.all([learner.context().waitForEvent('page'), card.getByRole('link', { name: /^Note de crédit/ }).click()]);
    await tab.getByRole('heading', { level: 1, name: /^Note de crédit n° \d+$/ }).waitFor();
    const [note] = await Promise.all([tab.waitForEvent('download'), tab.getByRole('link', { name: 'Télécharger le PDF' }).click()]);
    const pdf = await downloaded(note);
    await tab.close();
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const { gst, qst } = taxAmounts(order);
    const content = squash(pdfText(pdf));
    for (const expected of ['TPS', 'TVQ', amount(gst), amount(qst)]) expect(content, `the credit note shows ${expected}`).toContain(expected);
    await expectNoAxeViolations(learner, '/mes-achats with a refunded purchase');

    await open(learner, `/cours/${course.id}`);
    await videoLock(learner).waitFor();
  });

  it('no page threw', () => {
    expect(pageErrors(learner)).toEqual([]);
    expect(pageErrors(admin)).toEqual([]);
    expect(pathOf(admin)).toMatch(/^\/admin\/commandes\//);
  });
});
