// The recipe page in the kitchen, in the system Chromium against the production build: the seeded
// beet salad (4 servings: grams, a fraction, 'Sel et poivre au goût') scaled to 6 with exact lines and
// ?portions=6 kept on reload; the print view (site chrome, buttons and picture gone on paper, the PDF
// made); cook mode one step at a time by buttons and arrow keys, a timer from a step's '10 minutes'
// run on Playwright's clock to its announced end, Escape closing it. axe on the page and in cook
// mode at both widths; the other journeys at the phone's (runsEveryJourney).
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { RecipeListResponse, RecipeSummary } from '@shared/schemas/public';
import { recipes as seedRecipes } from '../../src/server/db/seed/content/recipes';
import { getJson } from './api';
import { controlPageClock, expectNoAxeViolations, pageErrors, runsEveryJourney, useBrowser, usePage, viewports } from './browser';
import { open } from './site';

const SALAD = 'salade-betteraves-chevre';
const seedSalad = seedRecipes.find((r) => r.slug === SALAD)!;

// The seed's lines for 4, and what a cook reads for 6.
const FOR_SIX = [
  '6 betteraves moyennes (environ 900 g)',
  "1 1/2 c. à soupe d'huile d'olive, pour la cuisson",
  '180 g de fromage de chèvre frais, émietté',
  '6 tasses de jeunes pousses (roquette ou mesclun)',
  '1/2 tasse de noix de Grenoble grillées',
  "4 1/2 c. à soupe d'huile d'olive, pour la vinaigrette",
  '1 1/2 c. à soupe de vinaigre de cidre',
  "1 1/2 c. à soupe de sirop d'érable",
  '1 1/2 c. à thé de moutarde de Dijon',
  'Sel et poivre au goût',
];

let salad: RecipeSummary;
let premium: RecipeSummary;

useBrowser();

beforeAll(async () => {
  const { recipes } = await getJson<RecipeListResponse>('/api/recipes');
  const found = recipes.find((r) => r.name === seedSalad.name);
  const locked = recipes.find((r) => r.isPremium);
  if (!found || !locked) throw new Error('The seed should hold the beet salad and a premium recipe');
  expect(found).toMatchObject({ servings: 4, isPremium: false });
  expect(seedSalad.ingredients).toHaveLength(FOR_SIX.length);
  salad = found;
  premium = locked;
});

const ingredientLines = (page: Page) => page.locator('section[aria-labelledby="recipe-ingredients"] li').allTextContents();
const servingsStatus = (page: Page) => page.getByRole('group', { name: 'Nombre de portions' }).getByRole('status');
const addServing = (page: Page) => page.getByRole('button', { name: 'Ajouter une portion' });
const removeServing = (page: Page) => page.getByRole('button', { name: 'Retirer une portion' });
const cookDialog = (page: Page) => page.getByRole('dialog', { name: 'Mode cuisine' });
const stepHeading = (page: Page) => cookDialog(page).getByRole('heading', { level: 2, name: /^Étape \d+ sur \d+$/ });

for (const viewport of viewports) {
  describe(`recipe in the kitchen at ${viewport} width`, () => {
    let page: Page;
    usePage(viewport, (opened) => (page = opened));

    beforeAll(async () => {
      // The fake clock must be there before the page's code reads the time.
      await controlPageClock(page);
    });

    it('scales the beet salad from 4 to 6 servings, exact lines, and keeps ?portions=6 on reload', async () => {
      await open(page, `/recettes/${salad.id}`);
      expect(await servingsStatus(page).textContent()).toBe('Portions : 4');
      expect(await ingredientLines(page)).toEqual(seedSalad.ingredients);
      await expectNoAxeViolations(page, `recipe page (${viewport})`);

      await addServing(page).click();
      await addServing(page).click();
      await expect.poll(() => servingsStatus(page).textContent()).toBe('Portions : 6');
      await expect.poll(() => ingredientLines(page)).toEqual(FOR_SIX);
      expect(await page.getByTestId('recipe-servings-line').textContent()).toBe('Pour 6 portions (recette originale : 4 portions)');
      expect(new URL(page.url()).searchParams.get('portions')).toBe('6');
      await expectNoAxeViolations(page, `recipe page scaled (${viewport})`);

      await open(page, `/recettes/${salad.id}?portions=6`);
      expect(await servingsStatus(page).textContent()).toBe('Portions : 6');
      await expect.poll(() => ingredientLines(page)).toEqual(FOR_SIX);
      expect(pageErrors(page)).toEqual([]);
    });

    it('opens cook mode on step 1 of 5 (axe in the dialog) and Escape closes it', async () => {
      await open(page, `/recettes/${salad.id}?portions=6`);
      const opener = page.getByRole('button', { name: 'Mode cuisine' });
      await opener.click();
      await cookDialog(page).waitFor();
      expect(await stepHeading(page).textContent()).toBe(`Étape 1 sur ${seedSalad.steps.length}`);
      expect(await page.getByTestId('cook-step').textContent()).toBe(seedSalad.steps[0]);
      await expectNoAxeViolations(page, `cook mode (${viewport})`);
      await page.keyboard.press('Escape');
      await cookDialog(page).waitFor({ state: 'detached' });
      await expect.poll(() => opener.evaluate((el) => el === document.activeElement)).toBe(true);
    });

    if (runsEveryJourney(viewport)) {
      it('cannot go below 1 serving, and back at 4 the URL is clean', async () => {
        await open(page, `/recettes/${salad.id}?portions=2`);
        await removeServing(page).click();
        await expect.poll(() => servingsStatus(page).textContent()).toBe('Portions : 1');
        expect(await removeServing(page).getAttribute('aria-disabled')).toBe('true');
        // aria-disabled keeps the button focusable: pressed again, it does nothing (and keeps the focus).
        await removeServing(page).press('Enter');
        await expect.poll(() => removeServing(page).evaluate((el) => el === document.activeElement)).toBe(true);
        expect(await servingsStatus(page).textContent()).toBe('Portions : 1');
        await expect.poll(() => ingredientLines(page)).toContain('30 g de fromage de chèvre frais, émietté');
        for (let i = 0; i < 3; i += 1) await addServing(page).click();
        await expect.poll(() => servingsStatus(page).textContent()).toBe('Portions : 4');
        expect(new URL(page.url()).search).toBe('');
        expect(await ingredientLines(page)).toEqual(seedSalad.ingredients);
      });

      it('prints the recipe alone: title, servings, scaled ingredients and steps; the PDF is made', async () => {
        await open(page, `/recettes/${salad.id}?portions=6`);
        await page.evaluate(() => {
          (window as unknown as { printed: number }).printed = 0;
          window.print = () => {
            (window as unknown as { printed: number }).printed += 1;
          };
        });
        await page.getByRole('button', { name: 'Imprimer' }).click();
        expect(await page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);

        await page.emulateMedia({ media: 'print' });
        try {
          for (const hidden of [
            page.getByRole('banner'),
            page.getByRole('contentinfo'),
            page.getByRole('button', { name: 'Imprimer' }),
            page.getByRole('button', { name: 'Mode cuisine' }),
            addServing(page),
            page.locator('article img'),
          ]) {
            expect(await hidden.first().isVisible()).toBe(false);
          }
          expect(await page.getByRole('navigation', { name: 'Navigation principale' }).isVisible()).toBe(false);
          expect(await page.locator('h1').textContent()).toBe(salad.name);
          expect(await page.getByTestId('recipe-servings-line').innerText()).toBe('Pour 6 portions');
          for (const line of FOR_SIX) expect(await page.getByText(line, { exact: true }).isVisible()).toBe(true);
          for (const step of seedSalad.steps) expect(await page.getByText(step).isVisible()).toBe(true);
          const pdf = await page.pdf({ format: 'Letter' });
          expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
          expect(pdf.length).toBeGreaterThan(10_000);
        } finally {
          await page.emulateMedia({ media: 'screen' });
        }
      });

      it('cook mode: steps by buttons and arrow keys, a 10-minute timer counts down across steps, pauses, ends announced', async () => {
        await open(page, `/recettes/${salad.id}?portions=6`);
        await page.getByRole('button', { name: 'Mode cuisine' }).click();
        await cookDialog(page).waitFor();
        const total = seedSalad.steps.length;

        await page.keyboard.press('ArrowRight');
        await expect.poll(() => stepHeading(page).textContent()).toBe(`Étape 2 sur ${total}`);
        await cookDialog(page).getByRole('button', { name: 'Suivant' }).click();
        await expect.poll(() => stepHeading(page).textContent()).toBe(`Étape 3 sur ${total}`);
        await cookDialog(page).getByRole('button', { name: 'Précédent' }).click();
        await expect.poll(() => stepHeading(page).textContent()).toBe(`Étape 2 sur ${total}`);
        await page.keyboard.press('ArrowLeft');
        await expect.poll(() => stepHeading(page).textContent()).toBe(`Étape 1 sur ${total}`);
        await page.keyboard.press('ArrowLeft');
        expect(await stepHeading(page).textContent()).toBe(`Étape 1 sur ${total}`);
        await page.keyboard.press('ArrowRight');

        // Step 2: 'Rôtir 50 minutes, … Laisser tiédir 10 minutes.' — two timers offered.
        expect(await page.getByTestId('cook-step').textContent()).toBe(seedSalad.steps[1]);
        expect(await cookDialog(page).getByRole('button', { name: /^Minuteur / }).allTextContents()).toEqual(['Minuteur 50 min', 'Minuteur 10 min']);
        // The ingredients for 6 are within reach (a toggle on a phone).
        await cookDialog(page).getByRole('button', { name: 'Ingrédients' }).click();
        expect(await cookDialog(page).locator('#cook-ingredients li').allTextContents()).toEqual(FOR_SIX);
        await cookDialog(page).getByRole('button', { name: 'Ingrédients' }).click();

        await cookDialog(page).getByRole('button', { name: 'Minuteur 10 min' }).click();
        const remaining = cookDialog(page).getByRole('timer', { name: 'Temps restant, minuteur 10 min, étape 2' });
        await expect.poll(() => remaining.textContent()).toBe('10:00');
        await page.clock.runFor(60_000);
        await expect.poll(() => remaining.textContent()).toBe('9:00');

        await cookDialog(page).getByRole('button', { name: 'Pause, minuteur 10 min, étape 2' }).click();
        await page.clock.runFor(120_000);
        expect(await remaining.textContent()).toBe('9:00');
        await cookDialog(page).getByRole('button', { name: 'Reprendre, minuteur 10 min, étape 2' }).click();

        // It keeps running on the next step.
        await page.keyboard.press('ArrowRight');
        await expect.poll(() => stepHeading(page).textContent()).toBe(`Étape 3 sur ${total}`);
        await page.clock.runFor(4 * 60_000);
        await expect.poll(() => remaining.textContent()).toBe('5:00');
        await expectNoAxeViolations(page, 'cook mode with a running timer (phone)');
        await page.clock.runFor(5 * 60_000 + 1_000);
        const announcement = cookDialog(page).getByRole('alert');
        await expect.poll(() => announcement.textContent()).toContain('Minuteur terminé : 10 min — Étape 2');
        expect(await remaining.textContent()).toBe('0:00');

        await page.keyboard.press('Escape');
        await cookDialog(page).waitFor({ state: 'detached' });
        expect(pageErrors(page)).toEqual([]);
      });

      it("a premium recipe locked for a visitor shows none of the kitchen's tools", async () => {
        await open(page, `/recettes/${premium.id}`);
        await page.getByRole('heading', { name: 'Recette réservée aux abonnés' }).waitFor();
        for (const name of ['Ajouter une portion', 'Imprimer', 'Mode cuisine']) {
          expect(await page.getByRole('button', { name }).count()).toBe(0);
        }
      });
    }
  });
}
