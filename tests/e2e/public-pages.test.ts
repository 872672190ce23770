// Journeys through the public site in the system Chromium, against the production build on a freshly
// seeded database (tests/e2e/global-setup.ts). Every public page is checked with axe at phone and
// desktop widths, the navigation at both; the other journeys at the phone's. No journey may throw an
// uncaught error in the page.
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ChefListResponse, CourseListResponse, RecipeListResponse, RecipeSummary } from '@shared/schemas/public';
import { recipes as seedRecipes } from '../../src/server/db/seed/content/recipes';
import { getJson } from './api';
import { expectNoAxeViolations, pageErrors, runsEveryJourney, useBrowser, usePage, VIEWPORTS, viewports } from './browser';
import { baseURL, h1Text, open, visit } from './site';

type Catalogue = {
  courses: CourseListResponse['courses'];
  recipes: RecipeSummary[];
  chefs: ChefListResponse['chefs'];
  freeRecipe: RecipeSummary;
  premiumRecipe: RecipeSummary;
};

let data: Catalogue;

useBrowser();

beforeAll(async () => {
  const [{ courses }, { recipes }, { chefs }] = await Promise.all([
    getJson<CourseListResponse>('/api/courses'),
    getJson<RecipeListResponse>('/api/recipes'),
    getJson<ChefListResponse>('/api/chefs'),
  ]);
  const freeRecipe = recipes.find((r) => !r.isPremium);
  const premiumRecipe = recipes.find((r) => r.isPremium);
  if (!freeRecipe || !premiumRecipe) throw new Error('The seed should hold free and premium recipes');
  data = { courses, recipes, chefs, freeRecipe, premiumRecipe };
});

/** The main navigation on screen: the top bar on desktop, the bottom bar on a phone. */
const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Navigation principale' });

/** The live count line of a list page ('12 cours', '3 recettes trouvées'). */
const countLine = (page: Page) => page.getByRole('status').filter({ hasText: /^\d+ (cours|recette)/ });

for (const viewport of viewports) {
  describe(`public site at ${viewport} width (${VIEWPORTS[viewport].width} px)`, () => {
    let page: Page;
    usePage(viewport, (opened) => (page = opened));

    it('home → a live course → the catalogue, filtered then cleared', async () => {
      await open(page, '/');
      // The hero's two buttons (spec: book a slot, view recipes).
      const hero = page.locator('section[aria-labelledby="hero-title"]');
      expect(await hero.locator('a[href="/reserver-un-cours"]').count()).toBe(1);
      expect(await hero.locator('a[href="/recettes"]').count()).toBe(1);
      const upcoming = page.locator('section[aria-labelledby="home-courses"]');
      const firstCourse = upcoming.getByRole('article').first().getByRole('link').first();
      const courseTitle = (await firstCourse.textContent())?.trim() ?? '';
      expect(courseTitle).not.toBe('');
      await firstCourse.click();
      await page.waitForURL(/\/cours\/[0-9a-f-]{36}$/);
      await expect.poll(() => h1Text(page)).toBe(courseTitle);
      await expect.poll(() => page.getByRole('heading', { name: 'Prochaines séances' }).count()).toBe(1);
      await expect.poll(() => page.title()).toContain(courseTitle);

      await mainNav(page).getByRole('link', { name: 'Cours', exact: true }).click();
      await page.waitForURL(/\/cours$/);
      const total = data.courses.length;
      await expect.poll(() => countLine(page).textContent()).toBe(`${total} cours`);
      const clear = page.getByRole('button', { name: /Effacer les filtres/ });
      await expect.poll(() => clear.isDisabled()).toBe(true);

      const live = data.courses.filter((c) => c.isLive);
      await page.getByLabel('Format').selectOption({ label: 'En direct' });
      await page.waitForURL(/format=live/);
      await expect.poll(() => countLine(page).textContent()).toBe(`${live.length} cours sur ${total}`);
      await expect.poll(() => clear.textContent()).toMatch(/Effacer les filtres\s*1/);
      const titles = await page.locator('main article h2').allTextContents();
      expect(titles.sort()).toEqual(live.map((c) => c.title).sort());

      const difficulty = live[0]!.difficulty;
      const liveAtLevel = live.filter((c) => c.difficulty === difficulty);
      await page.getByLabel('Difficulté').selectOption(difficulty);
      await expect.poll(() => countLine(page).textContent()).toBe(`${liveAtLevel.length} cours sur ${total}`);
      await expect.poll(() => clear.textContent()).toMatch(/Effacer les filtres\s*2/);

      await clear.click();
      await expect.poll(() => countLine(page).textContent()).toBe(`${total} cours`);
      await expect.poll(() => clear.isDisabled()).toBe(true);
      expect(new URL(page.url()).search).toBe('');
      expect(pageErrors(page)).toEqual([]);
    });

    // What these pages do is the same code at any width: at the phone's only. Every page is checked
    // with axe at both widths below, and the navigation (top bar or bottom bar) in the first journey.
    if (runsEveryJourney(viewport)) {
      it('a premium course shows the subscribers’ panel; an unknown one says “Cours non trouvé”', async () => {
        const premium = data.courses.find((c) => c.isPremium);
        expect(premium, 'a premium course in the seed').toBeDefined();
        await open(page, `/cours/${premium!.id}`);
        await expect.poll(() => page.getByRole('heading', { name: 'Contenu Exclusif pour Abonnés' }).count()).toBe(1);
        await expect.poll(() => page.getByRole('link', { name: 'Devenir Abonné' }).getAttribute('href')).toBe('/abonnement');

        await open(page, '/cours/00000000-0000-4000-8000-000000000000');
        await expect.poll(() => h1Text(page)).toBe('Cours non trouvé');
        expect(pageErrors(page)).toEqual([]);
      });

      it('recipes: search is debounced, then category and duration narrow the list', async () => {
        await open(page, '/recettes');
        await expect.poll(() => h1Text(page)).toBe('Bibliothèque de Recettes');
        await expect.poll(() => countLine(page).textContent()).toBe(`${data.recipes.length} recettes`);

        // A word of a seeded recipe's name, typed key by key: one request once typing pauses, not one per key.
        const word = data.recipes.map((r) => r.name.split(/\s+/)[0]!).find((w) => w.length >= 5) ?? 'Tarte';
        const typedQueries: string[] = [];
        page.on('request', (req) => {
          const url = new URL(req.url());
          if (url.pathname === '/api/recipes' && url.searchParams.has('q')) typedQueries.push(url.searchParams.get('q')!);
        });
        await page.getByLabel('Rechercher une recette').pressSequentially(word, { delay: 40 });
        await page.waitForURL((url) => url.searchParams.get('q') === word);
        const searched = await getJson<RecipeListResponse>(`/api/recipes?q=${encodeURIComponent(word)}`);
        expect(searched.total).toBeGreaterThan(0);
        await expect.poll(() => countLine(page).textContent()).toMatch(new RegExp(`^${searched.total} recettes? trouvées?$`));
        expect(typedQueries).toEqual([word]);
        const shown = await page.locator('main article h2').allTextContents();
        expect(shown.sort()).toEqual(searched.recipes.map((r) => r.name).sort());

        // Clear the search, then filter by category and duration.
        await page.getByRole('button', { name: 'Effacer la recherche' }).click();
        await page.waitForURL((url) => !url.searchParams.has('q'));
        // Wait for the page to show the whole list again: the URL changes a moment before React renders
        // it, and a select changed in between would write the old search back (too fast for a person).
        await expect.poll(() => countLine(page).textContent()).toBe(`${data.recipes.length} recettes`);
        expect(await page.getByLabel('Rechercher une recette').inputValue()).toBe('');
        await page.getByLabel('Catégorie').selectOption({ label: 'Dessert' });
        await page.waitForURL(/category=dessert/);
        const desserts = await getJson<RecipeListResponse>('/api/recipes?category=dessert');
        expect(desserts.total).toBeGreaterThan(0);
        await expect.poll(() => countLine(page).textContent()).toMatch(new RegExp(`^${desserts.total} recettes? trouvées?$`));
        const badges = await page.locator('main article').allTextContents();
        for (const text of badges) expect(text).toContain('Dessert');

        await page.getByLabel('Durée').selectOption({ label: 'Plus de 60 min' });
        await page.waitForURL(/duration=gt60/);
        const long = await getJson<RecipeListResponse>('/api/recipes?category=dessert&duration=gt60');
        await expect
          .poll(async () => (long.total === 0 ? page.getByText('Aucune recette ne correspond à votre recherche.').count() : page.locator('main article').count()))
          .toBe(long.total === 0 ? 1 : long.total);
        for (const r of long.recipes) expect(r.durationMinutes).toBeGreaterThan(60);
        expect(pageErrors(page)).toEqual([]);
      });

      it('a free recipe shows its ingredients and numbered steps', async () => {
        const recipe = await getJson<{ recipe: { ingredients: string[]; steps: string[]; name: string } }>(
          `/api/recipes/${data.freeRecipe.id}`,
        );
        await visit(page, '/recettes');
        await page.locator('main article h2').first().waitFor();
        await page.getByRole('link', { name: data.freeRecipe.name, exact: true }).click();
        await page.waitForURL(`**/recettes/${data.freeRecipe.id}`);
        await expect.poll(() => h1Text(page)).toBe(data.freeRecipe.name);
        await expect.poll(() => page.getByRole('heading', { name: 'Ingrédients' }).count()).toBe(1);
        const ingredients = page.locator('section[aria-labelledby="recipe-ingredients"] li');
        expect(await ingredients.count()).toBe(recipe.recipe.ingredients.length);
        const steps = page.locator('section[aria-labelledby="recipe-steps"] ol > li');
        expect(await steps.count()).toBe(recipe.recipe.steps.length);
        expect(await steps.first().textContent()).toContain(recipe.recipe.steps[0]!);
        expect(await steps.first().locator('[aria-hidden="true"]').first().textContent()).toBe('1');
        expect(pageErrors(page)).toEqual([]);
      });

      it('a premium recipe shows the lock and none of its ingredients or steps', async () => {
        await open(page, `/recettes/${data.premiumRecipe.id}`);
        await expect.poll(() => h1Text(page)).toBe(data.premiumRecipe.name);
        await expect.poll(() => page.getByRole('heading', { name: 'Recette réservée aux abonnés' }).count()).toBe(1);
        expect(await page.getByRole('heading', { name: 'Ingrédients' }).count()).toBe(0);
        const seeded = seedRecipes.find((r) => r.name === data.premiumRecipe.name);
        expect(seeded, 'the premium recipe comes from the seed').toBeDefined();
        const html = await page.content();
        for (const secret of [...seeded!.ingredients, ...seeded!.steps]) expect(html).not.toContain(secret);
        expect(pageErrors(page)).toEqual([]);
      });

      it('chefs list → a chef’s profile', async () => {
        await open(page, '/chefs');
        await expect.poll(() => h1Text(page)).toBe('Nos Chefs');
        const chef = data.chefs[0]!;
        await page.getByRole('link', { name: chef.fullName, exact: true }).first().click();
        await page.waitForURL(`**/chefs/${chef.id}`);
        await expect.poll(() => h1Text(page)).toContain(chef.fullName);
        expect(pageErrors(page)).toEqual([]);
      });

      it('FAQ, privacy policy, terms and the subscription offer render', async () => {
        await open(page, '/faq');
        expect(await h1Text(page)).toBe('Foire aux questions');
        expect(await page.locator('details').count()).toBe(5);
        expect(await page.locator('main').textContent()).toContain('48 heures');

        await open(page, '/privacy-policy');
        expect(await h1Text(page)).toBe('Politique de confidentialité');
        await open(page, '/terms-of-service');
        expect(await h1Text(page)).toBe("Conditions d'utilisation");

        await open(page, '/abonnement');
        // The offer: 19,99 CAD a month and the spec's five benefits.
        expect(await page.title()).toContain('19,99 CAD');
        const plan = page.locator('section[aria-labelledby="plan-title"]');
        expect(await plan.innerText()).toMatch(/19,99\s*CAD \/ mois/);
        const benefits = await plan.locator('li').allTextContents();
        expect(benefits).toEqual([
          'Recettes illimitées',
          'Tous les cours enregistrés',
          'Rabais sur les cours en direct',
          'Contenu bonus',
          'Support prioritaire',
        ]);
        expect(pageErrors(page)).toEqual([]);
      });
    }

    it('every public page passes axe with no violations', async () => {
      const live = data.courses.find((c) => c.isLive)!;
      const recorded = data.courses.find((c) => !c.isLive)!;
      const premiumCourse = data.courses.find((c) => c.isPremium)!;
      const pages = [
        '/',
        '/cours',
        `/cours/${live.id}`,
        `/cours/${recorded.id}`,
        `/cours/${premiumCourse.id}`,
        '/cours/00000000-0000-4000-8000-000000000000',
        '/recettes',
        `/recettes/${data.freeRecipe.id}`,
        `/recettes/${data.premiumRecipe.id}`,
        '/chefs',
        `/chefs/${data.chefs[0]!.id}`,
        '/faq',
        '/privacy-policy',
        '/terms-of-service',
        '/abonnement',
        '/une-page-qui-n-existe-pas',
      ];
      for (const path of pages) {
        await open(page, path);
        await expectNoAxeViolations(page, `${path} (${viewport})`);
      }
      expect(pageErrors(page)).toEqual([]);
    });
  });
}

describe('without JavaScript', () => {
  it('a recipe page’s HTML carries its title, description and schema.org Recipe', async () => {
    const res = await fetch(`${baseURL}/recettes/${data.freeRecipe.id}`);
    expect(res.status).toBe(200);
    const html = await res.text();
    const title = /<title>([^<]*)<\/title>/.exec(html)?.[1] ?? '';
    expect(decodeEntities(title)).toContain(data.freeRecipe.name);
    const description = /<meta name="description" content="([^"]*)"/.exec(html)?.[1] ?? '';
    expect(decodeEntities(description).length).toBeGreaterThan(20);
    const blocks = [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1]!));
    const items = blocks.flatMap((b) => (Array.isArray(b) ? b : b['@graph'] ?? [b]));
    const recipe = items.find((i: { '@type'?: string }) => i['@type'] === 'Recipe');
    expect(recipe, 'a JSON-LD Recipe').toBeDefined();
    expect(recipe.name).toBe(data.freeRecipe.name);
    expect(recipe.recipeIngredient?.length).toBeGreaterThan(0);
    expect(recipe.recipeInstructions?.length).toBeGreaterThan(0);
  });

  it('a premium recipe’s HTML marks it paywalled and leaks no ingredient', async () => {
    const html = await (await fetch(`${baseURL}/recettes/${data.premiumRecipe.id}`)).text();
    const seeded = seedRecipes.find((r) => r.name === data.premiumRecipe.name)!;
    for (const secret of [...seeded.ingredients, ...seeded.steps]) expect(html).not.toContain(secret);
    expect(html).toMatch(/"isAccessibleForFree":\s*false/);
  });
});

function decodeEntities(s: string): string {
  return s
    .replace(/&#x27;|&#39;|&apos;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}
