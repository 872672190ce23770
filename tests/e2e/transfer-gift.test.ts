// Issue 28's gift journey (« Done when »: another learner gives her seat to a friend who accepts and
// then receives the kit; docs/decisions/0051), at phone width, on a server of its own whose clock the
// journey moves (prepared-server.ts): a paid seat 100 h ahead. From Mon Calendrier the learner opens
// « Transférer », chooses « Offrir ma place à quelqu’un », is told what happens to the money, and
// sends the offer; the friend gets the e-mail, opens its link, signs in and accepts. At 72 h before,
// the server restarted with its clock moved (pg-boss's waiting kit job made due), the kit goes to the
// friend, not to the giver. (Options, money, races: tests/integration/booking-transfers.test.ts.)
import type { Page } from 'playwright-core';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createCourse, createSession } from '../factories';
import { createPaidSeat } from '../factories/bookings';
import { testNow } from '../setup/test-clock';
import type { Db } from '../../src/server/db/client';
import { schedulePrepKit } from '../../src/server/modules/prep-kit/job';
import { agendaEvent, showInAgenda } from './agenda';
import { expectNoAxeViolations, pageErrors, useBrowser, usePage } from './browser';
import { linkIn, readAllMails, waitForMail } from './mailbox';
import { createPerson, startPreparedServer, type PreparedServer } from './prepared-server';
import { signInByApi, type Account } from './session';
import { expectToast, visitUrl } from './site';

useBrowser();

const HOUR = 3_600_000;
const clockEnv = (at: Date) => ({ TEST_CLOCK_START: at.toISOString(), ALLOW_TEST_CLOCK: 'true' });
const makeDue = (queues: string[]) => async (db: Db) => {
  for (const q of queues) await db.execute(sql`update pgboss.job set start_after = now() where name = ${q} and state in ('created', 'retry')`);
};

type Prepared = { giver: Account & { id: string }; friend: Account & { id: string }; title: string; reservationId: string };

describe('a seat given to a friend, who accepts and then receives the kit (phone)', () => {
  let server: PreparedServer<Prepared>;
  let giverPage: Page;
  let friendPage: Page;
  usePage('phone', (p) => (giverPage = p));
  usePage('phone', (p) => (friendPage = p));
  const startsAt = new Date(testNow().getTime() + 100 * HOUR);

  beforeAll(async () => {
    server = await startPreparedServer(
      async (db) => {
        const chef = await createPerson(db, 'Geneviève Tremblay', 'admin');
        const giver = await createPerson(db, 'Rosalie Bergeron', 'learner');
        const friend = await createPerson(db, 'Jeanne Ami', 'learner');
        const title = 'Pouding chômeur en direct';
        const course = await createCourse(db, { title, isLive: true, durationMinutes: 90, priceCents: 4500, teacherId: chef.id, prepKit: '250 g de cassonade\n2 tasses de farine' });
        const session = await createSession(db, course.id, { startsAt, capacity: 8 });
        const seat = await createPaidSeat(db, { user: { id: giver.id, fullName: giver.name }, course, sessionId: session.id, amountCents: 4500 });
        await schedulePrepKit(db, { reservationId: seat.reservationId, startsAt, now: testNow() });
        return { giver, friend, title, reservationId: seat.reservationId };
      },
      { env: { SMTP_URL: inject('smtpUrl'), ...clockEnv(testNow()) } },
    );
  }, 120_000);
  afterAll(() => server?.stop());

  const go = (page: Page, path: string) => visitUrl(page, `${server.baseURL}${path}`);

  it('the learner offers her seat from Mon Calendrier, told first that nothing is refunded', { timeout: 120_000 }, async () => {
    const { giver, friend, title } = server.prepared;
    await go(giverPage, '/');
    await signInByApi(giverPage, giver);
    await go(giverPage, '/calendrier');
    await showInAgenda(giverPage, title, startsAt.toISOString());
    await agendaEvent(giverPage, title).click();
    await giverPage.getByRole('dialog', { name: 'Détails du cours' }).getByRole('button', { name: 'Transférer' }).click();
    const dialog = giverPage.getByRole('dialog', { name: 'Transférer ma réservation' });
    await dialog.getByLabel('Offrir ma place à quelqu’un').check();
    await dialog.getByText('Rien ne vous est remboursé', { exact: false }).waitFor();
    await dialog.getByLabel('Courriel de la personne').fill(friend.email);
    await expectNoAxeViolations(giverPage, '« Transférer » (phone)');
    await dialog.getByRole('button', { name: 'Envoyer l’offre' }).click();
    await expectToast(giverPage, 'Place offerte');
    expect(pageErrors(giverPage)).toEqual([]);
  });

  it('the friend opens the e-mail’s link, signs in and accepts: the booking is hers', { timeout: 120_000 }, async () => {
    const { friend, giver, title, reservationId } = server.prepared;
    const mail = await waitForMail(friend.email, { subject: /vous offre sa place/, timeout: 60_000 });
    expect(mail.subject).toBe(`${giver.name} vous offre sa place : ${title}`);
    // The path and its signature (the e-mail's host is the server's configured public address).
    const link = linkIn(mail, '/places-offertes/');
    await go(friendPage, '/');
    await signInByApi(friendPage, friend);
    await go(friendPage, link);
    await friendPage.getByText(`${giver.name} vous offre sa réservation`, { exact: false }).waitFor();
    await expectNoAxeViolations(friendPage, 'the gift’s page (phone)');
    await friendPage.getByRole('button', { name: 'Accepter la place' }).click();
    await friendPage.getByText('La place est à vous.', { exact: false }).waitFor();
    const accepted = await friendPage.evaluate(async (id) => (await fetch(`/api/booking/reservations/${id}`)).status, reservationId);
    expect(accepted).toBe(200);
    await waitForMail(giver.email, { subject: /^Votre place a été acceptée/, timeout: 60_000 });
    expect(pageErrors(friendPage)).toEqual([]);
  });

  it('72 h before, the kit goes to the friend, not to the giver', { timeout: 120_000 }, async () => {
    await server.restart(clockEnv(new Date(startsAt.getTime() - 72 * HOUR + 30_000)), makeDue(['reservation.prep_kit']));
    const { friend, giver, title } = server.prepared;
    const kit = await waitForMail(friend.email, { subject: /^Trousse de préparation/, timeout: 60_000 });
    expect(kit.subject).toContain(title);
    const toGiver = (await readAllMails()).filter((m) => m.to.includes(giver.email.toLowerCase()) && m.subject.startsWith('Trousse de préparation'));
    expect(toGiver).toEqual([]);
  });
});
