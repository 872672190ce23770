// Loi 25 in the system Chromium against the production build, at phone width: a fresh learner
// downloads their data from Mon Compte (a real download, parsed), deletes the account through the
// danger zone's dialog (SUPPRIMER and the password), lands home signed out, and the old password
// no longer opens anything. With « Crédit Toque » left, the dialog says how much (« Il vous reste
// 25,00 $ de crédit Toque… ») and deletes only once the person renounced it (decision 0044). The
// privacy page names the configured privacy officer. Axe on each.
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { CheckoutResponse } from '@shared/schemas/checkout';
import { callApi } from './api';
import { paySandboxByApi } from './checkout-helpers';
import { expectNoAxeViolations, pageErrors, useBrowser, usePage } from './browser';
import { waitForMail } from './mailbox';
import { createAccount, signInButton, signInByApi } from './session';
import { visit } from './site';

useBrowser();

describe('Loi 25 at phone width', () => {
  let page: Page;
  usePage('phone', (p) => (page = p));

  it('the privacy page names the privacy officer, the retention periods and the Commission', async () => {
    await visit(page, '/privacy-policy');
    await page.getByRole('heading', { level: 1, name: 'Politique de confidentialité' }).waitFor();
    // The e2e server runs with the defaults of src/server/env.ts.
    await expect.poll(() => page.getByRole('link', { name: 'vie-privee@toque.local' }).count()).toBeGreaterThan(0);
    await page.getByText('Geneviève Tremblay').first().waitFor();
    await page.getByText(/6 ans après la fin de l'exercice financier/).waitFor();
    await page.getByRole('link', { name: "Commission d'accès à l'information du Québec" }).waitFor();
    await expectNoAxeViolations(page, 'politique de confidentialité');
  });

  it('downloads the data, then deletes the account: signed out, the old password refused', async () => {
    const account = await createAccount('vie-privee', 'Rosalie Bergeron');
    await signInByApi(page, account);
    await visit(page, '/account');
    await page.getByRole('heading', { level: 2, name: 'Vos données' }).waitFor();
    await expectNoAxeViolations(page, 'Mon Compte avec Vos données et la zone de danger');

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Télécharger mes données' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^toque-mes-donnees-\d{4}-\d{2}-\d{2}\.json$/);
    const data = JSON.parse(await readFile((await download.path())!, 'utf8')) as { account: { email: string; name: string }; signInMethods: { provider: string }[] };
    expect(data.account).toMatchObject({ email: account.email, name: 'Rosalie Bergeron' });
    expect(data.signInMethods).toEqual([expect.objectContaining({ provider: 'credential' })]);

    await page.getByRole('button', { name: 'Supprimer mon compte' }).click();
    const dialog = page.getByRole('dialog', { name: 'Supprimer votre compte ?' });
    await dialog.waitFor();
    const confirm = dialog.getByRole('button', { name: 'Supprimer définitivement' });
    expect(await confirm.isDisabled()).toBe(true);
    await dialog.getByLabel('Écrivez SUPPRIMER pour confirmer').fill('SUPPRIMER');
    await dialog.getByLabel('Mot de passe actuel').fill('pas-le-bon');
    await confirm.click();
    await dialog.getByText('Le mot de passe actuel est incorrect.').first().waitFor();
    await expectNoAxeViolations(page, 'dialogue de suppression avec son erreur');

    await dialog.getByLabel('Mot de passe actuel').fill(account.password);
    await confirm.click();
    await page.waitForURL((url) => url.pathname === '/');
    await signInButton(page).waitFor();
    expect((await callApi(page, 'GET', '/me')).json).toEqual({ user: null });
    const again = await callApi(page, 'POST', '/auth/sign-in/email', { email: account.email, password: account.password });
    expect(again.status).toBe(401);
    expect(pageErrors(page)).toEqual([]);
  });

  it('with « Crédit Toque » left, the dialog says how much and deletes only once the person renounces it', async () => {
    const account = await createAccount('vie-privee-credit', 'Hélène Crédit');
    await signInByApi(page, account);
    // 25,00 $ of credit: a gift card bought for oneself, added to the credit (through the API).
    const bought = await callApi<CheckoutResponse>(page, 'POST', '/gift-cards/checkout', {
      amountCents: 2500,
      recipientName: 'Hélène Crédit',
      recipientEmail: account.email,
      delivery: 'now',
      idempotencyKey: randomUUID(),
    });
    expect(bought.status).toBe(201);
    await paySandboxByApi(page, bought.json.payment!);
    const mail = await waitForMail(account.email, { subject: /vous offre une carte-cadeau Toque$/, timeout: 30_000 });
    const code = /Code : ([2-9A-Z]{4}-[2-9A-Z]{4}-[2-9A-Z]{4}-[2-9A-Z]{4})/.exec(mail.text)?.[1];
    expect((await callApi(page, 'POST', '/gift-cards/redeem', { code })).status).toBe(200);

    await visit(page, '/account');
    await page.getByRole('button', { name: 'Supprimer mon compte' }).click();
    const dialog = page.getByRole('dialog', { name: 'Supprimer votre compte ?' });
    await dialog.getByText('Il vous reste 25,00 $ de crédit Toque.', { exact: false }).waitFor();
    await dialog.getByLabel('Écrivez SUPPRIMER pour confirmer').fill('SUPPRIMER');
    await dialog.getByLabel('Mot de passe actuel').fill(account.password);
    const confirm = dialog.getByRole('button', { name: 'Supprimer définitivement' });
    // Not without renouncing the credit, explicitly.
    expect(await confirm.isDisabled()).toBe(true);
    await expectNoAxeViolations(page, 'dialogue de suppression avec un crédit Toque');
    await dialog.getByLabel('Je renonce à mon crédit de 25,00 $').check();
    await confirm.click();
    await page.waitForURL((url) => url.pathname === '/');
    await signInButton(page).waitFor();
    expect((await callApi(page, 'GET', '/me')).json).toEqual({ user: null });
    expect(pageErrors(page)).toEqual([]);
  });
});
