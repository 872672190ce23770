// Several seats in one booking (issue 28, point 1; docs/decisions/0047) in the system Chromium
// against the production build and its sandbox, phone width first: a learner asks for 2 seats on the
// booking page (« Combien de places ? », her guest's first name), pays them in one payment on the
// payment page (the order is the seat's price × 2), the chef's roster shows her booking with 2 seats
// and its total, then she gives one seat back from Mon Calendrier more than 48 h ahead and is
// refunded half. (Caps, sums, rounding and races are proven on the pinned clock in
// tests/integration/booking-several-seats.test.ts.)
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { HoldResponse } from '@shared/schemas/booking';
import type { CourseResponse, CourseSummary, SessionSummary } from '@shared/schemas/public';
import { testNow } from '../setup/test-clock';
import { agendaEvent, showInAgenda } from './agenda';
import { callApi, getJson, seededCourses } from './api';
import { expectNoAxeViolations, newPage, pageErrors, runsEveryJourney, useBrowser, viewports } from './browser';
import { orderOf, payWithCard, waitForPaid } from './checkout-helpers';
import { createAccount, DEMO, signInByApi } from './session';
import { dismissToasts, expectToast, open, visit } from './site';

useBrowser();

const HOUR = 3_600_000;
const squash = (s: string | null) => (s ?? '').replaceAll('\u00a0', ' ').replaceAll('\u202f', ' ');
const dialog = (page: Page, name = 'Détails du cours') => page.getByRole('dialog', { name });

/**
 * Live courses whose every upcoming session is > 50 h ahead, one at least with room for 2 more: the
 * session the booking page offers first for 2 seats is then one of them (all of them are kept, to
 * find it: other journeys may have taken seats of some).
 */
async function roomyCourses(): Promise<{ course: CourseSummary; sessions: SessionSummary[] }[]> {
  const found: { course: CourseSummary; sessions: SessionSummary[] }[] = [];
  for (const c of (await seededCourses()).filter((c) => c.isLive && !c.isPremium && c.priceCents > 0)) {
    const sessions = (await getJson<CourseResponse>(`/api/courses/${c.id}`)).course.sessions;
    const roomy = sessions.some((s) => s.seatsLeft >= 3 && s.maxSeatsPerBooking >= 2);
    if (roomy && sessions.every((s) => Date.parse(s.startsAt) > testNow().getTime() + 50 * HOUR)) found.push({ course: c, sessions });
  }
  return found;
}

describe.each(viewports.filter((v) => v === 'phone' || !runsEveryJourney(v)))('two seats in one booking (%s)', (viewport) => {
  it('books 2 seats in one payment; the roster shows 2; one seat given back ≥ 48 h refunds half', { timeout: 150_000 }, async () => {
    const choices = await roomyCourses();
    const chosen = choices[viewport === 'phone' ? 0 : 1] ?? choices[0];
    if (!chosen) throw new Error('The seed should hold a live course whose sessions are more than 50 h ahead with seats');
    const { course } = chosen;

    const learner = await newPage(viewport);
    await visit(learner, '/');
    const account = await createAccount(`deux-places-${viewport}`, 'Juliette Duo');
    await signInByApi(learner, account);

    // The booking page: 2 seats, the guest's first name, then the first session with room for them.
    await open(learner, `/booking/${course.id}`);
    await learner.getByLabel('Combien de places ?').selectOption('2');
    await learner.getByLabel('Invité 1').fill('Marie');
    await expectNoAxeViolations(learner, `booking 2 seats (${viewport})`);
    await learner.getByRole('button', { name: /^Choisir la séance du / }).first().click();
    await learner.waitForURL((url) => url.pathname === `/payment/${course.id}`);
    const reservationId = await learner.evaluate(() => (history.state as { usr?: { reservationId?: string } } | null)?.usr?.reservationId ?? null);
    expect(reservationId).toBeTruthy();
    const held = await callApi<HoldResponse>(learner, 'GET', `/booking/holds/${reservationId}`);
    expect(held.json.hold).toMatchObject({ status: 'pending_payment', seats: 2, guests: ['Marie'] });
    const sessionId = held.json.hold.sessionId;
    const session = chosen.sessions.find((s) => s.id === sessionId);
    if (!session) throw new Error(`the booking page chose session ${sessionId}, not one of the course's upcoming sessions`);

    // The payment page: the province first (a new account), the seats said, one payment of 2 × the price.
    const prompt = learner.getByRole('region', { name: 'Votre province de résidence' });
    const card = learner.getByLabel('Numéro de carte');
    await Promise.race([prompt.waitFor(), card.waitFor()]);
    if (await prompt.isVisible()) {
      await prompt.getByLabel('Province', { exact: true }).selectOption('QC');
      await prompt.getByRole('button', { name: 'Continuer vers le paiement' }).click();
    }
    await card.waitFor();
    await learner.getByText('2 places : vous et Marie').waitFor();
    const summary = learner.getByRole('region', { name: 'Votre commande' });
    await expect.poll(async () => squash(await summary.textContent()), { timeout: 15_000 }).toContain('2 places');
    await payWithCard(learner, '4242 4242 4242 4242');
    await waitForPaid(learner);
    const order = await orderOf(learner, new URL(learner.url()).searchParams.get('order_id')!);
    expect(order.status).toBe('paid');
    expect(order.lines).toEqual([expect.objectContaining({ seats: 2, amountCents: 2 * course.priceCents })]);

    // The chef's roster: her booking with 2 seats and her guest, the total.
    const admin = await newPage(viewport);
    await visit(admin, '/');
    await signInByApi(admin, DEMO.admin);
    await open(admin, `/admin/seances/${sessionId}`);
    await admin.getByRole('heading', { name: course.title, level: 2 }).waitFor();
    const attendees = admin.getByRole('region', { name: 'Participants confirmés' });
    await attendees.getByText(account.email, { exact: true }).filter({ visible: true }).waitFor();
    // Her own row (the other width's learner may have booked the same session with a Marie too).
    const row = viewport === 'phone' ? attendees.getByRole('listitem').filter({ hasText: account.email }) : attendees.getByRole('row').filter({ hasText: account.email });
    await row.getByText('avec Marie', { exact: true }).waitFor();
    expect(squash(await row.textContent())).toMatch(viewport === 'phone' ? /Places\s*2/ : /2/);
    expect(squash(await attendees.getByRole('heading').textContent())).toMatch(/réservations? · \d+ places/);
    await expectNoAxeViolations(admin, `roster with 2 seats (${viewport})`);

    // Mon Calendrier: « Annuler ma réservation », one seat, refunded half.
    await open(learner, '/calendrier');
    await showInAgenda(learner, course.title, session.startsAt);
    await agendaEvent(learner, course.title).click();
    await dialog(learner).getByText('2 places : vous et Marie').waitFor();
    await dialog(learner).getByRole('button', { name: 'Annuler ma réservation' }).click();
    const confirm = dialog(learner, 'Annuler ma réservation ?');
    await confirm.getByLabel('Une place (vous en garderez 1)').check();
    // Who no longer comes: Marie, her only guest, already chosen.
    expect(await confirm.getByRole('radio', { name: 'Marie' }).isChecked()).toBe(true);
    await confirm.getByText('Remboursement de cette place', { exact: true }).waitFor();
    await expectNoAxeViolations(learner, `cancelling one seat of two (${viewport})`);
    await dismissToasts(learner);
    await confirm.getByRole('button', { name: 'Annuler une place' }).click();
    const half = Math.round(order.totalCents / 2);
    await expectToast(learner, 'Une place annulée', 'Marie ne vient plus : il vous reste 1 place.');
    await confirm.waitFor({ state: 'detached' });
    await expect.poll(async () => (await orderOf(learner, order.id)).status, { timeout: 15_000 }).toBe('partially_refunded');
    const refunded = await orderOf(learner, order.id);
    expect(refunded.refunds).toHaveLength(1);
    expect(Math.abs(refunded.refunds[0]!.totalCents - half)).toBeLessThanOrEqual(1);
    await expect
      .poll(async () => (await callApi<HoldResponse>(learner, 'GET', `/booking/holds/${reservationId}`)).json.hold, { timeout: 15_000 })
      .toMatchObject({ status: 'confirmed', seats: 1 });

    // The roster follows: 1 seat now.
    await open(admin, `/admin/seances/${sessionId}`);
    await attendees.getByText(account.email, { exact: true }).filter({ visible: true }).waitFor();
    // Her guest gone from her row (another learner's row may name a Marie of her own).
    await expect.poll(() => row.getByText('avec Marie', { exact: true }).count(), { timeout: 15_000 }).toBe(0);
    expect(pageErrors(learner)).toEqual([]);
    expect(pageErrors(admin)).toEqual([]);
  });
});
