// Accounts in the browser: sign up (signed in at once), sign out, sign in again; the session cookie
// as Chromium keeps it; failures that keep the dialog open with a French message; the dialog's
// views, loading state and accessibility; an identity-provider failure coming back in the URL.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations, newPage, pageErrors, runsEveryJourney, useBrowser, usePage, viewports } from './browser';
import {
  authDialog,
  avatarButton,
  DEMO,
  fillSignIn,
  openAvatarMenu,
  openDialogFromHeader,
  signInButton,
  signInFromHeader,
  signOutFromMenu,
  signUpFromHeader,
  uniqueEmail,
} from './session';
import { baseURL, expectToast, open, pathOf, visit } from './site';

useBrowser();

for (const viewport of viewports) {
  describe(`accounts at ${viewport} width`, () => {
    let page: Page;
    usePage(viewport, (opened) => (page = opened));

    // The same dialog at any width: its journeys at the phone's, its views and errors (axe) at both.
    if (runsEveryJourney(viewport)) {
      // Two password hashes (sign-up, sign-in) in JavaScript scrypt: seconds each on CI's loaded cores.
      it('sign up → signed in → sign out → sign in, with a session cookie Chromium keeps', { timeout: 120_000 }, async () => {
        const email = uniqueEmail(`inscription-${viewport}`);
        const password = 'Tourtiere-Du-Lac-42';
        const name = 'Rosalie Tremblay';
        await open(page, '/recettes');

        const dialog = await signUpFromHeader(page, name, email, password);
        // Gone once signed up; a refusal shows in the dialog's alert, whose text a failure then reports.
        const refusal = dialog.getByRole('alert');
        await expect
          .poll(async () => ((await dialog.count()) === 0 ? 'signed up' : ((await refusal.allTextContents()).join(' ') || 'still open')), { timeout: 60_000 })
          .toBe('signed up');
        // Signed in where the person was, the menu saying who.
        expect(pathOf(page)).toBe('/recettes');
        const menu = await openAvatarMenu(page);
        expect(await menu.textContent()).toContain(name);
        expect(await menu.textContent()).toContain(email);
        expect(await menu.getByRole('menuitem').allTextContents()).toEqual([
          'Mon Compte',
          'Mes Achats',
          'Mes Favoris',
          'Mon Calendrier',
          'Préférences',
          'Se déconnecter',
        ]);

        // The production server names its cookie __Secure-… and marks it Secure; Chromium treats
        // http://127.0.0.1 as a secure context and keeps it (this journey would fail otherwise).
        const cookie = (await page.context().cookies()).find((c) => c.name.endsWith('toque.session_token'));
        expect(cookie).toMatchObject({ name: '__Secure-toque.session_token', secure: true, httpOnly: true, sameSite: 'Lax' });
        // It survives a reload.
        await page.reload({ waitUntil: 'networkidle' });
        await avatarButton(page).waitFor();

        await avatarButton(page).click();
        await page.getByRole('menuitem', { name: 'Se déconnecter' }).click();
        await expectToast(page, 'Déconnexion');
        await signInButton(page).waitFor();
        expect(pathOf(page)).toBe('/');
        expect((await page.context().cookies()).some((c) => c.name.endsWith('toque.session_token'))).toBe(false);
        // The server agrees: no one is signed in.
        expect(await page.evaluate(() => fetch('/api/me').then((r) => r.json()))).toEqual({ user: null });

        await signInFromHeader(page, email, password);
        expect(await avatarButton(page).getAttribute('aria-label')).toBe(`Menu du compte de ${name}`);
        await signOutFromMenu(page);
        expect(pageErrors(page)).toEqual([]);
      });
    }

    it('a wrong password keeps the dialog open with a French error, and the toast of the catalogue', async () => {
      await open(page, '/');
      const dialog = await openDialogFromHeader(page);
      await fillSignIn(dialog, DEMO.learner.email, 'pas-le-bon-mot-de-passe');
      await expect.poll(() => dialog.getByRole('alert').textContent()).toBe('Adresse courriel ou mot de passe incorrect.');
      await expectToast(page, 'Échec de la connexion');
      expect(await dialog.isVisible()).toBe(true);
      expect(await dialog.getByRole('button', { name: 'Se connecter', exact: true }).isEnabled()).toBe(true);
      await expectNoAxeViolations(page, `login view with its error (${viewport})`);

      // Then the right one: the dialog closes, signed in.
      await dialog.getByLabel('Mot de passe', { exact: true }).fill(DEMO.learner.password);
      await dialog.getByRole('button', { name: 'Se connecter', exact: true }).click();
      await dialog.waitFor({ state: 'detached' });
      // The button that opened the dialog is gone (now the avatar menu): focus lands on the content.
      await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('contenu');
      await signOutFromMenu(page);
    });

    if (runsEveryJourney(viewport)) {
      it('a sign-up that cannot sign in says so without telling whether the address has an account', async () => {
        await open(page, '/');
        const dialog = await signUpFromHeader(page, 'Quelqu’un', DEMO.learner.email, 'Autre-Mot-De-Passe-77');
        const alert = dialog.getByRole('alert');
        await expect.poll(() => alert.textContent()).toContain("Nous n'avons pas pu créer de compte avec ces informations.");
        await expectToast(page, "Échec de l'inscription");
        // It points to signing in or resetting, carrying the address over.
        await alert.getByRole('button', { name: 'réinitialisez votre mot de passe' }).click();
        const forgot = authDialog(page, 'Mot de passe oublié ?');
        await forgot.waitFor();
        expect(await forgot.getByLabel('Adresse courriel').inputValue()).toBe(DEMO.learner.email);
        await page.keyboard.press('Escape');
        await forgot.waitFor({ state: 'detached' });
      });
    }

    it('the form checks what it can before sending, in French', async () => {
      await open(page, '/');
      const login = await openDialogFromHeader(page);
      await login.getByRole('button', { name: "S'inscrire" }).click();
      const dialog = authDialog(page, 'Rejoignez-nous !');
      await dialog.getByLabel('Nom complet').fill('A');
      await dialog.getByLabel('Adresse courriel').fill('pas-une-adresse');
      await dialog.getByLabel('Mot de passe').fill('court');
      await dialog.getByRole('button', { name: "S'inscrire" }).click();
      await expect.poll(() => dialog.getByLabel('Nom complet').getAttribute('aria-invalid')).toBe('true');
      const text = await dialog.textContent();
      expect(text).toContain('Le nom complet doit contenir au moins 2 caractères.');
      expect(text).toContain('Adresse courriel invalide.');
      expect(text).toContain('Le mot de passe doit contenir au moins 8 caractères.');
      await expectNoAxeViolations(page, `signup view with field errors (${viewport})`);
      await page.keyboard.press('Escape');
    });

    it('the three views: titles, subtitles, links, axe; closed, focus goes back to the header and a new opening starts on login', async () => {
      await open(page, '/');
      const login = await openDialogFromHeader(page);
      expect(await login.textContent()).toContain('Connectez-vous pour accéder à votre espace.');
      await expectNoAxeViolations(page, `login view (${viewport})`);

      await login.getByRole('button', { name: "S'inscrire" }).click();
      const signup = authDialog(page, 'Rejoignez-nous !');
      await signup.waitFor();
      expect(await signup.textContent()).toContain("Créez un compte pour commencer l'aventure.");
      // The pressed link is gone: focus goes to the new view's first field.
      await expect.poll(() => signup.getByLabel('Nom complet').evaluate((el) => el === document.activeElement)).toBe(true);
      await expectNoAxeViolations(page, `signup view (${viewport})`);

      await signup.getByRole('button', { name: 'Se connecter' }).click();
      await authDialog(page).getByRole('button', { name: 'Mot de passe oublié ?' }).click();
      const forgot = authDialog(page, 'Mot de passe oublié ?');
      await forgot.waitFor();
      expect(await forgot.textContent()).toContain('Entrez votre email pour recevoir un lien de réinitialisation.');
      expect(await forgot.getByRole('button', { name: 'Envoyer le lien' }).isVisible()).toBe(true);
      await expectNoAxeViolations(page, `forgot-password view (${viewport})`);

      // Closed: focus back on the header button that opened it (the last step of the closing), and
      // a new opening starts on the login view (open() sets it, cancelling the 300 ms reset).
      await page.keyboard.press('Escape');
      await forgot.waitFor({ state: 'detached' });
      await expect.poll(() => signInButton(page).evaluate((el) => el === document.activeElement)).toBe(true);
      await openDialogFromHeader(page);
      await page.keyboard.press('Escape');
    });

    if (runsEveryJourney(viewport)) {
      it('the submit button shows a spinner and is disabled while signing in', async () => {
        await open(page, '/');
        // Hold the request a moment (the real server still answers it) to look at the button meanwhile.
        let release: () => void = () => {};
        const held = new Promise<void>((r) => (release = r));
        await page.route('**/api/auth/sign-in/email', async (route) => {
          await held;
          await route.continue();
        });
        const dialog = await openDialogFromHeader(page);
        await fillSignIn(dialog, DEMO.learner.email, 'pas-le-bon-mot-de-passe');
        const submit = dialog.getByRole('button', { name: 'Se connecter', exact: true });
        await expect.poll(() => submit.getAttribute('aria-busy')).toBe('true');
        expect(await submit.isDisabled()).toBe(true);
        expect(await dialog.getByRole('button', { name: "S'inscrire" }).isDisabled()).toBe(true);
        release();
        await dialog.getByRole('alert').waitFor();
        expect(await submit.isEnabled()).toBe(true);
        await page.unroute('**/api/auth/sign-in/email');
        await page.keyboard.press('Escape');
      });
    }

    if (runsEveryJourney(viewport)) {
      it('an identity-provider failure coming back in the URL: French toast, dialog open, parameters removed', async () => {
        await visit(page, '/?connexion-externe=1&error=account_not_linked');
        await authDialog(page).waitFor();
        await expectToast(page, 'Un compte Toque existe déjà avec cette adresse courriel.');
        await expect.poll(() => page.url()).toBe(`${baseURL}/`);
        await page.keyboard.press('Escape');
      });
    }
  });
}

describe('sign-out that cannot reach the server', () => {
  it("says 'Échec de la déconnexion' and keeps the person signed in where they are", async () => {
    const page = await newPage('desktop');
    await open(page, '/chefs');
    await signInFromHeader(page, DEMO.learner.email, DEMO.learner.password);
    await page.route('**/api/auth/sign-out', (route) => route.abort('internetdisconnected'));
    await avatarButton(page).click();
    await page.getByRole('menuitem', { name: 'Se déconnecter' }).click();
    await expectToast(page, 'Échec de la déconnexion');
    expect(pathOf(page)).toBe('/chefs');
    expect(await avatarButton(page).isVisible()).toBe(true);

    await page.unroute('**/api/auth/sign-out');
    await signOutFromMenu(page);
    await page.context().close();
  });
});

describe('a session the browser does not keep', () => {
  it('keeps the dialog open and says so, rather than closing as if signed in', async () => {
    const page = await newPage('desktop');
    await open(page, '/');
    // The server's real answer, minus its cookie: as a browser refusing it would leave things.
    await page.route('**/api/auth/sign-in/email', async (route) => {
      const response = await route.fetch();
      // route.fetch() shares the context's cookie jar: take the cookie back out of it too.
      await page.context().clearCookies();
      const headers = Object.fromEntries(Object.entries(response.headers()).filter(([name]) => name !== 'set-cookie'));
      await route.fulfill({ response, headers });
    });
    const dialog = await openDialogFromHeader(page);
    await fillSignIn(dialog, DEMO.learner.email, DEMO.learner.password);
    await expect.poll(() => dialog.getByRole('alert').textContent()).toContain("Votre navigateur n'a pas conservé la session.");
    expect(await page.getByRole('button', { name: /^Connexion/, includeHidden: true }).count()).toBe(1);
    expect(await avatarButton(page).count()).toBe(0);
    await page.context().close();
  });
});
