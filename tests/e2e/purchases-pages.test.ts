// Mes Achats and the admin's orders beyond the purchase journey, in the system Chromium against the
// production build: at phone width a fresh learner's empty Mes Achats (with its way to the
// courses) and its load failure (the spec's panel and toast, then a retry that works); a learner
// sent home from /admin/commandes; the admin's list at phone width, paged and filtered, passing axe.
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AdminOrdersResponse } from '@shared/schemas/checkout';
import { callApi } from './api';
import { expectNoAxeViolations, pageErrors, useBrowser, usePage } from './browser';
import { createAccount, DEMO, openAvatarMenu, signInFromHeader } from './session';
import { baseURL, expectToast, open, pathOf } from './site';

useBrowser();

describe('Mes Achats at phone width', () => {
  let page: Page;
  usePage('phone', (opened) => (page = opened));

  it('a new learner finds the empty state, its way to the courses and the recording note', async () => {
    await open(page, '/');
    const { email, password } = await createAccount('mes-achats', 'Noé Gagnon', 'Pouding-chomeur-2026');
    await signInFromHeader(page, email, password);

    await open(page, '/mes-achats');
    await page.getByRole('heading', { level: 1, name: 'Mes Achats' }).waitFor();
    await page.getByRole('heading', { name: "Vous n'avez encore rien acheté." }).waitFor();
    expect(await page.locator('main').textContent()).toContain('Tous les cours en direct sont enregistrés');
    expect(await page.title()).toBe('Mes Achats | Toque');
    await expectNoAxeViolations(page, '/mes-achats empty (phone)');
    await page.getByRole('link', { name: 'Voir les cours' }).click();
    await page.waitForURL((url) => url.pathname === '/cours');
  });

  it("a list that cannot load shows 'Impossible de charger vos achats.' and the toast 'Erreur' with the server's message; retrying works", async () => {
    let fail = true;
    await page.route('**/api/purchases', (route) =>
      fail
        ? route.fulfill({
            status: 503,
            contentType: 'application/json',
            body: JSON.stringify({ error: { code: 'SERVICE_UNAVAILABLE', message: 'Service momentanément indisponible.' } }),
          })
        : route.continue(),
    );
    await page.goto(`${baseURL}/mes-achats`);
    const panel = page.getByRole('alert').filter({ hasText: 'Impossible de charger vos achats.' });
    await panel.waitFor({ timeout: 15_000 });
    expect(await panel.textContent()).toContain('Service momentanément indisponible.');
    await expectToast(page, 'Erreur');
    await expectToast(page, 'Service momentanément indisponible.');

    fail = false;
    await panel.getByRole('button', { name: 'Réessayer' }).click();
    await page.getByRole('heading', { name: "Vous n'avez encore rien acheté." }).waitFor();
    await page.unroute('**/api/purchases');
  });

  it('a learner who opens /admin/commandes is sent home', async () => {
    await page.goto(`${baseURL}/admin/commandes`);
    await page.waitForURL((url) => url.pathname === '/');
    await page.locator('h1').first().waitFor();
    expect(await page.getByRole('heading', { name: 'Commandes' }).count()).toBe(0);
  });

  it('no page threw', () => {
    expect(pageErrors(page)).toEqual([]);
  });
});

describe("the admin's orders at phone width", () => {
  let page: Page;
  usePage('phone', (opened) => (page = opened));

  beforeAll(async () => {
    await open(page, '/');
    await signInFromHeader(page, DEMO.admin.email, DEMO.admin.password);
  });

  it("reaches the orders from the avatar menu and from the dashboard; the list follows the server's", async () => {
    await (await openAvatarMenu(page)).getByRole('menuitem', { name: 'Commandes' }).click();
    await page.waitForURL((url) => url.pathname === '/admin/commandes');
    await page.getByRole('heading', { level: 2, name: 'Commandes' }).waitFor();

    const { json } = await callApi<AdminOrdersResponse>(page, 'GET', '/admin/orders?limit=20');
    if (json.total === 0) {
      await page.getByRole('heading', { name: 'Aucune commande pour le moment.' }).waitFor();
    } else {
      const cards = page.getByRole('list', { name: 'Commandes' }).getByRole('listitem');
      await cards.first().waitFor();
      expect(await cards.count()).toBe(json.orders.length);
      expect(await cards.first().textContent()).toContain(`Commande n°\u00a0${json.orders[0]!.number}`);
    }
    await expectNoAxeViolations(page, '/admin/commandes (phone)');

    await open(page, '/admin');
    await page.getByRole('link', { name: 'Commandes et remboursements' }).click();
    await page.waitForURL((url) => url.pathname === '/admin/commandes');
  });

  it('the status filter asks the server for that status only and says when none has it', async () => {
    const asked = page.waitForRequest((r) => r.url().includes('/api/admin/orders') && r.url().includes('status=failed'));
    await page.getByLabel('Statut').selectOption({ label: 'Échouée' });
    await asked;
    expect(new URL(page.url()).searchParams.get('statut')).toBe('failed');
    const { json } = await callApi<AdminOrdersResponse>(page, 'GET', '/admin/orders?status=failed');
    if (json.total === 0) await page.getByRole('heading', { name: 'Aucune commande avec ce statut.' }).waitFor();
    else await page.getByText(`Commande n°\u00a0${json.orders[0]!.number}`).first().waitFor();
  });

  it('an unknown order says so', async () => {
    await open(page, '/admin/commandes/00000000-0000-4000-8000-000000000000');
    await page.getByRole('alert').filter({ hasText: 'Cette commande est introuvable.' }).waitFor();
    expect(pathOf(page)).toBe('/admin/commandes/00000000-0000-4000-8000-000000000000');
  });

  it('no page threw', () => {
    expect(pageErrors(page)).toEqual([]);
  });
});
