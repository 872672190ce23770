// The French reminder of a live class, 24 h and 1 h before it: subject, both parts of the e-mail
// in the site's look, and the in-app notification's words. Times are the chef's, zone named.
import { CHEF_TIME_ZONE, formatSessionDateTime } from '@shared/format';
import { renderEmail, type EmailContent } from '../integrations/mail/layout';
import type { Mail } from '../integrations/mail/mailer';
import type { ReminderKind } from './queues';

export type ReminderInput = {
  kind: ReminderKind;
  to: { email: string; name: string };
  courseTitle: string;
  startsAt: Date;
  videoLink: string | null;
  publicUrl: string;
  /** Where this person turns reminders off. */
  unsubscribeUrl: string;
};

export const NO_LINK_YET = "Le lien de la séance vous sera envoyé dès qu'il sera disponible.";

/** '18 h 00 HNE' */
export function sessionTime(startsAt: Date): string {
  return new Intl.DateTimeFormat('fr-CA', { hour: '2-digit', minute: '2-digit', timeZoneName: 'short', timeZone: CHEF_TIME_ZONE }).format(startsAt);
}

export function reminderSubject(kind: ReminderKind, courseTitle: string, startsAt: Date): string {
  return kind === '24h' ? `Rappel : ${courseTitle} commence demain à ${sessionTime(startsAt)}` : `Rappel : ${courseTitle} commence dans une heure`;
}

/** The in-app notification's title and body. */
export function reminderNotice(kind: ReminderKind, courseTitle: string, startsAt: Date): { title: string; body: string } {
  return {
    title: reminderSubject(kind, courseTitle, startsAt),
    body: `${formatSessionDateTime(startsAt, CHEF_TIME_ZONE)}.`,
  };
}

export function reminderMail(input: ReminderInput): Mail {
  const when = formatSessionDateTime(input.startsAt, CHEF_TIME_ZONE);
  const first =
    input.kind === '24h'
      ? `Votre cours en direct « ${input.courseTitle} » commence demain à ${sessionTime(input.startsAt)}.`
      : `Votre cours en direct « ${input.courseTitle} » commence dans une heure, à ${sessionTime(input.startsAt)}.`;
  const paragraphs = [first];
  paragraphs.push(input.videoLink ? 'Rejoignez la séance par le lien ci-dessous quelques minutes avant le début.' : NO_LINK_YET);
  const content: EmailContent = {
    subject: reminderSubject(input.kind, input.courseTitle, input.startsAt),
    greeting: `Bonjour ${input.to.name},`,
    paragraphs,
    details: [
      { label: 'Cours', value: input.courseTitle },
      { label: 'Date', value: when },
      ...(input.videoLink ? [{ label: 'Lien de la séance', value: input.videoLink, href: input.videoLink }] : []),
    ],
    action: input.videoLink
      ? { text: 'Rejoindre la séance', href: input.videoLink }
      : { text: 'Voir mon calendrier', href: new URL('/calendrier', input.publicUrl).toString() },
    reason: 'vous avez réservé une place à ce cours en direct sur Toque',
    unsubscribe: { url: input.unsubscribeUrl, text: 'Ne plus recevoir les rappels de cours' },
  };
  return renderEmail(input.to.email, content);
}
