// Notifications and e-mail preferences in the system Chromium, against the production build: a
// learner's empty inbox says 'Votre boîte de réception est vide'; a paid live class puts
// 'Réservation confirmée' in it and the header's bell counts it live (no reload); opening it marks
// it read and the count goes down; 'Tout marquer comme lu' clears the rest. The avatar menu's
// 'Préférences' opens /preferences, where reminders are turned off and stay off after a reload. An
// e-mail's unsubscribe link works signed out, and a forged one says so in French. Axe on each page
// and state at both widths.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import type { EmailPreferencesResponse } from '@shared/schemas/notifications';
import type { CourseResponse, CourseSummary } from '@shared/schemas/public';
import { signUnsubscribeToken } from '../../src/server/modules/email-preferences/unsubscribe-token';
import { callApi, getJson, seededCourses } from './api';
import { bookAndPay } from './booking-api';
import { expectNoAxeViolations, newPage, pageErrors, runsEveryJourney, useBrowser, usePage, viewports } from './browser';
import { openAvatarMenu, signUpLearner } from './session';
import { baseURL, dismissToasts, expectToast, open, pathOf } from './site';
import { testNow } from '../setup/test-clock';

useBrowser();

/** The e2e server keeps its generated secret in its data folder (the mailbox's parent). */
const serverSecret = () => readFileSync(path.join(path.dirname(inject('mailDir')), 'auth-secret'), 'utf8').trim();

const bell = (page: Page) => page.getByRole('banner').getByRole('link', { name: /^Notifications/ });

const QUIET_AHEAD_MS = 4 * 24 * 60 * 60_000;

/** A live class's session with a seat left now, of a course this learner has not bought yet. */
async function openSession(bought: Set<string>): Promise<{ course: CourseSummary; sessionId: string }> {
  for (const course of (await seededCourses()).filter((c) => c.isLive && c.priceCents > 0 && !bought.has(c.id))) {
    const { course: detail } = await getJson<CourseResponse>(`/api/courses/${course.id}`);
    // More than 72 h ahead: no reminder or preparation kit falls due during the journey (each would
    // add its own notification to the count).
    const session = detail.sessions.find((s) => s.seatsLeft > 0 && Date.parse(s.startsAt) > testNow().getTime() + QUIET_AHEAD_MS);
    if (session) {
      bought.add(course.id);
      return { course, sessionId: session.id };
    }
  }
  throw new Error('The seed should offer live courses with a seat left');
}

for (const viewport of viewports) {
  describe(`at ${viewport} width`, () => {
    let page: Page;
    usePage(viewport, (p) => (page = p));
    const bought = new Set<string>();

    it("a new learner's inbox is empty, and says so", async () => {
      await signUpLearner(page, `notif-${viewport}`, '/');
      expect(await bell(page).getAttribute('aria-label')).toBe('Notifications');
      await bell(page).click();
      await page.waitForURL(`${baseURL}/notifications`);
      await page.getByRole('heading', { name: 'Votre boîte de réception est vide' }).waitFor();
      expect(await page.title()).toContain('Notifications');
      await expectNoAxeViolations(page, `/notifications vide (${viewport})`);
    });

    it('a paid live class: the bell counts it live, the list shows it, opening it marks it read', async () => {
      const { course, sessionId } = await openSession(bought);
      // The stream is open on this page; the payment's event reaches it without a reload.
      await open(page, '/cours');
      await bookAndPay(page, course.id, sessionId);
      await expect.poll(() => bell(page).getAttribute('aria-label'), { timeout: 20_000 }).toBe('Notifications, 1 non lue');
      expect(await page.getByTestId('notifications-badge').textContent()).toBe('1');
      await dismissToasts(page);

      await bell(page).click();
      await page.waitForURL(`${baseURL}/notifications`);
      const list = page.getByRole('list', { name: 'Mes notifications' });
      const item = list.getByRole('link', { name: 'Réservation confirmée (non lue)' });
      await item.waitFor();
      expect(await list.textContent()).toContain(course.title);
      await page.getByText('1 notification non lue.').waitFor();
      await expectNoAxeViolations(page, `/notifications avec une notification non lue (${viewport})`);

      // Opening it goes to the calendar and marks it read: the bell follows.
      await item.click();
      await page.waitForURL(`${baseURL}/calendrier`);
      await expect.poll(() => bell(page).getAttribute('aria-label')).toBe('Notifications');
      await open(page, '/notifications');
      await list.getByRole('link', { name: 'Réservation confirmée', exact: true }).waitFor();
      await page.getByText('Tout est lu.').waitFor();
      expect(await page.getByRole('button', { name: 'Tout marquer comme lu' }).isDisabled()).toBe(true);
      await expectNoAxeViolations(page, `/notifications lues (${viewport})`);
      expect(pageErrors(page)).toEqual([]);
    });

    if (runsEveryJourney(viewport)) {
      it("'Tout marquer comme lu' clears the count, here and in the learner's other tab", async () => {
        const { course, sessionId } = await openSession(bought);
        const other = await page.context().newPage();
        await open(other, '/cours');
        await open(page, '/notifications');
        await bookAndPay(page, course.id, sessionId);
        // Both tabs hear it; the open list shows it without a reload.
        await page.getByRole('link', { name: 'Réservation confirmée (non lue)' }).waitFor({ timeout: 20_000 });
        await expect.poll(() => bell(other).getAttribute('aria-label'), { timeout: 20_000 }).toBe('Notifications, 1 non lue');
        await page.getByRole('button', { name: 'Tout marquer comme lu' }).click();
        await page.getByText('Tout est lu.').waitFor();
        await expect.poll(() => bell(page).getAttribute('aria-label')).toBe('Notifications');
        await expect.poll(() => bell(other).getAttribute('aria-label'), { timeout: 20_000 }).toBe('Notifications');
        await other.close();
      });
    }

    it("the avatar menu's 'Préférences': reminders turned off stay off", async () => {
      await open(page, '/');
      const menu = await openAvatarMenu(page);
      await menu.getByRole('menuitem', { name: 'Préférences' }).click();
      await page.waitForURL(`${baseURL}/preferences`);
      const reminders = page.getByRole('switch', { name: 'Rappels avant mes cours en direct (24 h et 1 h avant)' });
      await reminders.waitFor();
      expect(await reminders.isChecked()).toBe(true);
      expect(await page.getByRole('switch', { name: 'Trousse de préparation 72 h avant un cours' }).isChecked()).toBe(true);
      expect(await page.getByRole('switch', { name: 'Nouveautés et offres de Toque' }).isChecked()).toBe(false);
      await expectNoAxeViolations(page, `/preferences (${viewport})`);

      await reminders.click();
      await page.getByRole('button', { name: 'Enregistrer' }).click();
      await expectToast(page, 'Préférences enregistrées.');
      await page.reload({ waitUntil: 'networkidle' });
      await reminders.waitFor();
      expect(await reminders.isChecked()).toBe(false);
      expect((await callApi<EmailPreferencesResponse>(page, 'GET', '/account/email-preferences')).json.preferences).toEqual({
        reminders: false,
        prepKit: true,
        marketing: false,
      });
    });

    it("an e-mail's unsubscribe link works signed out; a forged one says so", async () => {
      const me = await callApi<{ user: { id: string; email: string } }>(page, 'GET', '/me');
      const visitor = await newPage(viewport);
      try {
        const token = signUnsubscribeToken({ authSecret: serverSecret() }, me.json.user.id, 'prepKit');
        await open(visitor, `/desabonnement?token=${encodeURIComponent(token)}`);
        expect(await visitor.title()).toContain('Désabonnement');
        await visitor.getByText('la trousse de préparation envoyée avant vos cours').waitFor();
        await expectNoAxeViolations(visitor, `/desabonnement (${viewport})`);
        // Opening the link changed nothing: only the button does.
        expect((await callApi<EmailPreferencesResponse>(page, 'GET', '/account/email-preferences')).json.preferences.prepKit).toBe(true);
        await visitor.getByRole('button', { name: 'Me désabonner' }).click();
        await visitor.getByText('Vous ne recevrez plus ces courriels.').waitFor();
        expect(await visitor.getByRole('status').textContent()).toContain(me.json.user.email);
        await expectNoAxeViolations(visitor, `/desabonnement fait (${viewport})`);
        expect((await callApi<EmailPreferencesResponse>(page, 'GET', '/account/email-preferences')).json.preferences.prepKit).toBe(false);
        // The link to the preferences asks a visitor to sign in.
        expect(await visitor.getByRole('link', { name: 'préférences' }).getAttribute('href')).toBe('/preferences');

        const forged = signUnsubscribeToken({ authSecret: 'un-secret-qui-nest-pas-celui-du-serveur' }, me.json.user.id, 'marketing');
        await open(visitor, `/desabonnement?token=${encodeURIComponent(forged)}`);
        await visitor.getByRole('button', { name: 'Me désabonner' }).click();
        await visitor.getByText('Ce lien de désabonnement est invalide. Gérez vos courriels depuis vos préférences.').waitFor();
        await expectNoAxeViolations(visitor, `/desabonnement lien invalide (${viewport})`);
        expect(pathOf(visitor)).toBe('/desabonnement');
        expect(pageErrors(visitor)).toEqual([]);
      } finally {
        await visitor.context().close();
      }
    });
  });
}
