// A membership that grows, in the system Chromium against the production build and its sandbox, each
// member's sandbox clock moved by the admin (POST /api/payments/sandbox/test-clock, as membership.test.ts):
// /abonnement shows both plans (« 2 mois gratuits ») and the free trial; a learner starts the trial
// with a card (nothing charged), gets the reminder e-mail 2 days before the first charge (the
// clock moved 5 days), and the first charge at its end (2 days more: its receipt); at cancellation
// the save offer is shown and taken, and the next invoice is at 50 %, once. At phone and desktop
// widths. The annual plan (desktop): paid for a year, renewed a year later.
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminPage, moveSandboxClock, subscriptionOf } from './membership-helpers';
import { expectNoAxeViolations, pageErrors, useBrowser, usePage } from './browser';
import { fillCard } from './checkout-helpers';
import { waitForMail } from './mailbox';
import { signUpLearner } from './session';
import { baseURL, dismissToasts, expectToast, open } from './site';

useBrowser();

let admin: Page;

beforeAll(async () => {
  admin = await adminPage();
});

const moveClock = (email: string, days: number) => moveSandboxClock(admin, email, days);

const subscription = subscriptionOf;

const receiptRows = (page: Page) => page.getByRole('region', { name: 'Reçus' }).getByRole('listitem');

/** From /abonnement: the plan, the trial or not, the province when asked, then the card form. */
async function start(page: Page, plan: 'Mensuel' | 'Annuel', trial: boolean) {
  await open(page, '/abonnement');
  await page.getByRole('radio', { name: new RegExp(`^${plan}`) }).check();
  const box = page.getByRole('checkbox', { name: /jours d'essai gratuit/ });
  if (trial) await box.check();
  else if (await box.isVisible()) await box.uncheck();
  await page.getByRole('button', { name: "S'abonner" }).click();
  const province = page.getByRole('dialog', { name: 'Votre province de résidence' });
  await Promise.race([province.waitFor(), page.waitForURL(`${baseURL}/payment/subscription`)]);
  if (!page.url().endsWith('/payment/subscription')) {
    await province.getByLabel('Province').selectOption('QC');
    await province.getByRole('button', { name: 'Continuer vers le paiement' }).click();
    await page.waitForURL(`${baseURL}/payment/subscription`);
  }
  await page.getByRole('heading', { name: 'Finalisez votre abonnement' }).waitFor();
}

describe.each(['phone', 'desktop'] as const)('the free trial and the save offer (%s)', (width) => {
  let page: Page;
  let email: string;
  usePage(width, (opened) => (page = opened));

  beforeAll(async () => {
    email = await signUpLearner(page, `essai-${width}`, '/abonnement');
  });

  it('/abonnement shows both plans and the trial; the card is saved, nothing charged', async () => {
    await open(page, '/abonnement');
    const plans = page.getByRole('region', { name: 'Choisissez votre formule' });
    const text = (await plans.textContent())?.replace(/\s+/g, ' ') ?? '';
    expect(text).toContain('19,99');
    expect(text).toContain('199,90');
    expect(text).toContain('2 mois gratuits');
    expect(await page.getByRole('checkbox', { name: "Commencer par 7 jours d'essai gratuit" }).isChecked()).toBe(true);
    await expectNoAxeViolations(page, '/abonnement with its plans');

    await start(page, 'Mensuel', true);
    await page.getByRole('note').getByText(/Essai gratuit de 7 jours/).waitFor();
    await fillCard(page, '4242 4242 4242 4242');
    await page.getByRole('button', { name: "Commencer l'essai gratuit de 7 jours" }).click();
    await page.waitForURL(`${baseURL}/abonne/tableau-de-bord`, { timeout: 30_000 });
    await page.getByText("En période d'essai", { exact: true }).first().waitFor();
    await page.getByText('Essai gratuit en cours').waitFor();
    const state = await subscription(page);
    expect(state).toMatchObject({ isSubscriber: true, current: { status: 'trialing' }, receipts: [] });
    await expectNoAxeViolations(page, 'dashboard in the trial');
  });

  it('the reminder e-mail 2 days before the first charge; the first charge at the end of the trial', async () => {
    await dismissToasts(page);
    await moveClock(email, 5);
    const reminder = await waitForMail(email, { subject: /essai gratuit Toque se termine dans 2 jours/, timeout: 30_000 });
    expect(reminder.text).toContain('22,98');
    expect((await subscription(page)).receipts).toEqual([]);

    await moveClock(email, 2);
    await expect.poll(() => receiptRows(page).count(), { timeout: 20_000 }).toBe(1);
    expect((await receiptRows(page).first().textContent())?.replace(/\s+/g, ' ')).toContain('22,98 CAD');
    expect((await subscription(page)).current?.status).toBe('active');
  });

  it('the save offer at cancellation, taken: the next invoice at 50 %, once', async () => {
    await open(page, '/abonne/tableau-de-bord');
    await dismissToasts(page);
    await page.getByRole('button', { name: 'Annuler mon abonnement' }).click();
    await page.getByRole('dialog', { name: 'Annuler votre abonnement ?' }).getByRole('button', { name: "Confirmer l'annulation" }).click();
    const offer = page.getByRole('dialog', { name: /Avant de partir/ });
    await offer.getByText('Le mois prochain à 50 %').waitFor();
    await expectNoAxeViolations(page, 'the save offer');
    await offer.getByRole('button', { name: "Profiter de l'offre" }).click();
    await expectToast(page, 'Offre appliquée');
    await page.getByText(/Offre appliquée : 10,00/).waitFor();
    expect(await subscription(page)).toMatchObject({ canCancel: true, current: { cancelAtPeriodEnd: false, nextDiscountCents: 1000 } });

    await dismissToasts(page);
    await moveClock(email, 31);
    await expect.poll(() => receiptRows(page).count(), { timeout: 20_000 }).toBe(2);
    expect((await receiptRows(page).first().textContent())?.replace(/\s+/g, ' ')).toContain('11,49 CAD');
    await moveClock(email, 31);
    await expect.poll(() => receiptRows(page).count(), { timeout: 20_000 }).toBe(3);
    expect((await receiptRows(page).first().textContent())?.replace(/\s+/g, ' ')).toContain('22,98 CAD');
    expect(pageErrors(page)).toEqual([]);
  });
});

describe('the annual plan', () => {
  let page: Page;
  usePage('desktop', (opened) => (page = opened));

  it('is paid for a year and renews a year later', async () => {
    const email = await signUpLearner(page, 'annuel');
    await start(page, 'Annuel', false);
    const summary = (await page.getByRole('region', { name: 'Votre abonnement' }).textContent())?.replace(/\s+/g, ' ') ?? '';
    expect(summary).toContain('Abonnement annuel Toque');
    expect(summary).toContain('229,84 CAD par année');
    await fillCard(page, '4242 4242 4242 4242');
    await page.getByRole('button', { name: /^Payer 229,84\sCAD$/ }).click();
    await page.waitForURL(`${baseURL}/abonne/tableau-de-bord`, { timeout: 30_000 });
    await page.getByRole('region', { name: 'Abonnement annuel' }).getByText('Actif', { exact: true }).waitFor();
    await expect.poll(() => receiptRows(page).count(), { timeout: 15_000 }).toBe(1);
    await dismissToasts(page);
    await moveClock(email, 200);
    expect(await receiptRows(page).count()).toBe(1);
    await moveClock(email, 166);
    await expect.poll(() => receiptRows(page).count(), { timeout: 20_000 }).toBe(2);
    expect((await receiptRows(page).first().textContent())?.replace(/\s+/g, ' ')).toContain('229,84 CAD');
    expect(await subscription(page)).toMatchObject({ current: { status: 'active', plan: 'annual' } });
    expect(pageErrors(page)).toEqual([]);
  });
});
