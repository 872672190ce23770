// Forgotten password in the browser: the dialog's request, the e-mail received by the real SMTP
// server, the link followed, a new password chosen, then a sign-in with it. And what the reset page
// does with a missing, unknown or used token.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations, newPage, pageErrors, useBrowser, usePage, viewports } from './browser';
import { linkIn, waitForMail } from './mailbox';
import { authDialog, avatarButton, createAccount, fillSignIn, openDialogFromHeader, signOutFromMenu } from './session';
import { baseURL, expectToast, open, pathOf } from './site';

useBrowser();

async function choosePassword(page: Page, password: string, confirmation = password) {
  await page.getByLabel('Nouveau mot de passe').fill(password);
  await page.getByLabel('Confirmer le mot de passe').fill(confirmation);
  await page.getByRole('button', { name: 'Mettre à jour le mot de passe' }).click();
}

describe('password reset', () => {
  let page: Page;
  usePage('desktop', (opened) => (page = opened));

  it('forgot password → e-mail received by the SMTP server → link → new password → signed in with it', async () => {
    const { email, password: oldPassword } = await createAccount('oubli', 'Aline Oubli', 'Pouding-Chomeur-31');
    const newPassword = 'Grands-Peres-Sirop-64';

    await open(page, '/');
    const login = await openDialogFromHeader(page);
    await login.getByLabel('Adresse courriel').fill(email);
    await login.getByRole('button', { name: 'Mot de passe oublié ?' }).click();
    const forgot = authDialog(page, 'Mot de passe oublié ?');
    // The address typed in the login view is carried over.
    expect(await forgot.getByLabel('Adresse courriel').inputValue()).toBe(email);
    await forgot.getByRole('button', { name: 'Envoyer le lien' }).click();
    await forgot.waitFor({ state: 'detached' });
    await expectToast(page, 'Si un compte existe pour');

    const mail = await waitForMail(email, { subject: /^Réinitialisation/ });
    const link = linkIn(mail, `${baseURL}/update-password?token=`);
    await open(page, link.slice(baseURL.length));
    expect(await page.locator('h1').textContent()).toBe('Nouveau mot de passe');
    // The token leaves the address bar (kept in the history entry).
    await expect.poll(() => page.url()).toBe(`${baseURL}/update-password`);
    await expectNoAxeViolations(page, '/update-password form');

    // Both fields are required; a mismatch is a toast; the policy speaks French.
    await choosePassword(page, '', '');
    await expect.poll(() => page.getByText('Le nouveau mot de passe est requis.').count()).toBe(1);
    await choosePassword(page, 'court', 'court');
    await expect.poll(() => page.getByText('Le mot de passe doit contenir au moins 8 caractères.').count()).toBe(1);
    await choosePassword(page, newPassword, 'Autre-Chose-Encore-1');
    await expectToast(page, 'Les mots de passe ne correspondent pas.');

    // A reload keeps the form (the token is in the history entry).
    await page.reload({ waitUntil: 'networkidle' });
    await choosePassword(page, newPassword);
    await expectToast(page, 'Succès !');
    await page.waitForURL(`${baseURL}/`);
    const dialog = authDialog(page);
    await dialog.waitFor();

    // The old password no longer opens the account; the new one does.
    await fillSignIn(dialog, email, oldPassword);
    await expect.poll(() => dialog.getByRole('alert').textContent()).toBe('Adresse courriel ou mot de passe incorrect.');
    await fillSignIn(dialog, email, newPassword);
    await dialog.waitFor({ state: 'detached' });
    expect(await avatarButton(page).getAttribute('aria-label')).toBe('Menu du compte de Aline Oubli');

    // The link was single-use.
    await signOutFromMenu(page);
    await open(page, link.slice(baseURL.length));
    await choosePassword(page, 'Encore-Un-Autre-Essai-5');
    await page.getByRole('heading', { name: 'Lien invalide ou expiré' }).waitFor();
    await expectToast(page, 'Impossible de mettre à jour le mot de passe: Lien invalide ou expiré');
    expect(pageErrors(page)).toEqual([]);
  });

  for (const viewport of viewports) {
    it(`without a token, or with one the server does not know: 'Lien invalide ou expiré' (${viewport})`, async () => {
      const other = await newPage(viewport);
      await open(other, '/update-password');
      expect(await other.locator('h1').textContent()).toBe('Lien invalide ou expiré');
      expect(await other.locator('input').count()).toBe(0);
      await expectNoAxeViolations(other, `/update-password without a token (${viewport})`);

      await open(other, '/update-password?token=inconnu123');
      await choosePassword(other, 'Creton-Maison-2026');
      await other.getByRole('heading', { name: 'Lien invalide ou expiré' }).waitFor();
      await expectToast(other, 'Erreur');
      await other.getByRole('link', { name: "Retour à l'accueil" }).click();
      await other.waitForURL(`${baseURL}/`);
      expect(pathOf(other)).toBe('/');
      await other.context().close();
    });
  }
});
