// Paying with Stripe's Payment Element, in the system Chromium, against the production build run
// with PAYMENT_PROVIDER=stripe on a server of its own. The page's own payment form — the real
// @stripe/react-stripe-js <Elements>/<PaymentElement> tree, loaded by @stripe/stripe-js's loadStripe
// — gets a stand-in of Stripe.js (tests/fixtures/stripe-js/stripe.js) where Stripe's script would
// come from, and api.stripe.com is a local stand-in (tests/setup/stripe-account.ts) that the server
// reaches through STRIPE_API_URL and the browser through the journey's routes. Each outcome reaches
// the server as Stripe sends it: a signed event to its webhook. Nothing leaves the machine: any other
// request off it is refused and counted. The production Content-Security-Policy stays as it is and
// is checked (a violation is a page error).
//
// At the phone's width: the element mounts in French, a bad card is refused in the browser, a
// declined card shows Stripe's French refusal and pays nothing, the success card then pays (the
// result page waits for the event); a live class's seat paid through 3-D Secure, refused once then
// approved. At desktop width (the same code, reflowed): the page checked with axe, then paid.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { Page, Response } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HoldResponse } from '@shared/schemas/booking';
import { profiles } from '../../src/server/db/schema';
import { WEBHOOK_PATH } from '../../src/server/modules/payments/routes';
import { createChef, createCourse, createSession } from '../factories';
import { startStripeAccount, TEST_CARDS, type StripeAccount } from '../setup/stripe-account';
import { rootDir } from '../setup/test-db';
import { callApi } from './api';
import { expectNoAxeViolations, pageErrors, runsEveryJourney, useBrowser, usePage, viewports, type Viewport } from './browser';
import { orderOf, payButton, purchasedCourseIds, waitForPaid } from './checkout-helpers';
import { createPerson, startPreparedServer, type PreparedServer } from './prepared-server';
import { signInByApi, type Account } from './session';
import { expectToast, visitUrl } from './site';

const KEYS = { secretKey: 'sk_test_toque_journey', publishableKey: 'pk_test_toque_journey', webhookSecret: 'whsec_toque_journey_stand_in' };
const STRIPE_JS = readFileSync(path.join(rootDir, 'tests/fixtures/stripe-js/stripe.js'), 'utf8');
/** The URLs @stripe/stripe-js injects (its release train's, or v3). */
const STRIPE_JS_URL = /^https:\/\/js\.stripe\.com\/(v3\/?|[a-z0-9]+\/stripe\.js)(\?.*)?$/;

type Prepared = {
  buyers: Record<Viewport, Account & { id: string }>;
  /** Recorded courses: the phone's (declined, then paid), the desktop's (paid). */
  recorded: Record<Viewport, { id: string; title: string }>;
  live: { id: string; title: string; sessionId: string };
};

let account: StripeAccount;
let server: PreparedServer<Prepared>;

useBrowser();

beforeAll(async () => {
  account = await startStripeAccount(KEYS);
  server = await startPreparedServer(
    async (db) => {
      const chef = await createChef(db);
      const buyer = async (name: string) => {
        const person = await createPerson(db, name, 'learner');
        // Québec: the payment page goes straight to the form (the province prompt is the sandbox journey's).
        await db.update(profiles).set({ province: 'QC' }).where(eq(profiles.userId, person.id));
        return person;
      };
      const recorded = (title: string) => createCourse(db, { title, isLive: false, priceCents: 3900, teacherId: chef.id, imageUrl: null, durationMinutes: 45 });
      const live = await createCourse(db, { title: 'Pouding chômeur en direct', isLive: true, priceCents: 4500, teacherId: chef.id, imageUrl: null, durationMinutes: 90 });
      const session = await createSession(db, live.id);
      return {
        buyers: { phone: await buyer('Maude Pelletier'), desktop: await buyer('Jérôme Lavoie') },
        recorded: { phone: await recorded('Cretons maison'), desktop: await recorded('Fèves au lard à l’érable') },
        live: { ...live, sessionId: session.id },
      };
    },
    {
      env: {
        PAYMENT_PROVIDER: 'stripe',
        STRIPE_SECRET_KEY: KEYS.secretKey,
        STRIPE_PUBLISHABLE_KEY: KEYS.publishableKey,
        STRIPE_WEBHOOK_SECRET: KEYS.webhookSecret,
        STRIPE_API_URL: account.url,
      },
    },
  );
  account.deliverTo(`${server.baseURL}${WEBHOOK_PATH}`);
});

afterAll(async () => {
  await account?.settled();
  await server?.stop();
  await account?.close();
});

/**
 * Stripe's two origins for this page's context: js.stripe.com gives the stand-in of Stripe.js,
 * api.stripe.com is forwarded to the local stand-in of the API. Any other request off the machine
 * is refused and kept in the list returned (a journey expects it empty).
 */
async function routeStripe(page: Page): Promise<string[]> {
  const outside: string[] = [];
  const context = page.context();
  // Routes added later are consulted first: this one only sees what Stripe's two do not take.
  await context.route(
    (url) => url.hostname !== '127.0.0.1',
    (route) => {
      outside.push(route.request().url());
      return route.abort('blockedbyclient');
    },
  );
  await context.route('https://js.stripe.com/**', (route) =>
    STRIPE_JS_URL.test(route.request().url())
      ? route.fulfill({ status: 200, contentType: 'text/javascript; charset=utf-8', body: STRIPE_JS })
      : route.fulfill({ status: 404, body: '' }),
  );
  await context.route('https://api.stripe.com/**', async (route) => {
    const request = route.request();
    const { pathname, search } = new URL(request.url());
    const res = await fetch(`${account.url}${pathname}${search}`, {
      method: request.method(),
      headers: { 'content-type': request.headers()['content-type'] ?? 'application/x-www-form-urlencoded' },
      body: request.method() === 'GET' ? undefined : (request.postData() ?? ''),
    });
    await route.fulfill({ status: res.status, headers: Object.fromEntries(res.headers), body: Buffer.from(await res.arrayBuffer()) });
  });
  return outside;
}

/** SHOTS_DIR set: a screenshot for a person to look at (the whole page, or what the screen shows). */
async function shot(page: Page, name: string, fullPage = true) {
  if (process.env.SHOTS_DIR) await page.screenshot({ path: `${process.env.SHOTS_DIR}/${name}.png`, fullPage });
}

const paymentForm = (page: Page) => page.getByRole('form', { name: 'Paiement' });
const cardField = (page: Page, label: string) => paymentForm(page).getByLabel(label, { exact: true });
const formAlert = (page: Page) => paymentForm(page).locator('[role="alert"]').filter({ hasText: /\S/ });

/** Opens a payment page and waits for the Payment Element to be ready (its fields shown, the pay button enabled). */
async function openWithElement(page: Page, pathname: string) {
  await visitUrl(page, `${server.baseURL}${pathname}`);
  await cardField(page, 'Numéro de carte').waitFor();
  await expect.poll(() => payButton(page).isEnabled()).toBe(true);
}

/** Types a card into the Payment Element key by key, as a person does (the fields format as they go). */
async function typeCard(page: Page, number: string, expiry = '1234', cvc = '123') {
  for (const [label, value] of [
    ['Numéro de carte', number.replace(/\s/g, '')],
    ["Date d'expiration", expiry],
    ['Code de sécurité', cvc],
  ] as const) {
    const field = cardField(page, label);
    await field.fill('');
    await field.pressSequentially(value);
  }
}

async function payWith(page: Page, number: string) {
  await typeCard(page, number);
  await payButton(page).click();
}

/** The order the payment page made, from its checkout answer. */
function watchCheckout(page: Page): () => string | null {
  let orderId: string | null = null;
  const listener = async (res: Response) => {
    if (new URL(res.url()).pathname !== '/api/checkout' || res.request().method() !== 'POST' || !res.ok()) return;
    page.off('response', listener);
    orderId = ((await res.json()) as { order: { id: string } }).order.id;
  };
  page.on('response', listener);
  return () => orderId;
}

/** The stand-in API's requests confirming a payment from the browser. */
const confirmations = () => account.requests.filter((r) => r.method === 'POST' && /^\/v1\/payment_intents\/[^/]+\/confirm$/.test(r.path));

for (const viewport of viewports) {
  describe(`Stripe's Payment Element at ${viewport} width`, () => {
    let page: Page;
    let outside: string[] = [];
    usePage(viewport, (opened) => (page = opened));

    beforeAll(async () => {
      outside = await routeStripe(page);
      await visitUrl(page, `${server.baseURL}/`);
      await signInByApi(page, server.prepared.buyers[viewport]);
    });

    afterAll(() => {
      // Stripe's two origins were the only ones off the machine the pages asked for.
      expect(outside).toEqual([]);
      expect(account.undelivered).toEqual([]);
    });

    if (runsEveryJourney(viewport)) {
      it('mounts in the payment form in French, and refuses a wrong card in the browser (nothing sent)', async () => {
        const course = server.prepared.recorded.phone;
        await openWithElement(page, `/payment/${course.id}`);
        // Stripe.js was loaded from Stripe's address (the CSP let it), drawn inside our form.
        expect(await page.evaluate(() => [...document.scripts].some((s) => s.src.startsWith('https://js.stripe.com/')))).toBe(true);
        for (const label of ['Numéro de carte', "Date d'expiration", 'Code de sécurité']) await cardField(page, label).waitFor();
        expect(await page.locator('main').textContent()).toContain('Paiement sécurisé par Stripe');
        await shot(page, `stripe-payment-${viewport}`);
        await expectNoAxeViolations(page, `Stripe payment page (${viewport})`);

        const before = confirmations().length;
        await typeCard(page, '4242 4242 4242 4241', '1220', '12');
        await payButton(page).click();
        await expect.poll(() => paymentForm(page).locator('[aria-invalid="true"]').count()).toBe(3);
        const text = (await paymentForm(page).textContent()) ?? '';
        expect(text).toContain('Le numéro de votre carte est invalide.');
        expect(text).toContain("L'année d'expiration de votre carte est déjà passée.");
        expect(text).toContain('Le code de sécurité de votre carte est incomplet.');
        // The first wrong field has the focus; nothing went to Stripe.
        expect(await cardField(page, 'Numéro de carte').evaluate((el) => el === document.activeElement)).toBe(true);
        expect(confirmations().length).toBe(before);
        expect(pageErrors(page)).toEqual([]);
      });

      it('a declined card: Stripe’s refusal in French, nothing paid; the success card then pays, through the webhook', async () => {
        const course = server.prepared.recorded.phone;
        const orderOfPage = watchCheckout(page);
        await openWithElement(page, `/payment/${course.id}`);
        const orderId = orderOfPage()!;
        expect(orderId).toBeTruthy();

        await payWith(page, TEST_CARDS.declined);
        await expect.poll(() => formAlert(page).allTextContents()).toEqual(['Votre carte a été refusée.']);
        expect(new URL(page.url()).pathname).toBe(`/payment/${course.id}`);
        // Stripe's payment_intent.payment_failed, signed and delivered: the order failed, nothing bought.
        await expect.poll(async () => (await orderOf(page, orderId)).status, { timeout: 15_000 }).toBe('failed');
        expect(await purchasedCourseIds(page)).not.toContain(course.id);
        await shot(page, `stripe-declined-${viewport}`);

        // Tried again on the same page, the same PaymentIntent: paid.
        await payWith(page, TEST_CARDS.success);
        await waitForPaid(page);
        const back = new URL(page.url()).searchParams;
        expect(back.get('order_id')).toBe(orderId);
        expect(back.get('redirect_status')).toBe('succeeded');
        const intent = account.intent(back.get('payment_intent')!);
        expect(intent?.metadata.order_id).toBe(orderId);
        expect(intent?.status).toBe('succeeded');
        await expectToast(page, 'Paiement confirmé !');
        // The card as Stripe describes the charge (read by the server from the API).
        expect(await page.locator('main').textContent()).toContain('Visa\u00a0••••\u00a04242');
        const order = await orderOf(page, orderId);
        expect(order.status).toBe('paid');
        expect(intent?.amount).toBe(order.totalCents);
        expect(await purchasedCourseIds(page)).toContain(course.id);
        expect(account.events.filter((e) => (e.data.object as { id: string }).id === intent!.id).map((e) => e.type)).toEqual([
          'payment_intent.payment_failed',
          'payment_intent.succeeded',
        ]);
        expect(pageErrors(page)).toEqual([]);
      });

      it('a live class’s seat through 3-D Secure: refused, nothing paid and the seat still held; approved, the seat is confirmed', async () => {
        const { live } = server.prepared;
        await visitUrl(page, `${server.baseURL}/booking/${live.id}`);
        const orderOfPage = watchCheckout(page);
        await page.getByRole('button', { name: /^Choisir la séance du / }).first().click();
        await page.waitForURL(`${server.baseURL}/payment/${live.id}`);
        await page.getByRole('region', { name: 'Votre séance' }).waitFor();
        await cardField(page, 'Numéro de carte').waitFor();
        await expect.poll(() => payButton(page).isEnabled()).toBe(true);
        const reservationId = await page.evaluate(() => (history.state as { usr?: { reservationId?: string } } | null)?.usr?.reservationId ?? null);
        expect(reservationId).toBeTruthy();
        const orderId = orderOfPage()!;

        const challenge = page.getByRole('dialog', { name: 'Authentification 3D Secure' });
        await payWith(page, TEST_CARDS.authentication);
        await challenge.waitFor();
        // The bank names the amount: the order's total, taxes included, as Stripe was asked for it.
        const total = ((await orderOf(page, orderId)).totalCents / 100).toFixed(2).replace('.', ',');
        expect(await challenge.textContent()).toMatch(new RegExp(`confirmer ce paiement de ${total}\\s\\$`));
        await shot(page, `stripe-3ds-${viewport}`, false);
        await challenge.getByRole('button', { name: "Refuser l'authentification" }).click();
        await challenge.waitFor({ state: 'detached' });
        await expect
          .poll(() => formAlert(page).allTextContents())
          .toEqual(['Nous ne pouvons pas authentifier votre moyen de paiement. Veuillez choisir un autre moyen de paiement et réessayer.']);
        await expect.poll(async () => (await orderOf(page, orderId)).status, { timeout: 15_000 }).toBe('failed');
        const held = await callApi<HoldResponse>(page, 'GET', `/booking/holds/${reservationId}`);
        expect(held.json.hold).toMatchObject({ status: 'pending_payment', sessionId: live.sessionId });

        await payWith(page, TEST_CARDS.authentication);
        await challenge.waitFor();
        await challenge.getByRole('button', { name: 'Autoriser le paiement' }).click();
        await waitForPaid(page);
        expect(new URL(page.url()).searchParams.get('order_id')).toBe(orderId);
        const order = await orderOf(page, orderId);
        expect(order.status).toBe('paid');
        expect(order.lines[0]!.reservation).toMatchObject({ id: reservationId, status: 'confirmed' });
        // One live class paid: its booking's page (decision 0052).
        expect(new URL(page.url()).pathname).toBe(`/reservations/${reservationId}`);
        expect(await page.getByRole('link', { name: 'Mon Calendrier' }).getAttribute('href')).toBe('/calendrier');
        expect(pageErrors(page)).toEqual([]);
      });
    } else {
      it('the payment page with the Payment Element passes axe; the success card pays', async () => {
        const course = server.prepared.recorded[viewport];
        await openWithElement(page, `/payment/${course.id}`);
        await shot(page, `stripe-payment-${viewport}`);
        await expectNoAxeViolations(page, `Stripe payment page (${viewport})`);
        await payWith(page, TEST_CARDS.success);
        await waitForPaid(page);
        expect(await purchasedCourseIds(page)).toContain(course.id);
        expect(pageErrors(page)).toEqual([]);
      });
    }
  });
}
