// Every transactional e-mail rendered from its data: the French subject and words, the site's
// layout in both parts, the person's own text escaped in the HTML, every link absolute on the
// configured public URL, and the booking's .ics that a calendar app reads back.
import ical from 'node-ical';
import { describe, expect, it } from 'vitest';
import type { Mail } from '../../src/server/integrations/mail/mailer';
import { bookingConfirmedMail, INVITATION_FILENAME, videoLinkMail } from '../../src/server/integrations/mail/templates/booking';
import {
  subscriptionCancelledMail,
  subscriptionEndingMail,
  subscriptionRenewedMail,
  subscriptionStartedMail,
} from '../../src/server/integrations/mail/templates/membership';
import { orderReceiptMail, refundIssuedMail } from '../../src/server/integrations/mail/templates/receipt';
import { welcomeMail } from '../../src/server/integrations/mail/templates/welcome';
import { passwordChangedMail, resetPasswordMail } from '../../src/server/modules/auth/reset-mail';
import { reservationCancelledMail, sessionCancelledMail } from '../../src/server/modules/booking/attendee-mail';
import { seatRefusedMail } from '../../src/server/modules/booking/payment-confirmation-mail';
import { renewalFailedMail } from '../../src/server/modules/subscriptions/mails';

const publicUrl = 'https://toque.exemple.ca';
// A name and a title carrying HTML: they must reach the reader as text.
const to = { email: 'marie@exemple.ca', name: 'Marie <b>Tremblay</b>' };
const title = 'Tourtière & <script>alert(1)</script>';
const startsAt = new Date('2026-11-28T23:00:00Z'); // 18 h 00 HNE
const endsAt = new Date('2026-11-29T00:30:00Z');
const now = new Date('2026-11-20T15:00:00Z');

function hrefs(html: string): string[] {
  return [...html.matchAll(/href="([^"]+)"/g)].map((m) => m[1]!.replace(/&#38;/g, '&'));
}

/** What every e-mail shares: recipient, layout, greeting, escaping, absolute links, text part. */
function expectLayout(mail: Mail, subject: string) {
  expect(mail.to).toBe(to.email);
  expect(mail.subject).toBe(subject);
  expect(mail.html).toContain('<html lang="fr-CA">');
  expect(mail.html).toContain('>Toque</span>');
  expect(mail.html).toContain('Bonjour Marie &#60;b&#62;Tremblay&#60;/b&#62;,');
  expect(mail.html).not.toContain('<b>Tremblay');
  expect(mail.html).not.toContain('<script>');
  expect(mail.html).toMatch(/Vous recevez ce courriel parce qu(e |&#39;)/);
  expect(mail.text).toMatch(/^TOQUE\n\nBonjour Marie <b>Tremblay<\/b>,\n/);
  expect(mail.text).toContain("L'équipe Toque");
  for (const href of hrefs(mail.html)) expect(href).toMatch(/^https:\/\//);
  for (const href of hrefs(mail.html).filter((h) => !/calendar\.google\.com|meet\.exemple\.ca/.test(h))) expect(href.startsWith(publicUrl)).toBe(true);
}

describe('transactional e-mail templates', () => {
  it('welcome: what to do next, with the courses and recipes', () => {
    const mail = welcomeMail({ to, publicUrl });
    expectLayout(mail, 'Bienvenue sur Toque');
    expect(mail.text).toContain('Votre compte Toque est créé');
    expect(mail.text).toContain(`${publicUrl}/cours`);
    expect(mail.text).toContain(`${publicUrl}/recettes`);
    expect(hrefs(mail.html)).toContain(`${publicUrl}/recettes`);
  });

  it('order receipt: lines, taxes and total in fr-CA money, and the receipt link', () => {
    const receiptUrl = `${publicUrl}/documents/recu/0b4c6a52-9d0f-4a55-9d6e-1f1f1f1f1f1f?expire=1&signature=s`;
    const mail = orderReceiptMail({
      to,
      receiptUrl,
      order: {
        id: '0b4c6a52-9d0f-4a55-9d6e-1f1f1f1f1f1f',
        number: 42,
        paidAt: now,
        lines: [{ description: title, amountCents: 4999 }],
        taxes: [
          { label: 'TPS (5 %)', amountCents: 250 },
          { label: 'TVQ (9,975 %)', amountCents: 499 },
        ],
        discountCents: 0,
        totalCents: 5748,
      },
    });
    expectLayout(mail, 'Votre reçu Toque — commande n° 42');
    expect(mail.text).toContain('Article : Tourtière & <script>alert(1)</script> — 49,99 CAD');
    expect(mail.text).toContain('TVQ (9,975 %) : 4,99 CAD');
    expect(mail.text).toContain('Total payé : 57,48 CAD');
    expect(mail.text).toContain('20 novembre 2026');
    expect(mail.html).toContain('Tourtière &#38; &#60;script&#62;');
    expect(hrefs(mail.html)).toContain(receiptUrl);
  });

  it('booking confirmed: the date in long form with its zone, the Google link and the .ics attached', async () => {
    const input = { to, publicUrl, reservationId: 'c7d5b3f0-1111-4222-8333-944455556666', courseTitle: title, startsAt, endsAt, now };
    const withLink = bookingConfirmedMail({ ...input, videoLink: 'https://meet.exemple.ca/tourtiere' });
    expectLayout(withLink, `Réservation confirmée : ${title}`);
    expect(withLink.text).toContain('samedi 28 novembre 2026 à 18\u00a0h\u00a000\u00a0HNE');
    expect(withLink.text).toContain('Lien de la séance : https://meet.exemple.ca/tourtiere');
    expect(withLink.text).toContain('L’invitation au format calendrier (.ics) est jointe à ce courriel');
    const google = hrefs(withLink.html).find((h) => h.startsWith('https://calendar.google.com/calendar/render?'));
    expect(new URL(google!).searchParams.get('dates')).toBe('20261128T230000Z/20261129T003000Z');
    expect(withLink.html).toContain('Ajouter à Google Agenda');

    expect(withLink.attachments).toHaveLength(1);
    const file = withLink.attachments![0]!;
    expect(file.filename).toBe(INVITATION_FILENAME);
    expect(file.contentType).toMatch(/^text\/calendar/);
    const events = Object.values(ical.sync.parseICS(file.content)).filter((e) => e?.type === 'VEVENT');
    expect(events).toHaveLength(1);
    const event = events[0] as ical.VEvent;
    expect(event.uid).toBe('c7d5b3f0-1111-4222-8333-944455556666@toque.exemple.ca');
    expect(String(event.summary)).toBe(title);
    expect(event.start.toISOString()).toBe(startsAt.toISOString());
    expect(event.end?.toISOString()).toBe(endsAt.toISOString());
    expect(event.location).toBe('https://meet.exemple.ca/tourtiere');

    const later = bookingConfirmedMail({ ...input, videoLink: null });
    expect(later.text).toContain("Le lien de la séance vous sera envoyé dès qu'il sera disponible.");
    expect(later.text).toContain('Lien de la séance : À venir');
  });

  it('video link available', () => {
    const mail = videoLinkMail({ to, publicUrl, courseTitle: title, startsAt, videoLink: 'https://meet.exemple.ca/tourtiere' });
    expectLayout(mail, `Le lien de votre cours est disponible : ${title}`);
    expect(mail.text).toContain('Lien de la séance : https://meet.exemple.ca/tourtiere');
    expect(hrefs(mail.html)).toContain('https://meet.exemple.ca/tourtiere');
    expect(mail.text).toContain('samedi 28 novembre 2026 à 18\u00a0h\u00a000\u00a0HNE');
  });

  it('cancellations: by the learner with and without refund, by the chef with the reason', () => {
    const base = { to, courseTitle: title, startsAt, publicUrl };
    const refunded = reservationCancelledMail({ ...base, refund: { kind: 'refunded', totalCents: 5748 }, refundNoticeHours: 48 });
    expectLayout(refunded, `Annulation de votre réservation : ${title}`);
    expect(refunded.text).toContain('Le remboursement complet de 57,48 CAD a été demandé');
    const none = reservationCancelledMail({ ...base, refund: { kind: 'none' }, refundNoticeHours: 24 });
    expect(none.text).toContain('ne donne droit à aucun remboursement');
    // The school's policy says the hours (docs/decisions/0051).
    expect(none.text).toContain('moins de 24 heures');
    const byChef = sessionCancelledMail({ ...base, reason: 'La cheffe est <i>malade</i>.', refund: { kind: 'refunded', totalCents: 5748 } });
    expectLayout(byChef, `Séance annulée : ${title}`);
    expect(byChef.text).toContain('Raison : La cheffe est <i>malade</i>.');
    expect(byChef.html).toContain('Raison : La cheffe est &#60;i&#62;malade');
    expect(hrefs(byChef.html)).toContain(`${publicUrl}/reserver-un-cours`);
    // A paid seat: card or « Crédit Toque », the card by default after the deadline (decision 0043).
    const choiceUrl = `${publicUrl}/reservations/r-1/remboursement`;
    const choice = sessionCancelledMail({ ...base, reason: 'La cheffe est malade.', refund: { kind: 'choice', dueAt: new Date('2026-12-01T23:00:00Z'), choiceUrl } });
    expect(choice.text).toContain('« Être remboursé sur ma carte », ou « Recevoir un crédit Toque »');
    expect(choice.text).toContain("Sans choix de votre part d'ici le mardi 1 décembre 2026 à 18\u00a0h\u00a000\u00a0HNE, nous vous rembourserons sur votre carte.");
    expect(hrefs(choice.html)).toContain(choiceUrl);
  });

  it('a seat paid too late: refunded automatically', () => {
    const mail = seatRefusedMail(to, publicUrl, { number: 7 }, [{ courseId: 'abc', courseTitle: title, startsAt, why: 'no_seat' }], 5748);
    expectLayout(mail, "Votre place n'a pas pu être confirmée : nous vous remboursons");
    expect(mail.text).toContain('la séance est maintenant complète');
    expect(mail.text).toContain(`${publicUrl}/booking/abc`);
  });

  it('refund issued: amount and credit note link', () => {
    const creditNoteUrl = `${publicUrl}/documents/note-de-credit/r-1?expire=1&signature=s`;
    const mail = refundIssuedMail({ to, creditNoteUrl, refund: { id: 'r-1', totalCents: 5748, orderNumber: 42, reason: 'Séance annulée' } });
    expectLayout(mail, 'Remboursement effectué — commande n° 42');
    expect(mail.text).toContain('Nous vous avons remboursé 57,48 CAD (taxes comprises)');
    // « que » elided before a vowel, in both parts.
    expect(mail.text).toContain("Vous recevez ce courriel parce qu'un paiement fait sur Toque vous a été remboursé.");
    expect(mail.html).toContain('parce qu&#39;un paiement');
    expect(hrefs(mail.html)).toContain(creditNoteUrl);
  });

  it('subscription started, renewed, cancelled (at period end, ended) and ending in 7 days', () => {
    const started = subscriptionStartedMail({ to, publicUrl, renewsAt: new Date('2026-12-20T15:00:00Z') });
    expectLayout(started, 'Votre abonnement Toque est activé');
    expect(started.text).toContain('se renouvellera automatiquement le 20 décembre 2026');

    const renewedReceipt = `${publicUrl}/documents/recu/o-9?expire=1&signature=s`;
    const renewed = subscriptionRenewedMail({
      to,
      receiptUrl: renewedReceipt,
      order: { id: 'o-9', number: 9, totalCents: 1149 },
      periodStart: new Date('2026-11-20T15:00:00Z'),
      periodEnd: new Date('2026-12-20T15:00:00Z'),
    });
    expectLayout(renewed, 'Votre abonnement Toque est renouvelé');
    expect(renewed.text).toContain('Période : du 20 novembre 2026 au 20 décembre 2026');
    expect(renewed.text).toContain('11,49 CAD');
    expect(hrefs(renewed.html)).toContain(renewedReceipt);

    const scheduled = subscriptionCancelledMail({ to, publicUrl, accessUntil: new Date('2026-12-20T15:00:00Z') });
    expectLayout(scheduled, 'Votre abonnement Toque est annulé');
    expect(scheduled.text).toContain('Vous gardez l’accès aux contenus réservés aux abonnés jusqu’au 20 décembre 2026.');
    const ended = subscriptionCancelledMail({ to, publicUrl, accessUntil: null });
    expect(ended.text).toContain('l’accès aux contenus réservés aux abonnés est fermé');

    const ending = subscriptionEndingMail({ to, publicUrl, periodEnd: new Date('2026-12-20T15:00:00Z') });
    expectLayout(ending, 'Votre abonnement Toque prend fin dans 7 jours');
    expect(ending.text).toContain('prendra fin le 20 décembre 2026');
  });

  it('subscription payment failed: what happens next and the retry date', () => {
    const mail = renewalFailedMail({
      to,
      amountCents: 1149,
      reason: 'Votre carte a été refusée.',
      nextAttemptAt: new Date('2026-11-23T15:00:00Z'),
      ended: false,
      accessUntil: new Date('2026-12-20T15:00:00Z'),
      publicUrl,
    });
    expectLayout(mail, 'Le renouvellement de votre abonnement Toque a échoué');
    expect(mail.text).toContain('Prochaine tentative de paiement : le 23 novembre 2026.');
    expect(mail.text).toContain("vous gardez l'accès");
    expect(hrefs(mail.html)).toContain(`${publicUrl}/abonne/tableau-de-bord`);
  });

  it('password reset and changed', () => {
    const reset = resetPasswordMail(to, publicUrl, 'tok_123-abc');
    expectLayout(reset, 'Réinitialisation de votre mot de passe Toque');
    expect(reset.text).toContain(`Choisir un nouveau mot de passe : ${publicUrl}/update-password?token=tok_123-abc`);
    expect(reset.text).toContain('valide 30 minutes');
    const changed = passwordChangedMail(to, publicUrl);
    expectLayout(changed, 'Votre mot de passe Toque a été changé');
  });
});
