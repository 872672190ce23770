// Booking a live class in the system Chromium, at phone and desktop widths, against the production
// build and its sandbox: a visitor is sent home with the spec's toast; a learner opens
// /booking/:courseId, sees the full session 'Complet' (there and on the course page), picks another,
// lands on the payment page with the session's details and the hold's countdown, pays with the
// success card and reads 'Paiement Réussi !' with the way to the calendar, the seat confirmed. Then a
// double click holds one seat only, 'Changer de séance' gives the seat back, a hold given back
// makes the payment page say so (the checkout answers HOLD_EXPIRED), and the countdown's end does too.
import type { Page, Request } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { ERROR_MESSAGES } from '@shared/errors';
import type { CurrentHoldResponse, HoldResponse } from '@shared/schemas/booking';
import type { PurchasesResponse } from '@shared/schemas/checkout';
import type { CourseResponse, CourseSummary, SessionSummary } from '@shared/schemas/public';
import { callApi, getJson, seededCourses } from './api';
import { controlPageClock, expectNoAxeViolations, newPage, pageErrors, useBrowser, usePage, viewports } from './browser';
import { orderOf, payWithCard, waitForPaid } from './checkout-helpers';
import { authDialog, signUpLearner } from './session';
import { baseURL, expectToast, open, pathOf, visit } from './site';

useBrowser();

/** The seeded live course whose first session is full (the seed books all its seats). */
let withFullSession: CourseSummary;
let fullSession: SessionSummary;
let others: CourseSummary[];

const sessionsOf = async (courseId: string) => (await getJson<CourseResponse>(`/api/courses/${courseId}`)).course.sessions;

beforeAll(async () => {
  const live = (await seededCourses()).filter((c) => c.isLive && !c.isPremium && c.priceCents > 0);
  for (const course of live) {
    const full = (await sessionsOf(course.id)).find((s) => s.seatsLeft === 0);
    if (full) {
      withFullSession = course;
      fullSession = full;
      break;
    }
  }
  if (!withFullSession) throw new Error('The seed should hold a live course with a full session');
  others = live.filter((c) => c.id !== withFullSession.id);
});

const sessionButtons = (page: Page) => page.getByRole('list', { name: 'Séances à venir' }).getByRole('button');
const chooseButtons = (page: Page) => page.getByRole('button', { name: /^Choisir la séance du / });
/** The hold's clock ('mm:ss') in 'Votre place est réservée pendant encore mm:ss'. */
const countdown = (page: Page) => page.getByRole('timer');

/** Counts the hold requests the page sends from now on. */
function countHoldRequests(page: Page) {
  let n = 0;
  const listener = (req: Request) => {
    if (req.method() === 'POST' && req.url().endsWith('/api/booking/holds')) n++;
  };
  page.on('request', listener);
  return { count: () => n, stop: () => page.off('request', listener) };
}

/** The hold the booking page handed to the payment page (its navigation state). */
const heldReservationId = (page: Page) =>
  page.evaluate(() => (history.state as { usr?: { reservationId?: string } } | null)?.usr?.reservationId ?? null);

/** On the booking page: chooses the first session that has seats; lands on the payment page. */
async function chooseFirstFree(page: Page, courseId: string): Promise<string> {
  await open(page, `/booking/${courseId}`);
  await chooseButtons(page).first().click();
  await page.waitForURL(`${baseURL}/payment/${courseId}`);
  const id = await heldReservationId(page);
  expect(id).toBeTruthy();
  return id!;
}

/** The province prompt, the first time this learner pays. */
async function answerProvinceIfAsked(page: Page) {
  const prompt = page.getByRole('region', { name: 'Votre province de résidence' });
  const card = page.getByLabel('Numéro de carte');
  await Promise.race([prompt.waitFor(), card.waitFor()]);
  if (await prompt.isVisible()) {
    await prompt.getByLabel('Province', { exact: true }).selectOption('QC');
    await prompt.getByRole('button', { name: 'Continuer vers le paiement' }).click();
  }
  await card.waitFor();
}

describe('a visitor', () => {
  it('on /booking/:courseId gets the toast, lands on / and is asked to sign in', async () => {
    const page = await newPage('desktop');
    try {
      await visit(page, `/booking/${withFullSession.id}`);
      await page.waitForURL(`${baseURL}/`);
      await expectToast(page, 'Vous devez être connecté pour réserver un cours.');
      await authDialog(page).waitFor();
      // Nothing was held for a visitor.
      expect((await callApi(page, 'POST', '/booking/holds', { sessionId: fullSession.id })).status).toBe(401);
    } finally {
      await page.context().close();
    }
  });
});

for (const viewport of viewports) {
  describe(`booking a live class at ${viewport} width`, () => {
    let page: Page;
    usePage(viewport, (opened) => (page = opened));

    beforeAll(async () => {
      await signUpLearner(page, `reservation-${viewport}`);
    });

    it('the full session reads Complet on the course page and cannot be chosen on the booking page', async () => {
      await open(page, `/cours/${withFullSession.id}`);
      const main = (await page.locator('main').textContent()) ?? '';
      expect(main).toContain('Complet');

      await open(page, '/reserver-un-cours');
      expect(await page.locator('h1').textContent()).toBe('Réserver un cours');
      await page.getByRole('link', { name: withFullSession.title }).click();
      await page.waitForURL(`${baseURL}/booking/${withFullSession.id}`);
      await page.getByRole('heading', { name: 'Choisissez une séance' }).waitFor();
      expect(await page.locator('h1').textContent()).toBe('Réservez votre cours');
      const text = (await page.locator('main').textContent()) ?? '';
      expect(text).toContain('Après avoir choisi une séance, vous serez redirigé vers le paiement.');
      expect(text).toContain('15 minutes');

      const sessions = await sessionsOf(withFullSession.id);
      expect(await sessionButtons(page).count()).toBe(sessions.length);
      const full = page.getByRole('button', { name: /Complet$/ });
      expect(await full.count()).toBe(sessions.filter((s) => s.seatsLeft === 0).length);
      expect(await full.first().isDisabled()).toBe(true);
      expect(await full.first().textContent()).toContain('Complet');
      // The time is the viewer's, with its zone named (the browser runs in Toronto: HNE).
      expect(await full.first().locator('time').getAttribute('datetime')).toBe(fullSession.startsAt);
      expect(await full.first().textContent()).toMatch(/HNE|HAE/);
      await expectNoAxeViolations(page, `booking page (${viewport})`);
    });

    it('picks a session → the payment page shows it with the countdown → pays → lands on its booking page, seat confirmed', async () => {
      const holds = countHoldRequests(page);
      const chosen = (await sessionsOf(withFullSession.id)).find((s) => s.seatsLeft > 0)!;
      await chooseButtons(page).first().click();
      await page.waitForURL(`${baseURL}/payment/${withFullSession.id}`);
      expect(holds.count()).toBe(1);
      holds.stop();
      const reservationId = (await heldReservationId(page))!;

      const session = page.getByRole('region', { name: 'Votre séance' });
      await session.waitFor();
      expect(await session.locator('time').getAttribute('datetime')).toBe(chosen.startsAt);
      expect(await session.textContent()).toMatch(/HNE|HAE/);
      await countdown(page).waitFor();
      expect(await session.textContent()).toMatch(/Votre place est réservée pendant encore \d\d:\d\d/);
      expect(['15:00', '14:59', '14:58', '14:57', '14:56', '14:55']).toContain(await countdown(page).textContent());
      await answerProvinceIfAsked(page);
      await expectNoAxeViolations(page, `live payment page (${viewport})`);

      const hold = await callApi<HoldResponse>(page, 'GET', `/booking/holds/${reservationId}`);
      expect(hold.json.hold).toMatchObject({ status: 'pending_payment', sessionId: chosen.id });

      await payWithCard(page, '4242 4242 4242 4242');
      await waitForPaid(page);
      // One live class paid: its booking's page (decision 0052), the order in the query.
      await page.waitForURL((url) => url.pathname === `/reservations/${reservationId}`);
      const orderId = new URL(page.url()).searchParams.get('order_id')!;
      expect(await page.getByRole('link', { name: 'Mes Achats' }).getAttribute('href')).toBe('/mes-achats');

      // The seat is confirmed by the payment's event (helper A1's payment confirmation).
      const line = (await orderOf(page, orderId)).lines[0]!;
      expect(line.reservation).toMatchObject({ id: reservationId, status: 'confirmed', cancelReason: null });
      expect(await page.getByRole('link', { name: 'Mon Calendrier' }).getAttribute('href')).toBe('/calendrier');
      await expectNoAxeViolations(page, `booking page after payment (${viewport})`);

      // Mes Achats: the live purchase with its session and 'Voir la réservation'.
      const { json } = await callApi<PurchasesResponse>(page, 'GET', '/purchases');
      const bought = json.purchases.find((p) => p.course.id === withFullSession.id)!;
      expect(bought.session).toEqual({ id: chosen.id, reservationId, startsAt: chosen.startsAt, recordingUrl: null, hasRecordingVideo: false });
      await open(page, '/mes-achats');
      const card = page.getByRole('article').filter({ hasText: withFullSession.title });
      expect(await card.getByRole('link', { name: 'Voir la réservation' }).getAttribute('href')).toBe(`/reservations/${reservationId}`);
      expect(await card.textContent()).toContain('Séance');
      expect(await card.getByRole('link', { name: /Voir l'enregistrement/ }).count()).toBe(0);
      expect(pageErrors(page)).toEqual([]);
    });
  });
}

describe('holds on the way to the payment', () => {
  let page: Page;
  usePage('desktop', (opened) => (page = opened));

  beforeAll(async () => {
    await signUpLearner(page, 'reservation-delais');
  });

  it('a double click holds one seat and opens one payment page', async () => {
    const course = others[0]!;
    await open(page, `/booking/${course.id}`);
    const holds = countHoldRequests(page);
    await chooseButtons(page).first().dblclick();
    await page.waitForURL(`${baseURL}/payment/${course.id}`);
    await countdown(page).waitFor();
    expect(holds.count()).toBe(1);
    holds.stop();
  });

  it('reloaded, or opened again without the booking page, the payment page finds the hold and its countdown (phone width)', async () => {
    const course = others[0]!;
    const size = page.viewportSize();
    await page.setViewportSize({ width: 390, height: 844 });
    try {
      const reservationId = await heldReservationId(page);
      await page.reload();
      await countdown(page).waitFor();
      // A new visit to the address: no navigation state at all, the server says which seat is held.
      await page.goto(`${baseURL}/payment/${course.id}`);
      await countdown(page).waitFor();
      expect(await page.getByText("Choisissez d'abord une date").count()).toBe(0);
      const remaining = (await countdown(page).textContent())!;
      expect(remaining).toMatch(/^1[0-4]:\d{2}$/);
      const hold = await callApi<CurrentHoldResponse>(page, 'GET', `/booking/holds/current?courseId=${course.id}`);
      expect(hold.json.hold?.id).toBe(reservationId);
    } finally {
      if (size) await page.setViewportSize(size);
    }
  });

  it("'Changer de séance' gives the seat back and goes back to the sessions", async () => {
    const course = others[0]!;
    // The page was opened again without navigation state: the server names the hold.
    const current = await callApi<CurrentHoldResponse>(page, 'GET', `/booking/holds/current?courseId=${course.id}`);
    const reservationId = current.json.hold!.id;
    await page.getByRole('button', { name: 'Changer de séance' }).click();
    await page.waitForURL(`${baseURL}/booking/${course.id}`);
    const hold = await callApi<HoldResponse>(page, 'GET', `/booking/holds/${reservationId}`);
    expect(hold.json.hold.status).toBe('cancelled');
  });

  it('a hold given back before paying: the checkout answers HOLD_EXPIRED and the page says to choose again', async () => {
    const course = others[1]!;
    const reservationId = await chooseFirstFree(page, course.id);
    await countdown(page).waitFor();
    const { json } = await callApi<HoldResponse>(page, 'DELETE', `/booking/holds/${reservationId}`);
    const sessionId = json.hold.sessionId;

    // The server refuses to make an order for a seat no longer held.
    const refused = await callApi<{ error: { code: string; message: string } }>(page, 'POST', '/checkout', {
      items: [{ courseId: course.id, sessionId }],
      idempotencyKey: `e2e-hold-${Date.now()}`,
    });
    expect(refused.status).toBe(409);
    expect(refused.json.error).toMatchObject({ code: 'HOLD_EXPIRED', message: ERROR_MESSAGES.HOLD_EXPIRED });

    // The page opened again (same navigation state): no payment form, the message and the way back.
    await page.reload({ waitUntil: 'networkidle' });
    const expired = page.getByRole('alert').filter({ hasText: "Votre place n'est plus réservée" });
    await expired.waitFor();
    expect(await expired.textContent()).toContain(ERROR_MESSAGES.HOLD_EXPIRED);
    expect(await expired.getByRole('link', { name: 'Choisir une séance' }).getAttribute('href')).toBe(`/booking/${course.id}`);
    expect(await page.getByLabel('Numéro de carte').count()).toBe(0);
    expect(await countdown(page).count()).toBe(0);
  });

  it('the countdown reaching its end takes the payment form away', async () => {
    const course = others[2]!;
    await controlPageClock(page);
    await chooseFirstFree(page, course.id);
    await countdown(page).waitFor();
    await answerProvinceIfAsked(page);
    await page.clock.fastForward('15:01');
    const expired = page.getByRole('alert').filter({ hasText: "Votre place n'est plus réservée" });
    await expired.waitFor();
    expect(await page.getByLabel('Numéro de carte').count()).toBe(0);
    expect(pathOf(page)).toBe(`/payment/${course.id}`);
  });
});
