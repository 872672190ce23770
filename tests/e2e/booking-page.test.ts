// The booking's own page (issue 28, point 6; docs/decisions/0052) and the seats' dietary needs (point
// 5; docs/decisions/0053) in the system Chromium against the production build, phone width first: a
// learner books 2 seats with her guest « sans gluten », pays, and lands on the booking's page — the
// date with its zone, the seats, the .ics that downloads, a countdown on the page's clock that moves
// when the clock does, the needs; the chef's roster adds the needs up. (Access, validation, the kit's
// substitutions: tests/integration/booking-page.test.ts.)
import { describe, expect, it } from 'vitest';
import type { CourseResponse, CourseSummary, SessionSummary } from '@shared/schemas/public';
import { countdownLabel } from '../../src/client/features/booking/countdown';
import { testNow } from '../setup/test-clock';
import { getJson, seededCourses } from './api';
import { controlPageClock, expectNoAxeViolations, newPage, pageErrors, runsEveryJourney, useBrowser, viewports } from './browser';
import { payWithCard, waitForPaid } from './checkout-helpers';
import { createAccount, DEMO, signInByApi } from './session';
import { open, visit } from './site';

useBrowser();

const HOUR = 3_600_000;
const squash = (s: string | null) => (s ?? '').replaceAll('\u00a0', ' ').replaceAll('\u202f', ' ');

/** Live courses whose upcoming sessions are all > 80 h ahead (the needs still editable), one with room for 2 more. */
async function roomyCourses(): Promise<{ course: CourseSummary; sessions: SessionSummary[] }[]> {
  const found: { course: CourseSummary; sessions: SessionSummary[] }[] = [];
  for (const c of (await seededCourses()).filter((c) => c.isLive && !c.isPremium && c.priceCents > 0)) {
    const sessions = (await getJson<CourseResponse>(`/api/courses/${c.id}`)).course.sessions;
    const roomy = sessions.some((s) => s.seatsLeft >= 3 && s.maxSeatsPerBooking >= 2);
    if (roomy && sessions.every((s) => Date.parse(s.startsAt) > testNow().getTime() + 80 * HOUR)) found.push({ course: c, sessions });
  }
  return found;
}

describe.each(viewports.filter((v) => v === 'phone' || !runsEveryJourney(v)))('the booking page (%s)', (viewport) => {
  it('pays 2 seats with a need and lands on the booking page: date, seats, .ics, countdown, needs; the roster adds the needs up', { timeout: 150_000 }, async () => {
    const choices = await roomyCourses();
    const chosen = choices[viewport === 'phone' ? choices.length - 1 : 0] ?? choices[0];
    if (!chosen) throw new Error('The seed should hold a live course whose sessions are more than 80 h ahead with seats');
    const { course } = chosen;

    const learner = await newPage(viewport);
    await controlPageClock(learner);
    await visit(learner, '/');
    const account = await createAccount(`page-reservation-${viewport}`, 'Camille Duo');
    await signInByApi(learner, account);

    // The booking form: 2 seats, the guest's first name, her need « Sans gluten ».
    await open(learner, `/booking/${course.id}`);
    await learner.getByLabel('Combien de places ?').selectOption('2');
    await learner.getByLabel('Invité 1').fill('Marie');
    await learner.getByText('Allergies et restrictions').click();
    const marie = learner.getByRole('group', { name: 'Marie' });
    await marie.getByLabel('Sans gluten').check();
    await marie.getByLabel('Autre précision (facultatif)').fill('sésame');
    await expectNoAxeViolations(learner, `booking form with needs (${viewport})`);
    await learner.getByRole('button', { name: /^Choisir la séance du / }).first().click();
    await learner.waitForURL((url) => url.pathname === `/payment/${course.id}`);
    const reservationId = await learner.evaluate(() => (history.state as { usr?: { reservationId?: string } } | null)?.usr?.reservationId ?? null);
    expect(reservationId).toBeTruthy();

    const prompt = learner.getByRole('region', { name: 'Votre province de résidence' });
    const card = learner.getByLabel('Numéro de carte');
    await Promise.race([prompt.waitFor(), card.waitFor()]);
    if (await prompt.isVisible()) {
      await prompt.getByLabel('Province', { exact: true }).selectOption('QC');
      await prompt.getByRole('button', { name: 'Continuer vers le paiement' }).click();
    }
    await card.waitFor();
    await payWithCard(learner, '4242 4242 4242 4242');
    await waitForPaid(learner);

    // Landed on the booking's page, not on « Paiement Réussi ! ».
    await learner.waitForURL((url) => url.pathname === `/reservations/${reservationId}`);
    await learner.getByRole('heading', { name: course.title, level: 1 }).waitFor();
    await learner.getByText('Paiement confirmé : votre place est réservée.').waitFor();
    expect(squash(await learner.getByTestId('booking-seats').textContent())).toBe('2 places : vous et Marie');
    expect(squash(await learner.getByTestId('booking-when').textContent())).toMatch(/\d{4} à \d{1,2} h \d{2} (HNE|HAE)/);
    const needs = learner.getByTestId('seat-needs');
    expect(squash(await needs.textContent())).toContain('Marie :Sans gluten, sésame');

    // The countdown, on the page's clock: the time to the start, and an hour less an hour later.
    const start = await learner.evaluate(async (id) => {
      const res = await fetch(`/api/booking/reservations/${id}/page`);
      return Date.parse(((await res.json()) as { page: { reservation: { startsAt: string } } }).page.reservation.startsAt);
    }, reservationId);
    const shown = async () => {
      const [label, now] = await Promise.all([learner.getByTestId('countdown').textContent(), learner.evaluate(() => Date.now())]);
      return { label: squash(label), now };
    };
    const first = await shown();
    expect([countdownLabel(start - first.now), countdownLabel(start - first.now + 60_000)]).toContain(first.label);
    await learner.clock.fastForward('01:00:00');
    await expect
      .poll(async () => {
        const next = await shown();
        return [countdownLabel(start - next.now), countdownLabel(start - next.now + 60_000)].includes(next.label) && next.now - first.now >= HOUR;
      })
      .toBe(true);

    // « Ajouter à mon agenda »: the .ics downloads with the class in it; Google's link is filled in.
    const ics = learner.getByRole('link', { name: 'Télécharger (.ics)' });
    const answer = await learner.request.get(new URL((await ics.getAttribute('href'))!, learner.url()).toString());
    expect(answer.status()).toBe(200);
    expect(answer.headers()['content-type']).toContain('text/calendar');
    const body = await answer.text();
    expect(body).toContain('BEGIN:VEVENT');
    expect(body.replace(/\r\n /g, '')).toContain(course.title.replaceAll(',', '\\,'));
    expect(await learner.getByRole('link', { name: 'Ajouter à Google Agenda' }).getAttribute('href')).toMatch(/^https:\/\/calendar\.google\.com\/calendar\/render\?action=TEMPLATE/);
    // What she may still do today: the 48-hour rule.
    expect(squash(await learner.getByTestId('cancel-rule').textContent())).toMatch(/remboursement complet jusqu’au .* \(48 heures avant le cours\)/);
    await expectNoAxeViolations(learner, `booking page (${viewport})`);

    // Mes Achats opens the same page.
    await open(learner, '/mes-achats');
    await learner.getByRole('article').filter({ hasText: course.title }).getByRole('link', { name: 'Voir la réservation' }).click();
    await learner.waitForURL((url) => url.pathname === `/reservations/${reservationId}`);
    await learner.getByTestId('booking-seats').waitFor();

    // The roster: the needs added up, and hers listed.
    const admin = await newPage(viewport);
    await visit(admin, '/');
    await signInByApi(admin, DEMO.admin);
    const held = await learner.evaluate(async (id) => ((await (await fetch(`/api/booking/holds/${id}`)).json()) as { hold: { sessionId: string } }).hold.sessionId, reservationId);
    await open(admin, `/admin/seances/${held}`);
    const attendees = admin.getByRole('region', { name: 'Participants confirmés' });
    await attendees.getByText(account.email, { exact: true }).filter({ visible: true }).waitFor();
    expect(squash(await attendees.getByTestId('needs-summary').textContent())).toMatch(/Besoins alimentaires : .*\d+ sans gluten/);
    await attendees.getByText('Sans gluten, sésame').filter({ visible: true }).first().waitFor();
    await expectNoAxeViolations(admin, `roster with needs (${viewport})`);
    expect(pageErrors(learner)).toEqual([]);
    expect(pageErrors(admin)).toEqual([]);
  });
});
