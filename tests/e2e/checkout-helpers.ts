// What the checkout journeys share: the seeded recorded courses, the lock on a premium course, the
// sandbox card form driven as a person would, and the server's view of orders and purchases.
import type { Page, Request, Response } from 'playwright-core';
import { expect } from 'vitest';
import type { OrderView, PurchasesResponse, SandboxConfirmResponse } from '@shared/schemas/checkout';
import type { CourseSummary } from '@shared/schemas/public';
import { callApi, seededCourses } from './api';
import { open } from './site';

/** The seeded recorded courses with a price, premium ones first (those show the lock before a purchase). */
export async function paidRecordedCourses(): Promise<CourseSummary[]> {
  // A learner can buy only the ones that are not premium (DESIGN §7): they come first.
  const recorded = (await seededCourses()).filter((c) => !c.isLive && c.priceCents > 0).sort((a, b) => Number(a.isPremium) - Number(b.isPremium));
  if (recorded.filter((c) => !c.isPremium).length < 2 || recorded.length < 4) {
    throw new Error('The seed should hold at least 4 paid recorded courses, 2 of them not premium');
  }
  return recorded;
}

/** The panel a premium course shows instead of its content to someone who has not bought it. */
export const premiumPanel = (page: Page) => page.getByRole('heading', { name: 'Contenu Exclusif pour Abonnés' });

export async function purchasedCourseIds(page: Page): Promise<string[]> {
  const { status, json } = await callApi<PurchasesResponse>(page, 'GET', '/purchases');
  expect(status).toBe(200);
  return json.purchases.filter((p) => p.status === 'succeeded').map((p) => p.course.id);
}

export async function orderOf(page: Page, orderId: string): Promise<OrderView> {
  const { status, json } = await callApi<{ order: OrderView }>(page, 'GET', `/orders/${orderId}`);
  expect(status).toBe(200);
  return json.order;
}

/** Opens a payment page and returns the id of the order the page started. */
export async function openPayment(page: Page, path: string): Promise<{ orderId: () => string | null }> {
  let orderId: string | null = null;
  const onResponse = async (res: Response) => {
    if (res.url().endsWith('/api/checkout') && res.request().method() === 'POST' && res.ok()) {
      orderId = ((await res.json()) as { order: OrderView }).order.id;
    }
  };
  page.on('response', onResponse);
  await open(page, path);
  return { orderId: () => orderId };
}

/** Counts the card submissions the browser sends to the sandbox from now on. */
export function countConfirmRequests(page: Page): { count: () => number; stop: () => void } {
  let n = 0;
  const listener = (req: Request) => {
    if (req.url().includes('/api/payments/sandbox/confirm')) n++;
  };
  page.on('request', listener);
  return { count: () => n, stop: () => page.off('request', listener) };
}

export const payButton = (page: Page) => page.getByRole('button', { name: /^Payer [\d\s\u00a0\u202f]+,\d{2} CAD$/ });

export async function fillCard(page: Page, number: string, expiry = '12/34', cvc = '123') {
  await page.getByLabel('Numéro de carte').fill(number);
  await page.getByLabel("Date d'expiration").fill(expiry);
  await page.getByLabel('CVC').fill(cvc);
}

export async function payWithCard(page: Page, number: string, expiry?: string, cvc?: string) {
  await fillCard(page, number, expiry, cvc);
  await payButton(page).click();
}

/** The payment form's alert (the processor's refusal), once it shows. */
export async function formAlert(page: Page): Promise<string> {
  const alert = page.getByRole('form', { name: 'Paiement par carte' }).getByRole('alert');
  await alert.waitFor();
  return (await alert.textContent()) ?? '';
}

/** The result page, once the server has processed the provider's event. */
export async function waitForPaid(page: Page) {
  await page.waitForURL(/\/(payment-result|reservations\/[^/?]+)\?/);
  // One live class lands on its booking's page (decision 0052), keeping the order's id in the query.
  await page
    .getByRole('heading', { name: 'Paiement Réussi !' })
    .or(page.getByText('Paiement confirmé : votre place est réservée.'))
    .waitFor({ timeout: 30_000 });
}

/** Pays a payment with the sandbox's test card 4242 through the API, as its card form would. */
export async function paySandboxByApi(page: Page, payment: { paymentId: string; clientSecret: string }): Promise<void> {
  const paid = await callApi<SandboxConfirmResponse>(page, 'POST', '/payments/sandbox/confirm', {
    paymentId: payment.paymentId,
    clientSecret: payment.clientSecret,
    method: { type: 'card', number: '4242424242424242', expiry: '12/34', cvc: '123' },
  });
  expect(paid.json.status).toBe('succeeded');
}
