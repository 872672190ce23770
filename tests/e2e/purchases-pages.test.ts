// Mes Achats and the admin's orders beyond the purchase journey, in the system Chromium against the
// production build: at phone width a fresh learner's empty Mes Achats (with its way to the
// courses) and its load failure (the spec's panel and toast, then a retry that works); a learner
// sent home from /admin/commandes; the admin's list at phone width, paged and filtered, passing axe.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { AdminOrdersResponse } from '@shared/schemas/checkout';
import { DEMO, expectToast, open, pathOf, signInFromHeader, uniqueEmail } from './auth-helpers';
import { axeViolations, launchBrowser, newPage, pageErrors } from './browser';

const baseURL = inject('baseURL');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

async function expectNoAxeViolations(page: Page, label: string) {
  const violations = await axeViolations(page);
  expect(violations, `axe on ${label}:\n${JSON.stringify(violations, null, 2)}`).toEqual([]);
}

async function callApi<T = unknown>(page: Page, method: string, apiPath: string, body?: unknown): Promise<{ status: number; json: T }> {
  return page.evaluate(
    async ({ method, apiPath, body }) => {
      const res = await fetch(`/api${apiPath}`, {
        method,
        headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: res.status, json: await res.json().catch(() => null) };
    },
    { method, apiPath, body },
  ) as Promise<{ status: number; json: T }>;
}

describe('Mes Achats at phone width', () => {
  let page: Page;

  beforeAll(async () => {
    page = await newPage(browser, 'phone');
  });

  afterAll(async () => {
    await page?.context().close();
  });

  it('a new learner finds the empty state, its way to the courses and the recording note', async () => {
    const email = uniqueEmail('mes-achats');
    const password = 'Pouding-chomeur-2026';
    await open(page, baseURL, '/');
    expect((await callApi(page, 'POST', '/auth/sign-up/email', { name: 'Noé Gagnon', email, password })).status).toBe(200);
    await signInFromHeader(page, email, password);

    await open(page, baseURL, '/mes-achats');
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

  beforeAll(async () => {
    page = await newPage(browser, 'phone');
    await open(page, baseURL, '/');
    await signInFromHeader(page, DEMO.admin.email, DEMO.admin.password);
  });

  afterAll(async () => {
    await page?.context().close();
  });

  it("reaches the orders from the avatar menu and from the dashboard; the list follows the server's", async () => {
    await page.getByRole('button', { name: /^Menu du compte de / }).click();
    await page.getByRole('menuitem', { name: 'Commandes' }).click();
    await page.waitForURL((url) => url.pathname === '/admin/commandes');
    await page.getByRole('heading', { level: 1, name: 'Commandes' }).waitFor();

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

    await open(page, baseURL, '/admin');
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
    await open(page, baseURL, '/admin/commandes/00000000-0000-4000-8000-000000000000');
    await page.getByRole('alert').filter({ hasText: 'Cette commande est introuvable.' }).waitFor();
    expect(pathOf(page)).toBe('/admin/commandes/00000000-0000-4000-8000-000000000000');
  });

  it('no page threw', () => {
    expect(pageErrors(page)).toEqual([]);
  });
});
