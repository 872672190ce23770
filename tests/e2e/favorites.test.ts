// Favourites in the system Chromium against the production build (the library and /favoris at phone
// and desktop widths, with axe; the heart's other journeys at the phone's):
// a visitor's heart asks to sign in (and the recipe page shows none); signed in through that
// dialog, the person hearts a
// recipe in the library, finds it on /favoris and on the recipe page, removes it there down to the
// empty state; a double-click and a burst of clicks end where the server is; a failed request puts
// the heart back with the French toast.
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { FavoriteIdsResponse } from '@shared/schemas/account';
import type { RecipeListResponse, RecipeSummary } from '@shared/schemas/public';
import { callApi, getJson } from './api';
import { expectNoAxeViolations, pageErrors, runsEveryJourney, useBrowser, usePage, viewports } from './browser';
import { authDialog, createAccount, fillSignIn } from './session';
import { baseURL, expectToast, open } from './site';

let freeRecipes: RecipeSummary[];

useBrowser();

beforeAll(async () => {
  freeRecipes = (await getJson<RecipeListResponse>('/api/recipes')).recipes.filter((r) => !r.isPremium);
  if (freeRecipes.length < 4) throw new Error('The seed should hold at least 4 free recipes');
});

async function serverFavorites(page: Page): Promise<string[]> {
  const { status, json } = await callApi<FavoriteIdsResponse>(page, 'GET', '/favorites');
  expect(status).toBe(200);
  return json.recipeIds;
}

const heart = (page: Page, recipe: RecipeSummary) => page.getByRole('button', { name: `Ajouter « ${recipe.name} » aux favoris` });

/** Waits until no favourite request is on its way (the heart's state is then final). */
async function settled(page: Page) {
  await page.waitForLoadState('networkidle');
  await expect.poll(() => page.locator('button[aria-busy="true"]').count()).toBe(0);
}

for (const viewport of viewports) {
  describe(`favourites at ${viewport} width`, () => {
    let page: Page;
    usePage(viewport, (opened) => (page = opened));

    it("a visitor's heart asks to sign in (the recipe page shows a visitor none); signed in there, the recipe is favourited", async () => {
      const recipe = freeRecipes[0]!;
      await open(page, `/recettes/${recipe.id}`);
      expect(await page.getByRole('button', { name: /aux favoris/ }).count()).toBe(0);

      await open(page, '/recettes');
      await heart(page, recipe).click();
      await expectToast(page, 'Connexion requise');
      const dialog = authDialog(page);
      await dialog.waitFor();
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
      // A visitor's heart is a plain button, not a toggle with a state.
      expect(await heart(page, recipe).getAttribute('aria-pressed')).toBeNull();

      // Asked again, the person (a fresh account) signs in through the dialog and stays on the library.
      const { email, password } = await createAccount(`favoris-${viewport}`, 'Léa Bouchard', 'Creton-maison-2026');
      await heart(page, recipe).click();
      await dialog.waitFor();
      await fillSignIn(dialog, email, password);
      await dialog.waitFor({ state: 'detached' });
      expect(new URL(page.url()).pathname).toBe('/recettes');
      // What the visitor pressed is done once signed in (and only that: closing the dialog dropped the first press).
      await expect.poll(() => heart(page, recipe).getAttribute('aria-pressed')).toBe('true');
      // The heart flips at once; the server has it once its request is answered (later on a loaded machine).
      await expect.poll(() => serverFavorites(page), { timeout: 15_000 }).toEqual([recipe.id]);
      await settled(page);
      // A toggle from then on: pressed again, it goes.
      await heart(page, recipe).click();
      await expect.poll(() => heart(page, recipe).getAttribute('aria-pressed')).toBe('false');
      await expect.poll(() => serverFavorites(page), { timeout: 15_000 }).toEqual([]);
      await settled(page);
    });

    it('hearted in the library, the recipe is on /favoris and its page; removed there, the empty state shows', async () => {
      const recipe = freeRecipes[1]!;

      await open(page, '/favoris');
      await page.getByText('Aucune recette favorite pour le moment').waitFor();
      expect(await page.locator('main').textContent()).toContain('Explorez nos recettes et cliquez sur le cœur pour les ajouter ici.');
      await expectNoAxeViolations(page, `/favoris empty (${viewport})`);

      await open(page, '/recettes');
      expect(await heart(page, recipe).getAttribute('aria-pressed')).toBe('false');
      const saved = page.waitForResponse((r) => r.url().endsWith(`/api/favorites/${recipe.id}`) && r.request().method() === 'PUT');
      await heart(page, recipe).click();
      // Flipped at once, not after the server's answer (the flip waits only for a list read under way to be cancelled).
      await expect.poll(() => heart(page, recipe).getAttribute('aria-pressed'), { timeout: 1_000 }).toBe('true');
      expect((await saved).status()).toBe(200);
      expect(await serverFavorites(page)).toEqual([recipe.id]);

      // Kept after a reload, and shown on the recipe's own page.
      await open(page, '/recettes');
      expect(await heart(page, recipe).getAttribute('aria-pressed')).toBe('true');
      await open(page, `/recettes/${recipe.id}`);
      await expect.poll(() => heart(page, recipe).getAttribute('aria-pressed')).toBe('true');

      await open(page, '/favoris');
      const card = page.getByRole('heading', { level: 2, name: recipe.name });
      await card.waitFor();
      expect(await heart(page, recipe).getAttribute('aria-pressed')).toBe('true');
      await expectNoAxeViolations(page, `/favoris with a recipe (${viewport})`);

      const removed = page.waitForResponse((r) => r.url().endsWith(`/api/favorites/${recipe.id}`) && r.request().method() === 'DELETE');
      await heart(page, recipe).click();
      await card.waitFor({ state: 'detached' });
      expect((await removed).status()).toBe(200);
      await page.getByText('Aucune recette favorite pour le moment').waitFor();
      expect(await serverFavorites(page)).toEqual([]);

      await page.getByRole('link', { name: 'Découvrir les recettes' }).click();
      await page.waitForURL(`${baseURL}/recettes`);
      expect(pageErrors(page)).toEqual([]);
    });

    // The same heart at any width: its other journeys at the phone's (runsEveryJourney).
    if (runsEveryJourney(viewport)) {
      it('a heart on the recipe page adds and removes the favourite', async () => {
        const recipe = freeRecipes[2]!;
        await open(page, `/recettes/${recipe.id}`);
        await expect.poll(() => heart(page, recipe).getAttribute('aria-pressed')).toBe('false');
        // Each click's request answered before the server is read (a loaded machine answers later).
        await heart(page, recipe).click();
        await expect.poll(() => serverFavorites(page), { timeout: 15_000 }).toContain(recipe.id);
        await settled(page);
        await heart(page, recipe).click();
        await expect.poll(() => serverFavorites(page), { timeout: 15_000 }).not.toContain(recipe.id);
        await settled(page);
        expect(await heart(page, recipe).getAttribute('aria-pressed')).toBe('false');
      });

      it('a double-click and a burst of clicks end with the heart where the server is', async () => {
        const recipe = freeRecipes[3]!;
        await open(page, '/recettes');
        let requests = 0;
        const count = (r: { url(): string }) => {
          if (r.url().endsWith(`/api/favorites/${recipe.id}`)) requests += 1;
        };
        page.on('request', count);

        await heart(page, recipe).dblclick();
        await settled(page);
        const afterDouble = (await serverFavorites(page)).includes(recipe.id);
        expect(await heart(page, recipe).getAttribute('aria-pressed')).toBe(String(afterDouble));
        expect(requests).toBeGreaterThanOrEqual(1);
        expect(requests).toBeLessThanOrEqual(2);

        requests = 0;
        await heart(page, recipe).click({ clickCount: 5, delay: 5 });
        await settled(page);
        const afterBurst = (await serverFavorites(page)).includes(recipe.id);
        expect(await heart(page, recipe).getAttribute('aria-pressed')).toBe(String(afterBurst));
        expect(requests).toBeLessThanOrEqual(5);
        page.off('request', count);

        // And a reload agrees.
        await open(page, '/recettes');
        expect(await heart(page, recipe).getAttribute('aria-pressed')).toBe(String(afterBurst));
      });

      it('when the request fails, the heart goes back and the French toast says so', async () => {
        const recipe = freeRecipes[0]!;
        await open(page, '/recettes');
        const before = await serverFavorites(page);
        expect(before).not.toContain(recipe.id);
        await page.route(`**/api/favorites/${recipe.id}`, (route) => route.abort('connectionrefused'));
        try {
          await heart(page, recipe).click();
          await expectToast(page, 'Erreur', "Impossible d'ajouter ce favori.");
          await expect.poll(() => heart(page, recipe).getAttribute('aria-pressed')).toBe('false');
        } finally {
          await page.unroute(`**/api/favorites/${recipe.id}`);
        }
        expect(await serverFavorites(page)).toEqual(before);
        expect(pageErrors(page)).toEqual([]);
      });
    }
  });
}
