// Mon Calendrier in the system Chromium, against the production build and its sandbox: a learner
// whose seat is paid (hold → checkout → sandbox card, through the real API) finds the class in
// each view, opens 'Détails du cours', downloads the .ics and follows the Google Agenda link; the
// admin sees one event per session, 'course title · seats taken / capacity', and sets the video link; the learner then joins in a new tab,
// subscribes their calendar to the private feed, and cancels more than 48 h ahead, refunded.
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { compactUtc } from '@shared/calendar-links';
import { formatDuration, formatSessionDateTime } from '@shared/format';
import type { HoldResponse } from '@shared/schemas/booking';
import type { CheckoutResponse, SandboxConfirmResponse } from '@shared/schemas/checkout';
import type { CourseResponse, CourseSummary, SessionSummary } from '@shared/schemas/public';
import type { ReservationResponse } from '@shared/schemas/reservations';
import { parseWithIcalJs } from '../setup/ical-parse';
import { testNow } from '../setup/test-clock';
import { callApi, getJson, seededCourses } from './api';
import { expectNoAxeViolations, pageErrors, useBrowser, usePage } from './browser';
import { orderOf } from './checkout-helpers';
import { createAccount, DEMO, signInByApi, type Account } from './session';
import { baseURL, dismissToasts, expectToast, open, visit } from './site';

useBrowser();

const HOUR = 3_600_000;
const LINK = 'https://zoom.us/j/98765432100?pwd=toque';
const LEARNER_NAME = 'Rosalie Bergeron';

let course: CourseSummary;
let session: SessionSummary;
let learner: Account;
let reservationId: string;
let orderId: string;

/** A seeded live course's first session with seats, far enough ahead to be cancelled with a refund. */
beforeAll(async () => {
  const live = (await seededCourses()).filter((c) => c.isLive && !c.isPremium && c.priceCents > 0);
  const candidates: { course: CourseSummary; session: SessionSummary }[] = [];
  for (const c of live) {
    for (const s of (await getJson<CourseResponse>(`/api/courses/${c.id}`)).course.sessions) {
      if (s.seatsLeft > 0 && Date.parse(s.startsAt) > testNow().getTime() + 50 * HOUR) candidates.push({ course: c, session: s });
    }
  }
  candidates.sort((a, b) => Date.parse(a.session.startsAt) - Date.parse(b.session.startsAt));
  if (!candidates[0]) throw new Error('The seed should hold a live session with seats more than 50 h ahead');
  ({ course, session } = candidates[0]);
});

const endsAt = () => new Date(Date.parse(session.startsAt) + session.durationMinutes * 60_000);
const viewButton = (page: Page, name: string) => page.getByRole('button', { name, exact: true });
/** The class as an event of the month, week and day grids. */
const gridEvent = (page: Page, title: string | RegExp) => page.locator('.rbc-event', { hasText: title }).first();
/** The class as a line of the agenda (its title is a button). */
const agendaEvent = (page: Page, title: string | RegExp) => page.locator('.rbc-agenda-view').getByRole('button', { name: title, exact: true }).first();
/** The admin's event of a session: « course · seats taken / capacity » (issue 26), one per session. */
const sessionEventTitle = (courseTitle: string) => new RegExp(`${courseTitle.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} · \\d+ / \\d+`);
const dialog = (page: Page, name = 'Détails du cours') => page.getByRole('dialog', { name });

const TORONTO = 'America/Toronto';
/** The period the calendar shows, as its toolbar's heading says it ('Décembre 2026'). */
const periodHeading = (page: Page) => page.getByRole('region', { name: 'Calendrier des réservations' }).getByRole('heading', { level: 2 });
/** The class's month as the month view's heading names it, in the viewer's zone. */
function monthHeadingOfClass() {
  const month = new Intl.DateTimeFormat('fr-CA', { timeZone: TORONTO, month: 'long', year: 'numeric' }).format(new Date(session.startsAt));
  return month.charAt(0).toUpperCase() + month.slice(1);
}

/**
 * Steps the month view with « Suivant » until its heading names the class's month (sessions are at
 * most ~5 weeks ahead). Not until the class merely shows: a month's grid also shows the first days
 * of the next one (a 1 December class in November's last row), which are not that month's days.
 */
async function showMonthOf(page: Page, title: string) {
  await viewButton(page, 'Mois').click();
  const wanted = monthHeadingOfClass();
  for (let i = 0; i < 3 && (await periodHeading(page).textContent()) !== wanted; i++) {
    await page.getByRole('button', { name: 'Suivant' }).click();
    await page.waitForLoadState('networkidle');
  }
  expect(await periodHeading(page).textContent()).toBe(wanted);
  await gridEvent(page, title).waitFor();
}

/** From the class's month, its day number: the day view of the class's day. */
async function showDayOf(page: Page, title: string) {
  await showMonthOf(page, title);
  const day = new Intl.DateTimeFormat('en-CA', { timeZone: TORONTO, day: 'numeric' }).format(new Date(session.startsAt));
  await page.locator('.rbc-date-cell:not(.rbc-off-range) .rbc-button-link').getByText(day, { exact: true }).click();
  expect(await viewButton(page, 'Jour').getAttribute('aria-pressed')).toBe('true');
  await gridEvent(page, title).waitFor();
}

/** The seat held, the order made and paid with the success card, then confirmed by the payment event. */
async function bookAndPay(page: Page) {
  const hold = await callApi<HoldResponse>(page, 'POST', '/booking/holds', { sessionId: session.id });
  expect(hold.status).toBe(201);
  const checkout = await callApi<CheckoutResponse>(page, 'POST', '/checkout', {
    items: [{ courseId: course.id, sessionId: session.id }],
    province: 'QC',
    idempotencyKey: randomUUID(),
  });
  expect(checkout.status).toBe(201);
  const payment = checkout.json.payment!;
  const paid = await callApi<SandboxConfirmResponse>(page, 'POST', '/payments/sandbox/confirm', {
    paymentId: payment.paymentId,
    clientSecret: payment.clientSecret,
    method: { type: 'card', number: '4242424242424242', expiry: '12/34', cvc: '123' },
  });
  expect(paid.json.status).toBe('succeeded');
  // The payment event reaches the server's webhook a moment later.
  const deadline = Date.now() + 30_000;
  for (;;) {
    const { json } = await callApi<ReservationResponse>(page, 'GET', `/booking/reservations/${hold.json.hold.id}`);
    if (json.reservation.status === 'confirmed') break;
    if (Date.now() > deadline) throw new Error(`reservation still ${json.reservation.status}`);
    await new Promise((r) => setTimeout(r, 250));
  }
  return { reservationId: hold.json.hold.id, orderId: checkout.json.order.id };
}

describe('a learner with a paid seat (desktop)', () => {
  let page: Page;
  usePage('desktop', (p) => (page = p));

  beforeAll(async () => {
    await visit(page, '/');
    learner = await createAccount('calendrier', LEARNER_NAME);
    await signInByApi(page, learner);
    ({ reservationId, orderId } = await bookAndPay(page));
  });

  it('finds the class in the month, day, week and agenda views (week starting Monday)', async () => {
    await open(page, '/calendrier');
    expect(await page.locator('h1').textContent()).toBe('Mon Calendrier');
    expect(await page.locator('.rbc-month-header .rbc-header').allTextContents()).toEqual(['lun.', 'mar.', 'mer.', 'jeu.', 'ven.', 'sam.', 'dim.']);
    await showMonthOf(page, course.title);
    expect(await periodHeading(page).textContent()).toMatch(/^\p{Lu}\p{Ll}+ \d{4}$/u);

    // The class's day, from its date in the month: the day view.
    await showDayOf(page, course.title);
    expect(await gridEvent(page, course.title).textContent()).toMatch(/\d{1,2}\sh\s\d{2} – \d{1,2}\sh\s\d{2}/);

    await viewButton(page, 'Semaine').click();
    await gridEvent(page, course.title).waitFor();
    expect(await page.locator('.rbc-time-header .rbc-header').first().textContent()).toMatch(/^lun\. \d{1,2}$/);

    await viewButton(page, 'Agenda').click();
    await agendaEvent(page, course.title).waitFor();
    expect(await page.locator('.rbc-agenda-view thead').textContent()).toBe('DateHeureCours');
    expect(pageErrors(page)).toEqual([]);
  });

  it("opens 'Détails du cours': confirmed, link pending, the chef will send it; no join button", async () => {
    await agendaEvent(page, course.title).click();
    const details = dialog(page);
    await details.waitFor();
    await details.getByRole('heading', { name: course.title }).waitFor();
    await details.getByText('Cours confirmé', { exact: true }).waitFor();
    // The link's badge (its name for screen readers comes first).
    await details.getByText(/^Lien de la visioconférence : En attente$/).waitFor();
    await details.getByText(/La cheffe vous enverra le lien du cours en direct très bientôt/).waitFor();
    expect(await details.getByText(/^Rejoindre le cours en direct/).count()).toBe(0);
    const text = (await details.textContent())!.replace(/\u00a0/g, ' ');
    const spaced = (s: string) => s.replace(/\u00a0/g, ' ');
    expect(text).toContain(spaced(`Durée${formatDuration(session.durationMinutes)}`));
    // The date and time in the viewer's zone, the zone named.
    expect(text).toContain(spaced(formatSessionDateTime(session.startsAt, 'America/Toronto')));
    expect(text).toMatch(/ (HNE|HAE)/);
    await expectNoAxeViolations(page, "'Détails du cours' (learner)");
  });

  it('downloads the class as an .ics that a real parser reads: title, UTC times, UID', async () => {
    const details = dialog(page);
    const [download] = await Promise.all([page.waitForEvent('download'), details.getByRole('link', { name: 'Télécharger (.ics)' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^[a-z0-9-]+\.ics$/);
    const calendar = parseWithIcalJs(await readFile((await download.path())!, 'utf8'));
    expect(calendar.events).toEqual([
      expect.objectContaining({
        uid: `${reservationId}@${new URL(baseURL).host}`,
        summary: course.title,
        start: new Date(session.startsAt),
        end: endsAt(),
        status: 'CONFIRMED',
      }),
    ]);
  });

  it("'Ajouter à Google Agenda' fills Google's event page with the title and the UTC times", async () => {
    const link = dialog(page).getByRole('link', { name: 'Ajouter à Google Agenda' });
    expect(await link.getAttribute('target')).toBe('_blank');
    expect(await link.getAttribute('rel')).toContain('noopener');
    const url = new URL((await link.getAttribute('href'))!);
    expect(`${url.origin}${url.pathname}`).toBe('https://calendar.google.com/calendar/render');
    expect(url.searchParams.get('action')).toBe('TEMPLATE');
    expect(url.searchParams.get('text')).toBe(course.title);
    expect(url.searchParams.get('dates')).toBe(`${compactUtc(session.startsAt)}/${compactUtc(endsAt())}`);
    await page.keyboard.press('Escape');
    await dialog(page).waitFor({ state: 'detached' });
  });
});

describe('the admin (desktop)', () => {
  let page: Page;
  usePage('desktop', (p) => (page = p));

  it("sees everyone's sessions, this one titled 'course title · seats taken / capacity'", async () => {
    await visit(page, '/');
    await signInByApi(page, DEMO.admin);
    await open(page, '/calendrier');
    expect(await page.locator('h1').textContent()).toBe('Tableau de Bord Admin');
    // The agenda lists 30 days from the date shown: from the class's day, it is the first line.
    await showDayOf(page, course.title);
    await viewButton(page, 'Agenda').click();
    const mine = agendaEvent(page, sessionEventTitle(course.title));
    await mine.waitFor();
    await expectNoAxeViolations(page, 'admin agenda');
  });

  it('sets the video link: the spec toasts, then the dialog closes', async () => {
    await agendaEvent(page, sessionEventTitle(course.title)).click();
    const details = dialog(page);
    await details.getByText(LEARNER_NAME, { exact: true }).waitFor();
    await details.getByRole('button', { name: /^(Ajouter|Modifier) le lien$/ }).click();
    const input = details.getByLabel('Lien de la visioconférence');
    expect(await input.getAttribute('type')).toBe('url');
    expect(await input.getAttribute('placeholder')).toMatch(/^https:\/\/zoom\.us\/j\//);
    await expectNoAxeViolations(page, "'Détails du cours' (admin, editing the link)");
    await input.fill(LINK);
    await details.getByRole('button', { name: 'Enregistrer le lien' }).click();
    await expectToast(page, 'Lien mis à jour !', 'Le lien de la visioconférence a été sauvegardé.');
    await details.waitFor({ state: 'detached' });
    await dismissToasts(page);

    // Opened again: the link is there for the admin.
    await agendaEvent(page, sessionEventTitle(course.title)).click();
    await dialog(page).getByText(/^Lien de la visioconférence : Lien disponible$/).waitFor();
    expect(await dialog(page).getByRole('link', { name: LINK }).getAttribute('href')).toBe(LINK);
    await page.keyboard.press('Escape');
    expect(pageErrors(page)).toEqual([]);
  });
});

describe('the learner again (desktop)', () => {
  let page: Page;
  usePage('desktop', (p) => (page = p));

  beforeAll(async () => {
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
    // The meeting service is not on this network: its page is answered here.
    await page.context().route('https://zoom.us/**', (route) => route.fulfill({ contentType: 'text/html', body: '<title>Réunion</title>' }));
  });

  it("sees 'Lien disponible' and 'Rejoindre le cours en direct', which opens the link in a new tab", async () => {
    await visit(page, '/');
    await signInByApi(page, learner);
    await open(page, '/calendrier');
    await showMonthOf(page, course.title);
    await gridEvent(page, course.title).click();
    const details = dialog(page);
    await details.getByText(/^Lien de la visioconférence : Lien disponible$/).waitFor();
    const join = details.getByRole('link', { name: /^Rejoindre le cours en direct/ });
    expect(await join.getAttribute('target')).toBe('_blank');
    expect(await join.getAttribute('rel')).toContain('noopener');
    const [tab] = await Promise.all([page.context().waitForEvent('page'), join.click()]);
    await tab.waitForLoadState();
    expect(tab.url()).toBe(LINK);
    await tab.close();
    await page.keyboard.press('Escape');
    await details.waitFor({ state: 'detached' });
  });

  it('subscribes a calendar to the private feed: the URL once, copied; the class with its link; a new URL stops the old', async () => {
    await page.getByRole('button', { name: 'Synchroniser avec mon agenda' }).click();
    const sync = dialog(page, 'Synchroniser avec mon agenda');
    await sync.getByRole('button', { name: 'Créer mon lien' }).click();
    await expectToast(page, 'Lien de synchronisation créé');
    const url = await sync.getByLabel('Votre lien privé').inputValue();
    expect(url).toMatch(new RegExp(`^${baseURL}/api/calendar/feeds/[A-Za-z0-9_-]{43}\\.ics$`));
    expect(await sync.getByRole('link', { name: 'Ajouter à Google Agenda' }).getAttribute('href')).toBe(
      `https://calendar.google.com/calendar/render?cid=${encodeURIComponent(url.replace(/^http:/, 'webcal:'))}`,
    );
    await dismissToasts(page);
    await sync.getByRole('button', { name: 'Copier' }).click();
    await expectToast(page, 'Lien copié');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);
    await expectNoAxeViolations(page, 'the sync dialog with a new link');

    // As a calendar app fetches it: no session.
    const feed = await fetch(url);
    expect(feed.status).toBe(200);
    const events = parseWithIcalJs(await feed.text()).events;
    expect(events).toEqual([
      expect.objectContaining({ summary: course.title, start: new Date(session.startsAt), end: endsAt(), location: LINK, status: 'CONFIRMED' }),
    ]);

    await sync.getByRole('button', { name: 'Générer un nouveau lien' }).click();
    await expectToast(page, 'Nouveau lien créé', "L'ancien lien ne fonctionne plus.");
    const second = await sync.getByLabel('Votre lien privé').inputValue();
    expect(second).not.toBe(url);
    expect((await fetch(url)).status).toBe(404);
    await sync.getByRole('button', { name: 'Révoquer' }).click();
    await expectToast(page, 'Synchronisation désactivée');
    expect((await fetch(second)).status).toBe(404);
    await sync.getByRole('button', { name: 'Créer mon lien' }).waitFor();
    await page.keyboard.press('Escape');
  });

  it('cancels more than 48 h ahead: the confirmation says the refund is full; toast; the class leaves the calendar', async () => {
    await dismissToasts(page);
    await gridEvent(page, course.title).click();
    await dialog(page).getByRole('button', { name: 'Annuler ma réservation' }).click();
    const confirm = dialog(page, 'Annuler ma réservation ?');
    await confirm.getByText('Remboursement complet', { exact: true }).waitFor();
    expect(await confirm.textContent()).toContain('remboursé en totalité');
    expect(await confirm.textContent()).not.toContain('aucun remboursement');
    await expectNoAxeViolations(page, 'the cancellation confirmation');
    await confirm.getByRole('button', { name: "Confirmer l'annulation" }).click();
    await expectToast(page, 'Réservation annulée', 'Remboursement complet');
    await confirm.waitFor({ state: 'detached' });
    await dialog(page).waitFor({ state: 'detached' });
    await gridEvent(page, course.title).waitFor({ state: 'detached' });

    const reservation = (await callApi<ReservationResponse>(page, 'GET', `/booking/reservations/${reservationId}`)).json.reservation;
    expect(reservation).toMatchObject({ status: 'cancelled', cancelReason: 'learner_refunded' });
    await expect.poll(async () => (await orderOf(page, orderId)).status, { timeout: 30_000 }).toBe('refunded');
    expect(pageErrors(page)).toEqual([]);
  });
});

describe('on a phone', () => {
  let page: Page;
  usePage('phone', (p) => (page = p));

  it('opens on the agenda; the month view still works; no accessibility violations', async () => {
    await visit(page, '/');
    await signInByApi(page, DEMO.admin);
    await open(page, '/calendrier');
    expect(await viewButton(page, 'Agenda').getAttribute('aria-pressed')).toBe('true');
    await page.locator('.rbc-agenda-view').waitFor();
    await expectNoAxeViolations(page, 'calendar agenda on a phone');
    await viewButton(page, 'Mois').click();
    await page.locator('.rbc-month-view').waitFor();
    await expectNoAxeViolations(page, 'calendar month on a phone');
    expect(pageErrors(page)).toEqual([]);
  });
});
