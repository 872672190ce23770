// Paying for one course on the sandbox, in the system Chromium (every page and state checked with axe
// at phone and desktop widths, the other journeys at the phone's), against the production build whose sandbox delivers its signed events to the server's own webhook: the
// province asked once, the order's GST and QST, a bad card refused in the browser (nothing sent),
// declined and insufficient-funds cards (French error, nothing bought), the success card (result
// page waits for the event, then the course is unlocked), the extra confirmation refused then
// approved, the wallet, a course already bought, and a live course without a session.
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CourseSummary } from '@shared/schemas/public';
import { callApi, seededCourses } from './api';
import { expectNoAxeViolations, newPage, pageErrors, runsEveryJourney, useBrowser, usePage, viewports } from './browser';
import {
  countConfirmRequests,
  formAlert,
  openPayment,
  orderOf,
  paidRecordedCourses,
  payButton,
  payWithCard,
  premiumPanel,
  purchasedCourseIds,
  waitForPaid,
} from './checkout-helpers';
import { signUpLearner } from './session';
import { baseURL, expectToast, visit } from './site';

let recorded: CourseSummary[];
let live: CourseSummary;

useBrowser();

beforeAll(async () => {
  recorded = await paidRecordedCourses();
  live = (await seededCourses()).find((c) => c.isLive)!;
});

for (const viewport of viewports) {
  describe(`paying for a course at ${viewport} width`, () => {
    let page: Page;
    let first: CourseSummary; // bought with the success card after two refusals
    let second: CourseSummary; // the extra confirmation step
    let third: CourseSummary; // the wallet, by another learner (a learner can buy only the non-premium ones)
    let firstOrderId: () => string | null = () => null;
    usePage(viewport, (opened) => (page = opened));

    beforeAll(async () => {
      [first, second] = recorded.filter((c) => !c.isPremium) as [CourseSummary, CourseSummary];
      third = first;
      await signUpLearner(page, `paiement-${viewport}`);
    });

    // What the payment pages do is the same code at any width: at the phone's only (runsEveryJourney);
    // every page and state checked with axe runs at both widths.
    if (runsEveryJourney(viewport)) {
      it('a live course reached without a chosen session asks to pick a date first, and starts no order', async () => {
        const checkout = { calls: 0 };
        const count = (r: { url: () => string }) => void (r.url().endsWith('/api/checkout') && checkout.calls++);
        page.on('request', count);
        await openPayment(page, `/payment/${live.id}`);
        await page.getByRole('heading', { name: "Choisissez d'abord une date" }).waitFor();
        expect(await page.getByRole('link', { name: 'Choisir une séance' }).getAttribute('href')).toBe(`/booking/${live.id}`);
        expect(await page.locator('h1').textContent()).toBe('Finalisez votre réservation');
        expect(await page.locator('main').textContent()).toContain(`«\u00a0${live.title}\u00a0»`);
        // Bare page: no site navigation.
        expect(await page.getByRole('navigation').count()).toBe(0);
        expect(checkout.calls).toBe(0);
        page.off('request', count);
      });
    }

    if (runsEveryJourney(viewport)) {
      it('a course id that is not one sends back to the catalogue with the spec toast', async () => {
        await visit(page, '/payment/pas-un-cours');
        await page.waitForURL(`${baseURL}/cours`);
        await expectToast(page, 'Aucun cours sélectionné.');
      });
    }

    it('asks the province once, then shows the lines with GST and QST; a bad card is refused in the browser', async () => {
      const opened = await openPayment(page, `/payment/${first.id}`);
      firstOrderId = opened.orderId;
      const prompt = page.getByRole('region', { name: 'Votre province de résidence' });
      await prompt.waitFor();
      expect(await prompt.textContent()).toContain('Indiquez votre province de résidence : elle détermine les taxes applicables.');
      await expectNoAxeViolations(page, `province prompt (${viewport})`);
      await prompt.getByRole('button', { name: 'Continuer vers le paiement' }).click();
      expect(await prompt.getByRole('alert').textContent()).toBe('Choisissez une province dans la liste.');
      await prompt.getByLabel('Province', { exact: true }).selectOption('QC');
      await prompt.getByRole('button', { name: 'Continuer vers le paiement' }).click();

      const summary = page.getByRole('region', { name: 'Votre commande' });
      await summary.waitFor();
      const text = (await summary.textContent()) ?? '';
      expect(text).toContain(first.title);
      expect(text).toContain('TPS (5\u00a0%)');
      expect(text).toContain('TVQ (9,975\u00a0%)');
      // The checkout's answer read as it arrives (later on a loaded machine).
      await expect.poll(() => opened.orderId()).not.toBeNull();
      const order = await orderOf(page, opened.orderId()!);
      expect(order.province).toBe('QC');
      expect(order.subtotalCents).toBe(first.priceCents);
      expect(order.taxLines.map((t) => t.code)).toEqual(['GST', 'QST']);
      // The button states the server's total, taxes included.
      const total = (order.totalCents / 100).toFixed(2).replace('.', ',');
      expect(await payButton(page).textContent()).toContain(`Payer ${total} CAD`);
      expect(await page.locator('main').textContent()).toContain('Paiement de test — aucun argent réel');
      // The profile keeps the province: the next payment does not ask again.
      expect((await callApi<{ profile: { province: string } }>(page, 'GET', '/account/profile')).json.profile.province).toBe('QC');

      // The wallet comes before the card (spec §9: payment method order).
      const wallet = page.getByRole('button', { name: 'Payer avec le portefeuille (test)' });
      const cardNumber = page.getByLabel('Numéro de carte');
      expect(await wallet.evaluate((w, c) => !!(w.compareDocumentPosition(c!) & Node.DOCUMENT_POSITION_FOLLOWING), await cardNumber.elementHandle())).toBe(true);
      await expectNoAxeViolations(page, `payment page (${viewport})`);

      const confirms = countConfirmRequests(page);
      await payWithCard(page, '4242 4242 4242 4241', '01/20', '12');
      await expect.poll(() => page.locator('[aria-invalid="true"]').count()).toBe(3);
      const main = (await page.locator('main').textContent()) ?? '';
      expect(main).toContain('Le numéro de carte est invalide.');
      expect(main).toContain("La date d'expiration de votre carte est passée.");
      expect(main).toContain('Le code CVC doit contenir 3 ou 4 chiffres.');
      // The first wrong field has the focus; nothing went to the processor.
      expect(await cardNumber.evaluate((el) => el === document.activeElement)).toBe(true);
      expect(await cardNumber.getAttribute('aria-describedby')).toBeTruthy();
      await expectNoAxeViolations(page, `payment page with field errors (${viewport})`);
      // Correcting a field clears its own message only.
      await cardNumber.fill('4242 4242 4242 4242');
      await expect.poll(() => page.locator('[aria-invalid="true"]').count()).toBe(2);
      expect(confirms.count()).toBe(0);
      confirms.stop();
    });

    if (runsEveryJourney(viewport)) {
      it('a declined card, then insufficient funds: the French refusal shows and nothing is bought', async () => {
        await payWithCard(page, '4000 0000 0000 0002');
        expect(await formAlert(page)).toBe('Votre carte a été refusée.');
        await payWithCard(page, '4000 0000 0000 9995');
        await expect.poll(() => formAlert(page)).toBe('Fonds insuffisants : votre carte a été refusée.');
        expect(new URL(page.url()).pathname).toBe(`/payment/${first.id}`);

        // The provider's failure event has landed: the order failed, no purchase, the course still locked.
        const orderId = firstOrderId()!;
        await expect.poll(async () => (await orderOf(page, orderId)).status, { timeout: 15_000 }).toBe('failed');
        expect(await purchasedCourseIds(page)).not.toContain(first.id);
        expect((await callApi<{ course: CourseSummary }>(page, 'GET', `/courses/${first.id}`)).json.course.entitlement.status).toBe('for_sale');

        // Back from the provider with 'succeeded' while the order still holds this refusal (the next
        // try's event not processed yet): the refusal is an earlier try's, so the result page keeps
        // reading the order instead of showing it as this payment's error.
        const early = await page.context().newPage();
        let reads = 0;
        early.on('response', (r) => void (r.url().endsWith(`/api/orders/${orderId}`) && reads++));
        await early.goto(`${baseURL}/payment-result?order_id=${orderId}&payment_intent=pi_sb_suivant&redirect_status=succeeded`);
        await expect.poll(() => reads, { timeout: 10_000 }).toBeGreaterThanOrEqual(3);
        expect(await early.locator('h1').textContent()).toBe('Traitement de votre paiement...');
        await early.close();
      });
    }

    it('the success card: the result page waits for the event, then says so; the course is unlocked', async () => {
      await payWithCard(page, '4242 4242 4242 4242');
      await page.waitForURL(/\/payment-result\?/);
      const url = new URL(page.url());
      expect(url.searchParams.get('redirect_status')).toBe('succeeded');
      expect(url.searchParams.get('payment_intent')).toBeTruthy();
      await waitForPaid(page);
      await expectToast(page, 'Paiement confirmé !');
      const main = (await page.locator('main').textContent()) ?? '';
      expect(main).toContain('Votre achat a été validé avec succès.');
      expect(main).toContain('Visa\u00a0••••\u00a04242');
      expect(await page.getByRole('link', { name: 'Voir mes achats' }).getAttribute('href')).toBe('/mes-achats');
      expect(await page.getByRole('link', { name: "Explorer d'autres cours" }).getAttribute('href')).toBe('/cours');
      await expectNoAxeViolations(page, `payment result, success (${viewport})`);
      expect(await purchasedCourseIds(page)).toContain(first.id);

      await page.getByRole('link', { name: `Voir le cours « ${first.title} »` }).click();
      await page.waitForURL(`${baseURL}/cours/${first.id}`);
      await page.getByRole('heading', { level: 1, name: first.title }).waitFor();
      await page.getByRole('heading', { name: 'À propos du cours' }).waitFor();
      expect(await premiumPanel(page).count()).toBe(0);
      // Bought: no cart button, a word and a way to the purchases instead.
      await page.getByText('Vous avez acheté ce cours.').waitFor();
      expect(await page.getByRole('button', { name: 'Ajouter au panier' }).count()).toBe(0);
      expect(await page.getByRole('link', { name: 'Voir mes achats' }).getAttribute('href')).toBe('/mes-achats');
    });

    if (runsEveryJourney(viewport)) {
      it('a course already bought says so, with a link to it', async () => {
        await openPayment(page, `/payment/${first.id}`);
        await page.getByRole('heading', { name: 'Déjà acheté' }).waitFor();
        expect(await page.locator('main').textContent()).toContain(`Vous avez déjà acheté le cours « ${first.title} ».`);
        expect(await page.getByRole('link', { name: 'Voir le cours' }).getAttribute('href')).toBe(`/cours/${first.id}`);
      });
    }

    it('the extra confirmation step: refused, nothing is bought; approved, the course is bought', async () => {
      await visit(page, `/cours/${second.id}`);
      await page.getByRole('button', { name: 'Ajouter au panier' }).waitFor();
      await openPayment(page, `/payment/${second.id}`);
      // The province is known now: straight to the form.
      await page.getByLabel('Numéro de carte').waitFor();

      await payWithCard(page, '4000 0025 0000 3155');
      const dialog = page.getByRole('dialog', { name: 'Confirmation supplémentaire' });
      await dialog.waitFor();
      await expectNoAxeViolations(page, `extra confirmation dialog (${viewport})`);
      await dialog.getByRole('button', { name: 'Refuser' }).click();
      await dialog.waitFor({ state: 'detached' });
      expect(await formAlert(page)).toBe("L'authentification du paiement a échoué. Réessayez ou utilisez un autre moyen de paiement.");
      expect(await purchasedCourseIds(page)).not.toContain(second.id);

      await payWithCard(page, '4000 0025 0000 3155');
      await dialog.waitFor();
      await dialog.getByRole('button', { name: 'Approuver le paiement' }).click();
      await waitForPaid(page);
      expect(await purchasedCourseIds(page)).toContain(second.id);
    });

    if (runsEveryJourney(viewport)) {
      it('the wallet: processing, then paid once its event lands', async () => {
        await signUpLearner(page, `portefeuille-${viewport}`);
        const me = await callApi<{ profile: { fullName: string } }>(page, 'GET', '/account/profile');
        expect((await callApi(page, 'PATCH', '/account/profile', { fullName: me.json.profile.fullName, province: 'QC' })).status).toBe(200);
        await openPayment(page, `/payment/${third.id}`);
        await page.getByRole('button', { name: 'Payer avec le portefeuille (test)' }).click();
        await waitForPaid(page);
        expect(await page.locator('main').textContent()).toContain('Portefeuille');
        expect(await purchasedCourseIds(page)).toContain(third.id);
        expect(pageErrors(page)).toEqual([]);
      });
    }
  });
}

describe('the result page never takes the URL for a payment', () => {
  it('an order that is not the visitor’s own, or not paid, is never shown as a success', async () => {
    const page = await newPage('desktop');
    try {
      await visit(page, '/payment-result?order_id=00000000-0000-4000-8000-000000000000&payment_intent=pi_x&redirect_status=succeeded');
      // A visitor: asked to sign in, no success.
      await page.getByText('Connectez-vous pour voir le résultat de votre paiement.').waitFor();
      expect(await page.locator('main').textContent()).not.toContain('Paiement Réussi');

      await visit(page, '/payment-result?payment_intent=pi_x&redirect_status=failed');
      expect(await page.getByRole('alert').textContent()).toBe('Le paiement a échoué. Veuillez réessayer ou utiliser un autre moyen de paiement.');
    } finally {
      await page.context().close();
    }
  });
});
