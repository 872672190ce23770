// A gift card typed at checkout, in the system Chromium against the production build (phone, then
// desktop): someone offers a card (bought and paid through the API, its code read from the friend's
// e-mail); the friend opens a recorded course's payment page and types the code in « Carte-cadeau ou
// code promo ». At phone width the card covers the course before tax: the field says it went to his
// credit and what it paid, the summary shows « Crédit Toque − X » and the rest, paid by card. At
// desktop width it covers everything: no card form, the result page at once. Either way the result
// page and the receipt name the credit, « Mon crédit » shows what is left, and Mes Achats links
// there with the balance (the money itself is proven on the pinned clock in
// tests/integration/checkout-gift-card.test.ts).
import { describe, expect, it } from 'vitest';
import { formatPrice } from '@shared/format';
import type { CheckoutResponse } from '@shared/schemas/checkout';
import { callApi } from './api';
import { expectNoAxeViolations, newPage, pageErrors, useBrowser, viewports } from './browser';
import { orderOf, openPayment, paidRecordedCourses, payButton, payWithCard, waitForPaid } from './checkout-helpers';
import { waitForMail } from './mailbox';
import { signUpLearner, uniqueEmail } from './session';
import { open } from './site';

useBrowser();

const squash = (s: string | null) => (s ?? '').replaceAll('\u00a0', ' ').replaceAll('\u202f', ' ');

describe.each(viewports)('a gift card typed at checkout (%s)', (viewport) => {
  it('goes to the credit, pays the course (the card the rest), and what is left shows in « Mon crédit »', { timeout: 120_000 }, async () => {
    const course = (await paidRecordedCourses()).filter((c) => !c.isPremium)[viewport === 'phone' ? 0 : 1]!;
    const covers = viewport === 'desktop';
    const amountCents = Math.max(1000, covers ? course.priceCents * 2 : course.priceCents);

    // The giver buys the card through the API and pays it with the sandbox's card.
    const giver = await newPage(viewport);
    await signUpLearner(giver, `donne-${viewport}`);
    const friendEmail = uniqueEmail(`carte-${viewport}`);
    const bought = await callApi<CheckoutResponse>(giver, 'POST', '/gift-cards/checkout', {
      amountCents,
      recipientName: 'Jules Ami',
      recipientEmail: friendEmail,
      delivery: 'now',
      idempotencyKey: crypto.randomUUID(),
    });
    expect(bought.status).toBe(201);
    const payment = bought.json.payment!;
    const paid = await callApi(giver, 'POST', '/payments/sandbox/confirm', {
      paymentId: payment.paymentId,
      clientSecret: payment.clientSecret,
      method: { type: 'card', number: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' },
    });
    expect(paid.status).toBe(200);
    const mail = await waitForMail(friendEmail, { subject: /vous offre une carte-cadeau Toque$/, timeout: 30_000 });
    const code = /Code : ([2-9A-Z]{4}-[2-9A-Z]{4}-[2-9A-Z]{4}-[2-9A-Z]{4})/.exec(mail.text)?.[1];
    expect(code).toBeTruthy();

    // The friend pays a recorded course with it.
    const learner = await newPage(viewport);
    await signUpLearner(learner, `utilise-${viewport}`);
    const started = await openPayment(learner, `/payment/${course.id}`);
    const prompt = learner.getByRole('region', { name: 'Votre province de résidence' });
    await prompt.waitFor();
    await prompt.getByLabel('Province', { exact: true }).selectOption('QC');
    await prompt.getByRole('button').first().click();
    const field = learner.getByRole('region', { name: 'Carte-cadeau ou code promo' });
    await field.getByLabel('Carte-cadeau ou code promo').fill(code!.toLowerCase());
    await field.getByRole('button', { name: 'Appliquer' }).click();

    if (!covers) {
      await field.getByRole('status').filter({ hasText: 'Carte-cadeau ajoutée à votre crédit' }).waitFor();
      // The order the checkout answered last (its id is read from that answer as it arrives: later on a loaded machine).
      await expect.poll(async () => (await orderOf(learner, started.orderId()!)).creditAppliedCents, { timeout: 15_000 }).toBe(amountCents);
      const order = await orderOf(learner, started.orderId()!);
      expect(squash(await field.getByRole('status').textContent())).toBe(
        squash(`Carte-cadeau ajoutée à votre crédit (${formatPrice(amountCents)}) : ${formatPrice(amountCents)} utilisés sur cette commande`),
      );
      const summary = squash(await learner.getByRole('region', { name: 'Votre commande' }).textContent());
      expect(summary).toContain(squash(`Crédit Toque− ${formatPrice(amountCents)}`));
      expect(summary).toContain(squash(`Reste à payer par carte${formatPrice(order.totalCents - amountCents)}`));
      // The card is asked only for the rest.
      expect(squash(await payButton(learner).textContent())).toBe(squash(`Payer ${formatPrice(order.totalCents - amountCents)}`));
      await expectNoAxeViolations(learner, `payment with a gift card (${viewport})`);
      await payWithCard(learner, '4242 4242 4242 4242');
    }
    await waitForPaid(learner);
    const orderId = started.orderId()!;
    const order = await orderOf(learner, orderId);
    expect(order.status).toBe('paid');
    const result = squash(await learner.locator('main').textContent());
    expect(result).toContain(covers ? `${squash(formatPrice(order.totalCents))} — Crédit Toque` : squash(`Crédit Toque ${formatPrice(amountCents)} + Visa`));

    // The receipt names the credit as payment.
    await learner.goto(new URL(order.receiptUrl!, learner.url()).href);
    expect(squash(await learner.locator('body').textContent())).toContain('Crédit Toque');

    // « Mon crédit »: what is left of the card.
    const left = amountCents - order.creditAppliedCents;
    await open(learner, '/account#mon-credit');
    const section = learner.locator('#mon-credit');
    await section.getByText(/^Solde :/).waitFor();
    expect(squash(await section.textContent())).toContain(squash(`Solde : ${formatPrice(left)}`));
    // Mes Achats says the balance, with the way to « Mon crédit » (only when there is some).
    if (left > 0) {
      await open(learner, '/mes-achats');
      const link = learner.getByRole('link', { name: 'Voir mon crédit' });
      await link.waitFor();
      expect(squash(await link.locator('..').textContent())).toContain(squash(`Crédit Toque : ${formatPrice(left)} disponibles`));
      await link.click();
      await learner.waitForURL(/\/account#mon-credit$/);
    }
    expect(pageErrors(learner)).toEqual([]);
  });
});
