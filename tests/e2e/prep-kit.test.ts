// The class preparation kit in the system Chromium against the production build (desktop width):
// the admin writes a live course's kit in its form ('Trousse de préparation', 'Pour (portions)'),
// opens a session's 'Trousse' dialog and sees the e-mail as a learner gets it, scaled when another
// number of people is chosen; with no attendee yet it cannot be re-sent. A learner booking the class
// says for how many people they cook. The dialog and the booking page pass axe.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { AdminCourseResponse } from '@shared/schemas/admin-courses';
import { callApi } from './api';
import { expectNoAxeViolations, pageErrors, useBrowser, usePage } from './browser';
import { DEMO, signInByApi, signUpLearner } from './session';
import { dismissToasts, expectToast, open, visit } from './site';
import { testNow } from '../setup/test-clock';

useBrowser();

const KIT = ['250 g de farine', '4 œufs', '500 ml de lait', 'Matériel :', 'Une poêle à crêpes'].join('\n');

describe('the class preparation kit (desktop width)', () => {
  let page: Page;
  usePage('desktop', (p) => (page = p));
  let courseId = '';

  it('the admin writes the course’s kit in its form', async () => {
    await visit(page, '/');
    await signInByApi(page, DEMO.admin);
    const created = await callApi<AdminCourseResponse>(page, 'POST', '/admin/courses', {
      title: `Crêpes en direct ${Date.now().toString(36)}`,
      description: 'Des crêpes fines comme en Bretagne, et leurs garnitures.',
      priceCents: 3500,
      isLive: true,
      isPremium: false,
      difficulty: 'beginner',
      teacherId: (await callApi<{ user: { id: string } }>(page, 'GET', '/me')).json.user.id,
      status: 'published',
    });
    expect(created.status).toBe(201);
    courseId = created.json.course.id;
    // The journeys share one server and its chefs: another width's or file's session may sit at this hour.
    const session = await callApi(page, 'POST', `/admin/courses/${courseId}/sessions`, { startsAt: new Date(testNow().getTime() + 10 * 86_400_000).toISOString(), capacity: 6, confirmOverlap: true });
    expect(session.status).toBe(201);

    await open(page, `/admin/cours/${courseId}`);
    const kit = page.getByRole('group', { name: 'Trousse de préparation' });
    await kit.getByLabel('Ingrédients et matériel').fill(KIT);
    await kit.getByLabel('Pour (portions)').selectOption({ label: '4 personnes' });
    await page.getByRole('button', { name: 'Enregistrer les modifications' }).click();
    await expectToast(page, 'Cours mis à jour !');
    await dismissToasts(page);
    const stored = await callApi<AdminCourseResponse>(page, 'GET', `/admin/courses/${courseId}`);
    expect(stored.json.course).toMatchObject({ prepKit: KIT, prepKitServings: 4 });
  });

  it('previews the e-mail for another number of people; no attendee yet, nothing to re-send', async () => {
    const row = page.getByRole('list', { name: 'Séances à venir' }).getByRole('listitem').first();
    await row.getByRole('button', { name: 'Trousse' }).click();
    const dialog = page.getByRole('dialog', { name: 'Trousse de préparation' });
    const mail = page.frameLocator('iframe[title="Aperçu du courriel de la trousse"]');
    await mail.getByText('• 250 g de farine').waitFor();
    await dialog.getByLabel('Pour', { exact: true }).selectOption({ label: '6 personnes' });
    await mail.getByText('• 375 g de farine').waitFor();
    await expect.poll(() => mail.getByText('Ingrédients (pour 6 personnes) :').count()).toBe(1);
    await expect.poll(() => mail.getByText('• Une poêle à crêpes').count()).toBe(1);
    expect(await dialog.getByRole('button', { name: 'Renvoyer aux participants' }).isDisabled()).toBe(true);
    await expectNoAxeViolations(page, 'the session kit dialog');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
  });

  it('a learner says for how many people they cook when booking', async () => {
    await page.context().clearCookies();
    await signUpLearner(page, 'trousse', `/booking/${courseId}`);
    const servings = page.getByLabel('Pour combien de personnes cuisinerez-vous ?');
    await servings.waitFor();
    // Proposed: the servings the chef wrote the kit for (4); the learner cooks for 6.
    expect(await servings.inputValue()).toBe('4');
    await servings.selectOption({ label: '6 personnes' });
    expect(await servings.inputValue()).toBe('6');
    await expectNoAxeViolations(page, 'the booking page with the servings');
    expect(pageErrors(page)).toEqual([]);
  });
});
