// The brand font on a first visit (decision 0024): the page head preloads the one subset file, no
// other font is fetched, and Fraunces replacing its metric-matched fallback does not move the page —
// proven with the font's answer held back until the page has painted, so the swap surely happens
// in view (on a fast local server it would otherwise come before the first paint).
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newPage, pageErrors, performanceEntries, useBrowser } from './browser';
import { baseURL } from './site';

useBrowser();

const frauncesReady = (page: Page) => page.evaluate(() => document.fonts.check('600 1em Fraunces'));
const nextFrames = (page: Page) => page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));

/**
 * Opens `path` in a fresh context at 390 px, counting layout shifts from before the first byte, with
 * the font's answer held until the page has painted its heading in the fallback; `release` lets it
 * through and resolves once Fraunces is in use.
 */
async function openWithFontHeld(path: string) {
  const page = await newPage('phone', { reducedMotion: false });
  await page.addInitScript(() => {
    const w = window as unknown as { __cls: number };
    w.__cls = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
        if (!entry.hadRecentInput) w.__cls += entry.value;
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  let letThrough!: () => void;
  const held = new Promise<void>((resolve) => (letThrough = resolve));
  await page.route(/\/assets\/fraunces-[\w-]+\.woff2$/, async (route) => {
    const response = await route.fetch();
    await held;
    await route.fulfill({ response });
  });
  await page.goto(`${baseURL}${path}`, { waitUntil: 'commit' });
  await expect.poll(async () => (await performanceEntries(page, 'paint')).some((e) => e.name === 'first-contentful-paint')).toBe(true);
  await page.locator('h1').first().waitFor({ state: 'visible' });
  expect(await frauncesReady(page), 'the font is held back: the page painted in the fallback').toBe(false);
  const release = async () => {
    letThrough();
    await expect.poll(() => frauncesReady(page)).toBe(true);
    // The swapped text laid out and painted, so any shift it caused has been reported.
    await nextFrames(page);
  };
  return { page, release, layoutShift: () => page.evaluate(() => (window as unknown as { __cls: number }).__cls) };
}

describe('the brand font on a first visit, at 390 px', () => {
  it('is preloaded, alone: the subset file is the one font the page asks for', async () => {
    const page = await newPage('phone', { reducedMotion: false });
    try {
      await page.goto(`${baseURL}/`, { waitUntil: 'networkidle' });
      const preloads = await page.locator('head link[rel="preload"][as="font"]').evaluateAll((links) =>
        links.map((l) => ({ href: new URL(l.getAttribute('href')!, location.href).pathname, type: l.getAttribute('type'), crossorigin: l.hasAttribute('crossorigin') })),
      );
      expect(preloads).toEqual([{ href: expect.stringMatching(/^\/assets\/fraunces-600-fr-[\w-]+\.woff2$/), type: 'font/woff2', crossorigin: true }]);
      await expect.poll(() => frauncesReady(page)).toBe(true);
      const fonts = (await performanceEntries(page, 'resource')).map((e) => new URL(e.name).pathname).filter((p) => /\.(woff2?|ttf|otf)$/.test(p));
      // Fetched once (the preload is what the @font-face uses), and nothing of fontsource's.
      expect(fonts).toEqual([preloads[0]!.href]);
      expect(pageErrors(page)).toEqual([]);
    } finally {
      await page.context().close();
    }
  });

  it('replaces its fallback on / without a layout shift, even when it arrives after the first paint', async () => {
    const { page, release, layoutShift } = await openWithFontHeld('/');
    try {
      const families = await page.locator('h1').first().evaluate((h) => getComputedStyle(h).fontFamily);
      expect(families).toMatch(/^"?Fraunces"?, "?Fraunces Fallback"?, serif$/);
      await release();
      await page.waitForLoadState('networkidle');
      expect(await layoutShift()).toBeLessThanOrEqual(0.02);
      expect(pageErrors(page)).toEqual([]);
    } finally {
      await page.context().close();
    }
  });

  // The line heights are fixed, so only a heading that wraps differently moves what follows it: with
  // a fallback as wide as Fraunces, none does. A list of cards shows it best (with a plain serif,
  // 17 of this page's 21 headings moved). Needs a Times-metric serif on the machine (Debian's
  // Chromium brings fonts-liberation, the Chromium from npm gets Tinos: scripts/lib/chromium.mjs);
  // without one the fallback is the browser's serif.
  it('keeps every heading of /recettes in place and on as many lines across the swap', async ({ skip }) => {
    const { page, release, layoutShift } = await openWithFontHeld('/recettes');
    try {
      // A face none of whose local() fonts is installed fails to load (the promise rejects).
      const fallback = await page.evaluate(async () => {
        await document.fonts.load('600 1em "Fraunces Fallback"').catch(() => []);
        return [...document.fonts].find((f) => f.family.replace(/"/g, '') === 'Fraunces Fallback')?.status;
      });
      if (fallback !== 'loaded') skip('no Times New Roman, Liberation Serif or Tinos here: the fallback cannot be metric-matched');
      const headings = () =>
        page.locator('h1, h2, h3').evaluateAll((els) =>
          els.map((h) => {
            const box = h.getBoundingClientRect();
            return { text: h.textContent, top: Math.round(box.top + scrollY), height: Math.round(box.height) };
          }),
        );
      await nextFrames(page);
      const inFallback = await headings();
      expect(inFallback.length).toBeGreaterThan(10);
      await release();
      expect(await headings()).toEqual(inFallback);
      expect(await layoutShift()).toBeLessThanOrEqual(0.02);
    } finally {
      await page.context().close();
    }
  });
});
