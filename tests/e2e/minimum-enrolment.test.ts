// Issue 28's minimum-enrolment journey (« Done when »: a session under its minimum is cancelled
// automatically when the chef does not answer; its attendees are refunded; no kit goes out), at
// phone width, on a server of its own (prepared-server.ts) whose clock the journey moves: a session
// 100 h ahead with a minimum of 3 and one paid seat. At 96 h before, the server restarted with its
// clock moved (and pg-boss's waiting job made due, as the database's clock cannot move), the chef is
// asked by e-mail and « Aperçu » shows the card « Maintenir la séance » / « Annuler la séance ». She
// does not answer: 12 h later the session is cancelled, the learner gets « Séance annulée » with
// « Choisir mon remboursement », the card leaves « Aperçu ». She chooses nothing: at the choice's
// deadline her order is refunded to the card; the kit's job has run and sent nothing.
import type { Page } from 'playwright-core';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { MINIMUM_ANSWER_HOURS, MINIMUM_CHECK_HOURS } from '@shared/booking';
import { REFUND_CHOICE_HOURS } from '@shared/schemas/reservations';
import { createCourse, createSession } from '../factories';
import { createPaidSeat } from '../factories/bookings';
import { testNow } from '../setup/test-clock';
import type { Db } from '../../src/server/db/client';
import { scheduleMinimumCheck } from '../../src/server/modules/minimum-enrolment/service';
import { schedulePrepKit } from '../../src/server/modules/prep-kit/job';
import { expectNoAxeViolations, pageErrors, useBrowser, usePage } from './browser';
import { orderOf } from './checkout-helpers';
import { readAllMails, waitForMail } from './mailbox';
import { createPerson, startPreparedServer, type PreparedServer } from './prepared-server';
import { signInByApi, type Account } from './session';
import { visitUrl } from './site';

useBrowser();

const HOUR = 3_600_000;
const MINUTE = 60_000;
const squash = (s: string | null) => (s ?? '').replaceAll('\u00a0', ' ').replaceAll('\u202f', ' ');
const clockEnv = (at: Date) => ({ TEST_CLOCK_START: at.toISOString(), ALLOW_TEST_CLOCK: 'true' });
/** pg-boss waits by the database's clock: the queue's waiting jobs made due, as they would be at the moved time. */
const makeDue = (queues: string[]) => async (db: Db) => {
  for (const q of queues) await db.execute(sql`update pgboss.job set start_after = now() where name = ${q} and state in ('created', 'retry')`);
};

type Prepared = { chef: Account & { id: string }; learner: Account & { id: string }; title: string; courseId: string; sessionId: string; orderId: string };

describe('a session under its minimum, cancelled when the chef does not answer (phone)', () => {
  let server: PreparedServer<Prepared>;
  let chefPage: Page;
  let learnerPage: Page;
  usePage('phone', (p) => (chefPage = p));
  usePage('phone', (p) => (learnerPage = p));
  const startsAt = new Date(testNow().getTime() + 100 * HOUR);
  const checkAt = startsAt.getTime() - MINIMUM_CHECK_HOURS * HOUR;
  const heading = (page: Page) => page.getByRole('heading', { name: 'À décider : séances sous leur minimum' });

  beforeAll(async () => {
    server = await startPreparedServer(
      async (db) => {
        const chef = await createPerson(db, 'Geneviève Tremblay', 'admin');
        const learner = await createPerson(db, 'Rosalie Bergeron', 'learner');
        const title = 'Gnocchis en direct';
        const course = await createCourse(db, { title, isLive: true, durationMinutes: 90, priceCents: 5000, teacherId: chef.id, prepKit: '500 g de pommes de terre\n1 œuf' });
        const session = await createSession(db, course.id, { startsAt, capacity: 8, minSeats: 3 });
        const seat = await createPaidSeat(db, { user: { id: learner.id, fullName: learner.name }, course, sessionId: session.id, amountCents: 5000 });
        // What the admin's form and the payment plan in their transactions: the check, the seat's kit.
        await scheduleMinimumCheck(db, { sessionId: session.id, startsAt, minSeats: 3, now: testNow() });
        await schedulePrepKit(db, { reservationId: seat.reservationId, startsAt, now: testNow() });
        return { chef, learner, title, courseId: course.id, sessionId: session.id, orderId: seat.orderId };
      },
      { env: { SMTP_URL: inject('smtpUrl'), ...clockEnv(testNow()) } },
    );
  }, 120_000);
  afterAll(() => server?.stop());

  const go = (page: Page, path: string) => visitUrl(page, `${server.baseURL}${path}`);

  it('96 h before, under its minimum: the chef is asked by e-mail and « Aperçu » shows the card', { timeout: 120_000 }, async () => {
    // The admin enrols her second factor on the server's own time (its code is counted from the
    // clock); each later sign-in, whatever the clock, uses one of her recovery codes.
    await go(chefPage, '/');
    await signInByApi(chefPage, server.prepared.chef);
    await server.restart(clockEnv(new Date(checkAt + 30_000)), makeDue(['session.minimum_check']));
    const { chef, title, sessionId } = server.prepared;
    const mail = await waitForMail(chef.email, { subject: /^Séance sous son minimum/, timeout: 60_000 });
    expect(mail.subject).toBe(`Séance sous son minimum : ${title}`);
    expect(squash(mail.text)).toContain("n'a que 1 place prise pour un minimum de 3");
    expect(mail.text).toContain(`/seances/${sessionId}/minimum?person=${chef.id}`);

    await go(chefPage, '/');
    await signInByApi(chefPage, chef);
    await go(chefPage, '/admin');
    await heading(chefPage).waitFor();
    const card = chefPage.getByRole('listitem').filter({ has: chefPage.getByRole('heading', { name: title }) });
    expect(squash(await card.textContent())).toContain('1 place prise pour un minimum de 3');
    await card.getByRole('button', { name: 'Maintenir la séance' }).waitFor();
    await card.getByRole('button', { name: 'Annuler la séance' }).waitFor();
    await expectNoAxeViolations(chefPage, '« Aperçu » with a session under its minimum (phone)');
    expect(pageErrors(chefPage)).toEqual([]);
  });

  it('no answer within 12 h: cancelled automatically, the learner told with the refund choice, the card gone', { timeout: 120_000 }, async () => {
    await server.restart(clockEnv(new Date(checkAt + MINIMUM_ANSWER_HOURS * HOUR + 5 * MINUTE)), makeDue(['session.minimum_deadline']));
    const { learner, title } = server.prepared;
    const told = await waitForMail(learner.email, { subject: /^Séance annulée/, timeout: 60_000 });
    expect(told.subject).toBe(`Séance annulée : ${title}`);
    expect(squash(told.text)).toContain("Raison : Le nombre minimum d'inscriptions n'a pas été atteint.");
    expect(told.text).toContain('Choisir mon remboursement');

    await go(chefPage, '/');
    await signInByApi(chefPage, server.prepared.chef);
    await go(chefPage, '/admin');
    await chefPage.getByRole('heading', { name: 'Aperçu', exact: true }).waitFor();
    await chefPage.getByRole('heading', { name: 'Ce mois-ci' }).waitFor();
    expect(await heading(chefPage).count()).toBe(0);
  });

  it('the learner chose nothing: refunded to her card at the deadline; the kit was never sent', { timeout: 120_000 }, async () => {
    // The refund choice closes 72 h after the cancellation; the kit's moment (72 h before) has passed by then.
    const cancelledAt = checkAt + MINIMUM_ANSWER_HOURS * HOUR;
    await server.restart(clockEnv(new Date(cancelledAt + REFUND_CHOICE_HOURS * HOUR + 30 * MINUTE)), makeDue(['reservation.refund_choice', 'reservation.prep_kit']));
    const { learner, title, orderId } = server.prepared;
    await go(learnerPage, '/');
    await signInByApi(learnerPage, learner);
    await expect.poll(async () => (await orderOf(learnerPage, orderId)).status, { timeout: 60_000 }).toBe('refunded');
    // The kit's job has run (the server's own count), and nothing went out.
    await expect
      .poll(async () => {
        const metrics = await (await fetch(`${server.baseURL}/metrics`)).text();
        return Number(/jobs_completed_total\{queue="reservation\.prep_kit"\} (\d+)/.exec(metrics)?.[1] ?? 0);
      }, { timeout: 60_000 })
      .toBeGreaterThanOrEqual(1);
    const kits = (await readAllMails()).filter((m) => m.to.includes(learner.email.toLowerCase()) && m.subject.startsWith('Trousse de préparation'));
    expect(kits).toEqual([]);
    expect(kits.map((m) => m.subject)).not.toContain(`Trousse de préparation : ${title}`);
    expect(pageErrors(learnerPage)).toEqual([]);
  });
});
