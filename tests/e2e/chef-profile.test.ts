// /mon-profil-chef in the system Chromium against the production build: the admin sees their own
// chef page as visitors do (portrait, specialty, name, bio, their courses) with 'Modifier le
// profil', which leads to the 'Profil de chef' card of Mon Compte; a new specialty saved there shows
// on /mon-profil-chef and on the public page at once (it is put back after). A learner is sent home.
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import type { ChefProfileResponse } from '@shared/schemas/account';
import type { ChefResponse } from '@shared/schemas/public';
import { callApi, getJson } from './api';
import { expectNoAxeViolations, pageErrors, runsEveryJourney, useBrowser, usePage, viewports } from './browser';
import { createAccount, DEMO, signInByApi } from './session';
import { expectToast, open, pathOf, visit } from './site';

useBrowser();

const NEW_SPECIALTY = 'Cuisine boréale et produits du terroir';

describe.each(viewports)('the admin at %s width', (viewport) => {
  let page: Page;
  let chef: ChefResponse;
  let original: ChefProfileResponse['chefProfile'] | undefined;
  usePage(viewport, (p) => (page = p));

  afterAll(async () => {
    // The demo's specialty back as it was.
    if (original) await callApi(page, 'PATCH', '/account/chef-profile', { specialty: original.specialty });
  });

  it("shows the admin's chef page: specialty, name, bio, their courses, and 'Modifier le profil'", async () => {
    await visit(page, '/');
    await signInByApi(page, DEMO.admin);
    const me = await callApi<{ user: { id: string } }>(page, 'GET', '/me');
    chef = await getJson<ChefResponse>(`/api/chefs/${me.json.user.id}`);
    await open(page, '/mon-profil-chef');
    expect(await page.locator('h1').textContent()).toBe(chef.chef.fullName);
    expect(await page.title()).toBe('Mon profil de chef | Toque');
    const header = page.locator('section[aria-labelledby="chef-name"]');
    expect(await header.textContent()).toContain(chef.chef.specialty!);
    await page.getByRole('heading', { level: 2, name: 'Mes cours' }).waitFor();
    // The seed's chef teaches: their published courses as cards, each to its page.
    expect(chef.courses.length).toBeGreaterThan(0);
    const courses = page.locator('section[aria-labelledby="chef-courses"] ul > li');
    await expect.poll(() => courses.count()).toBe(chef.courses.length);
    expect(await page.getByRole('link', { name: 'Créer un cours' }).count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Voir ma page publique' }).getAttribute('href')).toBe(`/chefs/${chef.chef.id}`);
    await expectNoAxeViolations(page, `/mon-profil-chef (${viewport})`);
  });

  it.runIf(runsEveryJourney(viewport))(
    "'Modifier le profil' leads to Mon Compte's 'Profil de chef'; a new specialty shows on both chef pages",
    async () => {
      await page.getByRole('link', { name: 'Modifier le profil' }).click();
      await page.waitForURL((url) => url.pathname === '/account' && url.hash === '#profil-chef');
      const card = page.getByRole('region', { name: 'Profil de chef' });
      const specialty = card.getByLabel('Spécialité');
      await expect.poll(() => specialty.inputValue()).toBe(chef.chef.specialty);
      original = (await callApi<ChefProfileResponse>(page, 'GET', '/account/chef-profile')).json.chefProfile;
      expect(await card.getByLabel('Biographie').inputValue()).toBe(chef.chef.bio);
      await expectNoAxeViolations(page, `/account with the chef card (${viewport})`);

      await specialty.fill(NEW_SPECIALTY);
      await card.getByRole('button', { name: 'Enregistrer le profil de chef' }).click();
      await expectToast(page, 'Profil mis à jour !', 'Votre profil de chef a été sauvegardé avec succès.');

      await card.getByRole('link', { name: 'Voir mon profil de chef' }).click();
      await page.waitForURL((url) => url.pathname === '/mon-profil-chef');
      await page.locator('section[aria-labelledby="chef-name"]').getByText(NEW_SPECIALTY).waitFor();
      await open(page, `/chefs/${chef.chef.id}`);
      await page.locator('section[aria-labelledby="chef-name"]').getByText(NEW_SPECIALTY).waitFor();
      expect(pageErrors(page)).toEqual([]);
    },
  );
});

describe('a learner', () => {
  let page: Page;
  usePage('phone', (p) => (page = p));

  it('who opens /mon-profil-chef is sent home; the chef card is not on their Mon Compte; the API refuses them', async () => {
    await visit(page, '/');
    const learner = await createAccount('profil-chef', 'Rosalie Pelletier');
    await signInByApi(page, learner);
    await visit(page, '/mon-profil-chef');
    await page.waitForURL((url) => url.pathname === '/');
    expect(pathOf(page)).toBe('/');
    await open(page, '/account');
    await page.getByRole('heading', { name: 'Informations personnelles' }).waitFor();
    expect(await page.getByRole('heading', { name: 'Profil de chef' }).count()).toBe(0);
    expect((await callApi(page, 'PATCH', '/account/chef-profile', { specialty: 'Imposteur' })).status).toBe(403);
  });
});
