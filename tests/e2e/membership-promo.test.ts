// A promo code on the membership's first payment (decision 0040), on a phone, in the system Chromium
// against the production build and its sandbox: the admin's code scoped to « abonnement (premier
// paiement) »; /abonnement refuses an unknown code under the field, in French; with the code, the
// payment page shows it and the discounted first payment, paid with the sandbox card; the receipt
// has it. (The renewal at full price: tests/integration/subscriptions-promo.test.ts.)
import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { PromoCodeResponse } from '@shared/schemas/promo-codes';
import type { SubscriptionResponse } from '@shared/schemas/subscription';
import { EMPTY_PROMO_CODE } from '../setup/promo-codes';
import { callApi } from './api';
import { expectNoAxeViolations, newPage, pageErrors, useBrowser, usePage } from './browser';
import { fillCard } from './checkout-helpers';
import { DEMO, signInByApi, signUpLearner } from './session';
import { baseURL, open, visit } from './site';

useBrowser();

const CODE = `ABO${randomUUID().slice(0, 6).toUpperCase()}`;

describe('a promo code on the first payment of the membership (phone)', () => {
  let page: Page;
  usePage('phone', (opened) => (page = opened));

  beforeAll(async () => {
    const admin = await newPage('desktop');
    await visit(admin, '/');
    await signInByApi(admin, DEMO.admin);
    const made = await callApi<PromoCodeResponse>(admin, 'POST', '/admin/promo-codes', { ...EMPTY_PROMO_CODE, code: CODE, percentOff: 25, kinds: ['membership'] });
    expect(made.status, JSON.stringify(made.json)).toBe(201);
    await admin.close();
    await signUpLearner(page, 'abo-code', '/abonnement');
  });

  it('refuses an unknown code under the field; takes the good one off the first payment, paid with the card', async () => {
    await open(page, '/abonnement');
    const trial = page.getByRole('checkbox', { name: /jours d'essai gratuit/ });
    if (await trial.isVisible()) await trial.uncheck();
    const field = page.getByLabel('Code promo');
    await field.fill('PASUNCODE');
    await page.getByRole('button', { name: "S'abonner" }).click();
    await page.getByText("Ce code n'existe pas. Vérifiez-le et réessayez.").waitFor();
    expect(await field.getAttribute('aria-invalid')).toBe('true');
    await expectNoAxeViolations(page, '/abonnement with a refused code');

    await field.fill(CODE.toLowerCase());
    await page.getByRole('button', { name: "S'abonner" }).click();
    const province = page.getByRole('dialog', { name: 'Votre province de résidence' });
    await Promise.race([province.waitFor(), page.waitForURL(`${baseURL}/payment/subscription`)]);
    if (!page.url().endsWith('/payment/subscription')) {
      await province.getByLabel('Province').selectOption('QC');
      await province.getByRole('button', { name: 'Continuer vers le paiement' }).click();
      await page.waitForURL(`${baseURL}/payment/subscription`);
    }
    await page.getByRole('heading', { name: 'Finalisez votre abonnement' }).waitFor();
    const summary = (await page.getByRole('region', { name: 'Votre abonnement' }).textContent())?.replace(/\s+/g, ' ') ?? '';
    // 19,99 − 25 % (5,00) = 14,99, taxed in Québec: 17,24 the first time, then the plan's price.
    expect(summary).toContain(`Code ${CODE}`);
    expect(summary).toContain('17,24 CAD (premier paiement)');
    expect(summary).toContain('au prix de la formule (19,99 CAD + taxes)');
    await expectNoAxeViolations(page, 'the membership payment with a code');
    await fillCard(page, '4242 4242 4242 4242');
    await page.getByRole('button', { name: /^Payer 17,24\sCAD$/ }).click();
    await page.waitForURL(`${baseURL}/abonne/tableau-de-bord`, { timeout: 30_000 });
    const { json } = await callApi<SubscriptionResponse>(page, 'GET', '/subscription');
    expect(json).toMatchObject({ isSubscriber: true, current: { status: 'active' } });
    expect(pageErrors(page)).toEqual([]);
  });
});
