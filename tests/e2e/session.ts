// What the account journeys share: fresh addresses, the sign-in dialog driven as a person would,
// the avatar menu, the toasts.
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';

let counter = 0;

/** An address no other run or test has used (accounts persist for the whole e2e run). */
export function uniqueEmail(label: string): string {
  return `${label}-${Date.now().toString(36)}-${++counter}@exemple.ca`;
}

export const DEMO = {
  learner: { email: 'apprenant@toque.demo', password: 'Apprenant-Toque-2026' },
  subscriber: { email: 'abonne@toque.demo', password: 'Abonne-Toque-2026' },
  admin: { email: 'cheffe@toque.demo', password: 'Cheffe-Toque-2026' },
} as const;

export const pathOf = (page: Page) => new URL(page.url()).pathname;

export async function open(page: Page, baseURL: string, path: string) {
  await page.goto(`${baseURL}${path}`, { waitUntil: 'networkidle' });
  await page.locator('h1').first().waitFor({ state: 'visible' });
}

/** The dialog, once its heading (the view's title) shows. */
export function authDialog(page: Page, title = 'Bienvenue !'): Locator {
  return page.getByRole('dialog', { name: title });
}

export async function openDialogFromHeader(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: /^Connexion/ }).click();
  const dialog = authDialog(page);
  await dialog.waitFor();
  return dialog;
}

export async function fillSignIn(dialog: Locator, email: string, password: string) {
  await dialog.getByLabel('Adresse courriel').fill(email);
  await dialog.getByLabel('Mot de passe', { exact: true }).fill(password);
  await dialog.getByRole('button', { name: 'Se connecter', exact: true }).click();
}

/** Signs in through the header's dialog and waits for the avatar menu. */
export async function signInFromHeader(page: Page, email: string, password: string) {
  const dialog = await openDialogFromHeader(page);
  await fillSignIn(dialog, email, password);
  await dialog.waitFor({ state: 'detached' });
  await avatarButton(page).waitFor();
}

export async function signUpFromHeader(page: Page, name: string, email: string, password: string) {
  const login = await openDialogFromHeader(page);
  await login.getByRole('button', { name: "S'inscrire" }).click();
  const dialog = authDialog(page, 'Rejoignez-nous !');
  await dialog.getByLabel('Nom complet').fill(name);
  await dialog.getByLabel('Adresse courriel').fill(email);
  await dialog.getByLabel('Mot de passe').fill(password);
  await dialog.getByRole('button', { name: "S'inscrire" }).click();
  return dialog;
}

export const avatarButton = (page: Page) => page.getByRole('button', { name: /^Menu du compte de / });

/** Creates an account through the API, as the dialog would (no session kept). */
export async function createAccount(baseURL: string, name: string, email: string, password: string) {
  const res = await fetch(`${baseURL}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseURL },
    body: JSON.stringify({ name, email, password }),
  });
  expect(res.status, await res.clone().text()).toBe(200);
}

/** The text of the toast on screen (one at a time), once it contains `text`. */
export async function expectToast(page: Page, text: string) {
  await expect.poll(() => page.locator('[data-sonner-toast]').allTextContents(), { timeout: 10_000 }).toEqual(
    expect.arrayContaining([expect.stringContaining(text)]),
  );
}
