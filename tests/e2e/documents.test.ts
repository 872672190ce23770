// Documents a person can open, at phone width: a learner pays a recorded course, and the receipt
// e-mail's link, opened in a browser where nobody is signed in (a phone's mail app), shows the
// receipt page with its PDF download; the same page without its signature offers sign-in and,
// once signed in, comes back to the receipt. Nobody lands on JSON.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newPage, pageErrors, useBrowser, usePage } from './browser';
import { paidRecordedCourses, payWithCard, waitForPaid } from './checkout-helpers';
import { linkIn, waitForMail } from './mailbox';
import { authDialog, createAccount, fillSignIn, signInFromHeader } from './session';
import { baseURL, open } from './site';

useBrowser();

describe('a receipt opened from its e-mail, signed out (phone)', () => {
  let page: Page;
  usePage('phone', (opened) => (page = opened));

  it('the signed link shows the receipt and its PDF; without it, sign-in comes back to the receipt', async () => {
    const account = await createAccount('recu-courriel', 'Léa Bouchard');
    await open(page, '/');
    await signInFromHeader(page, account.email, account.password);
    const [course] = (await paidRecordedCourses()).filter((c) => !c.isPremium);
    await open(page, `/payment/${course!.id}`);
    const prompt = page.getByRole('region', { name: 'Votre province de résidence' });
    await prompt.getByLabel('Province', { exact: true }).selectOption('QC');
    await prompt.getByRole('button', { name: 'Continuer vers le paiement' }).click();
    await payWithCard(page, '4242 4242 4242 4242');
    await waitForPaid(page);

    const mail = await waitForMail(account.email, { subject: /^Votre reçu Toque/ });
    const link = linkIn(mail, `${baseURL}/documents/recu/`);
    expect(link).toMatch(/\?expire=\d+&signature=[\w-]{43}$/);

    // The phone's mail app: a browser with no session.
    const phone = await newPage('phone');
    try {
      const res = await phone.goto(link);
      expect(res?.status()).toBe(200);
      await phone.getByRole('heading', { level: 1, name: /^Reçu n° \d+$/ }).waitFor();
      expect(await phone.locator('main').textContent()).toContain(course!.title);
      const pdf = phone.getByRole('link', { name: 'Télécharger le PDF' });
      const pdfUrl = new URL((await pdf.getAttribute('href'))!, baseURL).toString();
      const download = await phone.request.get(pdfUrl);
      expect(download.status()).toBe(200);
      expect(download.headers()['content-type']).toBe('application/pdf');

      // The receipt's page without the link's signature: sign in, and back to the receipt.
      const plain = link.slice(0, link.indexOf('?'));
      expect((await phone.goto(plain))?.status()).toBe(401);
      await phone.getByRole('heading', { level: 1, name: 'Connectez-vous pour voir ce document' }).waitFor();
      await phone.getByRole('link', { name: 'Se connecter' }).click();
      const dialog = authDialog(phone);
      await dialog.waitFor();
      await fillSignIn(dialog, account.email, account.password);
      await phone.waitForURL(plain);
      await phone.getByRole('heading', { level: 1, name: /^Reçu n° \d+$/ }).waitFor();
      expect(pageErrors(phone)).toEqual([]);
    } finally {
      await phone.context().close();
    }
  });
});
