// « Offrir un cours » in the system Chromium against the production build (phone, then desktop): a
// buyer offers a course from its page, pays with the sandbox's card; the card's e-mail reaches the
// friend (the server's SMTP peer) with its code and signed link; the friend signs up and adds it to
// his credit from Mon Compte; the buyer sees in Mes Achats that it was sent, then opened. The
// delivery at a chosen hour (tomorrow 8 h, its job, the moved clock) is proven on the pinned clock
// in tests/integration/gift-cards.test.ts.
import { describe, expect, it } from 'vitest';
import { paidRecordedCourses, payWithCard, waitForPaid } from './checkout-helpers';
import { newPage, useBrowser } from './browser';
import { linkIn, waitForMail } from './mailbox';
import { signUpLearner, uniqueEmail } from './session';
import { baseURL, open } from './site';

useBrowser();

describe.each(['phone', 'desktop'] as const)('offering a course (%s)', (viewport) => {
  it('bought from the course page, e-mailed to the friend, added to his credit, seen opened by the buyer', { timeout: 120_000 }, async () => {
    const buyer = await newPage(viewport);
    await signUpLearner(buyer, `offre-${viewport}`);
    const course = (await paidRecordedCourses())[0]!;
    await open(buyer, `/cours/${course.id}`);
    await buyer.getByRole('link', { name: 'Offrir ce cours' }).click();
    await buyer.getByRole('heading', { name: 'Offrir ce cours' }).waitFor();

    const friendEmail = uniqueEmail(`ami-${viewport}`);
    await buyer.getByLabel('Nom de la personne').fill('Jules Ami');
    await buyer.getByLabel('Son courriel').fill(friendEmail);
    await buyer.getByLabel('Votre message (facultatif)').fill('Bon appétit, Jules !');
    await buyer.getByRole('button', { name: /^Payer / }).click();
    await buyer.getByRole('heading', { name: 'Payer la carte-cadeau' }).waitFor();
    await buyer.getByText("Carte-cadeau — non taxable à l'achat", { exact: false }).first().waitFor();
    await payWithCard(buyer, '4242 4242 4242 4242');
    await waitForPaid(buyer);

    const mail = await waitForMail(friendEmail, { subject: /vous offre une carte-cadeau Toque$/, timeout: 30_000 });
    expect(mail.text).toContain('Bon appétit, Jules !');
    expect(mail.text).toContain("Sans date d'expiration");
    const code = /Code : ([2-9A-Z]{4}-[2-9A-Z]{4}-[2-9A-Z]{4}-[2-9A-Z]{4})/.exec(mail.text)?.[1];
    expect(code).toBeTruthy();

    await open(buyer, '/mes-achats');
    await buyer.getByRole('heading', { name: 'Cartes-cadeaux offertes' }).waitFor();
    await buyer.getByText(/pas encore ouverte/).first().waitFor();

    // The friend opens the card from the e-mail (signed out), then signs up and adds it.
    const friend = await newPage(viewport);
    await friend.goto(linkIn(mail, `${baseURL}/documents/carte-cadeau/`));
    await friend.getByText(code!).waitFor();
    await signUpLearner(friend, `recoit-${viewport}`, '/account');
    await friend.getByLabel('Ajouter une carte-cadeau').fill(code!.toLowerCase().replace(/-/g, ' '));
    await friend.getByRole('button', { name: 'Ajouter à mon crédit' }).click();
    await friend.getByRole('status').filter({ hasText: 'ajoutés à votre crédit Toque' }).waitFor();

    await open(buyer, '/mes-achats');
    await buyer.getByText(/Utilisée · Envoyée le .* · ouverte/).first().waitFor();
  });
});
