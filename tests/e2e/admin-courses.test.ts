// The admin's Cours tab (issue 7 point 3) in the system Chromium against the production build: as
// cheffe@toque.demo, a live course is created with two sessions (a capacity below the seats taken
// is refused with the server's message) and a recorded course with a small real video (sent with
// its progress); both then show in the public catalogue /cours. At desktop width the list and the
// forms pass axe.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { CourseListResponse } from '@shared/schemas/public';
import { rootDir } from '../setup/test-db';
import { getJson } from './api';
import { expectNoAxeViolations, pageErrors, useBrowser, usePage, viewports } from './browser';
import { DEMO, signInByApi } from './session';
import { dismissToasts, expectToast, open, pathOf, visit } from './site';
import { testNow } from '../setup/test-clock';
import { zonedDate } from '../../src/server/db/seed/schedule';

useBrowser();

const pad = (n: number) => String(n).padStart(2, '0');
/** A datetime-local value `days` from now at `hour`:00 in the page's zone (Toronto). */
function localInput(days: number, hour: number): string {
  const d = zonedDate(new Date(testNow().getTime() + days * 24 * 3_600_000), 'America/Toronto');
  return `${d.year}-${pad(d.month)}-${pad(d.day)}T${pad(hour)}:00`;
}

async function fillCourse(page: Page, values: { title: string; format: 'En direct' | 'Enregistré'; price: string; duration: string }) {
  await page.getByLabel('Titre').fill(values.title);
  await page.getByLabel('Description').fill(`${values.title} : un cours complet, pas à pas, avec la cheffe.`);
  await page.getByRole('radio', { name: values.format }).check();
  await page.getByLabel('Prix (CAD, avant taxes)').fill(values.price);
  await page.getByLabel('Durée (minutes)').fill(values.duration);
  await page.getByLabel('Niveau de difficulté').selectOption({ label: 'Intermédiaire' });
  await page.getByLabel('Type de cuisine').fill('Québécoise');
}

async function addSession(page: Page, startsAt: string, capacity: string) {
  const form = page.getByRole('form', { name: 'Ajouter une séance' });
  await form.getByLabel('Date et heure').fill(startsAt);
  await form.getByLabel('Places').fill(capacity);
  await form.getByRole('button', { name: 'Ajouter la séance' }).click();
  await expectToast(page, 'Séance ajoutée !');
  await dismissToasts(page);
}

describe('the admin creates a live course with two sessions and a recorded course with a video (phone width)', () => {
  let page: Page;
  usePage('phone', (p) => (page = p));
  const stamp = Date.now().toString(36);
  const liveTitle = `Tourtière en direct ${stamp}`;
  const recordedTitle = `Pain de ménage enregistré ${stamp}`;

  it('opens the Cours tab', async () => {
    await visit(page, '/');
    await signInByApi(page, DEMO.admin);
    await open(page, '/admin/cours');
    await expect.poll(() => page.getByRole('navigation', { name: 'Sections du tableau de bord' }).getByRole('link', { name: 'Cours' }).getAttribute('aria-current')).toBe('page');
    await page.getByRole('heading', { name: 'Cours', exact: true }).waitFor();
  });

  it('creates the live course and adds two sessions', async () => {
    await page.getByRole('link', { name: 'Créer un cours' }).first().click();
    await page.getByRole('heading', { name: 'Créer un cours' }).waitFor();
    await fillCourse(page, { title: liveTitle, format: 'En direct', price: '45,00', duration: '120' });
    await page.getByRole('button', { name: 'Créer le cours' }).click();
    await expectToast(page, 'Cours créé !', 'Ajoutez maintenant ses séances.');
    await dismissToasts(page);
    await expect.poll(() => pathOf(page)).toMatch(/^\/admin\/cours\/[0-9a-f-]{36}$/);
    await page.getByRole('heading', { name: 'Séances' }).waitFor();

    await addSession(page, localInput(20, 18), '8');
    await addSession(page, localInput(27, 18), '6');
    const upcoming = page.getByRole('list', { name: 'Séances à venir' });
    await expect.poll(() => upcoming.getByRole('listitem').count()).toBe(2);
    await expect.poll(() => upcoming.getByText('0 / 8 places prises').count()).toBe(1);
  });

  it('changes a capacity; zero places is refused with the schema’s message', async () => {
    const first = page.getByRole('list', { name: 'Séances à venir' }).getByRole('listitem').first();
    await first.getByRole('button', { name: 'Modifier' }).click();
    const form = first.getByRole('form', { name: 'Modifier la séance' });
    await form.getByLabel('Places').fill('0');
    await form.getByRole('button', { name: 'Enregistrer' }).click();
    await form.getByText('Il faut au moins 1 place.').waitFor();
    await form.getByLabel('Places').fill('12');
    await form.getByRole('button', { name: 'Enregistrer' }).click();
    await expectToast(page, 'Séance mise à jour !');
    await dismissToasts(page);
    await first.getByText('0 / 12 places prises').waitFor();
  });

  it('creates the recorded course and uploads a small video with its progress', async () => {
    await open(page, '/admin/cours/nouveau');
    await fillCourse(page, { title: recordedTitle, format: 'Enregistré', price: '29,99', duration: '45' });
    await page.getByRole('button', { name: 'Créer le cours' }).click();
    await expectToast(page, 'Cours créé !', 'Envoyez maintenant sa vidéo.');
    await dismissToasts(page);
    await page.getByRole('heading', { name: 'Vidéo du cours' }).waitFor();
    await page.getByText('Aucune vidéo', { exact: true }).waitFor();
    // Published without its video: she is told it is not on sale yet, and why.
    const notOnSale = page.getByRole('status').filter({ hasText: 'Pas encore en vente : aucune vidéo' });
    await notOnSale.waitFor();

    const video = await readFile(path.join(rootDir, 'tests/fixtures/videos/tiny.webm'));
    await page.getByLabel('Vidéo du cours').setInputFiles({ name: 'pain.webm', mimeType: 'video/webm', buffer: video });
    await expectToast(page, 'Vidéo envoyée !');
    await page.getByText('Vidéo en ligne').waitFor();
    await page.getByText(/^WebM · /).waitFor();
    await notOnSale.waitFor({ state: 'detached' });
  });

  it('both courses are in the public catalogue /cours', async () => {
    const { courses } = await getJson<CourseListResponse>('/api/courses');
    const titles = courses.map((c) => c.title);
    expect(titles).toEqual(expect.arrayContaining([liveTitle, recordedTitle]));
    const live = courses.find((c) => c.title === liveTitle)!;
    expect(live).toMatchObject({ isLive: true, priceCents: 4500 });
    expect(live.nextSessionAt).not.toBeNull();

    await open(page, '/cours');
    await page.getByText(liveTitle).first().waitFor();
    await page.getByText(recordedTitle).first().waitFor();
    expect(pageErrors(page)).toEqual([]);
  });
});

describe.runIf(viewports.includes('desktop'))('the Cours tab and its forms pass axe (desktop width)', () => {
  let page: Page;
  usePage('desktop', (p) => (page = p));

  it('the list, the creation form and a course’s form', async () => {
    await visit(page, '/');
    await signInByApi(page, DEMO.admin);
    await open(page, '/admin/cours');
    await page.getByRole('table').waitFor();
    await expectNoAxeViolations(page, 'admin courses list');

    await open(page, '/admin/cours/nouveau');
    await page.getByRole('button', { name: 'Créer le cours' }).waitFor();
    await expectNoAxeViolations(page, 'admin course creation form');

    await open(page, '/admin/cours');
    await page.getByRole('table').getByRole('link').first().click();
    await page.getByRole('heading', { name: 'Informations' }).waitFor();
    await expectNoAxeViolations(page, 'admin course edit form');

    await page.getByRole('button', { name: 'Supprimer le cours' }).click();
    await page.getByRole('dialog').waitFor();
    await expectNoAxeViolations(page, 'admin course delete confirmation');
    expect(pageErrors(page)).toEqual([]);
  });
});
