// A move to a later, dearer session (docs/decisions/0051), at phone width: the learner's seat was
// paid 45 $, the course is 55 $ now. From Mon Calendrier she opens « Transférer », picks the later
// session, is told « Vous paierez 11,50 $ de différence », reloads the payment page (it finds its
// payment again), pays it on the sandbox's form and lands
// on her booking's page, which shows the new date once the payment event moved it. (Holds, lapses,
// replays, cancellations and races: tests/integration/booking-transfer-difference.test.ts.)
import type { Page } from 'playwright-core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { courses } from '../../src/server/db/schema';
import { createCourse, createSession } from '../factories';
import { createPaidSeat } from '../factories/bookings';
import { testNow } from '../setup/test-clock';
import { until } from '../setup/until';
import { agendaEvent, showInAgenda } from './agenda';
import { expectNoAxeViolations, pageErrors, useBrowser, usePage } from './browser';
import { payWithCard } from './checkout-helpers';
import { createPerson, startPreparedServer, type PreparedServer } from './prepared-server';
import { signInByApi, type Account } from './session';
import { settled, visitUrl } from './site';

useBrowser();

const HOUR = 3_600_000;

type Prepared = { learner: Account & { id: string }; title: string; reservationId: string };

describe('a booking moved to a later, dearer session, the difference paid (phone)', () => {
  let server: PreparedServer<Prepared>;
  let page: Page;
  usePage('phone', (p) => (page = p));
  const startsAt = new Date(testNow().getTime() + 100 * HOUR);
  const laterAt = new Date(testNow().getTime() + 14 * 24 * HOUR);

  beforeAll(async () => {
    server = await startPreparedServer(
      async (db) => {
        const chef = await createPerson(db, 'Geneviève Tremblay', 'admin');
        const learner = await createPerson(db, 'Rosalie Bergeron', 'learner');
        const title = 'Pouding chômeur en direct';
        const course = await createCourse(db, { title, isLive: true, durationMinutes: 90, priceCents: 4500, teacherId: chef.id });
        const session = await createSession(db, course.id, { startsAt, capacity: 8 });
        await createSession(db, course.id, { startsAt: laterAt, capacity: 8 });
        const seat = await createPaidSeat(db, { user: { id: learner.id, fullName: learner.name }, course, sessionId: session.id, amountCents: 4500 });
        await db.update(courses).set({ priceCents: 5500 }).where(eq(courses.id, course.id));
        return { learner, title, reservationId: seat.reservationId };
      },
      { env: { SMTP_URL: inject('smtpUrl') } },
    );
  }, 120_000);
  afterAll(() => server?.stop());

  it('told the difference, pays it on the sandbox (after a reload of its page) and lands on the booking’s page at its new date', { timeout: 120_000 }, async () => {
    const { learner, title, reservationId } = server.prepared;
    const squash = (text: string | null) => (text ?? '').replace(/\s+/g, ' ').trim();
    await visitUrl(page, `${server.baseURL}/`);
    await signInByApi(page, learner);
    await visitUrl(page, `${server.baseURL}/calendrier`);
    await showInAgenda(page, title, startsAt.toISOString());
    await agendaEvent(page, title).click();
    await page.getByRole('dialog', { name: 'Détails du cours' }).getByRole('button', { name: 'Transférer' }).click();
    const dialog = page.getByRole('dialog', { name: 'Transférer ma réservation' });
    const later = dialog.locator('label', { has: page.locator('input[name="transfer-session"]') }).first();
    const laterWhen = ((await later.textContent()) ?? '').split('(')[0]!.trim();
    await later.click();
    await dialog.getByText('Vous paierez 11,50 $ de différence.').waitFor();
    await expectNoAxeViolations(page, '« Transférer », a dearer session (phone)');
    await dialog.getByRole('button', { name: 'Payer la différence' }).click();

    await page.waitForURL(new RegExp(`/reservations/${reservationId}/difference$`));
    await page.getByRole('heading', { name: 'Payer la différence' }).waitFor();
    await page.getByLabel('Numéro de carte').waitFor();
    await dialog.waitFor({ state: 'detached' });
    // Reloaded (a phone's browser does it to a tab in the background): the page finds its payment again.
    await page.reload();
    await page.getByLabel('Numéro de carte').waitFor();
    expect(squash(await page.getByText('Nouvelle séance :').textContent())).toContain(squash(laterWhen));
    await settled(page);
    await expectNoAxeViolations(page, '« Payer la différence » (phone)');
    await payWithCard(page, '4242 4242 4242 4242');

    await page.waitForURL(new RegExp(`/reservations/${reservationId}$`));
    // The payment event moves the booking; its page follows it live.
    await until('the booking page shows the new date', () => page.getByTestId('booking-when').textContent(), (text) => squash(text) === squash(laterWhen), 30_000);
    expect(pageErrors(page)).toEqual([]);
  });
});
