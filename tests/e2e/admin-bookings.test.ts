// The Réservations tab (/admin/reservations; /admin is « Aperçu ») in the system Chromium against the production build:
// one row per session (« n / capacity », never one per seat), filtered by session and by status;
// at phone width the admin filters the seeded participants' sessions, sets the session's video link
// from its roster ('Lien disponible' then shows on its row), and a failed load says so; at desktop
// width the table passes axe; a learner who opens /admin is sent home. The session used is a seeded
// one with participants that the other journeys leave alone (neither the first with seats nor the
// last), and its link is put back as it was at the end.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminBooking, AdminBookingsResponse } from '@shared/schemas/admin-bookings';
import type { AdminSessionResponse } from '@shared/schemas/reservations';
import { callApi } from './api';
import { expectNoAxeViolations, newPage, pageErrors, useBrowser, usePage } from './browser';
import { createAccount, DEMO, signInByApi } from './session';
import { baseURL, dismissToasts, expectToast, open, pathOf, visit } from './site';
import { testNow } from '../setup/test-clock';

useBrowser();

const LINK = 'https://zoom.us/j/55512345678';
const DAY = 86_400_000;

/** A confirmed seeded participant's reservation of a session 10–30 days ahead that is not the last one. */
let target: AdminBooking;
let originalLink: string | null = null;
let admin: Page;

beforeAll(async () => {
  admin = await newPage('phone');
  await visit(admin, '/');
  await signInByApi(admin, DEMO.admin);
  const { json } = await callApi<AdminBookingsResponse>(admin, 'GET', '/admin/reservations?status=confirmed&limit=100');
  const latest = Math.max(...json.sessions.map((s) => Date.parse(s.startsAt)));
  const found = json.reservations.find(
    (b) =>
      /^participant\d+@toque\.demo$/.test(b.clientEmail) &&
      b.sessionStatus === 'scheduled' &&
      Date.parse(b.startsAt) > testNow().getTime() + 10 * DAY &&
      Date.parse(b.startsAt) < testNow().getTime() + 30 * DAY &&
      Date.parse(b.startsAt) < latest,
  );
  if (!found) throw new Error('The seed should hold participants in a session 10 to 30 days ahead');
  target = found;
  originalLink = found.videoLink;
  if (originalLink !== null) {
    // Start from 'En attente', as a new session does.
    expect((await callApi(admin, 'PATCH', `/admin/sessions/${target.sessionId}`, { videoLink: null })).status).toBe(200);
  }
});

afterAll(async () => {
  await callApi<AdminSessionResponse>(admin, 'PATCH', `/admin/sessions/${target.sessionId}`, { videoLink: originalLink });
  await admin.context().close();
});

const cards = (page: Page) => page.getByRole('list', { name: 'Séances réservées' }).getByRole('listitem');

describe('the admin at phone width', () => {
  it("lands on « Aperçu », the dashboard's home, and goes to the 'Réservations' tab, with the way to the orders in the header", async () => {
    await open(admin, '/admin');
    expect(await admin.locator('h1').textContent()).toBe('Tableau de Bord Admin');
    const tabs = admin.getByRole('navigation', { name: 'Sections du tableau de bord' });
    await expect.poll(() => tabs.getByRole('link', { name: 'Aperçu' }).getAttribute('aria-current')).toBe('page');
    expect(await admin.title()).toBe('Aperçu — Tableau de Bord Admin | Toque');
    await tabs.getByRole('link', { name: 'Réservations' }).click();
    await admin.waitForURL((url) => url.pathname === '/admin/reservations');
    // The address changes before React renders the new page: wait for the tab bar to follow.
    await expect.poll(() => tabs.getByRole('link', { name: 'Réservations' }).getAttribute('aria-current')).toBe('page');
    expect(await tabs.getByRole('link', { name: 'Aperçu' }).getAttribute('aria-current')).toBeNull();
    await admin.getByRole('link', { name: 'Commandes et remboursements' }).waitFor();
    await cards(admin).first().waitFor();
    expect(await admin.title()).toBe('Réservations — Tableau de Bord Admin | Toque');
  });

  it("filters by session: the URL keeps it and that session shows as ONE card « n / capacity », its link state and its roster", async () => {
    const asked = admin.waitForRequest((r) => r.url().includes('/api/admin/reservations') && r.url().includes(`sessionId=${target.sessionId}`));
    await admin.getByLabel('Séance', { exact: true }).selectOption(target.sessionId);
    await asked;
    expect(new URL(admin.url()).searchParams.get('seance')).toBe(target.sessionId);
    const { json } = await callApi<AdminBookingsResponse>(admin, 'GET', `/admin/reservations?sessionId=${target.sessionId}`);
    const session = json.sessions.find((x) => x.id === target.sessionId)!;
    await expect.poll(() => cards(admin).count()).toBe(1);
    const text = (await cards(admin).first().textContent())!.replace(/\u00a0/g, ' ');
    expect(text).toContain(target.courseTitle);
    expect(text).toContain(`${session.seatsTaken} / ${session.capacity}`);
    // Date and time in the viewer's zone, the zone named.
    expect(text).toMatch(/ (HNE|HAE)/);
    await cards(admin).first().getByText(/^Lien de la visioconférence : En attente$/).waitFor();
    // No « Ajouter le lien » per seat: the link is set once, from the roster.
    expect(await admin.getByRole('button', { name: /Ajouter le lien/ }).count()).toBe(0);
  });

  it("sets the session's video link from its roster: the spec's toast, then 'Lien disponible' on its row", async () => {
    await cards(admin).first().getByRole('link', { name: /^Liste des participants/ }).click();
    await admin.waitForURL((url) => url.pathname === `/admin/seances/${target.sessionId}`);
    await admin.getByText(target.clientEmail, { exact: true }).filter({ visible: true }).first().waitFor();
    await admin.getByRole('button', { name: /^Ajouter le lien/ }).click();
    const input = admin.getByLabel('Lien de la visioconférence');
    await input.fill(LINK);
    await admin.getByRole('button', { name: 'Enregistrer le lien' }).click();
    await expectToast(admin, 'Lien mis à jour !', 'Le lien de la visioconférence a été sauvegardé.');
    await dismissToasts(admin);
    const { json } = await callApi<AdminSessionResponse>(admin, 'GET', `/admin/sessions/${target.sessionId}`);
    expect(json.session.videoLink).toBe(LINK);
    await admin.getByRole('link', { name: 'Réservations' }).first().click();
    await admin.waitForURL((url) => url.pathname === '/admin/reservations');
    await admin.getByLabel('Séance', { exact: true }).selectOption(target.sessionId);
    await cards(admin).first().getByText(/^Lien de la visioconférence : Lien disponible$/).waitFor();
  });

  it("filters by status: 'Cours confirmé' only, then 'Expirée'; back to every reservation", async () => {
    await admin.getByLabel('Statut').selectOption({ label: 'Cours confirmé' });
    await admin.waitForURL((url) => url.searchParams.get('statut') === 'confirmed');
    await expect.poll(() => cards(admin).count()).toBe(1);
    // Expired holds are rare in this session (the other journeys book elsewhere): when it has none, the empty state.
    const expired = await callApi<AdminBookingsResponse>(admin, 'GET', `/admin/reservations?sessionId=${target.sessionId}&status=expired`);
    await admin.getByLabel('Statut').selectOption({ label: 'Expirée' });
    if (expired.json.total === 0) {
      await admin.getByText('Aucune réservation ne correspond à ces filtres.').waitFor();
      await admin.getByRole('button', { name: 'Effacer les filtres' }).click();
    } else {
      await expect.poll(() => cards(admin).count()).toBe(1);
      await admin.getByLabel('Statut').selectOption({ label: 'Tous les statuts' });
      await admin.getByLabel('Séance', { exact: true }).selectOption({ label: 'Toutes les séances' });
    }
    await admin.waitForURL((url) => !url.searchParams.has('statut') && !url.searchParams.has('seance'));
    await cards(admin).first().waitFor();
    await expectNoAxeViolations(admin, '/admin Réservations (phone)');
    expect(pageErrors(admin)).toEqual([]);
  });

  it("« Minimum d'inscriptions »: a check too late for the kit is refused in French; 120 h saved, read again after a reload; back to 96 h", async () => {
    const form = admin.getByRole('form', { name: "Minimum d'inscriptions" });
    const check = form.getByLabel('Vérification (heures avant le cours)');
    const save = form.getByRole('button', { name: 'Enregistrer le réglage' });
    await check.fill('80');
    await save.click();
    await form.getByText("La décision doit tomber avant l'envoi de la trousse (72 h avant le cours)", { exact: false }).waitFor();
    await check.fill('120');
    await save.click();
    await expectToast(admin, 'Réglage enregistré');
    await admin.reload();
    await expect.poll(() => check.inputValue()).toBe('120');
    expect(await form.getByLabel('Délai pour répondre (heures)').inputValue()).toBe('12');
    await check.fill('96');
    await save.click();
    await expectToast(admin, 'Réglage enregistré');
    expect((await callApi(admin, 'GET', '/admin/minimum-policy')).json).toEqual({ checkHours: 96, answerHours: 12 });
    expect(pageErrors(admin)).toEqual([]);
  });

  it("a list that cannot load shows the panel and the spec's toast; retrying works", async () => {
    let fail = true;
    const isList = (url: URL) => url.pathname === '/api/admin/reservations';
    await admin.route(isList, (route) =>
      fail
        ? route.fulfill({
            status: 503,
            contentType: 'application/json',
            body: JSON.stringify({ error: { code: 'SERVICE_UNAVAILABLE', message: 'Service momentanément indisponible.' } }),
          })
        : route.continue(),
    );
    await admin.goto(`${baseURL}/admin/reservations`);
    const panel = admin.getByRole('alert').filter({ hasText: 'Impossible de charger les réservations.' });
    await panel.waitFor({ timeout: 15_000 });
    await expectToast(admin, 'Erreur', 'Impossible de charger les réservations. Service momentanément indisponible.');
    fail = false;
    await panel.getByRole('button', { name: 'Réessayer' }).click();
    await cards(admin).first().waitFor();
    await admin.unroute(isList);
  });
});

describe('the admin at desktop width', () => {
  let page: Page;
  usePage('desktop', (p) => (page = p));

  it('reads a table, one row per session (course and session, seats taken, link, its roster), that passes axe', async () => {
    await visit(page, '/');
    await signInByApi(page, DEMO.admin);
    await open(page, `/admin/reservations?seance=${target.sessionId}`);
    const table = page.getByRole('table');
    await table.waitFor();
    expect(await table.locator('thead th').allTextContents()).toEqual(['Cours et séance', 'Places prises', 'Visioconférence', 'Participants']);
    expect(await table.locator('tbody tr').count()).toBe(1);
    const row = table.getByRole('row').filter({ hasText: target.courseTitle });
    await row.getByText(/^Lien de la visioconférence : Lien disponible$/).waitFor();
    await row.getByRole('link', { name: /^Liste des participants/ }).waitFor();
    expect(await page.getByRole('list', { name: 'Séances réservées' }).isVisible()).toBe(false);
    await expectNoAxeViolations(page, '/admin Réservations (desktop)');
    expect(pageErrors(page)).toEqual([]);
  });
});

describe('a learner', () => {
  let page: Page;
  usePage('phone', (p) => (page = p));

  it('who opens /admin is sent home, and the API refuses them', async () => {
    await visit(page, '/');
    const learner = await createAccount('reservations-admin', 'Olivier Bélanger');
    await signInByApi(page, learner);
    await visit(page, '/admin');
    await page.waitForURL((url) => url.pathname === '/');
    expect(pathOf(page)).toBe('/');
    expect((await callApi(page, 'GET', '/admin/reservations')).status).toBe(403);
  });
});
