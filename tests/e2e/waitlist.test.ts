// Issue 28's waitlist journey (« Done when »: a full session's waitlist: two learners join, a
// cancellation offers the seat to the first; she lets it lapse (moved clock); the second gets it and
// pays), on a server of its own (prepared-server.ts) whose clock the journey moves: a one-seat
// session 96 h ahead, taken. Ana and Ben join its « Liste d'attente » from the course page's
// « Complet » (through the booking page); the seat's owner cancels; Ana sees « Une place s'est
// libérée » and does nothing; 16 minutes later (the server restarted with its clock moved, the
// hold's job made due) Ben gets the offer in « Mon Calendrier », follows « Payer ma place » and pays
// on the sandbox. (Orders, skips, races: tests/integration/waitlist.test.ts.)
import type { Page } from 'playwright-core';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { WaitlistListResponse } from '@shared/schemas/waitlist';
import { createCourse, createReservation, createSession } from '../factories';
import { testNow } from '../setup/test-clock';
import { callApi } from './api';
import { expectNoAxeViolations, pageErrors, usePage, useBrowser, viewports, type Viewport } from './browser';
import { payWithCard, waitForPaid } from './checkout-helpers';
import { createPerson, startPreparedServer, type PreparedServer } from './prepared-server';
import { signInByApi, type Account } from './session';
import { visitUrl } from './site';

useBrowser();

const HOUR = 3_600_000;
const MINUTE = 60_000;
const clockEnv = (at: Date) => ({ TEST_CLOCK_START: at.toISOString(), ALLOW_TEST_CLOCK: 'true' });

type Prepared = { owner: Account; ana: Account; ben: Account; courseId: string; title: string; sessionId: string; seatId: string };

describe.each(viewports)('a full session’s waitlist (%s)', (viewport: Viewport) => {
  let server: PreparedServer<Prepared>;
  let anaPage: Page;
  let benPage: Page;
  let ownerPage: Page;
  usePage(viewport, (p) => (anaPage = p));
  usePage(viewport, (p) => (benPage = p));
  usePage(viewport, (p) => (ownerPage = p));

  beforeAll(async () => {
    server = await startPreparedServer(
      async (db) => {
        const owner = await createPerson(db, 'Olivier Gagnon', 'learner');
        const ana = await createPerson(db, 'Ana Tremblay', 'learner');
        const ben = await createPerson(db, 'Benoît Roy', 'learner');
        const title = 'Tarte au sucre en direct';
        const course = await createCourse(db, { title, isLive: true, durationMinutes: 90, priceCents: 4000 });
        const session = await createSession(db, course.id, { startsAt: new Date(testNow().getTime() + 96 * HOUR), capacity: 1 });
        const seat = await createReservation(db, session.id, owner.id, { status: 'confirmed', clientName: owner.name });
        return { owner, ana, ben, courseId: course.id, title, sessionId: session.id, seatId: seat.id };
      },
      { env: { SMTP_URL: inject('smtpUrl'), ...clockEnv(testNow()) } },
    );
  }, 120_000);
  afterAll(() => server?.stop());

  const go = (page: Page, path: string) => visitUrl(page, `${server.baseURL}${path}`);
  const mine = async (page: Page) => (await callApi<WaitlistListResponse>(page, 'GET', '/waitlist')).json.entries;

  async function joinFromCoursePage(page: Page, who: Account) {
    await go(page, '/');
    await signInByApi(page, who);
    await go(page, `/cours/${server.prepared.courseId}`);
    await page.getByRole('link', { name: 'Liste d’attente' }).click();
    await page.waitForURL((url) => url.pathname === `/booking/${server.prepared.courseId}`);
    const line = page.getByRole('region', { name: 'Liste d’attente' });
    await line.getByRole('button', { name: 'Rejoindre la liste d’attente' }).click();
    return line;
  }

  it('two join; a cancellation offers the seat to the first; she lets it lapse; the second gets it and pays', { timeout: 180_000 }, async () => {
    const { prepared } = server;
    const anaLine = await joinFromCoursePage(anaPage, prepared.ana);
    await anaLine.getByText('Vous êtes 1re dans la liste d’attente (1 place demandée)').waitFor();
    await expectNoAxeViolations(anaPage, `waitlist joined (${viewport})`);
    const benLine = await joinFromCoursePage(benPage, prepared.ben);
    await benLine.getByText('Vous êtes 2e dans la liste d’attente (1 place demandée)').waitFor();

    // The seat's owner cancels (less than the refund's notice matters not: nothing was paid here).
    await go(ownerPage, '/');
    await signInByApi(ownerPage, prepared.owner);
    const cancelled = await callApi(ownerPage, 'POST', `/booking/reservations/${prepared.seatId}/cancel`, { acceptNoRefund: true, idempotencyKey: `attente-${viewport}-annule` });
    expect(cancelled.status).toBe(200);

    // Ana, on the page where she joined: « Une place s'est libérée » appears as the offer is made (the
    // event stream; no reload), with the way to pay; she does nothing.
    const offer = anaPage.getByRole('region', { name: "Une place s'est libérée" });
    await offer.getByRole('link', { name: 'Payer ma place' }).waitFor();
    await expectNoAxeViolations(anaPage, `waitlist offer (${viewport})`);
    expect(await mine(benPage)).toMatchObject([{ status: 'waiting', position: 1 }]);

    // 16 minutes later: her hold's job (made due: pg-boss waits by the database's clock) passes the seat on.
    await server.restart(clockEnv(new Date(testNow().getTime() + 16 * MINUTE)), async (db) => {
      await db.execute(sql`update pgboss.job set start_after = now() where name = 'hold.expire' and state in ('created', 'retry')`);
    });
    await expect.poll(async () => (await mine(benPage))[0]?.status, { timeout: 30_000 }).toBe('offered');
    expect(await mine(anaPage)).toEqual([]);

    // Ben finds it in « Mon Calendrier » and pays.
    await go(benPage, '/calendrier');
    const benOffer = benPage.getByRole('region', { name: "Une place s'est libérée" });
    await benOffer.getByText(prepared.title, { exact: false }).waitFor();
    await benOffer.getByRole('link', { name: 'Payer ma place' }).click();
    await benPage.waitForURL((url) => url.pathname === `/payment/${prepared.courseId}`);
    const prompt = benPage.getByRole('region', { name: 'Votre province de résidence' });
    const card = benPage.getByLabel('Numéro de carte');
    await Promise.race([prompt.waitFor(), card.waitFor()]);
    if (await prompt.isVisible()) {
      await prompt.getByLabel('Province', { exact: true }).selectOption('QC');
      await prompt.getByRole('button', { name: 'Continuer vers le paiement' }).click();
    }
    await card.waitFor();
    await payWithCard(benPage, '4242 4242 4242 4242');
    await waitForPaid(benPage);
    await expect.poll(async () => (await mine(benPage)).length, { timeout: 15_000 }).toBe(0);
    expect(pageErrors(anaPage)).toEqual([]);
    expect(pageErrors(benPage)).toEqual([]);
  });
});
