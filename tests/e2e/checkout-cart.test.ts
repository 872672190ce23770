// The cart in the system Chromium at phone and desktop widths: a visitor's 'Ajouter au panier'
// opens the sign-in dialog; signed in, a course goes in once ('Déjà dans le panier' the second
// time), the header counts it, a live class is booked and never put in the cart; /panier lists the
// recorded courses with the « Sous-total » (taxes at the next step); removal says so and another tab
// follows; the recorded courses are then paid together with one « Payer », which buys both and
// empties the cart. Courses for sale to a learner only (not premium: DESIGN §7).
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { formatPrice } from '@shared/format';
import type { CourseSummary } from '@shared/schemas/public';
import { callApi, seededCourses } from './api';
import { expectNoAxeViolations, pageErrors, useBrowser, usePage, viewports } from './browser';
import { paidRecordedCourses, payButton, payWithCard, purchasedCourseIds, waitForPaid } from './checkout-helpers';
import { authDialog, signUpLearner } from './session';
import { baseURL, expectToast, visit } from './site';

let recorded: CourseSummary[];
let live: CourseSummary;

useBrowser();

beforeAll(async () => {
  recorded = await paidRecordedCourses();
  // A live course someone can still book (its page offers 'Réserver', never 'Ajouter au panier').
  live = (await seededCourses()).find((c) => c.isLive && c.nextSessionAt && !c.isPremium)!;
});

const cartLink = (page: Page) => page.getByRole('link', { name: /^Panier/ });
const lines = (page: Page) => page.getByRole('list', { name: 'Cours du panier' }).getByRole('listitem');

async function addFromDetail(page: Page, course: CourseSummary) {
  await visit(page, `/cours/${course.id}`);
  await page.getByRole('heading', { level: 1, name: course.title }).waitFor();
  await page.getByRole('button', { name: 'Ajouter au panier' }).click();
}

for (const viewport of viewports) {
  describe(`the cart at ${viewport} width`, () => {
    let page: Page;
    let a: CourseSummary; // recorded, not premium
    let b: CourseSummary; // another
    usePage(viewport, (opened) => (page = opened));

    beforeAll(() => {
      [a, b] = recorded.filter((c) => !c.isPremium) as [CourseSummary, CourseSummary];
    });

    it("a visitor's 'Ajouter au panier' opens the sign-in dialog and adds nothing", async () => {
      await addFromDetail(page, a);
      const dialog = authDialog(page);
      await dialog.waitFor();
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
      expect(await page.evaluate(() => localStorage.getItem('cart'))).toBeNull();
    });

    it('signed in: added once, refused the second time, counted in the header', async () => {
      await signUpLearner(page, `panier-${viewport}`);
      // The province is set on the profile: the grouped payment goes straight to the form.
      const me = await callApi<{ profile: { fullName: string } }>(page, 'GET', '/account/profile');
      expect((await callApi(page, 'PATCH', '/account/profile', { fullName: me.json.profile.fullName, province: 'QC' })).status).toBe(200);

      await addFromDetail(page, a);
      await expectToast(page, 'Ajouté au panier');
      await expect.poll(() => cartLink(page).getAttribute('aria-label')).toBe('Panier, 1 cours');
      await page.getByRole('button', { name: 'Ajouter au panier' }).click();
      await expectToast(page, 'Déjà dans le panier');
      await expectToast(page, 'Ce cours est déjà dans votre panier.');
      expect(await cartLink(page).getAttribute('aria-label')).toBe('Panier, 1 cours');

      // A live class is booked from its page: no cart button there.
      await visit(page, `/cours/${live.id}`);
      await page.getByRole('button', { name: 'Réserver' }).waitFor();
      expect(await page.getByRole('button', { name: 'Ajouter au panier' }).count()).toBe(0);
      await addFromDetail(page, b);
      await expect.poll(() => cartLink(page).getAttribute('aria-label')).toBe('Panier, 2 cours');
      // The success toast's action opens the cart.
      await page.locator('[data-sonner-toast]').getByRole('button', { name: 'Voir le panier' }).click();
      await page.waitForURL(`${baseURL}/panier`);
      // The cart is the spec's local storage entry.
      const stored = JSON.parse((await page.evaluate(() => localStorage.getItem('cart')))!) as { id: string; is_live: boolean }[];
      expect(stored.map((i) => [i.id, i.is_live])).toEqual([
        [a.id, false],
        [b.id, false],
      ]);
    });

    it('/panier lists each recorded course and the « Sous-total »; removal says so, another tab follows', async () => {
      await page.getByRole('heading', { level: 1, name: 'Mon Panier' }).waitFor();
      expect(await lines(page).count()).toBe(2);

      const lineOf = (course: CourseSummary) => lines(page).filter({ hasText: course.title });
      expect(await lineOf(a).textContent()).toContain('Vidéo pré-enregistrée');
      expect(await lineOf(b).textContent()).toContain(formatPrice(b.priceCents));

      const summary = page.getByRole('region', { name: 'Récapitulatif' });
      const subtotal = formatPrice(a.priceCents + b.priceCents);
      await summary.getByRole('link', { name: 'Payer', exact: true }).waitFor();
      const text = (await summary.textContent()) ?? '';
      expect(text).toContain(`Sous-total${subtotal}`);
      expect(text).toContain("TaxesCalculées à l'étape suivante");
      expect(text).not.toContain('Total');
      await expectNoAxeViolations(page, `/panier with items (${viewport})`);

      const other = await page.context().newPage();
      await visit(other, '/cours');
      // The header shows a plain 'Panier' until its cart link's chunk has loaded (a busy machine may be slow).
      await expect.poll(() => cartLink(other).getAttribute('aria-label')).toBe('Panier, 2 cours');

      await lineOf(b).getByRole('button', { name: `Supprimer « ${b.title} » du panier` }).click();
      await expectToast(page, 'Cours supprimé');
      await expectToast(page, 'Le cours a été retiré de votre panier.');
      expect(await lines(page).count()).toBe(1);
      expect(await summary.textContent()).toContain(`Sous-total${formatPrice(a.priceCents)}`);
      // The keyboard stays in the cart.
      expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Cours du panier');
      await expect.poll(() => cartLink(other).getAttribute('aria-label')).toBe('Panier, 1 cours');
      await other.close();
    });

    it('the recorded courses are paid together: both bought, the cart emptied', async () => {
      await addFromDetail(page, b);
      await expectToast(page, 'Ajouté au panier');
      await visit(page, '/panier');
      await page.getByRole('region', { name: 'Récapitulatif' }).getByRole('link', { name: 'Payer', exact: true }).click();
      await page.waitForURL(`${baseURL}/payment/cart`);
      const summary = page.getByRole('region', { name: 'Votre commande' });
      await summary.waitFor();
      const items = summary.getByRole('list', { name: 'Articles de la commande' }).getByRole('listitem');
      expect(await items.count()).toBe(2);
      expect(await summary.textContent()).toContain(a.title);
      expect(await summary.textContent()).toContain(b.title);
      expect(await page.locator('main').textContent()).toContain('2 cours enregistrés en un seul paiement');
      await expectNoAxeViolations(page, `/payment/cart (${viewport})`);
      await payButton(page).waitFor();

      await payWithCard(page, '4242 4242 4242 4242');
      await waitForPaid(page);
      const bought = await purchasedCourseIds(page);
      expect(bought).toEqual(expect.arrayContaining([a.id, b.id]));
      expect(await page.getByRole('link', { name: /^Voir le cours « / }).count()).toBe(2);

      await page.getByRole('link', { name: "Explorer d'autres cours" }).click();
      await page.waitForURL(`${baseURL}/cours`);
      await expect.poll(() => cartLink(page).getAttribute('aria-label')).toBe('Panier');
      await cartLink(page).click();
      await page.getByText('Votre panier est vide').waitFor();
      expect(await page.getByRole('link', { name: 'Voir les cours' }).getAttribute('href')).toBe('/cours');
      await expectNoAxeViolations(page, `/panier empty (${viewport})`);
      expect(pageErrors(page)).toEqual([]);
    });
  });
}
