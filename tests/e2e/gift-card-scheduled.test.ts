// Issue 27's gift-card journey (« Done when »), at phone width, on a server of its own
// (prepared-server.ts) whose clock the journey moves: a buyer offers a class to a friend for
// tomorrow 8 h (Montréal) from the course page and pays; nothing is sent yet. The server then stops,
// the database's side of time moves (the card's pg-boss job, which waits by the database's clock, is
// due) and the server starts again with its clock at tomorrow 8 h 00 min 30 s: the job delivers the
// card then. The friend signs up, types the code at the checkout of a recorded course that costs half
// the card (43,49 $ + TPS 2,17 $ + TVQ 4,34 $ = 50,00 $): the receipt taxes the course and shows the
// card's credit as the payment; the other 50,00 $ stay in « Mon crédit ». The card's own receipt (the
// buyer's) bears no tax: « Carte-cadeau — non taxable à l'achat ».
import type { Page } from 'playwright-core';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { formatPrice } from '@shared/format';
import { torontoHourToUtc } from '@shared/gift-cards';
import { createCourse } from '../factories';
import { testNow } from '../setup/test-clock';
import { zonedDate } from '../../src/server/db/seed/schedule';
import { expectNoAxeViolations, pageErrors, useBrowser, usePage } from './browser';
import { orderOf, payWithCard, waitForPaid } from './checkout-helpers';
import { waitForMail } from './mailbox';
import { createPerson, startPreparedServer, type PreparedServer } from './prepared-server';
import { signInByApi, signUpFromHeader, uniqueEmail, type Account } from './session';
import { visitUrl } from './site';

useBrowser();

const squash = (s: string | null) => (s ?? '').replaceAll('\u00a0', ' ').replaceAll('\u202f', ' ');
const CARD_CENTS = 10_000;
/** 43,49 $ before tax: with GST (2,17 $) and QST (4,34 $), 50,00 $ — half the card. */
const COURSE_CENTS = 4349;
const COURSE_TOTAL_CENTS = 5000;

/** Tomorrow in Montréal, as the form's date field writes it (YYYY-MM-DD). */
function tomorrowInToronto(): string {
  const { year, month, day } = zonedDate(new Date(testNow().getTime() + 86_400_000), 'America/Toronto');
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

const clockEnv = (at: Date) => ({ TEST_CLOCK_START: at.toISOString(), ALLOW_TEST_CLOCK: 'true' });

describe('a class offered for tomorrow 8 h, delivered then, half spent by the friend (phone)', () => {
  let server: PreparedServer<{ buyer: Account & { id: string }; courseId: string; title: string }>;
  let buyer: Page;
  let friend: Page;
  usePage('phone', (p) => (buyer = p));
  usePage('phone', (p) => (friend = p));
  const friendEmail = uniqueEmail('ami-demain');
  const deliverOn = tomorrowInToronto();
  const deliverAt = torontoHourToUtc(deliverOn, 8);
  let cardOrderId: string;
  let code: string;

  beforeAll(async () => {
    server = await startPreparedServer(
      async (db) => {
        const person = await createPerson(db, 'Irène Offre', 'learner');
        const title = 'Pâte feuilletée, pas à pas';
        const course = await createCourse(db, { title, isLive: false, priceCents: COURSE_CENTS });
        return { buyer: person, courseId: course.id, title };
      },
      { env: { SMTP_URL: inject('smtpUrl'), ...clockEnv(testNow()) } },
    );
  }, 120_000);
  afterAll(() => server?.stop());

  const go = (page: Page, path: string) => visitUrl(page, `${server.baseURL}${path}`);

  it('the buyer offers the course for tomorrow at 8 h and pays the card: no tax, nothing sent yet', async () => {
    await go(buyer, '/');
    await signInByApi(buyer, server.prepared.buyer);
    await go(buyer, `/cours/${server.prepared.courseId}`);
    await buyer.getByRole('link', { name: 'Offrir ce cours' }).click();
    await buyer.getByRole('heading', { name: 'Offrir ce cours' }).waitFor();
    await buyer.getByText('Autre montant').click();
    await buyer.getByLabel('Montant en dollars (10 à 1 000 $)').fill('100');
    await buyer.getByLabel('Nom de la personne').fill('Jules Ami');
    await buyer.getByLabel('Son courriel').fill(friendEmail);
    await buyer.getByLabel('Votre message (facultatif)').fill('Pour ta fête, Jules !');
    await buyer.getByText('À une date choisie').click();
    await buyer.getByLabel("Date d'envoi").fill(deliverOn);
    await buyer.getByLabel('Heure (heure de Montréal)').selectOption('8');
    await expectNoAxeViolations(buyer, 'a gift card for tomorrow 8 h (phone)');
    await buyer.getByRole('button', { name: `Payer ${formatPrice(CARD_CENTS)}` }).click();
    await buyer.getByRole('heading', { name: 'Payer la carte-cadeau' }).waitFor();
    expect(squash(await buyer.locator('main').textContent())).toContain(`envoyée le ${deliverOn} à 8 h (heure de Montréal)`);
    await payWithCard(buyer, '4242 4242 4242 4242');
    await waitForPaid(buyer);
    cardOrderId = new URL(buyer.url()).searchParams.get('order_id')!;

    // The card's receipt: the amount, no tax line, « non taxable à l'achat ».
    const order = await orderOf(buyer, cardOrderId);
    expect(order).toMatchObject({ status: 'paid', totalCents: CARD_CENTS, taxCents: 0 });
    await buyer.goto(new URL(order.receiptUrl!, buyer.url()).href);
    const receipt = squash(await buyer.locator('body').textContent());
    expect(receipt).toContain("Carte-cadeau — non taxable à l'achat");
    // No tax row (« TPS (5 %) »…); the seller's registration numbers are printed on every receipt.
    expect(receipt).not.toMatch(/(TPS|TVQ|TVH) \(\d/);

    // Not sent before its hour.
    await expect(waitForMail(friendEmail, { timeout: 3_000 })).rejects.toThrow();
    expect(pageErrors(buyer)).toEqual([]);
  });

  it('at tomorrow 8 h (the server restarted with its clock moved), the job delivers the card', async () => {
    await server.restart(clockEnv(new Date(deliverAt.getTime() + 30_000)), async (db) => {
      // pg-boss waits by the database's clock: the card's job is due now, as it would be tomorrow at 8 h.
      await db.execute(sql`update pgboss.job set start_after = now() where name = 'gift_card.deliver' and state in ('created', 'retry')`);
    });
    const mail = await waitForMail(friendEmail, { subject: /vous offre une carte-cadeau Toque$/, timeout: 60_000 });
    expect(mail.text).toContain('Pour ta fête, Jules !');
    code = /Code : ([2-9A-Z]{4}-[2-9A-Z]{4}-[2-9A-Z]{4}-[2-9A-Z]{4})/.exec(mail.text)?.[1] ?? '';
    expect(code).not.toBe('');
  });

  it('the friend signs up, spends half on a recorded course (taxed; the card as payment), and keeps the rest in « Mon crédit »', async () => {
    await go(friend, '/');
    const dialog = await signUpFromHeader(friend, 'Jules Ami', friendEmail, 'Feuilletage-2026');
    await dialog.waitFor({ state: 'detached' });
    await go(friend, `/payment/${server.prepared.courseId}`);
    const prompt = friend.getByRole('region', { name: 'Votre province de résidence' });
    await prompt.waitFor();
    await prompt.getByLabel('Province', { exact: true }).selectOption('QC');
    await prompt.getByRole('button', { name: 'Continuer vers le paiement' }).click();
    const field = friend.getByRole('region', { name: 'Carte-cadeau ou code promo' });
    await field.getByLabel('Carte-cadeau ou code promo').fill(code.toLowerCase());
    await field.getByRole('button', { name: 'Appliquer' }).click();
    // The card's credit covers the whole order: paid at once, no card form.
    await waitForPaid(friend);
    const order = await orderOf(friend, new URL(friend.url()).searchParams.get('order_id')!);
    expect(order).toMatchObject({ status: 'paid', subtotalCents: COURSE_CENTS, totalCents: COURSE_TOTAL_CENTS, creditAppliedCents: COURSE_TOTAL_CENTS });
    expect(order.taxLines.map((l) => l.amountCents).sort()).toEqual([217, 434]);

    await friend.goto(new URL(order.receiptUrl!, friend.url()).href);
    const receipt = squash(await friend.locator('body').textContent());
    expect(receipt).toMatch(/TPS \(5 %\)/);
    expect(receipt).toMatch(/TVQ \(9,975 %\)/);
    expect(receipt).toContain('Crédit Toque');

    await go(friend, '/account#mon-credit');
    const section = friend.locator('#mon-credit');
    await section.getByText(/^Solde :/).waitFor();
    const credit = squash(await section.textContent());
    expect(credit).toContain(squash(`Solde : ${formatPrice(CARD_CENTS - COURSE_TOTAL_CENTS)}`));
    expect(credit).toContain('Carte-cadeau ajoutée');
    expect(credit).toContain('Payé avec votre crédit');
    await expectNoAxeViolations(friend, '« Mon crédit » after half a card (phone)');
    expect(pageErrors(friend)).toEqual([]);
  });
});
