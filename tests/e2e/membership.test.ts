// The monthly membership in the system Chromium, against the production build whose sandbox delivers
// its signed events to the server's own webhook, with each member's sandbox test clock moved by the
// admin (POST /api/payments/sandbox/test-clock): a visitor is asked to sign in; a fresh learner gives
// the province once, pays the first month with 4242… and lands on an active Espace Abonné ('Abonnement
// Activé !'), reads a premium recipe, cancels (the irreversible confirmation, the notice, access kept),
// and loses access once the clock passes the period end (the lock back, the dashboard closed); a
// renewal moves the period on by a month and adds its receipt (one row per paid period, 'Voir le
// reçu' opening the receipt with its period); a card that fails at renewal (4000 0000 0000 0341)
// leaves the membership past due, said on the dashboard and by e-mail. Desktop width (the phone
// layout is checked by the screenshots of the same pages), one phone run of the subscribe button and
// payment page.
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { CHEF_TIME_ZONE } from '@shared/format';
import type { RecipeListResponse, RecipeSummary } from '@shared/schemas/public';
import { getJson } from './api';
import { adminPage, moveSandboxClock, subscriptionOf } from './membership-helpers';
import { expectNoAxeViolations, pageErrors, useBrowser, usePage } from './browser';
import { payWithCard } from './checkout-helpers';
import { waitForMail } from './mailbox';
import { authDialog, signUpLearner } from './session';
import { baseURL, dismissToasts, expectToast, open, pathOf, visit } from './site';

useBrowser();

let premium: RecipeSummary;
let admin: Page;

beforeAll(async () => {
  const { recipes } = await getJson<RecipeListResponse>('/api/recipes');
  const found = recipes.find((r) => r.isPremium);
  if (!found) throw new Error('The seed should hold a premium recipe');
  premium = found;
  admin = await adminPage();
});

const moveClock = (email: string, days: number) => moveSandboxClock(admin, email, days);

const subscription = subscriptionOf;

/** From /abonnement: 'S'abonner' (a double click sends one request), the province when asked, then the payment page. */
async function startSubscription(page: Page) {
  await open(page, '/abonnement');
  let checkouts = 0;
  const count = (r: { url: () => string; method: () => string }) => void (r.url().endsWith('/api/subscription/checkout') && r.method() === 'POST' && checkouts++);
  page.on('request', count);
  // These journeys pay the first month now: no free trial (membership-plans.test.ts has it).
  const trial = page.getByRole('checkbox', { name: /jours d'essai gratuit/ });
  if (await trial.isVisible()) await trial.uncheck();
  await page.getByRole('button', { name: "S'abonner" }).dblclick();
  const province = page.getByRole('dialog', { name: 'Votre province de résidence' });
  await Promise.race([province.waitFor(), page.waitForURL(`${baseURL}/payment/subscription`)]);
  page.off('request', count);
  expect(checkouts).toBe(1);
  if (pathOf(page) !== '/payment/subscription') {
    await province.getByLabel('Province').selectOption('QC');
    await province.getByRole('button', { name: 'Continuer vers le paiement' }).click();
    await page.waitForURL(`${baseURL}/payment/subscription`);
  }
  await page.getByRole('heading', { name: 'Finalisez votre abonnement' }).waitFor();
}

/** Pays the first month with this card and waits for the active dashboard. */
async function subscribeWith(page: Page, card: string) {
  await startSubscription(page);
  await payWithCard(page, card);
  await page.waitForURL(`${baseURL}/abonne/tableau-de-bord`, { timeout: 30_000 });
  await page.getByRole('heading', { name: 'Mon abonnement' }).waitFor();
}

const currentCard = (page: Page) => page.getByRole('region', { name: 'Abonnement mensuel' });
const receiptRows = (page: Page) => page.getByRole('region', { name: 'Reçus' }).getByRole('listitem');
const rowText = async (page: Page, i: number) => (await receiptRows(page).nth(i).textContent())?.replace(/\s+/g, ' ').trim() ?? '';
/** '22 décembre 2026', in the chef's time zone as the dashboard and the receipt say it. */
const longDate = (iso: string) => new Intl.DateTimeFormat('fr-CA', { dateStyle: 'long', timeZone: CHEF_TIME_ZONE }).format(new Date(iso));
const periodText = (start: string, end: string) => `Du ${longDate(start)} au ${longDate(end)}`;
const validUntil = async (page: Page) => (await currentCard(page).getByText(/^Valide jusqu'au/).textContent())?.replace(/\s+/g, ' ') ?? '';

describe('a visitor', () => {
  let page: Page;
  usePage('phone', (opened) => (page = opened));

  it("is asked to sign in by 'S'abonner', and sent to the offer by the dashboard's guard only after signing in", async () => {
    await open(page, '/abonnement');
    expect(await page.getByText('19,99').first().isVisible()).toBe(true);
    await page.getByRole('button', { name: "S'abonner" }).click();
    await authDialog(page).waitFor();
    await page.keyboard.press('Escape');
    // The guard: a visitor goes home with the login dialog open.
    await visit(page, '/abonne/tableau-de-bord');
    await authDialog(page).waitFor();
    expect(pathOf(page)).toBe('/');
    // No state → back to the offer (signed in); a visitor is sent home first.
    await visit(page, '/payment/subscription');
    expect(pathOf(page)).toBe('/');
  });
});

describe('subscribing, cancelling, and the end of the paid month', () => {
  let page: Page;
  let email: string;
  usePage('desktop', (opened) => (page = opened));

  beforeAll(async () => {
    email = await signUpLearner(page, 'abonnement', '/abonnement');
  });

  it('a learner who is not a subscriber is sent from Espace Abonné to the offer, and a premium recipe is locked', async () => {
    await visit(page, '/abonne');
    await page.waitForURL(`${baseURL}/abonnement`);
    await open(page, `/recettes/${premium.id}`);
    await page.getByRole('heading', { name: 'Recette réservée aux abonnés' }).waitFor();
  });

  it('pays the first month (province once, the month and its taxes per month) and lands on the active dashboard', async () => {
    await startSubscription(page);
    const summary = page.getByRole('region', { name: 'Votre abonnement' });
    const text = (await summary.textContent())?.replace(/\s+/g, ' ') ?? '';
    expect(text).toContain('Abonnement mensuel Toque');
    expect(text).toContain('19,99 CAD');
    expect(text).toMatch(/TPS \(5 %\)\s*1,00 CAD/);
    expect(text).toMatch(/TVQ \(9,975 %\)\s*1,99 CAD/);
    expect(text).toContain('22,98 CAD par mois');
    await expectNoAxeViolations(page, 'subscription payment page');

    await payWithCard(page, '4242 4242 4242 4242');
    await page.waitForURL(`${baseURL}/abonne/tableau-de-bord`, { timeout: 30_000 });
    await expectToast(page, 'Abonnement Activé !');
    await currentCard(page).getByText('Actif', { exact: true }).waitFor();
    expect(await validUntil(page)).toMatch(/^Valide jusqu'au \d{1,2} [a-zéû]+ \d{4}$/);
    expect(await page.getByRole('list', { name: 'Historique des abonnements' }).getByRole('listitem').count()).toBe(1);
    await expectNoAxeViolations(page, 'active dashboard');
    // The avatar menu offers Espace Abonné now.
    await page.getByRole('button', { name: /^Menu du compte de / }).click();
    await page.getByRole('menuitem', { name: 'Espace Abonné' }).waitFor();
    await page.keyboard.press('Escape');
    // The offer says so.
    await open(page, '/abonnement');
    await page.getByText('Vous êtes déjà abonné !').waitFor();
    expect(await page.getByRole('link', { name: 'Voir mon tableau de bord' }).getAttribute('href')).toBe('/abonne/tableau-de-bord');
  });

  it('reads a premium recipe in full', async () => {
    await open(page, `/recettes/${premium.id}`);
    await page.getByRole('heading', { name: 'Ingrédients' }).waitFor();
    await page.getByRole('heading', { name: 'Préparation' }).waitFor();
    expect(await page.getByRole('heading', { name: 'Recette réservée aux abonnés' }).count()).toBe(0);
  });

  it("the sandbox's « Gérer mon abonnement » (at phone width): the next charge with taxes, another card saved", async () => {
    const size = page.viewportSize();
    await page.setViewportSize({ width: 390, height: 844 });
    try {
      await open(page, '/abonne');
      await dismissToasts(page);
      await page.getByRole('button', { name: 'Gérer mon abonnement' }).click();
      await page.waitForURL(`${baseURL}/abonne/paiement`);
      await page.getByRole('heading', { name: 'Gérer mon abonnement', level: 1 }).waitFor();
      expect(await page.getByTestId('saved-card').textContent()).toBe('Visa se terminant par 4242');
      // Québec: 19,99 CAD with TPS and TVQ, on the day the paid month ends.
      await page.getByText(/22,98\sCAD \(taxes comprises\), le \d{1,2} \S+ \d{4}/).waitFor();
      const form = page.getByRole('form', { name: 'Nouvelle carte' });
      await form.getByLabel('Numéro de carte').fill('5555 5555 5555 4444');
      await form.getByLabel("Date d'expiration").fill('10/32');
      await form.getByLabel('CVC').fill('123');
      await form.getByRole('button', { name: 'Enregistrer cette carte' }).click();
      await expectToast(page, 'Carte enregistrée');
      expect(await page.getByTestId('saved-card').textContent()).toBe('Mastercard se terminant par 4444');
      await expectNoAxeViolations(page, '/abonne/paiement');
    } finally {
      if (size) await page.setViewportSize(size);
    }
  });

  it('cancels behind an irreversible confirmation: the notice shows, the cancel button goes, access stays', async () => {
    await open(page, '/abonne/tableau-de-bord');
    await dismissToasts(page);
    await page.getByRole('button', { name: 'Annuler mon abonnement' }).click();
    const dialog = page.getByRole('dialog', { name: 'Annuler votre abonnement ?' });
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain('Cette action est irréversible');
    // Changing one's mind closes it with nothing sent.
    await dialog.getByRole('button', { name: 'Garder mon abonnement' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect((await subscription(page)).current?.cancelAtPeriodEnd).toBe(false);

    await page.getByRole('button', { name: 'Annuler mon abonnement' }).click();
    await dialog.getByRole('button', { name: "Confirmer l'annulation" }).click();
    // The save offer, once, before the cancellation goes through: declined.
    const offer = page.getByRole('dialog', { name: /Avant de partir/ });
    await offer.getByRole('button', { name: 'Non merci, annuler' }).click();
    await expectToast(page, 'Abonnement annulé', 'Votre abonnement a été annulé et ne sera pas renouvelé.');
    await offer.waitFor({ state: 'detached' });
    await page.getByText('Annulation programmée').first().waitFor();
    expect(await page.getByRole('button', { name: 'Annuler mon abonnement' }).count()).toBe(0);
    await currentCard(page).getByText('Actif', { exact: true }).waitFor();
    const state = await subscription(page);
    expect(state).toMatchObject({ isSubscriber: true, canCancel: false, current: { status: 'active', cancelAtPeriodEnd: true } });
    await expectNoAxeViolations(page, 'dashboard with the cancellation scheduled');

    await open(page, `/recettes/${premium.id}`);
    await page.getByRole('heading', { name: 'Ingrédients' }).waitFor();
  });

  it('once the clock passes the period end: the open dashboard closes (toast), the recipe is locked again', async () => {
    await open(page, '/abonne/tableau-de-bord');
    await dismissToasts(page);
    await moveClock(email, 31);
    // The event reaches this tab: 'Abonnement Annulé', and the guard sends the former member to the offer.
    await expectToast(page, 'Abonnement Annulé');
    await page.waitForURL(`${baseURL}/abonnement`, { timeout: 15_000 });
    await page.getByRole('button', { name: "S'abonner" }).waitFor();
    const state = await subscription(page);
    expect(state).toMatchObject({ isSubscriber: false, current: { status: 'canceled' } });
    await open(page, `/recettes/${premium.id}`);
    await page.getByRole('heading', { name: 'Recette réservée aux abonnés' }).waitFor();
    expect(await page.getByRole('heading', { name: 'Ingrédients' }).count()).toBe(0);
    expect(pageErrors(page)).toEqual([]);
  });
});

describe('renewals', () => {
  let page: Page;
  usePage('desktop', (opened) => (page = opened));

  it('a renewal paid moves the period on by a month, still active, and adds its receipt to the open dashboard', async () => {
    const email = await signUpLearner(page, 'renouvellement');
    await subscribeWith(page, '4242 4242 4242 4242');
    const before = await subscription(page);
    const firstEnd = new Date(before.current!.currentPeriodEnd!).getTime();
    // The first month's receipt, its period the subscription's.
    await receiptRows(page).first().waitFor();
    expect(await receiptRows(page).count()).toBe(1);
    const firstPeriod = periodText(before.current!.currentPeriodStart!, before.current!.currentPeriodEnd!);
    await expect.poll(() => rowText(page, 0), { timeout: 10_000 }).toMatch(new RegExp(`^${firstPeriod}22,98 CAD\\s*Reçu n° \\d+`));
    await expectNoAxeViolations(page, 'dashboard with its receipt');

    await dismissToasts(page);
    await moveClock(email, 31);
    // The open page reads the subscription again (realtime): the renewal's receipt on top.
    await expect.poll(() => receiptRows(page).count(), { timeout: 15_000 }).toBe(2);
    const after = await subscription(page);
    expect(new Date(after.current!.currentPeriodEnd!).getTime()).toBeGreaterThan(firstEnd + 25 * 86_400_000);
    expect(after).toMatchObject({ isSubscriber: true, canCancel: true, current: { status: 'active', cancelAtPeriodEnd: false } });
    const nextPeriod = periodText(after.current!.currentPeriodStart!, after.current!.currentPeriodEnd!);
    expect(Math.floor(new Date(after.current!.currentPeriodStart!).getTime() / 1000)).toBe(Math.floor(firstEnd / 1000));
    expect(await rowText(page, 0)).toMatch(new RegExp(`^${nextPeriod}22,98 CAD\\s*Reçu n° \\d+`));
    expect(await rowText(page, 1)).toMatch(new RegExp(`^${firstPeriod}`));
    expect(after.receipts.map((r) => r.number)).toEqual([...after.receipts.map((r) => r.number)].sort((a, b) => b - a));

    // 'Voir le reçu' opens the receipt aside, with its period.
    const [receiptPage] = await Promise.all([
      page.context().waitForEvent('page'),
      receiptRows(page).first().getByRole('link', { name: /^Voir le reçu/ }).click(),
    ]);
    await receiptPage.waitForLoadState();
    expect(pathOf(receiptPage)).toBe(after.receipts[0]!.receiptUrl);
    const receiptText = (await receiptPage.locator('body').textContent())?.replace(/\s+/g, ' ') ?? '';
    expect(receiptText).toContain('Période');
    expect(receiptText).toContain(`au ${longDate(after.current!.currentPeriodEnd!)}`);
    expect(receiptText).toContain(String(after.receipts[0]!.number));
    await receiptPage.close();
    expect(await receiptRows(page).first().getByRole('link', { name: /^PDF/ }).getAttribute('href')).toBe(after.receipts[0]!.receiptPdfUrl);

    await open(page, '/abonne/tableau-de-bord');
    await currentCard(page).getByText('Actif', { exact: true }).waitFor();
    expect(await receiptRows(page).count()).toBe(2);
    expect(pageErrors(page)).toEqual([]);
  });

  it('a card declined at renewal (4000 0000 0000 0341) leaves the membership past due, said on the open dashboard', async () => {
    await page.context().clearCookies();
    const email = await signUpLearner(page, 'impaye');
    await subscribeWith(page, '4000 0000 0000 0341');
    await currentCard(page).getByText('Actif', { exact: true }).waitFor();
    await dismissToasts(page);
    await moveClock(email, 31);
    // The realtime event refreshes the open page.
    await currentCard(page).getByText('En retard de paiement', { exact: true }).waitFor({ timeout: 15_000 });
    await currentCard(page).getByText('Paiement en retard').waitFor();
    expect((await subscription(page)).current?.status).toBe('past_due');
    await expectNoAxeViolations(page, 'past-due dashboard');
    // The member is told by e-mail too.
    const mail = await waitForMail(email, { subject: /renouvellement de votre abonnement Toque a échoué/ });
    expect(mail.to).toContain(email);
    expect(pageErrors(page)).toEqual([]);
  });
});
