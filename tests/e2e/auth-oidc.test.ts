// Identity-provider sign-in in the browser: 'Continuer avec Toque ID' in the sign-in dialog, the
// local OpenID provider's login page (global-setup.ts starts it), and back on the page the person
// was on, signed in. An address that already has a password account is refused in French.
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { expectNoAxeViolations, newPage, pageErrors, runsEveryJourney, useBrowser, usePage, viewports } from './browser';
import { authDialog, avatarButton, DEMO, openAvatarMenu, openDialogFromHeader, uniqueEmail } from './session';
import { baseURL, expectToast, open, pathOf } from './site';

const issuer = inject('oidcIssuer');
/** OIDC_NAME given to the server by global-setup.ts. */
const PROVIDER_NAME = 'Toque ID';

useBrowser();

/** SHOTS_DIR set: screenshots of each step, for a person to look at. */
async function shot(page: Page, name: string) {
  if (process.env.SHOTS_DIR) await page.screenshot({ path: `${process.env.SHOTS_DIR}/${name}.png`, fullPage: false });
}

/** From the dialog to the provider's login page, signed in there as `email`, and back to the site. */
async function throughProvider(page: Page, email: string, name: string, label: string) {
  const dialog = await openDialogFromHeader(page);
  await dialog.getByText('Ou continuer avec').waitFor();
  await shot(page, `${label}-dialog`);
  await dialog.getByRole('button', { name: `Continuer avec ${PROVIDER_NAME}` }).click();
  await page.waitForURL((url) => url.origin === issuer);
  await page.getByLabel('Adresse courriel').fill(email);
  await page.getByLabel('Nom complet').fill(name);
  await shot(page, `${label}-provider`);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await page.waitForURL((url) => url.origin === baseURL, { waitUntil: 'networkidle' });
}

for (const viewport of viewports) {
  describe(`identity-provider sign-in at ${viewport} width`, () => {
    let page: Page;
    usePage(viewport, (opened) => (page = opened));

    it('shows the provider in the dialog, signs a new person in there, and comes back signed in where they were', async () => {
      const email = uniqueEmail(`oidc-${viewport}`);
      const name = 'Olivier Ouellet';
      await open(page, '/recettes');
      const dialog = await openDialogFromHeader(page);
      await expectNoAxeViolations(page, `the sign-in dialog with the provider (${viewport})`);
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });

      await throughProvider(page, email, name, `oidc-${viewport}`);
      expect(pathOf(page)).toBe('/recettes');
      const menu = await openAvatarMenu(page);
      expect(await menu.textContent()).toContain(name);
      expect(await menu.textContent()).toContain(email);
      await shot(page, `oidc-${viewport}-signed-in`);
      await page.keyboard.press('Escape');

      const cookies = await page.context().cookies(baseURL);
      expect(cookies.find((c) => c.name === '__Secure-toque.session_token')).toMatchObject({ httpOnly: true, secure: true, sameSite: 'Lax' });
      // The pending sign-in's cookie is gone once used.
      expect(cookies.some((c) => c.name.includes('oidc_state'))).toBe(false);
      // Still signed in after a reload: a session like a password sign-in's.
      await page.reload({ waitUntil: 'networkidle' });
      await avatarButton(page).waitFor();
      expect(pageErrors(page)).toEqual([]);
    });

    // The same dialog and provider at any width: the refusal runs at the phone's.
    if (runsEveryJourney(viewport)) {
      it('refuses an identity whose address already has a password account: French message, still signed out', async () => {
        const visitor = await newPage(viewport);
        const context = visitor.context();
        try {
          await open(visitor, '/');
          await throughProvider(visitor, DEMO.learner.email, 'Imposteur', `oidc-${viewport}-refused`);
          await authDialog(visitor).waitFor();
          await expectToast(visitor, 'Un compte Toque existe déjà avec cette adresse courriel.');
          await expect.poll(() => visitor.url()).toBe(`${baseURL}/`);
          await shot(visitor, `oidc-${viewport}-refused`);
          expect((await context.cookies(baseURL)).some((c) => c.name.endsWith('session_token'))).toBe(false);
        } finally {
          await context.close();
        }
      });
    }
  });
}
