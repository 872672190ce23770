// Chromium driven by playwright-core (the system's, or the one from npm: scripts/lib/chromium.mjs):
// one browser per journey file, pages at phone and desktop widths, the errors a page threw, and an
// axe-core accessibility check.
import { createRequire } from 'node:module';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { testClockStart, testNow } from '../setup/test-clock';
import { resolveChromium } from '../../scripts/lib/chromium.mjs';

const require = createRequire(import.meta.url);
const axeSource: string = require('node:fs').readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

export const VIEWPORTS = {
  phone: { width: 390, height: 844 },
  desktop: { width: 1280, height: 800 },
} as const;

export type Viewport = keyof typeof VIEWPORTS;

/**
 * Every width a journey runs at, phone first. E2E_VIEWPORTS=phone keeps the phone only: CI's second
 * pass (the same journeys on PostgreSQL) checks the database, not the layout the first pass checked.
 */
export const viewports = (Object.keys(VIEWPORTS) as Viewport[]).filter(
  (v) => !process.env.E2E_VIEWPORTS || process.env.E2E_VIEWPORTS.split(',').includes(v),
);

/**
 * Whether a file runs all of its journeys at this width. Behaviour that is the same code at any
 * width (the same components, only reflowed) runs once, at the phone's width, the riskier layout;
 * at desktop width a file keeps what the layout changes: every page and state it checks with axe,
 * and the menus, navigation and views that differ.
 */
export const runsEveryJourney = (viewport: Viewport): boolean => viewport === 'phone';

let browser: Browser | undefined;

async function launchBrowser(): Promise<Browser> {
  const found = await resolveChromium();
  const flags = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-dev-shm-usage'];
  return chromium.launch({
    executablePath: found.executablePath,
    args: [...new Set([...flags, ...found.args])],
    env: { ...process.env, ...found.env },
  });
}

/** Call once at the top of a journey file: Chromium starts before its tests and is closed after them. */
export function useBrowser(): void {
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    browser = undefined;
  });
}

/**
 * A page in a fresh context (no cookies, no storage) at the given width, in French and Québec's time
 * zone, on the run's clock, asking for reduced motion (app.css then ends every animation and
 * transition at once): the journeys check what happens, not how it moves, and the frames of the
 * animations were a sixth of Chromium's work. `reducedMotion: false`: a first visit as most people
 * make it (the brand font's swap, measured frame by frame).
 */
export async function newPage(viewport: Viewport = 'desktop', { reducedMotion = true }: { reducedMotion?: boolean } = {}): Promise<Page> {
  if (!browser) throw new Error('No browser: call useBrowser() at the top of the journey file');
  const context = await browser.newContext({ viewport: VIEWPORTS[viewport], locale: 'fr-CA', timezoneId: 'America/Toronto', reducedMotion: reducedMotion ? 'reduce' : 'no-preference' });
  // A run pinned to a day (TEST_CLOCK_START): the page's clock shows the server's time. Installed,
  // never paused, Playwright's clock flows with real time and fires timers as they fall due.
  if (testClockStart) await context.clock.install({ time: testNow() });
  await context.addInitScript(recordToasts);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  // A Content-Security-Policy violation is a page error too: Chromium reports each on the console.
  page.on('console', (m) => {
    if (m.type() === 'error' && /Content Security Policy/i.test(m.text())) errors.push(m.text());
  });
  uncaught.set(page, errors);
  return page;
}

/**
 * Keeps the text of every toast the page shows (window.__toastsShown), for `expectToast`: a toast is
 * on screen for four seconds of the page's clock, which under Playwright's clock on a loaded machine
 * can pass in one catch-up between two looks at the page (CI's pinned runs). A MutationObserver's
 * callbacks are microtasks, which no clock delays.
 */
function recordToasts() {
  const shown: string[] = [];
  (window as unknown as { __toastsShown: string[] }).__toastsShown = shown;
  new MutationObserver((records) => {
    for (const r of records)
      for (const node of r.addedNodes) {
        if (!(node instanceof Element)) continue;
        const found = node.matches('[data-sonner-toast]') ? [node] : [...node.querySelectorAll('[data-sonner-toast]')];
        for (const t of found) shown.push(t.textContent ?? '');
      }
  }).observe(document, { childList: true, subtree: true });
}

/**
 * The page's performance entries of a type ('paint', 'resource'…), each as its name and start.
 * Read through a buffered PerformanceObserver: where Playwright's clock is installed (a pinned run),
 * `performance.getEntries*` are replaced by functions that return nothing.
 */
export function performanceEntries(page: Page, type: string): Promise<{ name: string; startTime: number }[]> {
  return page.evaluate((entryType) => {
    const observer = new PerformanceObserver(() => {});
    // buffered: the entries recorded so far are in the observer's buffer at once.
    observer.observe({ type: entryType, buffered: true });
    const entries = observer.takeRecords();
    observer.disconnect();
    return entries.map((e) => ({ name: e.name, startTime: e.startTime }));
  }, type);
}

/**
 * Gives a journey control of the page's timers (to fast-forward a countdown) on the run's clock:
 * the time the server shows, not the real day (Playwright's default), whether the run is pinned or not.
 */
export async function controlPageClock(page: Page): Promise<void> {
  await page.clock.install({ time: testNow() });
}

/**
 * One page for the tests of the enclosing describe, which share it in turn (the next test starts
 * where the last one left it, signed in or not): opened before them and handed to `keep`, its
 * context closed after them.
 */
export function usePage(viewport: Viewport, keep: (page: Page) => void): void {
  let page: Page | undefined;
  beforeAll(async () => {
    page = await newPage(viewport);
    keep(page);
  });
  // A journey that failed (a timeout says nothing of where it stood) reports the page it was on.
  afterEach(async (ctx) => {
    if (!page || ctx.task.result?.state !== 'fail') return;
    const heading = await page
      .locator('h1, [role="dialog"] h2')
      .allTextContents()
      .catch(() => []);
    console.error(`[${ctx.task.name}] failed on ${page.url()} — headings: ${JSON.stringify(heading)}`);
  });
  afterAll(async () => {
    await page?.context().close();
  });
}

const uncaught = new WeakMap<Page, string[]>();

/** The JavaScript errors and CSP violations since the page was opened (a journey expects none). */
export const pageErrors = (page: Page): string[] => uncaught.get(page) ?? [];

/** Runs axe on the page as it is now; returns the violations (impact, id, help, target). */
export async function axeViolations(page: Page) {
  // Judge the page as it settles, not mid-animation: a card fading in has, for a moment, text
  // whose contrast is computed against its half-transparent self. Each finite animation is jumped
  // to its end rather than awaited: `evaluate` has no time limit, so an animation whose end never came
  // would hold the journey until its 60 s ran out, saying nothing of where.
  // Endless ones (spinners) are left alone.
  await page.evaluate(() => {
    for (const a of document.getAnimations()) {
      if (!Number.isFinite(Number(a.effect?.getComputedTiming().endTime))) continue;
      try {
        a.finish();
      } catch {
        // A paused or zero-rate animation cannot be finished: it stays as it is.
      }
    }
  });
  // Evaluated, not added as an inline <script>, which the site's CSP refuses.
  await page.evaluate(axeSource);
  const result = await page.evaluate(async () => {
    // @ts-expect-error axe is injected above
    const r = await window.axe.run(document, { resultTypes: ['violations'] });
    return r.violations.map((v: { id: string; impact: string; help: string; nodes: { target: string[] }[] }) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      targets: v.nodes.map((n) => n.target.join(' ')).slice(0, 5),
    }));
  });
  return result as { id: string; impact: string; help: string; targets: string[] }[];
}

/**
 * CI's second pass (PostgreSQL) sets E2E_AXE=skip: it checks the database; what axe judges (markup,
 * contrast, names) was checked by the first pass on the same build and does not depend on it.
 */
const axeSkipped = process.env.E2E_AXE === 'skip';

/** Fails with the violations listed when axe finds any; `label` names the page and state. */
export async function expectNoAxeViolations(page: Page, label: string) {
  if (axeSkipped) return;
  const violations = await axeViolations(page);
  expect(violations, `axe on ${label}:\n${JSON.stringify(violations, null, 2)}`).toEqual([]);
}
