// « Régime et allergies » (issue 28 point 5) for a visitor, on the seeded library and catalogue: the
// filter lists what the shared rule says, is kept in the address, and a recipe's page says what it
// contains. Phone width (the select gets a row of its own); desktop once.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations, pageErrors, useBrowser, usePage, viewports } from './browser';
import { open, pathOf } from './site';

useBrowser();

for (const viewport of viewports) {
  describe(`the diet filter at ${viewport} width`, () => {
    let page: Page;
    usePage(viewport, (p) => (page = p));
    const cardTitles = () => page.locator('main li h2').allTextContents();

    it('« Végétalien » in the library lists the vegan recipes, kept in the address; « Sans gluten » leaves out what holds gluten', async () => {
      await open(page, '/recettes');
      await page.getByLabel('Régime et allergies').selectOption({ label: 'Végétalien' });
      await expect.poll(() => new URL(page.url()).searchParams.get('diet')).toBe('vegan');
      await expect.poll(async () => (await cardTitles()).sort()).toEqual(['Cidre chaud épicé', 'Limonade pétillante aux bleuets', 'Ratatouille provençale au four']);
      await page.getByText('3 recettes trouvées', { exact: true }).waitFor();
      await expectNoAxeViolations(page, 'the library filtered by diet');

      // The address alone brings it back (a reload, a shared link).
      await open(page, '/recettes?diet=vegan');
      await expect.poll(() => page.getByLabel('Régime et allergies').inputValue()).toBe('vegan');
      await expect.poll(async () => (await cardTitles()).sort()).toEqual(['Cidre chaud épicé', 'Limonade pétillante aux bleuets', 'Ratatouille provençale au four']);

      await page.getByLabel('Régime et allergies').selectOption({ label: 'Sans gluten' });
      await expect.poll(() => new URL(page.url()).searchParams.get('diet')).toBe('gluten_free');
      await expect.poll(async () => (await cardTitles()).includes("Soupe aux pois à l'ancienne")).toBe(true);
      expect(await cardTitles()).not.toContain('Tourtière traditionnelle');
      expect(pageErrors(page)).toEqual([]);
    });

    it("a recipe's page: the diet badge and what it contains", async () => {
      // Still on the « Sans gluten » list, which holds it.
      await page.getByRole('link', { name: 'Ratatouille provençale au four' }).first().click();
      await page.getByRole('heading', { level: 1, name: 'Ratatouille provençale au four' }).waitFor();
      expect(pathOf(page)).toMatch(/^\/recettes\/[0-9a-f-]{36}$/);
      await page.locator('header').getByText('Végétalien', { exact: true }).first().waitFor();
      await page.getByText('Aucun des allergènes courants (gluten, lactose, noix, arachides, fruits de mer, œufs)', { exact: true }).waitFor();
    });

    it('the catalogue has the same filter among its own; a course page lists its allergens', async () => {
      await open(page, '/cours');
      await page.getByLabel('Régime et allergies').selectOption({ label: 'Végétalien' });
      await expect.poll(() => new URL(page.url()).searchParams.get('diet')).toBe('vegan');
      await expect
        .poll(async () => (await page.locator('main li h2, main li h3').allTextContents()).sort())
        .toEqual(['Pain au levain de A à Z', 'Premiers pas : bien tenir son couteau']);
      await page.getByRole('link', { name: 'Pain au levain de A à Z' }).first().click();
      await page.getByRole('heading', { level: 1, name: 'Pain au levain de A à Z' }).waitFor();
      await page.getByText('Végétarien, Végétalien', { exact: true }).waitFor();
      await page.getByText('Gluten', { exact: true }).waitFor();
      expect(pageErrors(page)).toEqual([]);
    });
  });
}
