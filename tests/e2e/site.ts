// The e2e server (global-setup.ts) as a person reaches it: going to a path and waiting for the
// app to settle, where the page is, its heading, the toasts.
import type { Page } from 'playwright-core';
import { inject } from 'vitest';
import { until } from '../setup/until';

export const baseURL = inject('baseURL');

/** Goes to `path` (the app fetches what it shows on arrival) and waits until the network is quiet. */
export async function visit(page: Page, path: string) {
  await visitUrl(page, `${baseURL}${path}`);
}

/** Goes to a full address (a server of the journey's own, prepared-server.ts) as `visit` does. */
export async function visitUrl(page: Page, url: string) {
  await page.goto(url, { waitUntil: 'networkidle' });
  await settled(page);
}

/**
 * Waits until the page's main thread has had an idle moment. A server-rendered page is hydrated in a
 * transition, in slices (src/client/start.tsx): its buttons are on screen before React listens to
 * them, and a click in between is lost — which a loaded machine made happen (CI). Idle comes once
 * the slices are done.
 */
export async function settled(page: Page) {
  await page.evaluate(
    () => new Promise<void>((resolve) => requestIdleCallback(() => requestIdleCallback(() => resolve(), { timeout: 5_000 }), { timeout: 5_000 })),
  );
}

/** Goes to `path` and waits for the page's own content (its h1) once the network is quiet. */
export async function open(page: Page, path: string) {
  await visit(page, path);
  await page.locator('h1').first().waitFor({ state: 'visible' });
}

export const pathOf = (page: Page) => new URL(page.url()).pathname;

/** The text of the page's (first) h1. */
export const h1Text = (page: Page) => page.locator('h1').first().textContent();

const toasts = (page: Page) => page.locator('[data-sonner-toast]');

/**
 * Waits for a toast (one shows at a time) containing `text`, and `description` after it when given
 * (a toast's title, then its description).
 */
export async function expectToast(page: Page, text: string, description?: string) {
  const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const wanted = new RegExp([text, ...(description === undefined ? [] : [description])].map(escape).join('[\\s\\S]*'));
  // A toast on screen, or one shown since the last call and already gone (browser.ts recordToasts),
  // taken from the record so that a later call waits for a toast of its own. Fails with the toasts
  // last seen (an error toast says why the action failed).
  const look = () =>
    page.evaluate((source) => {
      const shown = (window as unknown as { __toastsShown?: string[] }).__toastsShown ?? [];
      const at = shown.findIndex((t) => new RegExp(source).test(t));
      const taken = at >= 0 ? shown.splice(at, 1) : [];
      const onScreen = [...document.querySelectorAll('[data-sonner-toast]')].map((t) => t.textContent ?? '');
      return [...taken, ...onScreen];
    }, wanted.source);
  await until(`toast ${wanted}`, look, (seen) => seen.some((t) => wanted.test(t)), 20_000, 100);
}

/** Closes the toast on screen, so the next one is not mistaken for it. */
export async function dismissToasts(page: Page) {
  await page.evaluate(() => {
    document.querySelectorAll<HTMLElement>('[data-sonner-toast] button[data-close-button]').forEach((b) => b.click());
    (window as unknown as { __toastsShown?: string[] }).__toastsShown?.splice(0);
  });
  await toasts(page).first().waitFor({ state: 'detached' }).catch(() => undefined);
}
