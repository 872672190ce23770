// « Recevoir un crédit Toque » (issue 27's « Done when », decision 0038) in the system Chromium against
// the production build and its sandbox, phone width first: a learner whose seat in a live class is
// paid (hold → checkout → the sandbox's card, through the real API) cancels it from Mon Calendrier more
// than 48 h ahead and chooses the credit: the toast says it was added at once, the order is refunded,
// « Mon crédit » shows it; then the learner spends it on a recorded course at checkout (« Payer X avec
// mon crédit », or « Utiliser mon crédit » and the card for the rest), and « Mon crédit » shows what is
// left with both entries. (The money itself is proven on the pinned clock in
// tests/integration/credit-checkout.test.ts.)
import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { formatPrice } from '@shared/format';
import type { HoldResponse } from '@shared/schemas/booking';
import type { CheckoutResponse } from '@shared/schemas/checkout';
import type { CourseResponse, CourseSummary, SessionSummary } from '@shared/schemas/public';
import { testNow } from '../setup/test-clock';
import { until } from '../setup/until';
import { agendaEvent, showInAgenda } from './agenda';
import { callApi, getJson, seededCourses } from './api';
import { expectNoAxeViolations, newPage, pageErrors, useBrowser, viewports } from './browser';
import { orderOf, paidRecordedCourses, paySandboxByApi, payWithCard, waitForPaid } from './checkout-helpers';
import { createAccount, signInByApi } from './session';
import { dismissToasts, expectToast, open, visit } from './site';

useBrowser();

const HOUR = 3_600_000;
const squash = (s: string | null) => (s ?? '').replaceAll('\u00a0', ' ').replaceAll('\u202f', ' ');
const dialog = (page: Page, name = 'Détails du cours') => page.getByRole('dialog', { name });

/** Live sessions with a seat, more than 50 h ahead (refundable), latest first (other journeys book the early ones). */
async function refundableSessions(): Promise<{ course: CourseSummary; session: SessionSummary }[]> {
  const found: { course: CourseSummary; session: SessionSummary }[] = [];
  for (const c of (await seededCourses()).filter((c) => c.isLive && !c.isPremium && c.priceCents > 0)) {
    for (const s of (await getJson<CourseResponse>(`/api/courses/${c.id}`)).course.sessions) {
      if (s.seatsLeft > 0 && Date.parse(s.startsAt) > testNow().getTime() + 50 * HOUR) found.push({ course: c, session: s });
    }
  }
  return found.sort((a, b) => Date.parse(b.session.startsAt) - Date.parse(a.session.startsAt));
}

describe.each(viewports)('a cancellation taken as « Crédit Toque », then spent (%s)', (viewport) => {
  it('cancels ≥ 48 h ahead, receives the credit at once, and pays a recorded course with it', { timeout: 150_000 }, async () => {
    const index = viewport === 'phone' ? 0 : 1;
    const live = (await refundableSessions())[index];
    if (!live) throw new Error('The seed should hold live sessions with seats more than 50 h ahead');
    const { course, session } = live;

    const learner = await newPage(viewport);
    await visit(learner, '/');
    await signInByApi(learner, await createAccount(`annule-credit-${viewport}`, 'Rosalie Crédit'));
    expect((await callApi<HoldResponse>(learner, 'POST', '/booking/holds', { sessionId: session.id })).status).toBe(201);
    const made = await callApi<CheckoutResponse>(learner, 'POST', '/checkout', {
      items: [{ courseId: course.id, sessionId: session.id }],
      province: 'QC',
      idempotencyKey: randomUUID(),
    });
    expect(made.status, JSON.stringify(made.json)).toBe(201);
    await paySandboxByApi(learner, made.json.payment!);
    const seatOrder = await until('seat paid', () => orderOf(learner, made.json.order.id), (o) => o.status === 'paid', 30_000);
    const creditCents = seatOrder.totalCents;

    // Mon Calendrier: the class's details, « Annuler ma réservation », the credit chosen.
    await open(learner, '/calendrier');
    await showInAgenda(learner, course.title, session.startsAt);
    await agendaEvent(learner, course.title).click();
    await dialog(learner).getByRole('button', { name: 'Annuler ma réservation' }).click();
    const confirm = dialog(learner, 'Annuler ma réservation ?');
    await confirm.getByText('Remboursement complet', { exact: true }).waitFor();
    await confirm.getByLabel('Recevoir un crédit Toque (immédiat, sans expiration)').check();
    await expectNoAxeViolations(learner, `the cancellation with the credit chosen (${viewport})`);
    await dismissToasts(learner);
    await confirm.getByRole('button', { name: "Confirmer l'annulation" }).click();
    await expectToast(learner, 'Réservation annulée', `${formatPrice(creditCents)} ont été ajoutés à votre crédit Toque`);
    await confirm.waitFor({ state: 'detached' });
    // Nothing asked of the card: the order is refunded at once, its credit note issued.
    await expect.poll(async () => (await orderOf(learner, seatOrder.id)).status, { timeout: 15_000 }).toBe('refunded');

    await open(learner, '/account#mon-credit');
    const section = learner.locator('#mon-credit');
    await section.getByText(/^Solde :/).waitFor();
    expect(squash(await section.textContent())).toContain(squash(`Solde : ${formatPrice(creditCents)}`));
    expect(squash(await section.textContent())).toContain('Remboursement reçu en crédit Toque');

    // Spent on a recorded course (the province is known from the seat's checkout: no prompt).
    const recorded = (await paidRecordedCourses()).filter((c) => !c.isPremium)[index]!;
    await open(learner, `/payment/${recorded.id}`);
    const choice = learner.getByRole('region', { name: 'Crédit Toque' });
    const payAll = choice.getByRole('button', { name: /avec mon crédit$/ });
    const box = choice.getByRole('checkbox', { name: /^Utiliser mon crédit/ });
    await Promise.race([payAll.waitFor(), box.waitFor()]);
    if (await payAll.isVisible()) {
      await payAll.click();
    } else {
      await box.check();
      const summary = learner.getByRole('region', { name: 'Votre commande' });
      await expect.poll(async () => squash(await summary.textContent())).toContain(squash(`Crédit Toque− ${formatPrice(creditCents)}`));
      await payWithCard(learner, '4242 4242 4242 4242');
    }
    await waitForPaid(learner);
    const spent = await orderOf(learner, new URL(learner.url()).searchParams.get('order_id')!);
    expect(spent.status).toBe('paid');
    expect(spent.creditAppliedCents).toBe(Math.min(creditCents, spent.totalCents));

    await open(learner, '/account#mon-credit');
    await section.getByText(/^Solde :/).waitFor();
    const text = squash(await section.textContent());
    expect(text).toContain(squash(`Solde : ${formatPrice(creditCents - spent.creditAppliedCents)}`));
    expect(text).toContain('Payé avec votre crédit');
    expect(pageErrors(learner)).toEqual([]);
  });
});
