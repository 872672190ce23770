// 'Bienvenue sur Toque': sent once after sign-up, with what to do next.
import { renderEmail } from '../layout';
import type { Mail } from '../mailer';
import { greeting, siteUrl, type Recipient } from './common';

export const WELCOME_SUBJECT = 'Bienvenue sur Toque';

export function welcomeMail(input: { to: Recipient; publicUrl: string }): Mail {
  return renderEmail(input.to.email, {
    subject: WELCOME_SUBJECT,
    greeting: greeting(input.to),
    paragraphs: [
      'Votre compte Toque est créé : bienvenue dans notre cuisine !',
      'Pour commencer, parcourez nos cours vidéo et nos cours en direct avec la cheffe, ou trouvez l’inspiration parmi nos recettes.',
      'Vos achats, vos réservations et vos reçus vous attendent ensuite dans Mes Achats et votre calendrier.',
    ],
    details: [
      { label: 'Cours', value: siteUrl(input.publicUrl, '/cours'), href: siteUrl(input.publicUrl, '/cours') },
      { label: 'Recettes', value: siteUrl(input.publicUrl, '/recettes'), href: siteUrl(input.publicUrl, '/recettes') },
    ],
    action: { text: 'Découvrir les cours', href: siteUrl(input.publicUrl, '/cours') },
    reason: 'vous venez de créer un compte sur Toque',
  });
}
