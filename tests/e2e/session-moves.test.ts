// Moving a booked session (issue 26, point 3 and 4), in the system Chromium against the production
// build, at phone and desktop widths: the chef moves a session with a paid attendee and is told first
// who will be told; the attendee's mailbox has the e-mail with the updated .ics (the booking's event
// moved: same UID, higher SEQUENCE); the attendee cancels inside 48 hours from the e-mail's link, with
// a full refund; a second overlapping session is refused until the chef confirms; the video link saved
// again and again unchanged is e-mailed once.
import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AdminCourseResponse, AdminCourseSessionResponse } from '@shared/schemas/admin-courses';
import type { MeResponse } from '@shared/schemas/auth';
import type { HoldResponse } from '@shared/schemas/booking';
import type { CheckoutResponse, SandboxConfirmResponse } from '@shared/schemas/checkout';
import type { ReservationResponse } from '@shared/schemas/reservations';
import { parseWithIcalJs, importWithNodeIcal } from '../setup/ical-parse';
import { testNow } from '../setup/test-clock';
import { zonedDate } from '../../src/server/db/seed/schedule';
import { callApi } from './api';
import { expectNoAxeViolations, pageErrors, useBrowser, usePage, viewports } from './browser';
import { orderOf } from './checkout-helpers';
import { linkIn, mailsTo, waitForMail } from './mailbox';
import { createAccount, DEMO, signInByApi, type Account } from './session';
import { dismissToasts, expectToast, open, visit } from './site';

useBrowser();

const HOUR = 3_600_000;
const pad = (n: number) => String(n).padStart(2, '0');
/** A datetime-local value `days` from now at hh:mm in the page's zone (Toronto). */
function localInput(days: number, hour: number, minute: number): string {
  const d = zonedDate(new Date(testNow().getTime() + days * 24 * HOUR), 'America/Toronto');
  return `${d.year}-${pad(d.month)}-${pad(d.day)}T${pad(hour)}:${pad(minute)}`;
}
const calendarOf = (text: string) => /BEGIN:VCALENDAR[\s\S]*?END:VCALENDAR/.exec(text)?.[0] ?? '';

for (const viewport of viewports) {
  describe(`the chef moves a booked session (${viewport})`, () => {
    let admin: Page;
    let learnerPage: Page;
    let learner: Account;
    let courseId: string;
    let sessionId: string;
    let reservationId: string;
    let orderId: string;
    const stamp = `${viewport}-${Date.now().toString(36)}`;
    const title = `Cipaille du Bas-du-Fleuve ${stamp}`;
    // Each width's sessions at their own hours: the phone's, moved, must not overlap the desktop's
    // (both are the demo chef's, on the one server of the run).
    const h = viewport === 'phone' ? 0 : 4;
    usePage(viewport, (p) => (admin = p));
    usePage(viewport, (p) => (learnerPage = p));

    beforeAll(async () => {
      // The course and its session made through the admin's API: this journey is about the move.
      await visit(admin, '/');
      await signInByApi(admin, DEMO.admin);
      const me = await callApi<MeResponse>(admin, 'GET', '/me');
      const created = await callApi<AdminCourseResponse>(admin, 'POST', '/admin/courses', {
        title,
        description: 'Le cipaille en étages, pas à pas, avec la cheffe.',
        priceCents: 4500,
        isLive: true,
        isPremium: false,
        difficulty: 'intermediate',
        durationMinutes: 60,
        teacherId: me.json.user!.id,
        status: 'published',
      });
      expect(created.status).toBe(201);
      courseId = created.json.course.id;
      // An hour nobody teaches at in the seed (6 h 10, or 10 h 10), five days ahead.
      const at = new Date(localInput(5, 6 + h, 10)).toISOString();
      const session = await callApi<AdminCourseSessionResponse>(admin, 'POST', `/admin/courses/${courseId}/sessions`, { startsAt: at, capacity: 8 });
      expect(session.status).toBe(201);
      sessionId = session.json.session.id;

      await visit(learnerPage, '/');
      learner = await createAccount(`deplacee-${stamp}`, 'Rosalie Pelletier');
      await signInByApi(learnerPage, learner);
      const hold = await callApi<HoldResponse>(learnerPage, 'POST', '/booking/holds', { sessionId });
      expect(hold.status).toBe(201);
      const checkout = await callApi<CheckoutResponse>(learnerPage, 'POST', '/checkout', { items: [{ courseId, sessionId }], province: 'QC', idempotencyKey: randomUUID() });
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

    it('sees before saving who will be told, then moves it inside 48 hours', async () => {
      await open(admin, `/admin/cours/${courseId}`);
      const item = admin.getByRole('list', { name: 'Séances à venir' }).getByRole('listitem').first();
      await item.getByText('1 réservation confirmée', { exact: false }).waitFor();
      await item.getByRole('button', { name: 'Modifier' }).click();
      const form = item.getByRole('form', { name: 'Modifier la séance' });
      await form.getByLabel('Date et heure').fill(localInput(1, 7 + h, 40));
      await form.getByRole('button', { name: 'Enregistrer' }).click();
      const question = form.getByRole('group', { name: 'Déplacer la séance ?' });
      await question.getByText('1 participant sera prévenu par courriel', { exact: false }).waitFor();
      await expectNoAxeViolations(admin, 'the move’s confirmation');
      await question.getByRole('button', { name: 'Déplacer et prévenir' }).click();
      await expectToast(admin, 'Séance mise à jour !', '1 participant a été prévenu par courriel.');
      await dismissToasts(admin);
      expect(pageErrors(admin)).toEqual([]);
    });

    it('the attendee’s mailbox: the e-mail with the .ics of the same event moved', async () => {
      const booked = await waitForMail(learner.email, { subject: /^Réservation confirmée/ });
      const moved = await waitForMail(learner.email, { subject: /^Votre cours a changé d’horaire/, timeout: 30_000 });
      const { json } = await callApi<ReservationResponse>(learnerPage, 'GET', `/booking/reservations/${reservationId}`);
      for (const parse of [(ics: string) => parseWithIcalJs(ics).events, importWithNodeIcal]) {
        const [before] = parse(calendarOf(booked.text));
        const [after] = parse(calendarOf(moved.text));
        expect(after!.uid).toBe(before!.uid);
        expect(after!.sequence).toBeGreaterThan(before!.sequence);
        expect(after!.start.toISOString()).toBe(new Date(json.reservation.startsAt).toISOString());
      }
      expect(json.reservation).toMatchObject({ cancellation: { refundable: true, moved: true } });
    });

    it('a second session at the same hour is refused until the chef confirms', async () => {
      const form = admin.getByRole('form', { name: 'Ajouter une séance' });
      await form.getByLabel('Date et heure').fill(localInput(1, 8 + h, 0));
      await form.getByLabel('Places').fill('6');
      await form.getByRole('button', { name: 'Ajouter la séance' }).click();
      const question = form.getByRole('group', { name: 'Une autre séance au même moment' });
      await question.getByText(`Cette cheffe donne déjà « ${title} »`, { exact: false }).waitFor();
      await question.getByRole('button', { name: 'Programmer quand même' }).click();
      await expectToast(admin, 'Séance ajoutée !');
      await dismissToasts(admin);
      await expect.poll(() => admin.getByRole('list', { name: 'Séances à venir' }).getByRole('listitem').count()).toBe(2);
    });

    it('the video link saved again and again unchanged is e-mailed once', async () => {
      const link = `https://meet.exemple.ca/cipaille-${stamp}`;
      const saves = await Promise.all([1, 2, 3].map(() => callApi(admin, 'PATCH', `/admin/sessions/${sessionId}`, { videoLink: link })));
      expect(saves.map((s) => s.status)).toEqual([200, 200, 200]);
      expect((await callApi(admin, 'PATCH', `/admin/sessions/${sessionId}`, { videoLink: link })).status).toBe(200);
      await waitForMail(learner.email, { subject: /^Le lien de votre cours/ });
      expect(await mailsTo(learner.email, /^Le lien de votre cours/)).toHaveLength(1);
      const http = await callApi(admin, 'PATCH', `/admin/sessions/${sessionId}`, { videoLink: link.replace('https', 'http') });
      expect(http.status).toBe(400);
    });

    it('the attendee cancels from the e-mail’s link inside 48 hours, with a full refund', async () => {
      const moved = await waitForMail(learner.email, { subject: /^Votre cours a changé d’horaire/ });
      const cancelUrl = linkIn(moved, `${new URL(learnerPage.url()).origin}/reservations/${reservationId}/annulation`);
      await learnerPage.goto(cancelUrl);
      await learnerPage.getByRole('heading', { name: 'Annuler ma place' }).waitFor();
      await learnerPage.getByRole('button', { name: 'Annuler ma place et être remboursé' }).click();
      await learnerPage.getByRole('heading', { name: 'Votre place est annulée' }).waitFor();
      // The page is the server's own (its CSP lets it call nothing): the site reads the order.
      await visit(learnerPage, '/');
      await expect.poll(async () => (await orderOf(learnerPage, orderId)).status, { timeout: 30_000 }).toBe('refunded');
      // The link again: the same answer, nothing more refunded.
      await learnerPage.goto(cancelUrl);
      await learnerPage.getByRole('heading', { name: 'Cette place est déjà annulée' }).waitFor();
    });
  });
}
