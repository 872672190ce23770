// Every guard redirect on the real session (spec: route guards): a visitor is sent home with the
// login dialog and comes back after signing in; a signed-in non-subscriber is sent to the offer;
// anyone but the admin is sent home from the admin pages. The server refuses the data on its own
// (integration tests); these check what the screen does.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newPage, pageErrors, useBrowser, usePage } from './browser';
import { authDialog, avatarButton, createAccount, DEMO, fillSignIn, openAvatarMenu, signInFromHeader, signOutFromMenu } from './session';
import { baseURL, open, pathOf, visit } from './site';

useBrowser();

/** Goes to `path` and returns where the guard left the page once the app has settled. */
async function land(page: Page, path: string): Promise<string> {
  await open(page, path);
  return pathOf(page);
}

describe('guards', () => {
  let page: Page;
  usePage('desktop', (opened) => (page = opened));

  it('a visitor on /account goes home with the dialog open, and is back on /account once signed in', async () => {
    const { email, password } = await createAccount('garde', 'Justin Garde', 'Sirop-Erable-Chaud-9');

    expect(await land(page, '/account?onglet=profil')).toBe('/');
    const dialog = authDialog(page);
    await dialog.waitFor();
    await fillSignIn(dialog, email, password);
    await dialog.waitFor({ state: 'detached' });
    await page.waitForURL(`${baseURL}/account?onglet=profil`);
    await avatarButton(page).waitFor();
    expect(pageErrors(page)).toEqual([]);
  });

  it('a signed-in non-subscriber is sent to /abonnement from the subscriber pages, and home from the admin ones', async () => {
    // Still signed in as the fresh learner of the test above.
    for (const path of ['/abonne', '/abonne/tableau-de-bord']) {
      expect(await land(page, path), path).toBe('/abonnement');
      expect(await authDialog(page).count()).toBe(0);
    }
    for (const path of ['/admin', '/mon-profil-chef']) {
      expect(await land(page, path), path).toBe('/');
      expect(await authDialog(page).count()).toBe(0);
    }
    // Signed-in pages open.
    for (const path of ['/account', '/favoris', '/mes-achats']) expect(await land(page, path), path).toBe(path);
  });

  it('the demo learner is sent home from /admin; the subscriber reaches /abonne; the admin reaches /admin', async () => {
    const learner = await newPage('desktop');
    await open(learner, '/');
    await signInFromHeader(learner, DEMO.learner.email, DEMO.learner.password);
    await visit(learner, '/admin');
    await learner.waitForURL(`${baseURL}/`);
    await learner.context().close();

    const subscriber = await newPage('desktop');
    await open(subscriber, '/');
    await signInFromHeader(subscriber, DEMO.subscriber.email, DEMO.subscriber.password);
    expect(await land(subscriber, '/abonne')).toBe('/abonne');
    await (await openAvatarMenu(subscriber)).getByRole('menuitem', { name: 'Espace Abonné' }).waitFor();
    await subscriber.context().close();

    const admin = await newPage('desktop');
    await open(admin, '/');
    await signInFromHeader(admin, DEMO.admin.email, DEMO.admin.password);
    expect(await land(admin, '/admin')).toBe('/admin');
    expect(await land(admin, '/mon-profil-chef')).toBe('/mon-profil-chef');
    // The admin's avatar is the fixed chef image, with the admin's items in the menu.
    expect(await avatarButton(admin).locator('img').getAttribute('src')).toMatch(/chef-avatar|^data:image\/svg\+xml/);
    const items = await (await openAvatarMenu(admin)).getByRole('menuitem').allTextContents();
    expect(items).toEqual(expect.arrayContaining(['Tableau de Bord Admin', 'Mon profil de chef', 'Se déconnecter']));
    await admin.context().close();
  });

  it('signing out on a signed-in page goes home without asking to sign in again', async () => {
    expect(await land(page, '/account')).toBe('/account');
    // The home page's data, read once the app is home: whatever sent it there (the sign-out, or a
    // guard that saw the session gone first) has run by then.
    const homeRead = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/home');
    await signOutFromMenu(page);
    expect(pathOf(page)).toBe('/');
    await homeRead;
    // The dialog opens on arrival only when a guard sent the page home (its `from` stays in the
    // router's history state): not so here.
    expect(await page.evaluate(() => (history.state as { usr?: unknown } | null)?.usr ?? null)).toBeNull();
    expect(await authDialog(page).count()).toBe(0);
  });
});
