// Learning in the system Chromium against the production build: the video of a recorded course and
// the recording of a live session, streamed by our server with HTTP Range behind the access check on
// every request. A visitor and a signed-in learner who did not buy get the panel and no video bytes
// (the response's status and body, not only the page); a buyer (sandbox card 4242) plays, seeks,
// leaves, finds 'Progression' in Mes Achats, comes back to 'Reprendre à 0:30' and resumes there,
// then finishes ('Terminé'); refunded by the admin, the same URL answers 403 and the panel is back.
// The demo learner plays the seeded session recording on /enregistrements/:id, which others cannot.
// On a server of its own (a session in the past), the admin uploads a session's recording from the
// calendar (a file that is no video refused in French), its attendee plays it, and the admin removes it.
import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PurchasesResponse } from '@shared/schemas/checkout';
import { learningPaths, type CoursePlaybackResponse, type ProgressResponse, type RecordingResponse } from '@shared/schemas/learning';
import type { CourseSummary } from '@shared/schemas/public';
import { createCourse, createSession } from '../factories';
import { createPaidSeat } from '../factories/bookings';
import { callApi, seededCourses } from './api';
import { expectNoAxeViolations, newPage, pageErrors, runsEveryJourney, useBrowser, usePage, viewports } from './browser';
import { orderOf, payWithCard, premiumPanel, waitForPaid } from './checkout-helpers';
import { createPerson, startPreparedServer, type PreparedServer } from './prepared-server';
import { createAccount, DEMO, signInByApi, type Account } from './session';
import { baseURL, expectToast, open, pathOf, visit, visitUrl } from './site';
import { testNow } from '../setup/test-clock';

useBrowser();

const HOUR = 3_600_000;

/** A paid recorded course that has a video (the admin may watch every course: she says which). */
let course: CourseSummary;
let videoUrl: string;
let admin: Page;
/** Someone signed in who bought nothing (reused for the recording's refusal). */
let outsider: Account;

beforeAll(async () => {
  admin = await newPage('desktop');
  await visit(admin, '/');
  await signInByApi(admin, DEMO.admin);
  const recorded = (await seededCourses()).filter((c) => !c.isLive && c.priceCents > 0);
  for (const c of recorded) {
    const { json } = await callApi<CoursePlaybackResponse>(admin, 'GET', `/courses/${c.id}/playback`);
    if (json.video) {
      course = c;
      videoUrl = json.video.url;
      break;
    }
  }
  if (!course) throw new Error('The seed should hold a paid recorded course with a video');
  expect(videoUrl).toBe(learningPaths.courseVideo(course.id));
  outsider = await createAccount('sans-achat', 'Olivier Gagnon');
});

afterAll(async () => {
  await admin?.context().close();
});

/** WebM (EBML) or MP4 (ftyp box): the first bytes of a video file. */
const isVideo = (bytes: Buffer) => bytes.subarray(0, 4).equals(Buffer.from([0x1a, 0x45, 0xdf, 0xa3])) || bytes.subarray(4, 8).toString('latin1') === 'ftyp';

/** GET a video URL with the page's cookies (as a copied link would be opened): refused, with no byte of video. */
async function expectRefused(page: Page, url: string, status: number) {
  const get = () => page.request.get(`${baseURL}${url}`, { headers: { Range: 'bytes=0-' } });
  // A kept-alive socket the server closed as idle just as it was reused resets: a browser sends an
  // idempotent GET again then, and so does this.
  const res = await get().catch((err: Error) => (/ECONNRESET/.test(err.message) ? get() : Promise.reject(err)));
  expect(res.status(), `${url} answers ${status}`).toBe(status);
  expect(res.headers()['content-type']).toMatch(/^application\/json/);
  expect(res.headers()['content-range']).toBeUndefined();
  const body = await res.body();
  expect(isVideo(body)).toBe(false);
  expect(body.length).toBeLessThan(1_000);
}

const video = (page: Page) => page.locator('video');
const currentTime = (page: Page) => page.evaluate(() => document.querySelector('video')?.currentTime ?? -1);

/** Starts the player from the script (muted: no gesture needed) and waits until time moves. */
async function playUntilMoving(page: Page) {
  await video(page).waitFor();
  await page.evaluate(async () => {
    const v = document.querySelector('video')!;
    v.muted = true;
    await v.play();
  });
  await expect.poll(() => currentTime(page), { timeout: 20_000 }).toBeGreaterThan(0);
}

/** The locked state: the premium panel, or for a course sold on its own, the player's locked panel. */
function lockedPanel(page: Page) {
  return course.isPremium ? premiumPanel(page) : page.getByRole('heading', { name: 'Vidéo réservée aux participants' });
}

/** The course page opened; the video URL's answers it got (a locked page must not even ask). */
async function openCourse(page: Page): Promise<number[]> {
  const statuses: number[] = [];
  const listener = (res: { url: () => string; status: () => number }) => {
    if (new URL(res.url()).pathname === videoUrl) statuses.push(res.status());
  };
  page.on('response', listener);
  await open(page, `/cours/${course.id}`);
  await page.getByRole('heading', { name: 'À propos du cours' }).waitFor();
  page.off('response', listener);
  return statuses;
}

describe.each(viewports)('at %s width', (viewport) => {
  describe('someone who may not watch', () => {
    let page: Page;
    usePage(viewport, (p) => (page = p));

    it('a visitor: the panel, no player, and the video URL answers 401 with no video bytes', async () => {
      const statuses = await openCourse(page);
      await lockedPanel(page).waitFor();
      expect(await video(page).count()).toBe(0);
      expect(statuses).toEqual([]);
      await expectRefused(page, videoUrl, 401);
      const { json } = await callApi<CoursePlaybackResponse>(page, 'GET', `/courses/${course.id}/playback`);
      expect(json).toMatchObject({ canWatch: false, video: null, progress: null });
      await expectNoAxeViolations(page, `course page, visitor (${viewport})`);
    });

    it.runIf(runsEveryJourney(viewport))('a signed-in learner who did not buy: the panel, and 403 with no video bytes', async () => {
      await signInByApi(page, outsider);
      const statuses = await openCourse(page);
      await lockedPanel(page).waitFor();
      expect(await video(page).count()).toBe(0);
      expect(statuses).toEqual([]);
      await expectRefused(page, videoUrl, 403);
      expect(pageErrors(page)).toEqual([]);
    });
  });
});

describe('a buyer watches, leaves, comes back where they were, finishes; refunded, loses the video', () => {
  let page: Page;
  let orderId: string;
  let duration: number;
  usePage('phone', (p) => (page = p));

  const card = () => page.getByRole('article').filter({ has: page.getByRole('heading', { name: course.title }) });
  const isProgressSave = (r: { url: () => string; request: () => { method: () => string } }) =>
    r.url().endsWith(learningPaths.courseProgress(course.id)) && r.request().method() === 'PUT';

  it('buys the course with the test card 4242', async () => {
    await visit(page, '/');
    const buyer = await createAccount('apprendre', 'Léa Bouchard');
    await signInByApi(page, buyer);
    expect((await callApi(page, 'PATCH', '/account/profile', { fullName: 'Léa Bouchard', province: 'QC' })).status).toBe(200);
    await open(page, `/payment/${course.id}`);
    await payWithCard(page, '4242 4242 4242 4242');
    await waitForPaid(page);
    orderId = new URL(page.url()).searchParams.get('order_id')!;
    expect(orderId).toBeTruthy();
  });

  it('the course page plays the video; the server streams it by ranges to the buyer', async () => {
    const statuses = await openCourse(page);
    await page.getByRole('region', { name: 'Regarder le cours' }).waitFor();
    expect(await lockedPanel(page).count()).toBe(0);
    expect(await video(page).getAttribute('aria-label')).toBe(`Vidéo du cours « ${course.title} »`);
    expect(await page.getByRole('button', { name: /^Reprendre à/ }).count()).toBe(0);
    await playUntilMoving(page);
    expect(statuses.length).toBeGreaterThan(0);
    expect(statuses.every((s) => s === 200 || s === 206)).toBe(true);
    duration = await page.evaluate(() => document.querySelector('video')!.duration);
    expect(duration).toBeGreaterThan(40);

    const first = await page.request.get(`${baseURL}${videoUrl}`, { headers: { Range: 'bytes=0-99' } });
    expect(first.status()).toBe(206);
    expect(first.headers()['content-range']).toMatch(/^bytes 0-99\/\d+$/);
    const bytes = await first.body();
    expect(bytes.length).toBe(100);
    expect(isVideo(bytes)).toBe(true);
  });

  it('seeks to 0:30 and pauses: the place is saved at once', async () => {
    const saved = page.waitForResponse((r) => isProgressSave(r) && (r.request().postDataJSON() as { positionSeconds: number }).positionSeconds === 30);
    await page.evaluate(() => {
      const v = document.querySelector('video')!;
      v.pause();
      v.currentTime = 30;
    });
    const res = await saved;
    expect(res.status()).toBe(200);
    const { progress } = (await res.json()) as ProgressResponse;
    expect(progress).toMatchObject({ positionSeconds: 30, completed: false });
    expect(progress.percent).toBe(Math.floor((30 / progress.durationSeconds) * 100));
  });

  it('leaves for Mes Achats, which shows the progress and the way back', async () => {
    await open(page, '/mes-achats');
    const { json } = await callApi<PurchasesResponse>(page, 'GET', '/purchases');
    const percent = json.purchases[0]!.progress!.percent;
    expect(json.purchases[0]!.progress).toMatchObject({ positionSeconds: 30, completed: false });
    const bar = card().getByRole('progressbar');
    await bar.waitFor();
    expect(await bar.getAttribute('aria-valuenow')).toBe(String(percent));
    expect(await bar.getAttribute('aria-valuemin')).toBe('0');
    expect(await bar.getAttribute('aria-valuemax')).toBe('100');
    expect((await card().textContent())?.replace(/\s+/g, ' ')).toContain(`Progression : ${percent} %`);
    await expectNoAxeViolations(page, 'Mes Achats with a course in progress');
    await card().getByRole('link', { name: /^Reprendre/ }).click();
    await page.waitForURL((url) => url.pathname === `/cours/${course.id}`);
  });

  it("comes back: 'Reprendre à 0:30' resumes there (and so after a fresh load, from the server's copy)", async () => {
    const resume = page.getByRole('button', { name: 'Reprendre à 0:30' });
    await resume.waitFor();
    await page.getByRole('button', { name: 'Recommencer au début' }).waitFor();
    await open(page, `/cours/${course.id}`);
    await resume.waitFor();
    await expectNoAxeViolations(page, 'course page with the player and the resume offer');
    await resume.click();
    await expect.poll(() => currentTime(page), { timeout: 20_000 }).toBeGreaterThan(30);
    expect(await currentTime(page)).toBeLessThan(45);
    await resume.waitFor({ state: 'detached' });
  });

  it("past 90 %, the course is 'Terminé' on its page and in Mes Achats", async () => {
    const saved = page.waitForResponse((r) => isProgressSave(r) && (r.request().postDataJSON() as { positionSeconds: number }).positionSeconds > 0.9 * duration);
    await page.evaluate((to) => {
      const v = document.querySelector('video')!;
      v.pause();
      v.currentTime = to;
    }, Math.floor(duration) - 1);
    expect(((await (await saved).json()) as ProgressResponse).progress).toMatchObject({ completed: true, percent: 100 });
    await page.getByRole('region', { name: 'Regarder le cours' }).getByText('Terminé', { exact: true }).waitFor();
    await open(page, '/mes-achats');
    await card().getByText('Terminé', { exact: true }).waitFor();
    expect(await card().getByRole('progressbar').count()).toBe(0);
    await card().getByRole('link', { name: /^Revoir le cours/ }).waitFor();
  });

  it('refunded by the admin: the video URL answers 403 with no bytes and the page shows the panel', async () => {
    const order = await orderOf(page, orderId);
    const refund = await callApi(admin, 'POST', `/admin/orders/${orderId}/refunds`, {
      idempotencyKey: randomUUID(),
      lines: order.lines.map((l) => ({ orderLineId: l.id })),
    });
    expect(refund.status, JSON.stringify(refund.json)).toBeLessThan(300);
    // The refund completes when the provider's event lands.
    await expect
      .poll(async () => (await callApi<PurchasesResponse>(page, 'GET', '/purchases')).json.purchases[0]?.status, { timeout: 20_000 })
      .toBe('refunded');
    await expectRefused(page, videoUrl, 403);
    const statuses = await openCourse(page);
    await lockedPanel(page).waitFor();
    expect(await video(page).count()).toBe(0);
    expect(statuses).toEqual([]);
    expect(pageErrors(page)).toEqual([]);
  });
});

describe.each(viewports)("the demo learner's session recording at %s width", (viewport) => {
  let page: Page;
  let sessionId: string;
  usePage(viewport, (p) => (page = p));

  it("Mes Achats leads to /enregistrements/:id, where the recording plays", async () => {
    await visit(page, '/');
    await signInByApi(page, DEMO.learner);
    const { json } = await callApi<PurchasesResponse>(page, 'GET', '/purchases');
    const purchase = json.purchases.find((p) => p.status === 'succeeded' && p.session?.hasRecordingVideo);
    if (!purchase) throw new Error('The seed should give the demo learner a past session with an uploaded recording');
    sessionId = purchase.session!.id;

    await open(page, '/mes-achats');
    const link = page
      .getByRole('article')
      .filter({ has: page.getByRole('heading', { name: purchase.course.title }) })
      .getByRole('link', { name: /^Voir l'enregistrement/ })
      .first();
    expect(await link.getAttribute('href')).toBe(`/enregistrements/${sessionId}`);
    await link.click();
    await page.waitForURL((url) => url.pathname === `/enregistrements/${sessionId}`);
    await page.getByRole('heading', { level: 1, name: purchase.course.title }).waitFor();
    const when = await page.locator('time').first().textContent();
    // The date in French long form with the time zone named (the page is in Toronto's zone).
    expect(when).toMatch(/^\p{L}+ \d{1,2} \p{L}+ \d{4} à \d{1,2}\sh\s\d{2}\s(HNE|HAE)$/u);
    const { json: rec } = await callApi<RecordingResponse>(page, 'GET', `/recordings/${sessionId}`);
    expect(rec.recording.video?.url).toBe(learningPaths.recordingVideo(sessionId));
    await playUntilMoving(page);
    await expectNoAxeViolations(page, `recording page (${viewport})`);
    expect(pageErrors(page)).toEqual([]);
  });

  // The month grid is the desktop's view (a phone opens on the agenda, which lists what is to come).
  it.runIf(viewport === 'desktop')("the calendar's 'Détails du cours' of the past session links to the recording", async () => {
    const { json } = await callApi<RecordingResponse>(page, 'GET', `/recordings/${sessionId}`);
    await open(page, '/calendrier');
    await page.getByRole('button', { name: 'Mois', exact: true }).click();
    const event = page.locator('.rbc-event', { hasText: json.recording.courseTitle }).first();
    for (let i = 0; i < 2 && !(await event.isVisible()); i++) {
      await page.getByRole('button', { name: 'Précédent' }).click();
      await page.waitForLoadState('networkidle');
    }
    await event.click();
    const details = page.getByRole('dialog', { name: 'Détails du cours' });
    const link = details.getByRole('link', { name: "Voir l'enregistrement" });
    expect(await link.getAttribute('href')).toBe(`/enregistrements/${sessionId}`);
    expect(await link.getAttribute('target')).toBeNull();
    await link.click();
    await page.waitForURL((url) => url.pathname === `/enregistrements/${sessionId}`);
    await video(page).waitFor();
  });

  it.runIf(runsEveryJourney(viewport))('someone who did not attend is refused, in the page and on the video URL; a visitor too', async () => {
    await page.context().clearCookies();
    await expectRefused(page, learningPaths.recordingVideo(sessionId), 401);
    await signInByApi(page, outsider);
    await open(page, `/enregistrements/${sessionId}`);
    await page.getByRole('heading', { level: 1, name: 'Enregistrement réservé aux participants' }).waitFor();
    await page.getByText("L'enregistrement est réservé aux participants de cette séance.").waitFor();
    expect(await video(page).count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Retour à Mes Achats' }).getAttribute('href')).toBe('/mes-achats');
    await expectRefused(page, learningPaths.recordingVideo(sessionId), 403);

    await open(page, `/enregistrements/${randomUUID()}`);
    await page.getByRole('heading', { level: 1, name: 'Enregistrement non disponible' }).waitFor();
    expect(pageErrors(page)).toEqual([]);
  });
});

describe("the admin uploads a past session's recording from the calendar, replaces it from the roster; its attendee plays it", () => {
  type Prepared = { admin: Account; learner: Account; title: string; sessionId: string };
  let server: PreparedServer<Prepared>;
  let webm: Buffer;
  let page: Page;
  usePage('desktop', (p) => (page = p));

  beforeAll(async () => {
    // A real video: the seeded course's, as the admin may read it from the shared server.
    const res = await admin.request.get(`${baseURL}${videoUrl}`);
    expect(res.status()).toBe(200);
    webm = await res.body();
    server = await startPreparedServer(async (db) => {
      const chef = await createPerson(db, 'Geneviève Tremblay', 'admin');
      const learner = await createPerson(db, 'Rosalie Bergeron', 'learner');
      const live = await createCourse(db, { title: 'Tarte au sucre en direct', durationMinutes: 60, teacherId: chef.id });
      // Started three hours ago, an hour long: over.
      const session = await createSession(db, live.id, { startsAt: new Date(testNow().getTime() - 3 * HOUR) });
      await createPaidSeat(db, { user: { id: learner.id, fullName: learner.name }, course: live, sessionId: session.id });
      return { admin: chef, learner, title: live.title, sessionId: session.id };
    });
  });
  afterAll(async () => {
    await server?.stop();
  });

  const details = () => page.getByRole('dialog', { name: 'Détails du cours' });

  async function openSession() {
    const { title } = server.prepared;
    await visitUrl(page, `${server.baseURL}/calendrier`);
    const event = page.locator('.rbc-event', { hasText: `${title} · ` }).first();
    await page.getByRole('button', { name: 'Mois', exact: true }).click();
    for (let i = 0; i < 2 && !(await event.isVisible()); i++) {
      await page.getByRole('button', { name: 'Précédent' }).click();
      await page.waitForLoadState('networkidle');
    }
    await event.click();
    await details().waitFor();
  }

  it("refuses a file that is no video in French, then uploads the WebM: 'Enregistrement envoyé !'", async () => {
    await visitUrl(page, `${server.baseURL}/`);
    await signInByApi(page, server.prepared.admin);
    await openSession();
    const dialog = details();
    await dialog.getByRole('button', { name: "Téléverser l'enregistrement (MP4 ou WebM)" }).waitFor();
    await expectNoAxeViolations(page, "'Détails du cours' with the recording upload");
    const file = dialog.getByLabel("Fichier de l'enregistrement");

    await file.setInputFiles({ name: 'pas-une-video.webm', mimeType: 'video/webm', buffer: Buffer.from('ceci n’est pas une vidéo'.repeat(40)) });
    await dialog.getByRole('alert').getByText("Ce fichier n'est pas une vidéo MP4 ou WebM.").waitFor();

    const put = page.waitForResponse((r) => r.url().endsWith(learningPaths.adminSessionRecording(server.prepared.sessionId)) && r.request().method() === 'PUT');
    await file.setInputFiles({ name: 'tarte-au-sucre.webm', mimeType: 'video/webm', buffer: webm });
    expect((await put).status()).toBeLessThan(300);
    await expectToast(page, 'Enregistrement envoyé !');
    await dialog.getByText('Vidéo en ligne : les participants la regardent sur le site.').waitFor();
    await dialog.getByRole('button', { name: 'Retirer la vidéo' }).waitFor();
    expect(pageErrors(page)).toEqual([]);
  });

  it('the roster (/admin/seances/:id) replaces it from the page itself, with no detour by the calendar', async () => {
    await visitUrl(page, `${server.baseURL}/admin/seances/${server.prepared.sessionId}`);
    const section = page.getByRole('region', { name: 'Visioconférence et enregistrement' });
    await section.getByText('Vidéo en ligne : les participants la regardent sur le site.').waitFor();
    expect(await page.getByRole('link', { name: /Mon Calendrier/ }).count()).toBe(0);
    await expectNoAxeViolations(page, 'roster with the recording upload');
    const put = page.waitForResponse((r) => r.url().endsWith(learningPaths.adminSessionRecording(server.prepared.sessionId)) && r.request().method() === 'PUT');
    await section.getByLabel("Fichier de l'enregistrement").setInputFiles({ name: 'tarte-au-sucre-2.webm', mimeType: 'video/webm', buffer: webm });
    expect((await put).status()).toBeLessThan(300);
    await expectToast(page, 'Enregistrement envoyé !');
    await section.getByText('Un nouveau fichier remplace la vidéo en ligne une fois reçu.').waitFor();
    expect(await section.getByRole('link', { name: "Voir l'enregistrement" }).getAttribute('href')).toBe(`/enregistrements/${server.prepared.sessionId}`);
    expect(pageErrors(page)).toEqual([]);
  });

  it('the attendee plays it from Mes Achats', async () => {
    await page.context().clearCookies();
    await signInByApi(page, server.prepared.learner);
    await visitUrl(page, `${server.baseURL}/mes-achats`);
    await page.getByRole('link', { name: /^Voir l'enregistrement/ }).click();
    await page.waitForURL((url) => url.pathname === `/enregistrements/${server.prepared.sessionId}`);
    await page.getByRole('heading', { level: 1, name: server.prepared.title }).waitFor();
    await playUntilMoving(page);
  });

  it("the admin removes it ('Retirer la vidéo'): the attendee's link is gone and the video URL answers 404", async () => {
    await page.context().clearCookies();
    await signInByApi(page, server.prepared.admin);
    await openSession();
    const dialog = details();
    await dialog.getByRole('button', { name: 'Retirer la vidéo' }).click();
    await dialog.getByRole('button', { name: 'Oui, retirer la vidéo' }).click();
    await expectToast(page, 'Vidéo retirée');
    await dialog.getByText('Aucune vidéo téléversée.').waitFor();

    await page.context().clearCookies();
    await signInByApi(page, server.prepared.learner);
    const res = await page.request.get(`${server.baseURL}${learningPaths.recordingVideo(server.prepared.sessionId)}`);
    expect(res.status()).toBe(404);
    expect(isVideo(await res.body())).toBe(false);
    await visitUrl(page, `${server.baseURL}/mes-achats`);
    await page.getByRole('heading', { name: server.prepared.title }).waitFor();
    expect(await page.getByRole('link', { name: /^Voir l'enregistrement/ }).count()).toBe(0);
    expect(pathOf(page)).toBe('/mes-achats');
    expect(pageErrors(page)).toEqual([]);
  });
});
