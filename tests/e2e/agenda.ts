// Mon Calendrier's agenda as the journeys step through it: it shows 30 days from today, so a class
// further ahead is reached with « Suivant », counted in Toronto's days (a probe can run before the
// window's data arrives).
import type { Page } from 'playwright-core';
import { testNow } from '../setup/test-clock';
import { zonedDate } from '../../src/server/db/seed/schedule';

const DAY = 86_400_000;

/** A class as a line of the agenda (its title is a button). */
export const agendaEvent = (page: Page, title: string | RegExp) => page.locator('.rbc-agenda-view').getByRole('button', { name: title, exact: true }).first();

/** Switches to the agenda and steps to the window holding `startsAt`, until the event shows. */
export async function showInAgenda(page: Page, title: string | RegExp, startsAt: string) {
  await page.getByRole('button', { name: 'Agenda', exact: true }).click();
  const dayNumber = (d: Date) => {
    const { year, month, day } = zonedDate(d, 'America/Toronto');
    return Date.UTC(year, month - 1, day) / DAY;
  };
  const steps = Math.floor((dayNumber(new Date(startsAt)) - dayNumber(testNow())) / 30);
  for (let i = 0; i < steps; i++) await page.getByRole('button', { name: 'Suivant' }).click();
  await agendaEvent(page, title).waitFor();
}
