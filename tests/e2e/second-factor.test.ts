// An admin's first visit to the admin area, at phone width, as the demo admin's would be (global-
// setup enrols that one on the shared server, so this admin is a prepared server's): the enrolment
// screen with its QR code, the app's first code (computed here from the secret shown), the recovery
// codes kept, the page asked for; then a new sign-in asks for a code, and a recovery code opens it.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeAt, stepAt } from '../../src/server/modules/second-factor/totp';
import { testNow } from '../setup/test-clock';
import { expectNoAxeViolations, newPage, pageErrors, useBrowser } from './browser';
import { createPerson, startPreparedServer, type PreparedServer } from './prepared-server';
import { fillSignIn, openDialogFromHeader, signOutFromMenu, type Account } from './session';
import { visitUrl } from './site';

useBrowser();

let server: PreparedServer<{ admin: Account }>;
let base = '';
let page: Page;

beforeAll(async () => {
  server = await startPreparedServer(async (db) => ({ admin: await createPerson(db, 'Geneviève Tremblay', 'admin') }));
  base = server.baseURL;
  page = await newPage('phone');
});

afterAll(async () => {
  await page?.context().close();
  await server?.stop();
});

const go = (p: string) => visitUrl(page, `${base}${p}`);
const heading = (name: string) => page.getByRole('heading', { level: 1, name });

async function signIn() {
  await go('/');
  await fillSignIn(await openDialogFromHeader(page), server.prepared.admin.email, server.prepared.admin.password);
  await page.getByRole('button', { name: /^Menu du compte de / }).waitFor();
}

describe("an admin's second factor, at phone width", () => {
  let recoveryCodes: string[] = [];

  it('enrols at the first visit: QR code, secret to type, first code, recovery codes kept, then the page asked for', async () => {
    await signIn();
    await go('/admin/ventes');
    await heading('Activez la double authentification').waitFor();
    await expectNoAxeViolations(page, 'second factor: before enrolment');
    await page.getByRole('button', { name: 'Configurer mon application' }).click();
    const qr = page.getByRole('img', { name: /Code QR/ });
    await qr.waitFor();
    expect(await qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(await qr.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    const secret = ((await page.getByLabel(/^Clé secrète/).textContent()) ?? '').replace(/\s/g, '');
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const field = page.getByLabel('Code à 6 chiffres');
    expect(await field.getAttribute('inputmode')).toBe('numeric');
    expect(await field.getAttribute('autocomplete')).toBe('one-time-code');
    await expectNoAxeViolations(page, 'second factor: enrolment');

    // A wrong code: the French message, the field cleared for another try.
    await field.fill('000000');
    await page.getByRole('button', { name: 'Activer' }).click();
    await page.getByRole('alert').filter({ hasText: 'Code invalide' }).waitFor();

    await field.fill(codeAt(secret, stepAt(testNow())));
    await page.getByRole('button', { name: 'Activer' }).click();
    await heading('Conservez vos codes de récupération').waitFor();
    recoveryCodes = (await page.getByRole('list', { name: 'Codes de récupération' }).getByRole('listitem').allTextContents()).map((c) => c.trim());
    expect(recoveryCodes).toHaveLength(10);
    const proceed = page.getByRole('button', { name: "Continuer vers l'administration" });
    expect(await proceed.isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'Copier' }).waitFor();
    await page.getByRole('button', { name: 'Télécharger' }).waitFor();
    await expectNoAxeViolations(page, 'second factor: recovery codes');
    await page.getByLabel("J'ai conservé mes codes de récupération").check();
    await proceed.click();
    // The page asked for, at its address.
    await heading('Tableau de Bord Admin').waitFor();
    expect(new URL(page.url()).pathname).toBe('/admin/ventes');
    expect(pageErrors(page)).toEqual([]);
  });

  it('a new sign-in shows the verification screen; a recovery code opens the admin area, once', async () => {
    await signOutFromMenu(page);
    await signIn();
    await go('/admin');
    await heading("Confirmez que c'est bien vous").waitFor();
    await expectNoAxeViolations(page, 'second factor: verification');
    await page.getByRole('button', { name: 'Utiliser un code de récupération' }).click();
    await page.getByLabel('Code de récupération').fill(recoveryCodes[0]!);
    await page.getByRole('button', { name: 'Vérifier' }).click();
    await heading('Tableau de Bord Admin').waitFor();

    // The same code another time: refused in French.
    await signOutFromMenu(page);
    await signIn();
    await go('/admin');
    await page.getByRole('button', { name: 'Utiliser un code de récupération' }).click();
    await page.getByLabel('Code de récupération').fill(recoveryCodes[0]!);
    await page.getByRole('button', { name: 'Vérifier' }).click();
    await page.getByRole('alert').filter({ hasText: 'Code invalide' }).waitFor();
    await expectNoAxeViolations(page, 'second factor: verification refused');
    expect(pageErrors(page)).toEqual([]);
  });
});
