// A newcomer's first minutes (issue 24): the built site started with PUBLIC_URL unset, as `npm start`
// runs it on a fresh clone, and opened at http://127.0.0.1:PORT rather than the default
// http://localhost:PORT. In Chromium at phone width: sign-up from the header signs in, the session
// cookie is kept, and sign-out and sign-in (writes the auth library checks again, with the cookie)
// work too. The same over HTTP from a LAN address, and the refusals: integration
// same-origin-without-public-url.test.ts.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pageErrors, useBrowser, usePage } from './browser';
import { startPreparedServer, type PreparedServer } from './prepared-server';
import { avatarButton, openAvatarMenu, signInFromHeader, signOutFromMenu, signUpFromHeader, uniqueEmail } from './session';
import { visitUrl } from './site';

useBrowser();

describe('PUBLIC_URL unset, the site opened at http://127.0.0.1:PORT', () => {
  let server: PreparedServer<null>;
  let page: Page;
  usePage('phone', (p) => (page = p));

  beforeAll(async () => {
    // No rows: a fresh clone's site before the seed matters not here, only its writes.
    // TEST is Vitest's, and would turn the auth library's own origin check off.
    server = await startPreparedServer(async () => null, { env: { PUBLIC_URL: undefined, TEST: undefined } });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('sign-up signs the newcomer in; sign-out and sign-in work; the cookie is kept over plain HTTP', async () => {
    expect(server.baseURL).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    await visitUrl(page, `${server.baseURL}/faq`);
    const email = uniqueEmail('premieres-minutes');
    const password = 'Pouding-Chomeur-2026';
    const dialog = await signUpFromHeader(page, 'Léa Gagnon', email, password);
    await dialog.waitFor({ state: 'detached' });
    expect(await (await openAvatarMenu(page)).textContent()).toContain(email);
    await page.keyboard.press('Escape');
    // Not Secure, so that a phone at http://192.168.x.y keeps it too.
    const cookie = (await page.context().cookies()).find((c) => c.name.endsWith('toque.session_token'));
    expect(cookie).toMatchObject({ name: 'toque.session_token', secure: false, httpOnly: true });

    await signOutFromMenu(page);
    await signInFromHeader(page, email, password);
    expect(await avatarButton(page).getAttribute('aria-label')).toBe('Menu du compte de Léa Gagnon');
    expect(pageErrors(page)).toEqual([]);
  });
});
