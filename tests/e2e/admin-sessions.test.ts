// The admin's whole-session actions in 'Détails du cours', in the system Chromium against the
// production build: cancelling a session with a paid attendee (the confirmation says what happens,
// the attendee is told by e-mail and chooses « Crédit Toque » on her phone), and attaching the recording of
// a past session, which its attendee then finds in Mes Achats. A past session cannot be booked on
// the shared server's real clock: that journey runs on a server of its own (prepared-server.ts).
import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HoldResponse } from '@shared/schemas/booking';
import type { CheckoutResponse, SandboxConfirmResponse } from '@shared/schemas/checkout';
import type { CourseResponse, CourseSummary, SessionSummary } from '@shared/schemas/public';
import type { AdminSessionResponse, ReservationResponse } from '@shared/schemas/reservations';
import { createCourse, createSession } from '../factories';
import { createPaidSeat } from '../factories/bookings';
import { callApi, getJson, seededCourses } from './api';
import { agendaEvent, showInAgenda } from './agenda';
import { expectNoAxeViolations, pageErrors, useBrowser, usePage } from './browser';
import { orderOf } from './checkout-helpers';
import { waitForMail } from './mailbox';
import { createPerson, startPreparedServer, type PreparedServer } from './prepared-server';
import { createAccount, DEMO, signInByApi, type Account } from './session';
import { expectToast, open, visit, visitUrl } from './site';
import { testNow } from '../setup/test-clock';

useBrowser();

const HOUR = 3_600_000;
const dialog = (page: Page, name = 'Détails du cours') => page.getByRole('dialog', { name });
const gridEvent = (page: Page, title: string | RegExp) => page.locator('.rbc-event', { hasText: title }).first();
/** The admin's event of a session: « course · seats taken / capacity » (issue 26), one per session. */
const sessionEventTitle = (courseTitle: string) => new RegExp(`${courseTitle.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} · \\d+ / \\d+`);

/** The month view, stepped (`Suivant` or `Précédent`) until the event shows. */
async function showInMonth(page: Page, title: string | RegExp, step: 'Suivant' | 'Précédent') {
  await page.getByRole('button', { name: 'Mois', exact: true }).click();
  for (let i = 0; i < 3 && !(await gridEvent(page, title).isVisible()); i++) {
    await page.getByRole('button', { name: step }).click();
    await page.waitForLoadState('networkidle');
  }
  await gridEvent(page, title).waitFor();
}

describe('the admin cancels a session with a paid attendee', () => {
  const LEARNER_NAME = 'Mathilde Caron';
  const REASON = 'Panne de courant au studio de la cheffe.';
  let learnerPage: Page;
  let adminPage: Page;
  let learner: Account;
  let course: CourseSummary;
  let session: SessionSummary;
  let reservationId: string;
  let orderId: string;
  // The attendee chooses her refund on her phone (the e-mail's button).
  usePage('phone', (p) => (learnerPage = p));
  usePage('desktop', (p) => (adminPage = p));

  /** The seed's last open session (the other journeys book the first ones), paid on the sandbox. */
  beforeAll(async () => {
    const candidates: { course: CourseSummary; session: SessionSummary }[] = [];
    for (const c of (await seededCourses()).filter((c) => c.isLive && !c.isPremium && c.priceCents > 0)) {
      for (const s of (await getJson<CourseResponse>(`/api/courses/${c.id}`)).course.sessions) {
        if (s.seatsLeft > 0 && Date.parse(s.startsAt) > testNow().getTime() + 2 * HOUR) candidates.push({ course: c, session: s });
      }
    }
    const last = candidates.sort((a, b) => Date.parse(b.session.startsAt) - Date.parse(a.session.startsAt))[0];
    if (!last) throw new Error('The seed should hold an open live session');
    ({ course, session } = last);

    await visit(learnerPage, '/');
    learner = await createAccount('seance-annulee', LEARNER_NAME);
    await signInByApi(learnerPage, learner);
    const hold = await callApi<HoldResponse>(learnerPage, 'POST', '/booking/holds', { sessionId: session.id });
    expect(hold.status).toBe(201);
    const checkout = await callApi<CheckoutResponse>(learnerPage, 'POST', '/checkout', {
      items: [{ courseId: course.id, sessionId: session.id }],
      province: 'QC',
      idempotencyKey: randomUUID(),
    });
    expect(checkout.status).toBe(201);
    const payment = checkout.json.payment!;
    const paid = await callApi<SandboxConfirmResponse>(learnerPage, 'POST', '/payments/sandbox/confirm', {
      paymentId: payment.paymentId,
      clientSecret: payment.clientSecret,
      method: { type: 'card', number: '4242424242424242', expiry: '12/34', cvc: '123' },
    });
    expect(paid.json.status).toBe('succeeded');
    reservationId = hold.json.hold.id;
    orderId = checkout.json.order.id;
    // The sandbox delivers the payment event to the webhook a moment later.
    const deadline = Date.now() + 30_000;
    for (;;) {
      const { json } = await callApi<ReservationResponse>(learnerPage, 'GET', `/booking/reservations/${reservationId}`);
      if (json.reservation.status === 'confirmed') break;
      if (Date.now() > deadline) throw new Error(`reservation still ${json.reservation.status}`);
      await new Promise((r) => setTimeout(r, 250));
    }
  });

  it("confirms after saying every participant is refunded and e-mailed, for good; a reason is required; toast 'Séance annulée'", { timeout: 150_000 }, async () => {
    await visit(adminPage, '/');
    await signInByApi(adminPage, DEMO.admin);
    await open(adminPage, '/calendrier');
    const title = sessionEventTitle(course.title);
    await showInAgenda(adminPage, title, session.startsAt);
    await agendaEvent(adminPage, title).click();
    const details = dialog(adminPage);
    await details.getByText(LEARNER_NAME, { exact: true }).waitFor();
    // Not over: no recording to attach yet.
    expect(await details.getByRole('button', { name: "Ajouter l'enregistrement" }).count()).toBe(0);
    await details.getByRole('button', { name: 'Annuler la séance' }).click();

    const confirm = dialog(adminPage, 'Annuler la séance ?');
    await confirm.getByText('Tous les participants seront remboursés en entier', { exact: true }).waitFor();
    const text = (await confirm.textContent())!;
    expect(text).toContain('courriel');
    expect(text).toContain('définitive');
    expect(text).toContain(course.title);
    await confirm.getByRole('button', { name: 'Annuler la séance' }).click();
    await confirm.getByText('Expliquez en quelques mots la raison de l’annulation.').waitFor();
    expect(await confirm.getByLabel("Raison de l'annulation").getAttribute('aria-invalid')).toBe('true');
    await expectNoAxeViolations(adminPage, 'the session cancellation, reason missing');

    await confirm.getByLabel("Raison de l'annulation").fill(REASON);
    const answered = adminPage.waitForResponse((r) => r.request().method() === 'POST' && /\/api\/admin\/sessions\/[^/]+\/cancel$/.test(new URL(r.url()).pathname), {
      timeout: 90_000,
    });
    await confirm.getByRole('button', { name: 'Annuler la séance' }).click();
    expect((await answered).status()).toBe(200);
    // The success handler closes the confirmation after its toast (a refusal keeps it open, with why).
    await confirm.waitFor({ state: 'detached' });
    await expectToast(adminPage, 'Séance annulée', '1 participant choisira entre un remboursement sur sa carte et un crédit Toque');
    await details.waitFor({ state: 'detached' });
    await agendaEvent(adminPage, title).waitFor({ state: 'detached' });
    expect(pageErrors(adminPage)).toEqual([]);
  });

  it("the attendee, on her phone: the e-mail's button, « Recevoir un crédit Toque », credited at once; a second choice changes nothing", async () => {
    const { json } = await callApi<ReservationResponse>(learnerPage, 'GET', `/booking/reservations/${reservationId}`);
    expect(json.reservation).toMatchObject({ status: 'cancelled', cancelReason: 'session_cancelled', sessionStatus: 'cancelled', refundChoice: { chosen: null } });
    const mail = await waitForMail(learner.email, { subject: /^Séance annulée : / });
    expect(mail.subject).toBe(`Séance annulée : ${course.title}`);
    expect(mail.text).toContain(`Raison : ${REASON}`);
    expect(mail.text).toContain('nous vous rembourserons sur votre carte');
    const link = /https?:\/\/\S+\/reservations\/[0-9a-f-]+\/remboursement/.exec(mail.text)?.[0];
    expect(link).toBeDefined();

    await open(learnerPage, '/mes-achats');
    await learnerPage.getByRole('link', { name: /Choisir mon remboursement/ }).first().waitFor();
    await open(learnerPage, new URL(link!).pathname);
    await learnerPage.getByRole('heading', { level: 1, name: 'Choisir mon remboursement' }).waitFor();
    await learnerPage.getByRole('button', { name: /Être remboursé sur ma carte/ }).waitFor();
    await expectNoAxeViolations(learnerPage, 'the refund choice after a cancelled session');
    await learnerPage.getByRole('button', { name: /Recevoir un crédit Toque/ }).click();
    await learnerPage.getByText('Crédit Toque reçu', { exact: true }).waitFor();
    // All of it to the credit, the credit note completed at once: the order is refunded.
    expect((await orderOf(learnerPage, orderId)).status).toBe('refunded');
    const again = await callApi<ReservationResponse>(learnerPage, 'POST', `/booking/reservations/${reservationId}/refund-choice`, { refundTo: 'card' });
    expect(again.status).toBe(200);
    expect(again.json.reservation.refundChoice).toMatchObject({ chosen: 'credit' });
    expect(pageErrors(learnerPage)).toEqual([]);
  });
});

describe('the admin attaches the recording of a past session', () => {
  const RECORDING = 'https://videos.exemple.ca/toque/pate-chinois-en-direct';
  type Prepared = { admin: Account; learner: Account; title: string; sessionId: string };
  let server: PreparedServer<Prepared>;
  let page: Page;
  usePage('desktop', (p) => (page = p));

  beforeAll(async () => {
    server = await startPreparedServer(async (db) => {
      const admin = await createPerson(db, 'Geneviève Tremblay', 'admin');
      const learner = await createPerson(db, 'Rosalie Bergeron', 'learner');
      const course = await createCourse(db, { title: 'Pâté chinois en direct', durationMinutes: 90, teacherId: admin.id });
      // Started three hours ago, ninety minutes long: over.
      const session = await createSession(db, course.id, { startsAt: new Date(testNow().getTime() - 3 * HOUR) });
      await createPaidSeat(db, { user: { id: learner.id, fullName: learner.name }, course, sessionId: session.id });
      return { admin, learner, title: course.title, sessionId: session.id };
    });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it("the admin: 'Ajouter l'enregistrement' (URL field), 'Enregistrer', the toasts; no cancelling a started session", async () => {
    const { admin, title, sessionId } = server.prepared;
    await visitUrl(page, `${server.baseURL}/`);
    await signInByApi(page, admin);
    await visitUrl(page, `${server.baseURL}/calendrier`);
    const event = sessionEventTitle(title);
    await showInMonth(page, event, 'Précédent');
    await gridEvent(page, event).click();
    const details = dialog(page);
    await details.getByRole('button', { name: "Ajouter l'enregistrement" }).click();
    expect(await details.getByRole('button', { name: 'Annuler la séance' }).count()).toBe(0);
    const input = details.getByLabel("Adresse de l'enregistrement");
    expect(await input.getAttribute('type')).toBe('url');
    expect(await input.getAttribute('placeholder')).toBe('https://…');
    await expectNoAxeViolations(page, "'Détails du cours' (admin, adding the recording)");
    await input.fill(RECORDING);
    await details.getByRole('button', { name: 'Enregistrer', exact: true }).click();
    await expectToast(page, 'Enregistrement ajouté !', 'Les participants le trouveront dans Mes Achats.');
    await details.waitFor({ state: 'detached' });
    const { json } = await callApi<AdminSessionResponse>(page, 'GET', `/admin/sessions/${sessionId}`);
    expect(json.session.recordingUrl).toBe(RECORDING);
    expect(pageErrors(page)).toEqual([]);
  });

  it("the attendee finds 'Voir l'enregistrement' in Mes Achats", async () => {
    await page.context().clearCookies();
    await signInByApi(page, server.prepared.learner);
    await visitUrl(page, `${server.baseURL}/mes-achats`);
    const link = page.getByRole('link', { name: /Voir l'enregistrement/ });
    await link.waitFor();
    expect(await link.getAttribute('href')).toBe(RECORDING);
    expect(await link.getAttribute('target')).toBe('_blank');
    expect(pageErrors(page)).toEqual([]);
  });
});
