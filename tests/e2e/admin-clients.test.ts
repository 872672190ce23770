// « Clients » in the system Chromium against the production build and the sandbox, at phone and
// desktop widths: a fresh customer « Hélène Gagnon » buys a recorded course; the chef types
// « gagnon » in Clients, opens Hélène's page (her order, its receipt, her favourites), keeps a
// note about her, e-mails the receipt again, and refunds the order from the page — through the
// orders' own refund dialog; the page then says « Remboursée ». « Membres » shows its figures.
import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AdminClientResponse } from '@shared/schemas/admin-clients';
import type { CheckoutResponse, OrderView, SandboxConfirmResponse } from '@shared/schemas/checkout';
import { callApi } from './api';
import { expectNoAxeViolations, pageErrors, useBrowser, usePage, viewports } from './browser';
import { orderOf, paidRecordedCourses } from './checkout-helpers';
import { createAccount, DEMO, signInByApi } from './session';
import { expectToast, open, visit } from './site';

useBrowser();

for (const viewport of viewports) {
  describe(`the chef finds a customer by « gagnon » and refunds from their page (${viewport})`, () => {
    let customer: Page;
    let admin: Page;
    let email: string;
    let order: OrderView;
    usePage(viewport, (p) => (customer = p));
    usePage(viewport, (p) => (admin = p));

    beforeAll(async () => {
      const course = (await paidRecordedCourses())[0]!;
      await visit(customer, '/');
      const account = await createAccount('gagnon', 'Hélène Gagnon');
      email = account.email;
      await signInByApi(customer, account);
      const checkout = await callApi<CheckoutResponse>(customer, 'POST', '/checkout', { items: [{ courseId: course.id }], province: 'QC', idempotencyKey: randomUUID() });
      expect(checkout.status).toBe(201);
      const payment = checkout.json.payment!;
      const paid = await callApi<SandboxConfirmResponse>(customer, 'POST', '/payments/sandbox/confirm', {
        paymentId: payment.paymentId,
        clientSecret: payment.clientSecret,
        method: { type: 'card', number: '4242424242424242', expiry: '12/34', cvc: '123' },
      });
      expect(paid.json.status).toBe('succeeded');
      // The sandbox delivers the payment event to the webhook a moment later.
      const deadline = Date.now() + 30_000;
      for (;;) {
        order = await orderOf(customer, checkout.json.order.id);
        if (order.status === 'paid') break;
        if (Date.now() > deadline) throw new Error(`order still ${order.status}`);
        await new Promise((r) => setTimeout(r, 250));
      }
    });

    it('finds her by « gagnon » (lower case, no accent) in the Clients tab', async () => {
      await visit(admin, '/');
      await signInByApi(admin, DEMO.admin);
      await open(admin, '/admin/clients');
      const tab = admin.getByRole('navigation', { name: 'Sections du tableau de bord' }).getByRole('link', { name: 'Clients', exact: true });
      expect(await tab.getAttribute('aria-current')).toBe('page');
      await admin.getByLabel('Rechercher un client par nom ou courriel').fill('gagnon');
      await admin.waitForURL((url) => url.searchParams.get('q') === 'gagnon');
      const row = admin.getByRole('listitem').filter({ hasText: email });
      await row.waitFor();
      // The shared search field (components/ui/SearchField): its count, and its clear button.
      const search = admin.getByRole('search');
      await search.getByText(/^\d+ clients?$/).waitFor();
      await expectNoAxeViolations(admin, '/admin/clients');
      await search.getByRole('button', { name: 'Effacer la recherche' }).click();
      await admin.waitForURL((url) => !url.searchParams.has('q'));
      expect(await admin.getByLabel('Rechercher un client par nom ou courriel').inputValue()).toBe('');
      await expect.poll(() => admin.getByLabel('Rechercher un client par nom ou courriel').evaluate((el) => el === document.activeElement)).toBe(true);
      await admin.getByLabel('Rechercher un client par nom ou courriel').fill('gagnon');
      await admin.waitForURL((url) => url.searchParams.get('q') === 'gagnon');
      await row.waitFor();
      await row.getByRole('link', { name: 'Hélène Gagnon' }).click();
      await admin.waitForURL((url) => /^\/admin\/clients\/[^/]+$/.test(url.pathname));
      await admin.getByRole('heading', { level: 2, name: 'Hélène Gagnon' }).waitFor();
    });

    it('her page shows her e-mail, the order with its receipt; a note is kept; the receipt is e-mailed again', async () => {
      await admin.getByText(email).first().waitFor();
      const orders = admin.getByRole('region', { name: 'Commandes et reçus' });
      await orders.getByRole('link', { name: `Commande n° ${order.number}`, exact: true }).waitFor();
      expect(await orders.getByRole('link', { name: `Reçu de la commande n° ${order.number} (nouvel onglet)` }).getAttribute('href')).toBe(`/documents/recu/${order.id}`);

      const notes = admin.getByRole('region', { name: 'Notes privées' });
      await notes.getByLabel('Nouvelle note').fill('Préfère être jointe par courriel.');
      await notes.getByRole('button', { name: 'Ajouter la note' }).click();
      await notes.getByText('Préfère être jointe par courriel.').waitFor();
      await notes.getByText(new RegExp(`^${DEMO.admin.email.replace('.', '\\.')}, le `)).waitFor();

      const resent = admin.waitForResponse((r) => r.url().endsWith(`/orders/${order.id}/receipt-email`) && r.request().method() === 'POST');
      await orders.getByRole('button', { name: `Renvoyer le reçu de la commande n° ${order.number} par courriel` }).click();
      expect((await resent).status()).toBe(200);
      await expectToast(admin, 'Reçu renvoyé');
      await expectNoAxeViolations(admin, 'a customer page');
    });

    it('refunds the order from her page through the orders’ refund dialog; the page then says « Remboursée »', async () => {
      const orders = admin.getByRole('region', { name: 'Commandes et reçus' });
      await orders.getByRole('button', { name: `Rembourser la commande n° ${order.number}` }).click();
      const dialog = admin.getByRole('dialog', { name: `Tout rembourser — commande n° ${order.number}` });
      await dialog.waitFor();
      expect(await dialog.textContent()).toContain('Hélène Gagnon perdra l');
      const posted = admin.waitForResponse((r) => r.url().endsWith(`/api/admin/orders/${order.id}/refunds`) && r.request().method() === 'POST');
      await dialog.getByRole('button', { name: 'Confirmer le remboursement' }).click();
      expect((await posted).status()).toBe(201);
      await expectToast(admin, 'Remboursement effectué');
      await dialog.waitFor({ state: 'detached' });

      // The refund completes when the provider's event lands: the page, read again, follows.
      const deadline = Date.now() + 30_000;
      const userId = new URL(admin.url()).pathname.split('/').pop()!;
      for (;;) {
        const { json } = await callApi<AdminClientResponse>(admin, 'GET', `/admin/clients/${userId}`);
        if (json.orders.find((o) => o.id === order.id)?.status === 'refunded') break;
        if (Date.now() > deadline) throw new Error('the refund never landed');
        await new Promise((r) => setTimeout(r, 250));
      }
      await admin.reload();
      await orders.getByText('Remboursée', { exact: true }).waitFor();
      expect(await orders.getByRole('button', { name: `Rembourser la commande n° ${order.number}` }).count()).toBe(0);
    });

    it('gives her « Crédit Toque » with its reason: the balance and the entry show, a missing reason is refused in French', async () => {
      const credit = admin.getByRole('region', { name: 'Crédit Toque' });
      await credit.getByText('Aucun mouvement pour le moment.').waitFor();
      await credit.getByLabel('Montant ($)').fill('25,00');
      await credit.getByRole('button', { name: 'Ajouter le crédit' }).click();
      await credit.getByText('Indiquez la raison de ce crédit.').waitFor();
      await credit.getByLabel('Raison').fill('Geste commercial : panne de la visio.');
      const posted = admin.waitForResponse((r) => /\/api\/admin\/clients\/[^/]+\/credit$/.test(r.url()) && r.request().method() === 'POST');
      await credit.getByRole('button', { name: 'Ajouter le crédit' }).click();
      expect((await posted).status()).toBe(201);
      await expectToast(admin, 'Crédit ajouté : 25,00 CAD');
      await credit.getByText('Geste commercial : panne de la visio.', { exact: false }).waitFor();
      expect((await credit.textContent())!.replace(/\u00a0/g, ' ')).toContain('Solde : 25,00 CAD');
    });

    it('« Membres » shows the members by state and the monthly recurring revenue', async () => {
      await admin.getByRole('link', { name: 'Tous les clients' }).click();
      await admin.waitForURL((url) => url.pathname === '/admin/clients');
      await admin.getByRole('navigation', { name: 'Clients et membres' }).getByRole('link', { name: 'Membres' }).click();
      await admin.waitForURL((url) => url.pathname === '/admin/membres');
      await admin.getByText('Revenu mensuel récurrent', { exact: true }).waitFor();
      await admin.getByRole('table').waitFor();
      expect(await admin.getByRole('navigation', { name: 'Sections du tableau de bord' }).getByRole('link', { name: 'Clients', exact: true }).getAttribute('class')).toContain('border-brand-700');
      await expectNoAxeViolations(admin, '/admin/membres');
    });

    it('no page threw', () => {
      expect(pageErrors(admin)).toEqual([]);
      expect(pageErrors(customer)).toEqual([]);
    });
  });
}
