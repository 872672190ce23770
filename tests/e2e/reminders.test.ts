// Class reminders in the system Chromium, against the production build and its real job queue: two
// learners pay a seat in a session that starts in a little over an hour; one of them turned reminders
// off in /preferences. When the 1-hour reminder falls due, the first gets 'Rappel : …' in the
// mailbox (the server's SMTP peer) and the second gets the in-site notice but no e-mail. Phone width only: the preferences page's
// layout is checked at both widths with axe in notifications.test.ts.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { AdminCourseSessionResponse } from '@shared/schemas/admin-courses';
import type { NotificationListResponse } from '@shared/schemas/notifications';
import { callApi, seededCourses } from './api';
import { bookAndPay } from './booking-api';
import { newPage, useBrowser } from './browser';
import { waitForMail } from './mailbox';
import { DEMO, signInByApi, signUpLearner } from './session';
import { baseURL, expectToast, open, visit } from './site';
import { testNow } from '../setup/test-clock';
import { until } from '../setup/until';

useBrowser();

/**
 * The 1-hour reminder of a session starting this long from now falls due 25 s later: time enough for
 * two bookings (the learners signed up before the session is made), little enough to keep the wait short.
 */
const STARTS_IN_MS = 60 * 60_000 + 25_000;

async function turnRemindersOff(page: Page) {
  await open(page, '/preferences');
  const reminders = page.getByRole('switch', { name: 'Rappels avant mes cours en direct (24 h et 1 h avant)' });
  await reminders.waitFor();
  await reminders.click();
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  await expectToast(page, 'Préférences enregistrées.');
}

describe('class reminders follow the preference', () => {
  it('the learner who kept reminders gets the 1-hour reminder; the one who turned them off does not', { timeout: 180_000 }, async () => {
    const keeps = await newPage('phone');
    const keepsEmail = await signUpLearner(keeps, 'rappel-oui');
    const declines = await newPage('phone');
    const declinesEmail = await signUpLearner(declines, 'rappel-non');
    await turnRemindersOff(declines);
    const admin = await newPage('phone');
    await visit(admin, '/');
    await signInByApi(admin, DEMO.admin);
    const course = (await seededCourses()).find((c) => c.isLive && c.priceCents > 0)!;

    const created = await callApi<AdminCourseSessionResponse>(admin, 'POST', `/admin/courses/${course.id}/sessions`, {
      startsAt: new Date(testNow().getTime() + STARTS_IN_MS).toISOString(),
      capacity: 4,
      // The journeys share one server and its chefs: another file's session may sit at this hour.
      confirmOverlap: true,
    });
    expect(created.status, JSON.stringify(created.json)).toBe(201);
    const session = created.json.session;

    await bookAndPay(keeps, course.id, session.id);
    await bookAndPay(declines, course.id, session.id);

    const reminder = await waitForMail(keepsEmail, { subject: /^Rappel/, timeout: 150_000 });
    expect(reminder.subject).toContain(course.title);
    expect(reminder.text).toContain('dans une heure');
    expect(reminder.text).toContain(`${baseURL}/desabonnement?token=`);
    // The second learner's reminder job ran too: it leaves the in-site notice in the same transaction
    // in which it decides about the e-mail (jobs/reminders.ts), so once the notice shows, the decision
    // is made and nothing is left to send. Then the mailbox must hold no reminder for them.
    await until(
      "the second learner's reminder notice",
      async () => (await callApi<NotificationListResponse>(declines, 'GET', '/notifications')).json.notifications,
      (list) => list.some((n) => n.kind === 'reminder.1h'),
      60_000,
      250,
    );
    await expect(waitForMail(declinesEmail, { subject: /^Rappel/, timeout: 0 })).rejects.toThrow(/No e-mail/);
  });
});
