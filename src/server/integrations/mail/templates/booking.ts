// A live class's e-mails: the seat confirmed (with the class's .ics attached and the 'Ajouter à
// Google Agenda' link) and the join link, once the chef has set it. Times are the chef's, zone named.
import { seatsLine } from '@shared/booking';
import { googleEventUrl } from '@shared/calendar-links';
import { CHEF_TIME_ZONE, formatSessionDateTime } from '@shared/format';
import { renderCalendar } from '../../calendar/ical';
import { renderEmail } from '../layout';
import type { Mail } from '../mailer';
import { greeting, siteUrl, type Recipient } from './common';

export type BookingInput = {
  to: Recipient;
  publicUrl: string;
  reservationId: string;
  courseTitle: string;
  startsAt: Date;
  endsAt: Date;
  videoLink: string | null;
  /** When the invitation is made (its DTSTAMP). */
  now: Date;
  /** The session's SEQUENCE: 0 until the chef moves it. */
  sequence?: number;
  /** A booking of several seats and its guests' first names (docs/decisions/0047); absent: one seat. */
  seats?: number;
  guests?: string[];
};

export const NO_LINK_YET = "Le lien de la séance vous sera envoyé dès qu'il sera disponible.";
export const INVITATION_FILENAME = 'cours-toque.ics';

export const bookingConfirmedSubject = (courseTitle: string) => `Réservation confirmée : ${courseTitle}`;

/** The class as one calendar event, with the same UID as the calendar page's download: an app updates it. */
export function bookingInvitation(input: BookingInput): string {
  const calendarPage = siteUrl(input.publicUrl, '/calendrier');
  return renderCalendar({
    name: 'Toque — Mes cours',
    now: input.now,
    entries: [
      {
        uid: `${input.reservationId}@${new URL(input.publicUrl).host}`,
        title: input.courseTitle,
        start: input.startsAt,
        end: input.endsAt,
        status: 'confirmed',
        description: [
          'Cours de cuisine en direct avec Toque.',
          input.videoLink ? `Rejoindre le cours en direct : ${input.videoLink}` : 'Le lien de la visioconférence apparaîtra ici dès que la cheffe l’aura ajouté.',
          `Détails : ${calendarPage}`,
        ].join('\n'),
        url: input.videoLink ?? calendarPage,
        location: input.videoLink,
        sequence: input.sequence ?? 0,
      },
    ],
  });
}

export function bookingConfirmedMail(input: BookingInput): Mail {
  const when = formatSessionDateTime(input.startsAt, CHEF_TIME_ZONE);
  const google = googleEventUrl({
    title: input.courseTitle,
    startsAt: input.startsAt,
    endsAt: input.endsAt,
    details: `Cours de cuisine en direct avec Toque. Détails : ${siteUrl(input.publicUrl, '/calendrier')}`,
    location: input.videoLink,
  });
  const mail = renderEmail(input.to.email, {
    subject: bookingConfirmedSubject(input.courseTitle),
    greeting: greeting(input.to),
    paragraphs: [
      (input.seats ?? 1) > 1
        ? `Vos ${input.seats} places au cours en direct « ${input.courseTitle} » sont confirmées. À bientôt en cuisine !`
        : `Votre place au cours en direct « ${input.courseTitle} » est confirmée. À bientôt en cuisine !`,
      input.videoLink ? 'Rejoignez la séance par son lien quelques minutes avant le début.' : NO_LINK_YET,
      'L’invitation au format calendrier (.ics) est jointe à ce courriel : ouvrez-la pour ajouter le cours à votre agenda.',
    ],
    details: [
      { label: 'Cours', value: input.courseTitle },
      { label: 'Date', value: when },
      ...((input.seats ?? 1) > 1 ? [{ label: 'Places', value: seatsLine(input.seats!, input.guests ?? []) }] : []),
      input.videoLink ? { label: 'Lien de la séance', value: input.videoLink, href: input.videoLink } : { label: 'Lien de la séance', value: 'À venir' },
      { label: 'Agenda', value: 'Ajouter à Google Agenda', href: google },
    ],
    action: { text: 'Voir mon calendrier', href: siteUrl(input.publicUrl, '/calendrier') },
    reason: 'vous avez réservé une place à un cours en direct sur Toque',
  });
  return { ...mail, attachments: [{ filename: INVITATION_FILENAME, content: bookingInvitation(input), contentType: 'text/calendar; charset=utf-8; method=PUBLISH' }] };
}

export type VideoLinkInput = { to: Recipient; publicUrl: string; courseTitle: string; startsAt: Date; videoLink: string };

export const videoLinkSubject = (courseTitle: string) => `Le lien de votre cours est disponible : ${courseTitle}`;

export function videoLinkMail(input: VideoLinkInput): Mail {
  return renderEmail(input.to.email, {
    subject: videoLinkSubject(input.courseTitle),
    greeting: greeting(input.to),
    paragraphs: [
      `Le lien de la séance du cours en direct « ${input.courseTitle} » est maintenant disponible.`,
      'Rejoignez la séance par ce lien quelques minutes avant le début. Il est aussi dans votre calendrier sur Toque.',
    ],
    details: [
      { label: 'Cours', value: input.courseTitle },
      { label: 'Date', value: formatSessionDateTime(input.startsAt, CHEF_TIME_ZONE) },
      { label: 'Lien de la séance', value: input.videoLink, href: input.videoLink },
    ],
    action: { text: 'Rejoindre la séance', href: input.videoLink },
    reason: 'vous avez réservé une place à ce cours en direct sur Toque',
  });
}

export type SessionMovedInput = BookingInput & {
  /** Where the session was before the move. */
  previousStartsAt: Date;
  /** The signed link that cancels the seat with a full refund, whatever the cancellation policy's notice says. */
  cancelUrl: string;
};

export const sessionMovedSubject = (courseTitle: string) => `Votre cours a changé d’horaire : ${courseTitle}`;

/** The chef moved the session: the new time, the updated invitation (same UID, higher SEQUENCE) and the way out. */
export function sessionMovedMail(input: SessionMovedInput): Mail {
  const when = formatSessionDateTime(input.startsAt, CHEF_TIME_ZONE);
  const before = formatSessionDateTime(input.previousStartsAt, CHEF_TIME_ZONE);
  const mail = renderEmail(input.to.email, {
    subject: sessionMovedSubject(input.courseTitle),
    greeting: greeting(input.to),
    paragraphs: [
      `La cheffe a déplacé le cours en direct « ${input.courseTitle} » : il aura lieu le ${when} au lieu du ${before}.`,
      'L’invitation mise à jour (.ics) est jointe à ce courriel : ouvrez-la et votre agenda déplacera le cours qu’il contient déjà.',
      'Ce nouvel horaire ne vous convient pas ? Vous pouvez annuler votre place avec un remboursement complet jusqu’au début du cours, même après le délai d’annulation habituel.',
    ],
    details: [
      { label: 'Cours', value: input.courseTitle },
      { label: 'Nouvelle date', value: when },
      { label: 'Ancienne date', value: before },
      { label: 'Annuler avec remboursement complet', value: 'Annuler ma place', href: input.cancelUrl },
    ],
    action: { text: 'Voir mon calendrier', href: siteUrl(input.publicUrl, '/calendrier') },
    reason: 'vous avez réservé une place à un cours en direct sur Toque',
  });
  return { ...mail, attachments: [{ filename: INVITATION_FILENAME, content: bookingInvitation(input), contentType: 'text/calendar; charset=utf-8; method=PUBLISH' }] };
}
