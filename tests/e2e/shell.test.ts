// Journeys through the shell around the pages: the header and navigation, the guards and the sign-in
// dialog, and the pages later issues build (which must say so plainly, or already behave as the spec
// says where they can). Phone and desktop widths, production build, freshly seeded database.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations, pageErrors, useBrowser, usePage, VIEWPORTS, viewports } from './browser';
import { authDialog, signInButton, switchToSignUp } from './session';
import { baseURL, expectToast, h1Text, open, pathOf, visit } from './site';

useBrowser();

for (const viewport of viewports) {
  describe(`shell at ${viewport} width`, () => {
    let page: Page;
    usePage(viewport, (opened) => (page = opened));

    it('header: no back button on home; elsewhere it goes back, or home when there is no history', async () => {
      await open(page, '/');
      expect(await page.getByRole('button', { name: 'Retour' }).count()).toBe(0);
      expect(await page.getByRole('link', { name: "S'abonner" }).getAttribute('href')).toBe('/abonnement');

      // Opened directly: nothing to go back to, so home.
      await open(page, '/faq');
      await page.getByRole('button', { name: 'Retour' }).click();
      await page.waitForURL(`${baseURL}/`);

      // Through the navigation: back returns to the previous page, which is marked current.
      const nav = page.getByRole('navigation', { name: 'Navigation principale' });
      await nav.getByRole('link', { name: 'Nos Chefs' }).click();
      await page.waitForURL(`${baseURL}/chefs`);
      // The URL changes a moment before the router re-renders the navigation: wait for it.
      await expect.poll(() => nav.getByRole('link', { name: 'Nos Chefs' }).getAttribute('aria-current')).toBe('page');
      await page.getByRole('button', { name: 'Retour' }).click();
      await page.waitForURL(`${baseURL}/`);
      expect(pageErrors(page)).toEqual([]);
    });

    it('the skip link leads to the main content', async () => {
      await open(page, '/faq');
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Aller au contenu');
      await page.keyboard.press('Enter');
      expect(await page.evaluate(() => document.activeElement?.id)).toBe('contenu');
    });

    it('Connexion / Inscription opens the sign-in dialog, and gives focus back once closed', async () => {
      await open(page, '/');
      const button = signInButton(page);
      await button.click();
      const dialog = authDialog(page);
      await dialog.waitFor();
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
      // The dialog gives focus back once it has closed, a moment after it leaves the DOM.
      await expect.poll(() => button.evaluate((el) => el === document.activeElement)).toBe(true);
    });

    it('a dialog over a page with fields of its own gives each field its own id (its labels name the right field)', async () => {
      // useId must not restart inside the dialog's portal: it did under Preact 10 (decision 0019), and
      // « Nom complet » then labelled the recipes' search box.
      await open(page, '/recettes');
      await signInButton(page).click();
      const dialog = await switchToSignUp(page);
      const duplicates = await page.evaluate(() => {
        const seen = new Map<string, number>();
        for (const el of document.querySelectorAll('[id]')) seen.set(el.id, (seen.get(el.id) ?? 0) + 1);
        return [...seen].filter(([, n]) => n > 1).map(([id]) => id);
      });
      expect(duplicates).toEqual([]);
      for (const label of ['Nom complet', 'Adresse courriel', 'Mot de passe']) {
        expect(await page.getByLabel(label, { exact: true }).count(), label).toBe(1);
      }
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
    });

    it('signed-in, subscriber and admin pages send a visitor home (the first two with the dialog open)', async () => {
      for (const path of ['/favoris', '/mes-achats', '/panier', '/abonne/tableau-de-bord', '/payment/subscription']) {
        await visit(page, path);
        expect(pathOf(page), path).toBe('/');
        await authDialog(page).waitFor();
        await page.keyboard.press('Escape');
      }
      for (const path of ['/admin', '/mon-profil-chef']) {
        await visit(page, path);
        expect(pathOf(page), path).toBe('/');
        expect(await page.getByRole('dialog').count()).toBe(0);
      }
    });

    it('/reserver-un-cours tells a visitor to sign in and goes home', async () => {
      await visit(page, '/reserver-un-cours');
      await page.waitForURL(`${baseURL}/`);
      await expectToast(page, 'Vous devez être connecté pour réserver un cours.');
    });

    it("the subscription's S'abonner asks a visitor to sign in", async () => {
      await open(page, '/abonnement');
      await page.getByRole('button', { name: "S'abonner" }).click();
      await authDialog(page).waitFor();
      await page.keyboard.press('Escape');
    });

    it('payment result and password reset say what they can, bare where the spec says', async () => {
      await open(page, '/payment-result');
      expect(await h1Text(page)).toBe('Erreur de Paiement');
      expect(await page.getByRole('alert').textContent()).toBe('Paramètres de paiement invalides.');
      expect(await page.getByRole('link', { name: 'Retour aux cours' }).getAttribute('href')).toBe('/cours');
      // Bare layout: no navigation, no footer.
      expect(await page.getByRole('navigation').count()).toBe(0);
      expect(await page.locator('footer').count()).toBe(0);
      await expectNoAxeViolations(page, `/payment-result (${viewport})`);

      await open(page, '/payment-result?payment_intent=pi_1&redirect_status=failed');
      expect(await page.getByRole('alert').textContent()).toContain('Le paiement a échoué.');

      // 'succeeded' in the URL proves nothing: without an order to ask the server about, it is an error.
      await open(page, '/payment-result?payment_intent=pi_1&redirect_status=succeeded');
      expect(await page.getByRole('alert').textContent()).toBe('Paramètres de paiement invalides.');
      expect(await page.locator('main').textContent()).not.toContain('Paiement Réussi');

      await open(page, '/update-password');
      expect(await h1Text(page)).toBe('Lien invalide ou expiré');
      await page.getByRole('link', { name: "Retour à l'accueil" }).click();
      await page.waitForURL(`${baseURL}/`);
      expect(pageErrors(page)).toEqual([]);
    });

    it('an unknown chef says “Chef non trouvé.”', async () => {
      await open(page, '/chefs/inconnu');
      expect(await h1Text(page)).toBe('Chef non trouvé.');
      await expectNoAxeViolations(page, `/chefs/inconnu (${viewport})`);
    });

    it('the page never scrolls sideways', async () => {
      for (const path of ['/', '/chefs', '/faq', '/abonnement', '/terms-of-service']) {
        await open(page, path);
        expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(VIEWPORTS[viewport].width);
      }
    });
  });
}
