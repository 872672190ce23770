// Mon Compte in the system Chromium against the production build (the page and its field error
// checked with axe at phone and desktop widths, the journeys at the phone's):
// a freshly signed-up person edits the profile (kept after a reload, the header follows), is told
// in French what is wrong (short name, refused pictures, password rules), uploads a real picture
// that becomes the header's avatar, and changes the password, then signs in with the new one.
// Demo accounts are never changed: each width signs up its own person.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_MESSAGES } from '@shared/errors';
import { callApi } from './api';
import { expectNoAxeViolations, pageErrors, runsEveryJourney, useBrowser, usePage, viewports } from './browser';
import { type Account, createAccount, signInByApi, signInFromHeader, signOutFromMenu } from './session';
import { baseURL, dismissToasts, expectToast, visit } from './site';

let files: string;

/** A GIF of a few dozen bytes whose header declares width × height pixels (a decompression bomb). */
function gifDeclaring(width: number, height: number): Buffer {
  const lo = (n: number) => n & 0xff;
  const hi = (n: number) => (n >> 8) & 0xff;
  return Buffer.from([
    ...Buffer.from('GIF89a'),
    lo(width), hi(width), lo(height), hi(height), 0x80, 0, 0,
    0, 0, 0, 255, 255, 255,
    0x2c, 0, 0, 0, 0, lo(width), hi(width), lo(height), hi(height), 0,
    2, 2, 0x4c, 0x01, 0,
    0x3b,
  ]);
}

const picture = (name: string) => path.join(files, name);

useBrowser();

beforeAll(async () => {
  files = await mkdtemp(path.join(os.tmpdir(), 'toque-avatar-'));
  const photo = await sharp({ create: { width: 400, height: 300, channels: 3, background: { r: 40, g: 120, b: 200 } } })
    .png()
    .toBuffer();
  await writeFile(picture('photo.png'), photo);
  // 3 Mo that start like a PNG: the browser must refuse it by its size, before sending anything.
  const big = Buffer.alloc(3 * 1024 * 1024, 7);
  photo.copy(big, 0, 0, 64);
  await writeFile(picture('grande-photo.png'), big);
  await writeFile(picture('pas-une-image.png'), 'Ceci est un fichier texte, pas une image.\n'.repeat(20));
  await writeFile(picture('bombe.gif'), gifDeclaring(30_000, 30_000));
});

afterAll(async () => {
  if (files) await rm(files, { recursive: true, force: true });
});

async function openAccount(page: Page) {
  await visit(page, '/account');
  await page.getByRole('heading', { level: 1, name: 'Mon Compte' }).waitFor();
  await page.getByLabel('Nom complet').waitFor();
}

async function choosePicture(page: Page, file: string) {
  const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.getByRole('button', { name: 'Changer de photo' }).click()]);
  await chooser.setFiles(picture(file));
}

/** The avatar button of the header (the avatar menu's trigger). */
const headerAvatar = (page: Page) => page.getByRole('banner').getByRole('button', { name: /compte/i });

for (const viewport of viewports) {
  describe(`Mon Compte at ${viewport} width`, () => {
    let page: Page;
    let person: Account;
    usePage(viewport, (opened) => (page = opened));

    beforeAll(async () => {
      await visit(page, '/faq');
      person = await createAccount(`compte-${viewport}`, 'Juliette Tremblay', 'Tarte-au-sucre-2026');
      await signInByApi(page, person);
    });

    it('shows the profile: name, read-only e-mail, empty phone and address, the province list', async () => {
      await openAccount(page);
      expect(await page.getByLabel('Nom complet').inputValue()).toBe(person.name);
      const email = page.getByLabel('Adresse courriel');
      expect(await email.inputValue()).toBe(person.email);
      expect(await email.getAttribute('readonly')).not.toBeNull();
      expect(await page.getByLabel('Téléphone').inputValue()).toBe('');
      expect(await page.getByLabel('Téléphone').getAttribute('placeholder')).toBe('514 555-0123');
      expect(await page.getByLabel('Adresse', { exact: true }).inputValue()).toBe('');
      expect(await page.getByLabel('Province').locator('option').allTextContents()).toContain('Québec');
      await expect.poll(() => page.locator('main').textContent()).toContain('JPG, PNG, GIF ou WebP. Max 2 Mo.');
      await expectNoAxeViolations(page, `/account (${viewport})`);
    });

    it('a name under 2 characters is explained under the field and nothing is sent', async () => {
      await openAccount(page);
      let patches = 0;
      const count = (r: { method(): string; url(): string }) => {
        if (r.method() === 'PATCH' && r.url().endsWith('/api/account/profile')) patches += 1;
      };
      page.on('request', count);
      await page.getByLabel('Nom complet').fill('A');
      await page.getByRole('button', { name: 'Sauvegarder' }).click();
      const name = page.getByLabel('Nom complet');
      await expect.poll(() => name.getAttribute('aria-invalid')).toBe('true');
      const describedBy = (await name.getAttribute('aria-describedby'))!.split(' ')[0]!;
      expect(await page.locator(`[id="${describedBy}"]`).textContent()).toBe('Le nom complet doit contenir au moins 2 caractères.');
      await expectNoAxeViolations(page, `/account with a field error (${viewport})`);
      page.off('request', count);
      expect(patches).toBe(0);
    });

    // The rest is the same form and header at any width: run at the phone's (runsEveryJourney).
    if (runsEveryJourney(viewport)) {
      it('saves name, phone, address and province; they are there after a reload and the header says the new name', async () => {
        await openAccount(page);
        person.name = `Marie-Ève Gagnon ${viewport}`;
        await page.getByLabel('Nom complet').fill(person.name);
        await page.getByLabel('Téléphone').fill('514 555-0199');
        await page.getByLabel('Adresse', { exact: true }).fill('4321, rue Saint-Denis, Montréal');
        await page.getByLabel('Province').selectOption({ label: 'Ontario' });
        await page.getByRole('button', { name: 'Sauvegarder' }).click();
        await expectToast(page, 'Profil mis à jour !', 'Vos informations ont été sauvegardées avec succès.');
        await expect.poll(() => headerAvatar(page).getAttribute('aria-label')).toContain(person.name);
        await dismissToasts(page);

        await openAccount(page);
        expect(await page.getByLabel('Nom complet').inputValue()).toBe(person.name);
        expect(await page.getByLabel('Téléphone').inputValue()).toBe('514 555-0199');
        expect(await page.getByLabel('Adresse', { exact: true }).inputValue()).toBe('4321, rue Saint-Denis, Montréal');
        expect(await page.getByLabel('Province').inputValue()).toBe('ON');

        // Emptied optional fields are saved as empty.
        await page.getByLabel('Téléphone').fill('');
        await page.getByRole('button', { name: 'Sauvegarder' }).click();
        await expectToast(page, 'Profil mis à jour !');
        await dismissToasts(page);
        await openAccount(page);
        expect(await page.getByLabel('Téléphone').inputValue()).toBe('');
        expect(await page.getByLabel('Province').inputValue()).toBe('ON');
      });

      it('a real PNG becomes the avatar, in the card and in the header', async () => {
        await openAccount(page);
        expect(await headerAvatar(page).locator('img').count()).toBe(0);
        const uploaded = page.waitForResponse((r) => r.url().endsWith('/api/account/avatar') && r.request().method() === 'POST');
        await choosePicture(page, 'photo.png');
        expect((await uploaded).status()).toBe(200);
        await expectToast(page, 'Avatar mis à jour !');
        const cardImage = page.getByRole('img', { name: `Photo de profil de ${person.name}` });
        await cardImage.waitFor();
        const src = await cardImage.getAttribute('src');
        expect(src).toMatch(/^\/media\/avatars\/.+\.webp$/);
        await expect.poll(() => headerAvatar(page).locator('img').getAttribute('src')).toBe(src);
        // The stored picture is a real image the browser can draw.
        expect(await cardImage.evaluate((img: HTMLImageElement) => img.decode().then(() => img.naturalWidth))).toBeGreaterThan(0);
        await dismissToasts(page);
      });

      it('a 3 Mo file, a text file named .png and a GIF bomb are each refused with a French message', async () => {
        await openAccount(page);
        const before = await page.getByRole('img', { name: `Photo de profil de ${person.name}` }).getAttribute('src');
        const sent: string[] = [];
        const count = (r: { method(): string; url(): string }) => {
          if (r.method() === 'POST' && r.url().endsWith('/api/account/avatar')) sent.push(r.url());
        };
        page.on('request', count);

        await choosePicture(page, 'grande-photo.png');
        await expectToast(page, "Échec de l'envoi", ERROR_MESSAGES.FILE_TOO_LARGE);
        await expect.poll(() => page.locator('main').textContent()).toContain(ERROR_MESSAGES.FILE_TOO_LARGE);
        expect(sent, 'the browser refuses it before sending').toEqual([]);
        await dismissToasts(page);

        for (const [file, message, status] of [
          ['pas-une-image.png', ERROR_MESSAGES.UNSUPPORTED_IMAGE_TYPE, 415],
          ['bombe.gif', ERROR_MESSAGES.IMAGE_TOO_MANY_PIXELS, 422],
        ] as const) {
          const answered = page.waitForResponse((r) => r.url().endsWith('/api/account/avatar'));
          await choosePicture(page, file);
          expect((await answered).status(), file).toBe(status);
          await expectToast(page, "Échec de l'envoi", message);
          await expect.poll(() => page.locator('main').textContent(), { message: file }).toContain(message);
          await dismissToasts(page);
        }
        page.off('request', count);
        expect(sent).toHaveLength(2);
        // Nothing changed.
        expect(await page.getByRole('img', { name: `Photo de profil de ${person.name}` }).getAttribute('src')).toBe(before);
      });

      it('the password card explains its rules, refuses a wrong current password, then changes it', async () => {
        await openAccount(page);
        const current = page.getByLabel('Mot de passe actuel');
        const next = page.getByLabel('Nouveau mot de passe', { exact: true });
        const confirm = page.getByLabel('Confirmer le nouveau mot de passe');
        const submit = page.getByRole('button', { name: 'Mettre à jour le mot de passe' });
        const errorOf = async (field: typeof next) => {
          const id = (await field.getAttribute('aria-describedby'))?.split(' ')[0];
          return id ? page.locator(`[id="${id}"]`).textContent() : null;
        };

        await current.fill(person.password);
        await next.fill('court');
        await confirm.fill('court');
        await submit.click();
        await expect.poll(() => errorOf(next)).toBe('Le mot de passe doit contenir au moins 8 caractères.');

        const newPassword = 'Pouding-chomeur-2026';
        await next.fill(newPassword);
        await confirm.fill('Pouding-chomeur-2025');
        await submit.click();
        await expect.poll(() => errorOf(confirm)).toBe('Les mots de passe ne correspondent pas.');

        await current.fill('Pas-le-bon-2026');
        await confirm.fill(newPassword);
        await submit.click();
        await expectToast(page, 'Échec de la mise à jour', ERROR_MESSAGES.INVALID_CURRENT_PASSWORD);
        await expect.poll(() => errorOf(current)).toBe(ERROR_MESSAGES.INVALID_CURRENT_PASSWORD);
        await dismissToasts(page);

        await current.fill(person.password);
        await submit.click();
        await expectToast(page, 'Mot de passe mis à jour !', 'Votre mot de passe a été changé avec succès.');
        // The form is cleared.
        for (const field of [current, next, confirm]) expect(await field.inputValue()).toBe('');

        // Still signed in here (the server renewed this session). Signed out, the old password no longer
        // opens the account; the new one does, through the sign-in dialog.
        await openAccount(page);
        await signOutFromMenu(page);
        expect((await callApi(page, 'POST', '/auth/sign-in/email', { email: person.email, password: person.password })).status).toBe(401);

        await signInFromHeader(page, person.email, newPassword);
        person.password = newPassword;
        await openAccount(page);
        expect(await page.getByLabel('Nom complet').inputValue()).toBe(person.name);
        expect(pageErrors(page)).toEqual([]);
      });

      it('a profile that cannot load says so, with the catalogue toast', async () => {
        await page.route('**/api/account/profile', (route) =>
          route.fulfill({
            status: 503,
            contentType: 'application/json',
            body: JSON.stringify({ error: { code: 'SERVICE_UNAVAILABLE', message: ERROR_MESSAGES.SERVICE_UNAVAILABLE } }),
          }),
        );
        try {
          await page.goto(`${baseURL}/account`);
          // The query retries a server error twice before giving up.
          await page.getByText('Impossible de charger les informations du profil.').waitFor({ timeout: 15_000 });
          await expectToast(page, 'Erreur', 'Impossible de charger le profil.');
          expect(await page.getByLabel('Nom complet').count()).toBe(0);
        } finally {
          await page.unroute('**/api/account/profile');
        }
        await dismissToasts(page);
      });
    }
  });
}
