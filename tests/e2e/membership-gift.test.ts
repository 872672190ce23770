// « Offrir l'abonnement » in the system Chromium against the production build, at phone width
// (docs/decisions/0042): a buyer offers 3 months of membership from /offrir and pays with the
// sandbox's card; the e-mail says « 3 mois d'abonnement Toque » and its link brings the friend to
// Mon Compte with the code typed in; the friend activates it and reads « Abonnement offert
// jusqu'au … »; a recorded course (DESIGN §7) is then « Inclus dans votre abonnement ». Prices,
// taxes, stacking after a paid period and refusals are proven in tests/integration/membership-gifts.test.ts.
import { beforeAll, describe, expect, it } from 'vitest';
import type { CourseSummary } from '@shared/schemas/public';
import { seededCourses } from './api';
import { payWithCard, waitForPaid } from './checkout-helpers';
import { newPage, pageErrors, useBrowser } from './browser';
import { linkIn, waitForMail } from './mailbox';
import { signUpLearner, uniqueEmail } from './session';
import { baseURL, open } from './site';

useBrowser();

let brunch: CourseSummary;

beforeAll(async () => {
  const found = (await seededCourses()).find((c) => c.title === 'Brunch végétarien du dimanche' && !c.isLive);
  if (!found) throw new Error('The seed should hold the recorded course « Brunch végétarien du dimanche »');
  brunch = found;
});

describe('offering the membership (phone)', () => {
  it('3 months bought on /offrir, e-mailed, activated by the friend from the link, premium content included', { timeout: 120_000 }, async () => {
    const buyer = await newPage('phone');
    await signUpLearner(buyer, 'offre-abonnement', '/offrir');
    await buyer.getByRole('heading', { name: 'Offrir un cours' }).waitFor();
    await buyer.getByText("Offrir l'abonnement", { exact: true }).click();
    await buyer.getByRole('heading', { name: "Offrir l'abonnement" }).waitFor();
    // 3 × 19,99 $ from the membership's price.
    await buyer.getByText(/^3 mois · 59,97/).click();

    const friendEmail = uniqueEmail('ami-abonnement');
    await buyer.getByLabel('Nom de la personne').fill('Jules Ami');
    await buyer.getByLabel('Son courriel').fill(friendEmail);
    await buyer.getByLabel('Votre message (facultatif)').fill('Trois mois de cuisine, Jules !');
    await buyer.getByRole('button', { name: 'Continuer vers le paiement' }).click();
    await buyer.getByRole('heading', { name: "Payer l'abonnement offert" }).waitFor();
    await payWithCard(buyer, '4242 4242 4242 4242');
    await waitForPaid(buyer);

    const mail = await waitForMail(friendEmail, { subject: /vous offre 3 mois d'abonnement Toque$/, timeout: 30_000 });
    expect(mail.text).toContain('Trois mois de cuisine, Jules !');
    expect(mail.text).toContain("Sans date d'expiration");

    const friend = await newPage('phone');
    const link = linkIn(mail, `${baseURL}/account?carte-cadeau=`);
    await signUpLearner(friend, 'recoit-abonnement', link.slice(baseURL.length));
    const field = friend.getByLabel('Ajouter une carte-cadeau');
    await expect.poll(() => field.inputValue()).toMatch(/^[2-9A-Z]{4}-[2-9A-Z]{4}-[2-9A-Z]{4}-[2-9A-Z]{4}$/);
    await friend.getByRole('button', { name: 'Ajouter à mon crédit' }).click();
    await friend.getByRole('status').filter({ hasText: "3 mois d'abonnement Toque offerts : votre abonnement est actif jusqu'au" }).waitFor();
    await friend.getByText(/^Abonnement offert jusqu'au .+ \d{4}$/).waitFor();

    await open(friend, `/cours/${brunch.id}`);
    await friend
      .getByRole('complementary', { name: 'Réserver ou acheter ce cours' })
      .getByText('Inclus dans votre abonnement')
      .first()
      .waitFor();
    expect(await friend.getByRole('button', { name: 'Ajouter au panier' }).count()).toBe(0);

    await open(buyer, '/mes-achats');
    await buyer.getByText("3 mois d'abonnement Toque pour Jules Ami").waitFor();
    expect(pageErrors(friend)).toEqual([]);
  });
});
