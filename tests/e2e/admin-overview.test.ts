// « Aperçu » and « Journal » in the system Chromium against the production build, at each width:
// the chef adds a class for later today, finds it on « Aperçu » under today with its seats and what
// it lacks (no video link within 24 h), follows the revenue figure to Ventes, then reads the
// « Journal » filtered by kind (« Séance ajoutée ») and by person, and finds the class she added with
// its before → after. The nine tabs are all on screen, none cut. The class is cancelled at the end.
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { CHEF_TIME_ZONE, formatSessionDateTime } from '@shared/format';
import type { AdminCourseListResponse, AdminCourseSessionResponse } from '@shared/schemas/admin-courses';
import { callApi } from './api';
import { expectNoAxeViolations, pageErrors, useBrowser, usePage, viewports } from './browser';
import { DEMO, signInByApi } from './session';
import { open, visit } from './site';
import { testNow } from '../setup/test-clock';

useBrowser();

const TABS = ['Aperçu', 'Réservations', 'Cours', 'Recettes', 'Clients', 'Ventes', 'Codes promo', 'Comptabilité', 'Journal'];
const chefDay = (iso: string) => formatSessionDateTime(iso, CHEF_TIME_ZONE).split(' à ')[0]!;

describe.each(viewports)('the chef runs her day from « Aperçu » (%s)', (viewport) => {
  let page: Page;
  usePage(viewport, (p) => (page = p));
  let session: { id: string; startsAt: string; courseTitle: string };

  afterAll(async () => {
    if (session) await callApi(page, 'POST', `/admin/sessions/${session.id}/cancel`, { reason: 'Séance de test.' });
  });

  it("sees today's class with its seats and what it lacks, on a tab bar that shows all nine tabs", async () => {
    await visit(page, '/');
    await signInByApi(page, DEMO.admin);
    const { json } = await callApi<AdminCourseListResponse>(page, 'GET', '/admin/courses');
    const course = json.courses.find((c) => c.isLive && c.status === 'published');
    if (!course) throw new Error('The seed should hold a published live course');
    // Twenty minutes from now: today (or, past 23 h 40 in Montréal, tomorrow — said as such below).
    const startsAt = new Date(testNow().getTime() + 20 * 60_000).toISOString();
    // The journeys share one server and its chefs: another width's or file's session may sit at this hour.
    const added = await callApi<AdminCourseSessionResponse>(page, 'POST', `/admin/courses/${course.id}/sessions`, { startsAt, capacity: 7, confirmOverlap: true });
    expect(added.status).toBe(201);
    session = { id: added.json.session.id, startsAt: added.json.session.startsAt, courseTitle: course.title };

    await open(page, '/admin');
    await page.getByRole('heading', { level: 2, name: 'Aperçu' }).waitFor();
    const tabs = page.getByRole('navigation', { name: 'Sections du tableau de bord' }).getByRole('link');
    expect(await tabs.allTextContents()).toEqual(TABS);
    const width = page.viewportSize()!.width;
    for (const tab of await tabs.all()) {
      const box = (await tab.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(width);
      // The label fits its tab (no text cut or spilling).
      expect(await tab.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    }

    const row = page.locator(`a[href="/admin/seances/${session.id}"]`);
    await row.waitFor();
    const text = (await row.textContent())!.replace(/\s+/g, ' ');
    expect(text).toContain(course.title);
    expect(text).toContain('0 / 7 places');
    expect(text).toContain('Lien vidéo manquant');
    const heading = page.getByRole('heading', { level: 3 }).filter({ hasText: chefDay(session.startsAt) });
    const today = chefDay(session.startsAt) === chefDay(testNow().toISOString());
    expect((await heading.first().textContent())!.startsWith('Aujourd’hui')).toBe(today);
    await page.getByRole('heading', { level: 2, name: 'À faire' }).waitFor();
    await expectNoAxeViolations(page, `/admin Aperçu (${viewport})`);
  });

  it('follows a figure to the list behind it: the revenue to Ventes', async () => {
    await page.getByRole('link', { name: /Revenus nets avant taxes/ }).click();
    await page.waitForURL((url) => url.pathname === '/admin/ventes');
    await page.getByRole('heading', { level: 2, name: 'Ventes' }).waitFor();
    expect(await page.getByRole('link', { name: 'Ventes', exact: true }).getAttribute('aria-current')).toBe('page');
  });

  it('reads the « Journal » filtered by kind and by person', async () => {
    await page.getByRole('navigation', { name: 'Sections du tableau de bord' }).getByRole('link', { name: 'Journal' }).click();
    await page.waitForURL((url) => url.pathname === '/admin/journal');
    await page.getByRole('heading', { level: 2, name: 'Journal' }).waitFor();
    await page.getByLabel('Type d’action').selectOption({ label: 'Séance ajoutée' });
    await page.waitForURL((url) => url.searchParams.get('type') === 'session.create');
    const entry = page.getByRole('listitem').filter({ has: page.locator(`a[href="/admin/seances/${session.id}"]`) });
    await entry.waitFor();
    const text = (await entry.textContent())!.replace(/\s+/g, ' ');
    expect(text).toContain('Séance ajoutée');
    expect(text).toContain(DEMO.admin.email);
    expect(text).toContain('Places');
    await expect.poll(async () => (await page.locator('ol > li').allTextContents()).every((t) => t.includes('Séance ajoutée'))).toBe(true);

    await page.getByLabel('Personne').selectOption({ label: DEMO.admin.email });
    await page.waitForURL((url) => url.searchParams.has('personne') && url.searchParams.get('type') === 'session.create');
    await entry.waitFor();
    await expect.poll(async () => (await page.locator('ol > li').allTextContents()).every((t) => t.includes(DEMO.admin.email))).toBe(true);
    await expectNoAxeViolations(page, `/admin/journal (${viewport})`);
    expect(pageErrors(page)).toEqual([]);
  });
});
