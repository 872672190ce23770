// « Codes promo » (decision 0040) in the system Chromium against the production build, at phone and
// desktop widths: the admin (cheffe@toque.demo) creates NOEL20 — 20 %, live classes only, 2 uses —
// in the « Codes promo » tab; a learner holding a seat of a live class types an unknown code (refused
// in French under « Carte-cadeau ou code promo »), then noel20: the field says what it did, the order
// shows the code's row and taxes on the net, and the learner pays; the admin's list counts the use.
// A second learner uses it too (through the API, paid); a third is refused in French under the field
// (« Ce code a atteint son nombre maximal d'utilisations. »), and the admin's list says 2 on 2.
import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { HoldResponse } from '@shared/schemas/booking';
import type { CheckoutResponse, OrderView } from '@shared/schemas/checkout';
import type { CourseResponse, CourseSummary, SessionSummary } from '@shared/schemas/public';
import { callApi, getJson, seededCourses } from './api';
import { expectNoAxeViolations, pageErrors, useBrowser, usePage, viewports } from './browser';
import { openPayment, orderOf, paySandboxByApi, payWithCard, waitForPaid } from './checkout-helpers';
import { createAccount, DEMO, signInByApi } from './session';
import { expectToast, open, visit } from './site';
import { testNow } from '../setup/test-clock';
import { until } from '../setup/until';

useBrowser();

const HOUR = 3_600_000;
const squash = (s: string | null) => (s ?? '').replaceAll('\u00a0', ' ').replaceAll('\u202f', ' ');

/** Live sessions with seats for three learners, far enough ahead, latest first (the other journeys book the early ones). */
async function openLiveSessions(): Promise<{ course: CourseSummary; session: SessionSummary }[]> {
  const found: { course: CourseSummary; session: SessionSummary }[] = [];
  for (const c of (await seededCourses()).filter((c) => c.isLive && !c.isPremium && c.priceCents > 0)) {
    for (const s of (await getJson<CourseResponse>(`/api/courses/${c.id}`)).course.sessions) {
      if (s.seatsLeft > 3 && Date.parse(s.startsAt) > testNow().getTime() + 2 * HOUR) found.push({ course: c, session: s });
    }
  }
  return found.sort((a, b) => Date.parse(b.session.startsAt) - Date.parse(a.session.startsAt));
}

for (const viewport of viewports) {
  const index = viewport === 'phone' ? 0 : 1;
  describe(`NOEL20 from the admin's tab to a paid live class (${viewport})`, () => {
    let admin: Page;
    let learner: Page;
    let second: Page;
    let third: Page;
    usePage(viewport, (p) => (admin = p));
    usePage(viewport, (p) => (learner = p));
    usePage(viewport, (p) => (second = p));
    usePage(viewport, (p) => (third = p));
    // One code per width: the e2e database is shared by the journeys.
    const code = viewport === 'phone' ? 'NOEL20' : 'NOEL20DESK';
    let live: { course: CourseSummary; session: SessionSummary };

    beforeAll(async () => {
      live = (await openLiveSessions())[index]!;
      if (!live) throw new Error('The seed should hold an open live session');
    });

    it('the admin creates the code: 20 %, live classes only, 2 uses', async () => {
      await visit(admin, '/');
      await signInByApi(admin, DEMO.admin);
      await open(admin, '/admin/codes-promo');
      await admin.getByRole('heading', { name: 'Codes promo' }).waitFor();
      await admin.getByRole('button', { name: 'Nouveau code' }).click();
      const dialog = admin.getByRole('dialog', { name: 'Nouveau code promo' });
      await dialog.waitFor();
      // An empty submit says what is missing, field by field.
      await dialog.getByRole('button', { name: 'Créer le code' }).click();
      await dialog.getByText('Le code compte au moins 3 caractères.').waitFor();
      await dialog.getByLabel('Code', { exact: true }).fill(code.toLowerCase());
      await dialog.getByLabel('Rabais (%)').fill('20');
      await dialog.getByLabel('Cours en direct').check();
      await dialog.getByLabel('Utilisations au total').fill('2');
      if (viewport === 'desktop') await expectNoAxeViolations(admin, 'promo code form (desktop)');
      await dialog.getByRole('button', { name: 'Créer le code' }).click();
      await expectToast(admin, 'Code promo créé');
      const card = admin.getByRole('listitem', { name: code });
      await card.waitFor();
      expect(squash(await card.textContent())).toContain('− 20 % sur les cours en direct');
      expect(squash(await card.textContent())).toContain('0 utilisation payée sur 2');
      if (viewport === 'desktop') await expectNoAxeViolations(admin, 'promo codes tab (desktop)');
      expect(pageErrors(admin)).toEqual([]);
    });

    it('a learner holding a seat applies it at checkout (an unknown code refused first) and pays', async () => {
      await visit(learner, '/');
      await signInByApi(learner, await createAccount(`code-promo-${viewport}`, 'Noémie Festive'));
      expect((await callApi<HoldResponse>(learner, 'POST', '/booking/holds', { sessionId: live.session.id })).status).toBe(201);
      const opened = await openPayment(learner, `/payment/${live.course.id}`);
      const prompt = learner.getByRole('region', { name: 'Votre province de résidence' });
      await prompt.waitFor();
      await prompt.getByLabel('Province', { exact: true }).selectOption('QC');
      await prompt.getByRole('button', { name: 'Continuer vers le paiement' }).click();

      const field = learner.getByRole('region', { name: 'Carte-cadeau ou code promo' });
      await field.waitFor();
      await field.getByLabel('Carte-cadeau ou code promo').fill('PASUNCODE');
      await field.getByRole('button', { name: 'Appliquer' }).click();
      await field.getByText("Ce code n'existe pas. Vérifiez-le et réessayez.").waitFor();

      await field.getByLabel('Carte-cadeau ou code promo').fill(code.toLowerCase());
      await field.getByRole('button', { name: 'Appliquer' }).click();
      const applied = field.getByRole('status');
      await applied.waitFor();
      expect(squash(await applied.textContent())).toBe(`Code ${code} appliqué : − 20 % sur les cours en direct`);
      const summary = learner.getByRole('region', { name: 'Votre commande' });
      await expect.poll(async () => squash(await summary.textContent())).toContain(`Code ${code} (20 %)`);
      if (viewport === 'desktop') await expectNoAxeViolations(learner, 'payment page with a code (desktop)');

      await payWithCard(learner, '4242 4242 4242 4242');
      await waitForPaid(learner);
      // The order paid is the one with the code: taxes on the price after it.
      const order: OrderView = await orderOf(learner, new URL(learner.url()).searchParams.get('order_id')!);
      expect(order.status).toBe('paid');
      expect(order.id).toBe(opened.orderId());
      expect(order.promo?.code).toBe(code);
      const line = order.lines[0]!;
      expect(line.promoDiscountCents).toBe(Math.floor((live.course.priceCents * 20 + 50) / 100));
      expect(order.taxLines.every((t) => t.baseCents === line.amountCents)).toBe(true);
      expect(pageErrors(learner)).toEqual([]);
    });

    it('the admin sees the use counted', async () => {
      await open(admin, '/admin/codes-promo');
      const card = admin.getByRole('listitem', { name: code });
      await expect.poll(async () => squash(await card.textContent()), { timeout: 15_000 }).toContain('1 utilisation payée sur 2');
    });

    it('works a second time (another learner, paid), and is refused the third time, in French under the field', async () => {
      await visit(second, '/');
      await signInByApi(second, await createAccount(`code-promo-2-${viewport}`, 'Gaspard Réveillon'));
      expect((await callApi<HoldResponse>(second, 'POST', '/booking/holds', { sessionId: live.session.id })).status).toBe(201);
      const made = await callApi<CheckoutResponse>(second, 'POST', '/checkout', {
        items: [{ courseId: live.course.id, sessionId: live.session.id }],
        province: 'QC',
        code: code.toLowerCase(),
        idempotencyKey: randomUUID(),
      });
      expect(made.status, JSON.stringify(made.json)).toBe(201);
      expect(made.json.order.promo?.code).toBe(code);
      await paySandboxByApi(second, made.json.payment!);
      await until('second order paid', () => orderOf(second, made.json.order.id), (o) => o.status === 'paid', 30_000);

      // The third learner, on the payment page: the code is used up.
      await visit(third, '/');
      await signInByApi(third, await createAccount(`code-promo-3-${viewport}`, 'Léonie Trop-Tard'));
      expect((await callApi<HoldResponse>(third, 'POST', '/booking/holds', { sessionId: live.session.id })).status).toBe(201);
      await openPayment(third, `/payment/${live.course.id}`);
      const prompt = third.getByRole('region', { name: 'Votre province de résidence' });
      await prompt.waitFor();
      await prompt.getByLabel('Province', { exact: true }).selectOption('QC');
      await prompt.getByRole('button', { name: 'Continuer vers le paiement' }).click();
      const field = third.getByRole('region', { name: 'Carte-cadeau ou code promo' });
      await field.waitFor();
      await field.getByLabel('Carte-cadeau ou code promo').fill(code.toLowerCase());
      await field.getByRole('button', { name: 'Appliquer' }).click();
      await field.getByText("Ce code a atteint son nombre maximal d'utilisations.").waitFor();
      // The order shown stays without the code, payable at its price.
      const summary = third.getByRole('region', { name: 'Votre commande' });
      expect(squash(await summary.textContent())).not.toContain(`Code ${code}`);
      expect(pageErrors(third)).toEqual([]);

      await open(admin, '/admin/codes-promo');
      const card = admin.getByRole('listitem', { name: code });
      await expect.poll(async () => squash(await card.textContent()), { timeout: 15_000 }).toContain('2 utilisations payées sur 2');
    });
  });
}
