// The e-mails of a transfer (docs/decisions/0051): the recipient's « place offerte » with its signed
// link, and the giver's word once it is accepted. Times are the chef's, zone named.
import { seatsLabel } from '@shared/booking';
import { CHEF_TIME_ZONE, formatSessionDateTime } from '@shared/format';
import { renderEmail } from '../../integrations/mail/layout';
import type { Mail } from '../../integrations/mail/mailer';

type Seat = { courseTitle: string; startsAt: Date; seats: number };

export function giftOfferedMail(input: Seat & { to: string; fromName: string; acceptUrl: string }): Mail {
  const when = formatSessionDateTime(input.startsAt, CHEF_TIME_ZONE);
  return renderEmail(input.to, {
    subject: `${input.fromName} vous offre sa place : ${input.courseTitle}`,
    greeting: 'Bonjour,',
    paragraphs: [
      `${input.fromName} vous offre sa réservation (${seatsLabel(input.seats)}) au cours en direct « ${input.courseTitle} » du ${when}. Elle est déjà payée.`,
      "Pour l'accepter, connectez-vous à Toque ou créez votre compte en quelques secondes : la réservation sera à votre nom, et la liste des ingrédients et les rappels vous seront envoyés.",
    ],
    action: { text: 'Accepter la place', href: input.acceptUrl },
    reason: "une personne vous a offert sa place à un cours en direct sur Toque",
  });
}

export function giftAcceptedMail(input: Seat & { to: { email: string; name: string }; recipientName: string }): Mail {
  const when = formatSessionDateTime(input.startsAt, CHEF_TIME_ZONE);
  return renderEmail(input.to.email, {
    subject: `Votre place a été acceptée : ${input.courseTitle}`,
    greeting: `Bonjour ${input.to.name},`,
    paragraphs: [`${input.recipientName} a accepté la place que vous lui avez offerte au cours « ${input.courseTitle} » du ${when}. La réservation est maintenant à son nom.`],
    reason: 'vous aviez offert votre place à un cours en direct sur Toque',
  });
}
