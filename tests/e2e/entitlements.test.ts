// DESIGN §7 in the system Chromium, at phone width: a subscriber opens a non-premium recorded course
// (« Brunch végétarien du dimanche ») and reads « Inclus dans votre abonnement » — no price, no
// « Ajouter au panier » — and its video plays; a learner without a membership on a premium live class
// is offered only the membership (19,99 CAD), with no way to book or buy it.
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CourseSummary } from '@shared/schemas/public';
import { seededCourses } from './api';
import { pageErrors, useBrowser, usePage } from './browser';
import { DEMO, signInByApi } from './session';
import { open, visit } from './site';

useBrowser();

let brunch: CourseSummary;
let premiumLive: CourseSummary;

beforeAll(async () => {
  const courses = await seededCourses();
  const found = courses.find((c) => c.title === 'Brunch végétarien du dimanche' && !c.isLive && !c.isPremium);
  const live = courses.find((c) => c.isLive && c.isPremium && c.nextSessionAt !== null);
  if (!found || !live) throw new Error('The seed should hold « Brunch végétarien du dimanche » and a premium live class with a session open');
  brunch = found;
  premiumLive = live;
});

const aside = (page: Page) => page.getByRole('complementary', { name: 'Réserver ou acheter ce cours' });

describe('a subscriber', () => {
  let page: Page;
  usePage('phone', (p) => (page = p));

  it('opens a non-premium recorded course: « Inclus dans votre abonnement », no price, and the video plays', async () => {
    await visit(page, '/');
    await signInByApi(page, DEMO.subscriber);
    await open(page, `/cours/${brunch.id}`);
    await aside(page).getByText('Inclus dans votre abonnement').first().waitFor();
    expect(await aside(page).textContent()).not.toContain('29,00');
    expect(await page.getByRole('button', { name: 'Ajouter au panier' }).count()).toBe(0);

    await page.locator('video').waitFor();
    await page.evaluate(async () => {
      const v = document.querySelector('video')!;
      v.muted = true;
      await v.play();
    });
    await expect.poll(() => page.evaluate(() => document.querySelector('video')?.currentTime ?? -1), { timeout: 20_000 }).toBeGreaterThan(0);
    expect(pageErrors(page)).toEqual([]);
  });
});

describe('a learner without a membership', () => {
  let page: Page;
  usePage('phone', (p) => (page = p));

  it('on a premium live class sees only the subscribe choice: no price, no « Réserver », no cart', async () => {
    await visit(page, '/');
    await signInByApi(page, DEMO.learner);
    await open(page, `/cours/${premiumLive.id}`);
    const subscribe = aside(page).getByRole('link', { name: "S'abonner — 19,99 CAD par mois" });
    await subscribe.waitFor();
    expect(await aside(page).getByText('Réservé aux abonnés').count()).toBeGreaterThan(0);
    expect(await page.getByRole('button', { name: 'Réserver' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Ajouter au panier' }).count()).toBe(0);
    expect(await aside(page).textContent()).not.toContain('95,00');

    // The booking page, reached by its address, sends them back to the course page.
    await open(page, `/booking/${premiumLive.id}`);
    await page.waitForURL(`**/cours/${premiumLive.id}`);
    await subscribe.click();
    await page.waitForURL('**/abonnement');
    expect(pageErrors(page)).toEqual([]);
  });
});
