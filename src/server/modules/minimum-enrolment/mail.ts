// The e-mail that asks a chef to keep or cancel a session under its minimum (docs/decisions/0048).
// Times are the chef's (America/Toronto), zone named.
import { CHEF_TIME_ZONE, formatSessionDateTime } from '@shared/format';
import { renderEmail } from '../../integrations/mail/layout';
import type { Mail } from '../../integrations/mail/mailer';

export type MinimumQuestionMailInput = {
  to: { email: string; name: string };
  courseTitle: string;
  startsAt: Date;
  seatsTaken: number;
  minSeats: number;
  answerDueAt: Date;
  /** The signed page where the chef answers (link.ts). */
  answerUrl: string;
};

/** « 1 place prise », « 0 place prise » (French counts 0 in the singular), « 2 places prises ». */
const places = (n: number) => `${n} ${n > 1 ? 'places prises' : 'place prise'}`;

export function minimumQuestionMail(input: MinimumQuestionMailInput): Mail {
  const when = formatSessionDateTime(input.startsAt, CHEF_TIME_ZONE);
  const due = formatSessionDateTime(input.answerDueAt, CHEF_TIME_ZONE);
  return renderEmail(input.to.email, {
    subject: `Séance sous son minimum : ${input.courseTitle}`,
    greeting: `Bonjour ${input.to.name},`,
    paragraphs: [
      `La séance du cours « ${input.courseTitle} » du ${when} n'a que ${places(input.seatsTaken)} pour un minimum de ${input.minSeats}.`,
      'Voulez-vous la maintenir quand même, ou l’annuler ? Annulée, ses participants sont remboursés en entier (sur leur carte ou en crédit Toque, à leur choix) et la trousse de préparation ne leur est pas envoyée.',
      `Sans réponse de votre part d'ici le ${due}, la séance sera annulée automatiquement.`,
    ],
    action: { text: 'Maintenir ou annuler la séance', href: input.answerUrl },
    reason: 'vous donnez ce cours sur Toque',
  });
}
