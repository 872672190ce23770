// Nothing a person did is lost (issue 25): a visitor who presses « Réserver » or « Ajouter au panier »
// on a course page is asked to sign in; once signed in through that dialog, what they pressed is done —
// the session picker opens; the course is added to the cart. (The heart's case: favorites.test.ts.) One
// width: the same code at any width.
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CourseListResponse, CourseSummary } from '@shared/schemas/public';
import { getJson } from './api';
import { pageErrors, useBrowser, usePage } from './browser';
import { authDialog, createAccount, fillSignIn } from './session';
import { baseURL, expectToast, open, pathOf } from './site';

let live: CourseSummary;
let recorded: CourseSummary;

useBrowser();

beforeAll(async () => {
  const { courses } = await getJson<CourseListResponse>('/api/courses');
  // What a visitor can buy: not premium, for sale, a live class with a session open for booking.
  const forSale = courses.filter((c) => c.entitlement.status === 'for_sale' && !c.isPremium);
  const foundLive = forSale.find((c) => c.isLive);
  const foundRecorded = forSale.find((c) => !c.isLive);
  if (!foundLive || !foundRecorded) throw new Error('The seed should sell a live class and a recorded course to a visitor');
  live = foundLive;
  recorded = foundRecorded;
});

/** Signs a fresh account in through the dialog the page opened. */
async function signInThroughDialog(page: Page, label: string) {
  const { email, password } = await createAccount(label, 'Élise Gagnon', 'Tarte-au-sucre-2026');
  const dialog = authDialog(page);
  await dialog.waitFor();
  await fillSignIn(dialog, email, password);
  await dialog.waitFor({ state: 'detached' });
}

describe('a visitor pressed « Réserver », then signed in', () => {
  let page: Page;
  usePage('phone', (opened) => (page = opened));

  it('lands on the session picker of that course', async () => {
    await open(page, `/cours/${live.id}`);
    await page.getByRole('button', { name: 'Réserver' }).click();
    await signInThroughDialog(page, 'reserver-apres-connexion');
    await page.waitForURL(`${baseURL}/booking/${live.id}`);
    await page.getByRole('heading', { name: 'Réservez votre cours' }).waitFor();
    expect(pageErrors(page)).toEqual([]);
  });
});

describe('a visitor pressed « Ajouter au panier », then signed in', () => {
  let page: Page;
  usePage('phone', (opened) => (page = opened));

  it('finds the course in the cart', async () => {
    await open(page, `/cours/${recorded.id}`);
    await page.getByRole('button', { name: 'Ajouter au panier' }).click();
    await signInThroughDialog(page, 'panier-apres-connexion');
    // Added as a signed-in press adds it: the toast, on the course page.
    await expectToast(page, 'Ajouté au panier');
    expect(pathOf(page)).toBe(`/cours/${recorded.id}`);
    await open(page, '/panier');
    await page.getByText(recorded.title).first().waitFor();
    expect(pageErrors(page)).toEqual([]);
  });
});
