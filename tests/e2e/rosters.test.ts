// « Liste des participants » (issue 26, part C) in Chromium against the production build: two
// learners book and pay a seat in a session of the guest chef's course; the chef (admin) finds that
// session as ONE row « n / capacity » of the Réservations list, opens its roster, prints it (print
// media: the list alone), writes to the attendees — a double click sends once: each learner gets
// the e-mail and the notification once — and the message is listed. The guest chef (Julien Moreau)
// finds his session under « Mes séances » in his menu, reads its roster without e-mails, and is
// refused the admin's pages and API.
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ApiErrorBody } from '@shared/errors';
import { ERROR_MESSAGES } from '@shared/errors';
import type { NotificationListResponse } from '@shared/schemas/notifications';
import type { CourseResponse } from '@shared/schemas/public';
import { callApi, getJson, seededCourses } from './api';
import { bookAndPay } from './booking-api';
import { expectNoAxeViolations, newPage, pageErrors, runsEveryJourney, useBrowser, viewports } from './browser';
import { readAllMails } from './mailbox';
import { createAccount, DEMO, signInByApi, type Account } from './session';
import { expectToast, open, pathOf, visit } from './site';
import { testNow } from '../setup/test-clock';

useBrowser();

const HOUR = 3_600_000;
const GUEST_CHEF = { email: 'invite@toque.demo', password: 'Invite-Toque-2026' };

describe.each(viewports.filter((v) => v === 'phone' || !runsEveryJourney(v)))('rosters at %s width', (viewport) => {
  let course: { id: string; title: string };
  let sessionId: string;
  let capacity: number;
  const learners: Account[] = [];
  const learnerPages: Page[] = [];
  let admin: Page;
  const subject = `Apportez votre rouleau (${viewport} ${Date.now().toString(36)})`;

  beforeAll(async () => {
    // A session of the guest chef's course, a few days ahead, with two seats free.
    const candidates: { course: { id: string; title: string }; id: string; startsAt: string; capacity: number }[] = [];
    for (const c of (await seededCourses()).filter((c) => c.isLive && !c.isPremium && c.priceCents > 0 && c.teacher?.fullName === 'Julien Moreau')) {
      for (const s of (await getJson<CourseResponse>(`/api/courses/${c.id}`)).course.sessions) {
        if (s.seatsLeft >= 2 && Date.parse(s.startsAt) > testNow().getTime() + 72 * HOUR) candidates.push({ course: c, ...s });
      }
    }
    // Phone and desktop take different sessions (each journey's own people).
    const chosen = candidates.sort((a, b) => Date.parse(a.startsAt) - Date.parse(b.startsAt))[viewport === 'phone' ? 0 : 1];
    if (!chosen) throw new Error('The seed should hold open sessions of the guest chef’s course');
    ({ course, id: sessionId, capacity } = chosen);
    for (const name of ['Océane Pelletier', 'Gabriel Fortin']) {
      const account = await createAccount('liste', name);
      const page = await newPage(viewport);
      await visit(page, '/');
      await signInByApi(page, account);
      await bookAndPay(page, course.id, sessionId);
      learners.push(account);
      learnerPages.push(page);
    }
    admin = await newPage(viewport);
    await visit(admin, '/');
    await signInByApi(admin, DEMO.admin);
  });

  it('the Réservations list shows the session once, « n / capacity », and opens its roster', async () => {
    await open(admin, `/admin/reservations?seance=${sessionId}`);
    const label = `Liste des participants — ${course.title}`;
    const link = admin.getByRole('link', { name: new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`) }).filter({ visible: true });
    await link.first().waitFor();
    expect(await link.count()).toBe(1);
    // No « Ajouter le lien » per seat, and no row per seat.
    expect(await admin.getByRole('button', { name: /Ajouter le lien/ }).count()).toBe(0);
    await expect.poll(() => admin.getByText(new RegExp(`^\\d+ / ${capacity}$`)).filter({ visible: true }).count()).toBe(1);
    await link.first().click();
    await admin.waitForURL((url) => url.pathname === `/admin/seances/${sessionId}`);
    await admin.getByRole('heading', { name: course.title, level: 2 }).waitFor();
    for (const l of learners) await admin.getByText(l.email, { exact: true }).filter({ visible: true }).waitFor();
    await admin.getByText(/\d+ \/ \d+/).first().waitFor();
    await expectNoAxeViolations(admin, 'roster (admin)');
  });

  it('prints the list alone: no header, tabs or buttons on paper, the table with every attendee', async () => {
    await admin.emulateMedia({ media: 'print' });
    expect(await admin.getByRole('navigation', { name: 'Sections du tableau de bord' }).isVisible()).toBe(false);
    expect(await admin.locator('body > div header, header').first().isVisible()).toBe(false);
    expect(await admin.getByRole('button', { name: 'Imprimer' }).isVisible()).toBe(false);
    expect(await admin.getByRole('button', { name: 'Écrire aux participants' }).isVisible()).toBe(false);
    const table = admin.getByRole('table', { name: 'Participants confirmés' });
    expect(await table.isVisible()).toBe(true);
    for (const l of learners) expect(await table.getByRole('cell', { name: l.name, exact: true }).isVisible()).toBe(true);
    await admin.emulateMedia({ media: 'screen' });
    expect(await admin.getByRole('button', { name: 'Imprimer' }).isVisible()).toBe(true);
  });

  it('« Écrire aux participants »: a double click sends once — each attendee gets the e-mail and the notification once', async () => {
    await admin.getByRole('button', { name: 'Écrire aux participants' }).click();
    const form = admin.getByRole('form', { name: 'Écrire aux participants' });
    await form.getByLabel('Objet').fill(subject);
    await form.getByLabel('Message').fill('Bonjour à tous !\n\nPensez à apporter un rouleau à pâtisserie et un tablier.');
    await form.getByRole('button', { name: 'Envoyer aux participants' }).dblclick();
    await expectToast(admin, 'Message envoyé !');
    const sent = admin.getByRole('list', { name: 'Messages envoyés' }).getByRole('listitem').filter({ hasText: subject });
    await sent.waitFor();
    expect(await sent.textContent()).toMatch(/Envoyé par cheffe@toque\.demo le .+ à \d+ participants/);

    for (const [i, l] of learners.entries()) {
      await expect.poll(async () => (await readAllMails()).filter((m) => m.to.includes(l.email.toLowerCase()) && m.subject === subject).length, { timeout: 20_000 }).toBe(1);
      const mail = (await readAllMails()).find((m) => m.to.includes(l.email.toLowerCase()) && m.subject === subject)!;
      expect(mail.text).toContain('Pensez à apporter un rouleau');
      expect(mail.text).toContain(course.title);
      const { json } = await callApi<NotificationListResponse>(learnerPages[i]!, 'GET', '/notifications');
      expect(json.notifications.filter((n) => n.kind === 'session.message' && n.title.includes(subject))).toHaveLength(1);
    }
    expect(pageErrors(admin)).toEqual([]);
  });

  it('the guest chef opens « Mes séances » from his menu and reads the roster, read-only and without e-mails', async () => {
    const chef = await newPage(viewport);
    await visit(chef, '/');
    await signInByApi(chef, GUEST_CHEF);
    await visit(chef, '/');
    await chef.getByRole('button', { name: /^Menu du compte de/ }).click();
    await chef.getByRole('menuitem', { name: 'Mes séances' }).click();
    await chef.waitForURL((url) => url.pathname === '/mes-seances');
    const row = chef.getByRole('link', { name: new RegExp(course.title) }).filter({ has: chef.getByText(/places prises/) });
    await row.first().waitFor();
    await open(chef, `/mes-seances/${sessionId}`);
    await chef.getByRole('heading', { name: course.title, level: 2 }).waitFor();
    for (const l of learners) await chef.getByText(l.name, { exact: true }).filter({ visible: true }).first().waitFor();
    for (const l of learners) expect(await chef.getByText(l.email).count()).toBe(0);
    expect(await chef.getByRole('button', { name: 'Écrire aux participants' }).count()).toBe(0);
    expect(await chef.getByRole('link', { name: /CSV/ }).count()).toBe(0);
    await expectNoAxeViolations(chef, 'roster (guest chef)');

    // The admin's: the page sends him home, the API says no in French.
    await open(chef, `/admin/seances/${sessionId}`);
    expect(pathOf(chef)).toBe('/');
    const refused = await callApi<ApiErrorBody>(chef, 'GET', `/admin/sessions/${sessionId}/roster`);
    expect(refused.status).toBe(403);
    expect(refused.json.error.message).toBe(ERROR_MESSAGES.FORBIDDEN);
    // Another chef's session: refused, and said so.
    const others = (await seededCourses()).filter((c) => c.isLive && c.teacher && c.teacher.fullName !== 'Julien Moreau');
    const other = (await getJson<CourseResponse>(`/api/courses/${others[0]!.id}`)).course.sessions[0]!;
    await open(chef, `/mes-seances/${other.id}`);
    await chef.getByText(ERROR_MESSAGES.ROSTER_NOT_YOURS).waitFor();
    expect(pageErrors(chef).filter((e) => !/403/.test(e))).toEqual([]);
    await chef.context().close();
  });
});
