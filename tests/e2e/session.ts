// Accounts in the journeys: the seeded demo people, fresh people (created through the API as the
// dialog would, and signed in through it or through the dialog), the sign-in dialog driven as a
// person would, and the avatar menu.
import { randomInt } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import type { Locator, Page } from 'playwright-core';
import { expect, inject } from 'vitest';
import type { SecondFactorConfirmation, SecondFactorEnrolment, SecondFactorStatus } from '@shared/schemas/second-factor';
import { callApi } from './api';
import { baseURL, visit } from './site';
import { codeAt, stepAt, STEP_SECONDS } from '../../src/server/modules/second-factor/totp';
import { testNow } from '../setup/test-clock';

let counter = 0;

/** An address no other run or test has used (accounts persist for the whole e2e run). */
export function uniqueEmail(label: string): string {
  return `${label}-${Date.now().toString(36)}-${++counter}@exemple.ca`;
}

/** Seeded accounts; never change their passwords (sign up a fresh person for that). */
export const DEMO = {
  learner: { email: 'apprenant@toque.demo', password: 'Apprenant-Toque-2026' },
  subscriber: { email: 'abonne@toque.demo', password: 'Abonne-Toque-2026' },
  admin: { email: 'cheffe@toque.demo', password: 'Cheffe-Toque-2026' },
} as const;

export type Account = { name: string; email: string; password: string };

export const LEARNER_PASSWORD = 'Tourtiere-du-Lac-2026';

/**
 * A fresh account at a new address (`label` starts it), created through the API as the dialog
 * would; no session is kept. Each comes from its own client address (X-Forwarded-For, believed from
 * the e2e server's trusted proxy 127.0.0.1): the server allows 30 sign-ups an hour per address.
 */
export async function createAccount(label: string, name: string, password = LEARNER_PASSWORD): Promise<Account> {
  const account = { name, email: uniqueEmail(label), password };
  // Random within 198.18.0.0/15 (benchmark addresses): 131,000 of them, so no two journeys' people
  // of one run meet on an address, whichever file they belong to.
  const client = `198.${18 + randomInt(2)}.${randomInt(256)}.${1 + randomInt(254)}`;
  const res = await fetch(`${baseURL}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseURL, 'x-forwarded-for': client },
    body: JSON.stringify(account),
  });
  expect(res.status, await res.clone().text()).toBe(200);
  return account;
}

/**
 * Signs the page's browser context in through the API (the session cookie lands in the context).
 * The demo admin gets the session global-setup verified with the second factor (one code per 30 s
 * would not let every journey sign in anew).
 */
export async function signInByApi(page: Page, { email, password }: Pick<Account, 'email' | 'password'>) {
  if (email === DEMO.admin.email) {
    const { cookie } = inject('demoAdminSecondFactor');
    await page.context().addCookies([{ ...cookie, domain: new URL(baseURL).hostname, path: '/', httpOnly: true, sameSite: 'Lax' }]);
    return;
  }
  expect((await callApi(page, 'POST', '/auth/sign-in/email', { email, password })).status).toBe(200);
  await giveSecondFactorByApi(page, email);
}

/** Recovery codes of the admins this file enrolled (a prepared server's), by origin and address. */
const recoveryCodes = new Map<string, string[]>();

/**
 * An admin other than the demo one (a prepared server's) enrols at the first sign-in, keeping the
 * recovery codes; each later sign-in uses one (no waiting for a new 30 s code). No-op for others.
 */
async function giveSecondFactorByApi(page: Page, email: string) {
  const { json: status } = await callApi<SecondFactorStatus>(page, 'GET', '/account/second-factor');
  if (!status.required || status.verified) return;
  const key = `${new URL(page.url()).origin} ${email}`;
  if (!status.enrolled) {
    const { json: enrolment } = await callApi<SecondFactorEnrolment>(page, 'POST', '/account/second-factor/enrolment');
    const code = codeAt(enrolment.secret.replace(/\s/g, ''), stepAt(testNow()));
    const confirmed = await callApi<SecondFactorConfirmation>(page, 'POST', '/account/second-factor/enrolment/confirm', { code });
    expect(confirmed.status).toBe(200);
    recoveryCodes.set(key, confirmed.json.recoveryCodes);
    return;
  }
  const code = recoveryCodes.get(key)?.shift();
  if (!code) throw new Error(`no recovery code left for ${email}`);
  expect((await callApi(page, 'POST', '/account/second-factor/verify', { code })).status).toBe(200);
}

/**
 * A code of the demo admin's app no journey used yet. The server takes the next step's code early
 * (±1 window); beyond that, this waits for the clock (at most one step).
 */
export async function nextDemoAdminCode(): Promise<string> {
  const { secret, stepFile } = inject('demoAdminSecondFactor');
  const step = Math.max(stepAt(testNow()), Number(await readFile(stepFile, 'utf8')) + 1);
  const wait = (step - 1) * STEP_SECONDS * 1000 - testNow().getTime();
  if (wait > 0) await new Promise((r) => setTimeout(r, wait + 100));
  await writeFile(stepFile, String(step));
  return codeAt(secret, step);
}

/**
 * Gives the demo admin's second factor on the verification screen, which the admin area shows a
 * new session: at /admin, then back where the page was.
 */
export async function passAdminSecondFactor(page: Page) {
  const { pathname, search } = new URL(page.url());
  await visit(page, '/admin');
  await page.getByRole('heading', { level: 1, name: "Confirmez que c'est bien vous" }).waitFor();
  await page.getByLabel('Code à 6 chiffres').fill(await nextDemoAdminCode());
  await page.getByRole('button', { name: 'Vérifier' }).click();
  await page.getByRole('heading', { level: 1, name: 'Tableau de Bord Admin' }).waitFor();
  if (`${pathname}${search}` !== '/admin') await visit(page, `${pathname}${search}`);
}

/** A new learner signed in in this browser context, the page then on `path`; returns the address. */
export async function signUpLearner(page: Page, label: string, path = '/') {
  await visit(page, '/');
  const learner = await createAccount(label, 'Camille Lavoie');
  await signInByApi(page, learner);
  await visit(page, path);
  await avatarButton(page).waitFor();
  return learner.email;
}

/** The header's 'Connexion / Inscription' button (a visitor's). */
export const signInButton = (page: Page) => page.getByRole('button', { name: /^Connexion/ });

/** The avatar menu's trigger (someone signed in). */
export const avatarButton = (page: Page) => page.getByRole('button', { name: /^Menu du compte de / });

/** The dialog, once its heading (the view's title) shows. */
export function authDialog(page: Page, title = 'Bienvenue !'): Locator {
  return page.getByRole('dialog', { name: title });
}

export async function openDialogFromHeader(page: Page): Promise<Locator> {
  await signInButton(page).click();
  const dialog = authDialog(page);
  await dialog.waitFor();
  return dialog;
}

export async function fillSignIn(dialog: Locator, email: string, password: string) {
  const emailField = dialog.getByLabel('Adresse courriel');
  const passwordField = dialog.getByLabel('Mot de passe', { exact: true });
  // A render that lands while typing on a busy machine (the session's first answer) can empty a
  // field: type again until both hold what was typed, then send. A plain loop, not expect.poll: this
  // runs in hooks too (beforeAll), where vitest's expect is not available.
  for (let attempt = 0; ; attempt++) {
    if ((await emailField.inputValue()) !== email) await emailField.fill(email);
    if ((await passwordField.inputValue()) !== password) await passwordField.fill(password);
    if ((await emailField.inputValue()) === email && (await passwordField.inputValue()) === password) break;
    if (attempt === 20) throw new Error('the sign-in fields keep losing what was typed');
  }
  await dialog.getByRole('button', { name: 'Se connecter', exact: true }).click();
}

/** Signs in through the header's dialog and waits for the avatar menu; the demo admin then types a code. */
export async function signInFromHeader(page: Page, email: string, password: string) {
  const dialog = await openDialogFromHeader(page);
  await fillSignIn(dialog, email, password);
  await dialog.waitFor({ state: 'detached' });
  await avatarButton(page).waitFor();
  if (email === DEMO.admin.email) await passAdminSecondFactor(page);
}

/**
 * From « Bienvenue ! » to « Rejoignez-nous ! »: clicks « S'inscrire » until the sign-up form shows. A
 * click that lands while the dialog's content is still being adopted is lost (seen under CI's load);
 * a second click only comes when the form did not show, so it never lands on the form's own button.
 */
export async function switchToSignUp(page: Page) {
  const dialog = authDialog(page, 'Rejoignez-nous !');
  for (let attempt = 1; ; attempt++) {
    await authDialog(page).getByRole('button', { name: "S'inscrire" }).click();
    try {
      await dialog.getByLabel('Nom complet').waitFor({ timeout: 5_000 });
      return dialog;
    } catch (err) {
      if (attempt >= 4) throw err;
    }
  }
}

export async function signUpFromHeader(page: Page, name: string, email: string, password: string) {
  await openDialogFromHeader(page);
  const dialog = await switchToSignUp(page);
  await dialog.getByLabel('Nom complet').fill(name);
  await dialog.getByLabel('Adresse courriel').fill(email);
  await dialog.getByLabel('Mot de passe').fill(password);
  await dialog.getByRole('button', { name: "S'inscrire" }).click();
  return dialog;
}

/** Opens the avatar menu; returns it once it shows. */
export async function openAvatarMenu(page: Page): Promise<Locator> {
  await avatarButton(page).click();
  const menu = page.getByRole('menu');
  await menu.waitFor();
  return menu;
}

/** 'Se déconnecter' in the avatar menu, then waits for the header's sign-in button. */
export async function signOutFromMenu(page: Page) {
  const menu = await openAvatarMenu(page);
  await menu.getByRole('menuitem', { name: 'Se déconnecter' }).click();
  await signInButton(page).waitFor();
}
